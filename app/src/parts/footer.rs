use super::contact_details::{ContactDetails, SocialLinks};
use crate::data::SiteData;
use leptos::prelude::*;

const COMPANY_LINKS: [(&str, &str); 4] = [("/about", "About us"), ("/how-it-works", "How it works"), ("/contact", "Contact us"), ("/jobs", "Jobs")];

const POLICY_LINKS: [(&str, &str); 3] =
    [("/terms-and-conditions", "Terms and conditions"), ("/privacy-policy", "Privacy policy"), ("/cookie-policy", "Cookie policy")];

#[component]
fn LinkList(links: &'static [(&'static str, &'static str)]) -> impl IntoView {
    view! {
        <ul class="footer-links">
            {links.iter().map(|(href, label)| view! { <li><a href=*href>{*label}</a></li> }).collect_view()}
        </ul>
    }
}

#[component]
pub(crate) fn Footer(site: SiteData) -> impl IntoView {
    let copyright = format!("© {} UK. All rights reserved.", site.info.brand);
    view! {
        <footer class="site-footer">
            <div class="container footer-grid">
                <section class="footer-contact" aria-labelledby="footer-contact-heading">
                    <h2 id="footer-contact-heading">"Contact us"</h2>
                    <ContactDetails info=site.info.clone()/>
                    <SocialLinks info=site.info/>
                </section>
                <section aria-labelledby="footer-services-heading">
                    <h2 id="footer-services-heading">"Services"</h2>
                    <ul class="footer-links">
                        {site
                            .categories
                            .into_iter()
                            .map(|category| {
                                let href = format!("/services?category={}", category.slug);
                                view! { <li><a href=href>{category.name}</a></li> }
                            })
                            .collect_view()}
                    </ul>
                </section>
                <section aria-labelledby="footer-company-heading">
                    <h2 id="footer-company-heading">"Company"</h2>
                    <LinkList links=&COMPANY_LINKS/>
                </section>
                <section aria-labelledby="footer-policies-heading">
                    <h2 id="footer-policies-heading">"Policies"</h2>
                    <LinkList links=&POLICY_LINKS/>
                </section>
            </div>
            <div class="container footer-legal">
                <p>{copyright}</p>
            </div>
        </footer>
    }
}
