//! `/user/profile`: the signed-in user's details and documents.

use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, MemberGuard};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your profile" lead="Your contact details and the documents providers and employers ask for, kept up to date in one place."/>
        <div class="container page-body">
            <MemberArea hook="profile">
                // The server renders its signed-out notice (with a way to sign in and come back
                // here); signed in: the completion meter, the details, documents and certificates.
                <Island name="profile-editor" props=json!({}) hydrate=Hydrate::Load/>
                // Download my data, Delete my account (UK GDPR): below the details, loaded when seen.
                <Island name="account-data" props=json!({}) hydrate=Hydrate::Visible/>
            </MemberArea>
            <MemberGuard/>
        </div>
    };
    Page::new("Your profile", &site.info.brand, "Manage your profile: contact details, address, CV, identity documents and certificates.", body)
}
