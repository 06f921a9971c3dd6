//! `/about`: who the company is and what it stands for.

use super::Page;
use crate::data::SiteData;
use crate::parts::features::PlatformFeatures;
use crate::parts::feedback::Feedback;
use crate::parts::get_in_touch::GetInTouch;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let brand = site.info.brand.clone();
    let description = format!("About {brand}: a UK marketplace connecting households and businesses with vetted local providers, jobs and recruitment.");
    let body = view! {
        <PageIntro
            title=format!("About {brand}")
            lead="We help people across the UK get everyday jobs done by people they can trust, and help good people find good work."
        />
        <div class="container page-body">
            <div class="prose">
                <h2>"What we do"</h2>
                <p>
                    {format!("{brand} is an online marketplace for local services, jobs and recruitment. ")}
                    "Households and businesses book cleaners, plumbers, electricians, carers, gardeners, removals teams, handy people and tutors; "
                    "providers grow their business with customers close to home; and employers find staff for permanent, part-time and temporary roles."
                </p>
                <h2>"How we choose providers"</h2>
                <p>
                    "Every provider applies through our website and is checked by our team before their first booking. "
                    "We confirm their identity and address, check references and qualifications, and ask for proof of public liability insurance where the work needs it. "
                    "Carers and tutors also hold an enhanced DBS check."
                </p>
                <h2>"Our promise to customers"</h2>
                <ul>
                    <li>"Clear prices in pounds sterling, shown before you book."</li>
                    <li>"Free rescheduling up to 24 hours before a booking."</li>
                    <li>"A UK-based team who answer the phone during opening hours."</li>
                    <li>"Reviews from customers who booked, never bought or edited."</li>
                </ul>
                <h2>"Recruitment"</h2>
                <p>
                    "Alongside services, our recruitment team helps employers fill roles in care, cleaning, facilities and the trades. "
                    "Tell us the staff you need and we will put forward candidates whose right to work and references we have checked."
                </p>
                <p class="prose-actions">
                    <a class="button button--primary" href="/form/hire-talent">"Hire talent"</a>
                    <a class="button button--secondary" href="/become-provider">"Become a provider"</a>
                </p>
            </div>
        </div>
        <PlatformFeatures/>
        <Feedback reviews=Vec::new()/>
        <GetInTouch info=site.info.clone()/>
    };
    Page::new("About us", &site.info.brand, description, body)
}
