//! `/user/forgot-password`: ask for a code to reset the password, then choose a new one.

use super::AuthPanel;
use crate::data::{FormOutcome, SiteData};
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::MemberArea;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(outcome: &FormOutcome, site: &SiteData) -> Page {
    let props = json!({ "sent": outcome.sent, "errors": outcome.errors, "values": outcome.values });
    let body = view! {
        <AuthPanel title="Reset your password" lead="Enter the email address you registered with and we will send you a code to choose a new password.">
            <MemberArea hook="forgot-password">
                // Both steps (the email, then the code and the new password) and the link to log in.
                <Island name="forgot-password-form" props hydrate=Hydrate::Interaction/>
            </MemberArea>
        </AuthPanel>
    };
    let description = format!("Forgotten your {} password? Request a code by email to choose a new one.", site.info.brand);
    Page::new("Reset your password", &site.info.brand, description, body)
}
