//! `/user/verify?email=...`: enter the 6-digit code sent to the email address.

use super::AuthPanel;
use crate::data::{SiteData, VerifyData};
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::MemberArea;
use leptos::prelude::*;
use serde_json::json;

/// The email is prefilled from the query but kept out of the title: a title ends up in
/// browser history and shared links, an email address should not.
pub(crate) fn page(data: &VerifyData, site: &SiteData) -> Page {
    let props = json!({ "email": data.email, "errors": data.outcome.errors, "values": data.outcome.values });
    let body = view! {
        <AuthPanel title="Verify your email" lead="We have emailed you a 6-digit code. Enter it below to finish creating your account. The code is valid for 10 minutes.">
            <MemberArea hook="verify">
                // The email and code form, with a button to send a new code.
                <Island name="verify-form" props hydrate=Hydrate::Load/>
            </MemberArea>
        </AuthPanel>
    };
    let description = format!("Enter the 6-digit code we emailed you to verify your {} account.", site.info.brand);
    Page::new("Verify your email", &site.info.brand, description, body)
}
