//! `/user/register`: create an account; a code to verify the email follows by email.

use super::AuthPanel;
use crate::data::{FormOutcome, SiteData};
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::MemberArea;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(outcome: &FormOutcome, site: &SiteData) -> Page {
    let props = json!({ "errors": outcome.errors, "values": outcome.values });
    let body = view! {
        <AuthPanel title="Create an account" lead="Book services, apply for jobs and keep your documents in one place. It takes a minute.">
            <MemberArea hook="register">
                // The form, its field errors and the link to log in.
                <Island name="register-form" props hydrate=Hydrate::Interaction/>
            </MemberArea>
        </AuthPanel>
    };
    let description = format!("Create a free {} account to book local services, apply for jobs and post jobs.", site.info.brand);
    Page::new("Create an account", &site.info.brand, description, body)
}
