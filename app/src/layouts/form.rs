use super::Frame;
use crate::data::SiteData;
use crate::format::tel_href;
use leptos::prelude::*;

const ASSURANCES: [&str; 4] = [
    "We aim to reply to every request within one working day.",
    "Your details are only shared with the people who need them.",
    "Documents you upload are never public.",
    "There is no charge for sending a request.",
];

/// The /form/* pages: the form in a focused column, with reassurance and a phone number beside it.
#[component]
pub(crate) fn FormLayout(site: SiteData, url: String, children: Children) -> impl IntoView {
    let phone = site.info.phones.first().cloned();
    let brand = site.info.brand.clone();
    view! {
        <Frame site url main_class="layout-form">
            <div class="container form-layout">
                <div class="form-layout-main">{children()}</div>
                <div class="form-layout-side">
                    <h2>{format!("Why use {brand}")}</h2>
                    <ul class="checklist">{ASSURANCES.iter().map(|line| view! { <li>{*line}</li> }).collect_view()}</ul>
                    {phone.map(|phone| view! {
                        <p>
                            "Prefer to talk? Call us on "
                            <a href=tel_href(&phone)>{phone.clone()}</a>
                            "."
                        </p>
                    })}
                </div>
            </div>
        </Frame>
    }
}
