use crate::data::WebsiteInfo;
use crate::format::tel_href;
use leptos::prelude::*;

/// The company's email, phones, address and opening hours, as links where they can be.
#[component]
pub(crate) fn ContactDetails(info: WebsiteInfo) -> impl IntoView {
    let mailto = format!("mailto:{}", info.email);
    view! {
        <address class="contact-details">
            <dl>
                <dt>"Email"</dt>
                <dd><a href=mailto>{info.email}</a></dd>
                <dt>"Phone"</dt>
                {info
                    .phones
                    .into_iter()
                    .map(|phone| {
                        let href = tel_href(&phone);
                        view! { <dd><a href=href>{phone}</a></dd> }
                    })
                    .collect_view()}
                <dt>"Address"</dt>
                <dd>{info.address}</dd>
                <dt>"Opening hours"</dt>
                <dd>{info.opening_hours}</dd>
            </dl>
        </address>
    }
}

/// Links to the company's social media pages, named after the network ("facebook" reads "Facebook").
#[component]
pub(crate) fn SocialLinks(info: WebsiteInfo) -> impl IntoView {
    let brand = info.brand;
    view! {
        <ul class="social-links">
            {info
                .socials
                .into_iter()
                .map(|(network, href)| {
                    let mut name = network;
                    if let Some(first) = name.get_mut(..1) {
                        first.make_ascii_uppercase();
                    }
                    let label = format!("{brand} on {name}");
                    view! { <li><a href=href aria-label=label>{name}</a></li> }
                })
                .collect_view()}
        </ul>
    }
}
