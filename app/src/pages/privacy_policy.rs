//! `/privacy-policy`: how personal data is handled, under the UK GDPR and the Data Protection
//! Act 2018.

use super::Page;
use crate::data::SiteData;
use crate::parts::legal::LegalText;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let info = &site.info;
    let controller = format!(
        "{} UK (\"we\", \"us\") is the controller of the personal data described in this policy. Our address is {}, and you can contact us about your data at {}.",
        info.brand, info.address, info.email
    );
    let months = site.document_retention_months;
    let identity_documents =
        format!("Identity and vetting documents: while your account is active; {months} months after it is deactivated, they are deleted.");
    let applications = format!("CVs and job applications: {months} months after the job closes, unless you ask us to delete them sooner.");
    let registrations = format!("Job-seeker registrations and their CVs: {months} months after you register; register again to stay in our talent pool.");
    let body = view! {
        <PageIntro title="Privacy policy" lead="What personal data we collect, why, how long we keep it, and the rights you have over it."/>
        <LegalText updated="2026-11-27" info=info.clone()>
            <h2>"Who we are"</h2>
            <p>{controller}</p>
            <p>"We process personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018."</p>

            <h2>"What we collect"</h2>
            <ul>
                <li><strong>"Account details: "</strong>"your name, email address, phone number and password (stored only as a secure hash)."</li>
                <li><strong>"Profile details: "</strong>"your address, postcode, city, country, date of birth and profile picture, if you add them."</li>
                <li><strong>"Identity and vetting documents: "</strong>"a passport, a utility bill as proof of address, certificates and other documents you upload, used to check providers and candidates."</li>
                <li><strong>"Recruitment information: "</strong>"your CV, cover letters and job applications, and the details of jobs and recruitment requests you send us."</li>
                <li><strong>"Bookings and payments: "</strong>"the services you book, the address where the work takes place, your notes, and payment status. Card details are handled by our payment partner; we never receive or store your card number."</li>
                <li><strong>"Reviews and messages: "</strong>"reviews you leave and messages you send us."</li>
                <li><strong>"Technical information: "</strong>"server logs such as IP address, browser type and the pages requested, kept for security."</li>
            </ul>

            <h2>"Why we use it, and our lawful bases"</h2>
            <ul>
                <li><strong>"Contract: "</strong>"to create your account, take and manage bookings, pass your application to the employer you applied to, and process payments."</li>
                <li><strong>"Legal obligation: "</strong>"to check the right to work in the UK, to keep financial records for HMRC, and to respond to lawful requests."</li>
                <li><strong>"Legitimate interests: "</strong>"to vet providers and candidates so customers and employers can trust them, to keep the website secure and prevent fraud, and to improve our services. We balance these interests against your rights."</li>
                <li><strong>"Consent: "</strong>"where we ask for it, for example before sending marketing emails. You can withdraw consent at any time."</li>
            </ul>
            <p>
                "Criminal record (DBS) information is processed only for roles that legally require it, such as care and tutoring, under the conditions of Schedule 1 to the Data Protection Act 2018."
            </p>

            <h2>"Who we share it with"</h2>
            <ul>
                <li>"The provider you book, who receives your name, the booking address and your notes."</li>
                <li>"The employer you apply to, who receives your application and CV."</li>
                <li>"Service providers acting on our behalf under contract: hosting, email delivery and payment processing."</li>
                <li>"The police, HMRC or other authorities, when the law requires it."</li>
            </ul>
            <p>"We never sell your personal data."</p>

            <h2>"International transfers"</h2>
            <p>
                "We store your data in the UK or the European Economic Area. If a supplier processes data outside these areas, we protect the transfer with UK adequacy regulations "
                "or the International Data Transfer Agreement (or the UK Addendum to the EU Standard Contractual Clauses)."
            </p>

            <h2>"How long we keep it"</h2>
            <ul>
                <li>"Account and profile details: while your account is open. When you delete your account (on your profile page) they are erased at once."</li>
                <li>{identity_documents}</li>
                <li>{applications}</li>
                <li>{registrations}</li>
                <li>"Bookings and payment records: 6 years after the end of the financial year, as UK tax law requires."</li>
                <li>"Server logs: 90 days."</li>
            </ul>

            <h2>"How we keep it safe"</h2>
            <ul>
                <li>"Identity documents, CVs and certificates are never public. They are stored privately and opened only through signed links that expire after 15 minutes."</li>
                <li>"Only the people who need a document can request a link to it: you, our vetting team, and the employer you applied to."</li>
                <li>"All traffic to our website is encrypted, passwords are stored as secure hashes, and staff access is limited and logged."</li>
            </ul>

            <h2>"Your rights"</h2>
            <p>"Under the UK GDPR you have the right to:"</p>
            <ul>
                <li>"access the personal data we hold about you;"</li>
                <li>"have inaccurate data corrected;"</li>
                <li>"have your data erased, where we have no legal reason to keep it;"</li>
                <li>"restrict or object to how we use it, including for direct marketing;"</li>
                <li>"receive your data in a portable format;"</li>
                <li>"withdraw consent you have given, at any time."</li>
            </ul>
            <p>"We do not make decisions about you based solely on automated processing. We answer requests within one month, free of charge."</p>

            <h2>"Complaints"</h2>
            <p>
                "If you are unhappy with how we handle your data, please contact us first so we can put it right. "
                "You also have the right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator: "
                <a href="https://ico.org.uk/make-a-complaint/">"ico.org.uk/make-a-complaint"</a>
                ", or call 0303 123 1113."
            </p>

            <h2>"Postcode data"</h2>
            <p>
                "A postcode you search near is reduced to its district (its first part, such as LS1) to measure distances, and is not stored with your account. "
                "If you ask for job alerts near a postcode, we keep only its district and the distance you chose, for as long as we keep your registration. "
                "A postcode given with a job advert places the job for searches near it and is not shown on the advert. "
                "Distances are measured between the centres of postcode districts, from open data we keep on our own servers: no map service is sent your postcode."
            </p>
            <ul>
                <li>
                    "Postcode districts: Office for National Statistics, National Statistics Postcode Lookup (May 2025), licensed under the "
                    <a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/">"Open Government Licence v3.0"</a>
                    ". Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025."
                </li>
                <li>
                    "Post towns: Wikipedia, “List of postcode districts in the United Kingdom”, licensed under "
                    <a href="https://creativecommons.org/licenses/by-sa/4.0/">"CC BY-SA 4.0"</a>
                    "."
                </li>
            </ul>

            <h2>"Changes to this policy"</h2>
            <p>"We will post any changes here and, if they are significant, tell you by email before they take effect."</p>
        </LegalText>
    };
    let description = "How we collect, use, share and protect your personal data, including CVs and identity documents, and your rights under the UK GDPR.";
    Page::new("Privacy policy", &info.brand, description, body)
}
