//! `/user/profile`: the signed-in user's details and documents.

use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::member::MemberPanel;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(in crate::pages) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your profile" lead="Your contact details and the documents providers and employers ask for, kept up to date in one place."/>
        <div class="container page-body">
            <MemberPanel
                hook="profile"
                what="your profile"
                path="/user/profile"
                points=&[
                    "Keep your name, phone number and address up to date.",
                    "Upload your CV, passport, proof of address and certificates; they are never made public.",
                    "See how complete your profile is and what is still missing.",
                    "Change your password.",
                ]
            />
        </div>
    };
    Page::new("Your profile", &site.info.brand, "Manage your profile: contact details, address, CV, identity documents and certificates.", body)
}
