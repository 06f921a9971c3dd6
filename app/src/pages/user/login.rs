//! `/user/login`: sign in with email and password.

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
        <AuthPanel title="Log in" lead="Sign in to manage your bookings, applications, job posts and profile.">
            <MemberArea hook="login">
                // The form, its field errors and the links to reset a password or register.
                <Island name="login-form" props hydrate=Hydrate::Interaction/>
            </MemberArea>
        </AuthPanel>
    };
    let description = format!("Log in to your {} account to manage bookings, job applications and your profile.", site.info.brand);
    Page::new("Log in", &site.info.brand, description, body)
}
