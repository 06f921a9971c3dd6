//! `/terms-and-conditions`: the terms of using the marketplace, under the law of England and Wales.

use super::Page;
use crate::data::SiteData;
use crate::parts::legal::LegalText;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let brand = site.info.brand.clone();
    let body = view! {
        <PageIntro title="Terms and conditions" lead="The agreement between you and us when you use our website, book a service, offer a service or apply for a job."/>
        <LegalText updated="2026-11-01" info=site.info.clone()>
            <h2>"About these terms"</h2>
            <p>
                {format!("These terms apply to your use of the {brand} UK website and services. ")}
                "By creating an account or making a booking you agree to them. Please read them carefully; if you do not agree, do not use the website."
            </p>
            <p>
                {format!("{brand} runs a marketplace: services are carried out by independent providers, and jobs are offered by employers. ")}
                "We check providers before they join and handle bookings and payments, but the contract for the work itself is between you and the provider."
            </p>

            <h2>"Your account"</h2>
            <ul>
                <li>"You must be 18 or over and give accurate details."</li>
                <li>"Keep your password private. You are responsible for what is done with your account."</li>
                <li>"We may suspend an account that breaks these terms or is used for fraud."</li>
            </ul>

            <h2>"Bookings"</h2>
            <ul>
                <li>"A booking is made when you submit the booking form and pay, and is confirmed when the provider accepts it. We email you when it is confirmed."</li>
                <li>"Give the provider safe access and accurate information about the work. If the work turns out to be materially different from what you described, the provider may quote a new price before continuing."</li>
                <li>"You can reschedule free of charge up to 24 hours before the booked time."</li>
            </ul>

            <h2>"Prices and payments"</h2>
            <ul>
                <li>"Prices are in pounds sterling (£) and include VAT where it applies. Prices shown as \"from\" are the lowest price; the final price depends on the work you book."</li>
                <li>"You pay by card through our payment partner when you book. We hold the payment and release it to the provider once the work is done."</li>
                <li>"Refunds are paid to the card you paid with, normally within 5 to 10 working days."</li>
            </ul>

            <h2>"Cancellations"</h2>
            <ul>
                <li>"You can cancel free of charge up to 24 hours before the booked time, and we refund you in full."</li>
                <li>"If you cancel less than 24 hours before, we may keep up to 50% of the price to cover the provider's lost time."</li>
                <li>"Under the Consumer Contracts Regulations 2013 you have 14 days to cancel a booking for a service. If you ask for the work to start within those 14 days, you agree to pay for any work already done."</li>
                <li>"If a provider cancels, or we cannot find a replacement, you receive a full refund."</li>
            </ul>

            <h2>"Providers' obligations"</h2>
            <p>"If you offer services through our website, you agree to:"</p>
            <ul>
                <li>"have the right to work in the UK and give us true identity and address documents;"</li>
                <li>"hold the qualifications, registrations and insurance the work requires, including public liability insurance;"</li>
                <li>"hold a current enhanced DBS check for care and tutoring work;"</li>
                <li>"carry out the work with reasonable care and skill, at the agreed time and price;"</li>
                <li>"keep customers' personal data confidential and use it only for the booking;"</li>
                <li>"keep your availability up to date and not take bookings you cannot fulfil."</li>
            </ul>

            <h2>"Jobs and recruitment"</h2>
            <p>
                "Employers are responsible for the accuracy of the jobs they post and for complying with employment law, including equal opportunities and right to work checks. "
                "We may remove a job post that is misleading, discriminatory or unlawful. Applying for a job does not guarantee an interview or an offer."
            </p>

            <h2>"Reviews"</h2>
            <p>"Reviews must be honest, about your own experience, and free of offensive or personal information. We may remove reviews that break these rules, but we never edit a review or remove it because it is negative."</p>

            <h2>"Our liability"</h2>
            <ul>
                <li>"Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit."</li>
                <li>"We are not responsible for losses that were not foreseeable, or for business losses when you use the website as a consumer."</li>
                <li>"Otherwise, our total liability to you for a booking is limited to the price you paid for it."</li>
                <li>"These terms do not affect your statutory rights as a consumer."</li>
            </ul>

            <h2>"Complaints"</h2>
            <p>"If something goes wrong, contact us and we will try to resolve it within 14 days. If we cannot, you may refer the matter to an alternative dispute resolution provider or the courts."</p>

            <h2>"Governing law"</h2>
            <p>
                "These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction. "
                "If you live in Scotland or Northern Ireland, you may also bring proceedings in your local courts."
            </p>
        </LegalText>
    };
    let description = "The terms for using our marketplace: bookings, cancellations, payments in pounds, provider obligations and liability, under the law of England and Wales.";
    Page::new("Terms and conditions", &site.info.brand, description, body)
}
