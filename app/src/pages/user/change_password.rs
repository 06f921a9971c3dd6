//! `/user/change-password`: the signed-in user changes their password.

use super::AuthPanel;
use crate::data::{FormOutcome, SiteData};
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, MemberGuard, SignInPrompt};
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(outcome: &FormOutcome, site: &SiteData) -> Page {
    let props = json!({ "errors": outcome.errors });
    let body = view! {
        <AuthPanel title="Change your password" lead="Choose a new password for your account. You will stay signed in on this device.">
            <MemberArea hook="change-password">
                // With JavaScript the guard sends signed-out visitors to login, and a signed-in
                // member must not be told to sign in above their own form.
                <noscript>
                    <SignInPrompt message="Sign in first: only a signed-in user can change their password." path="/user/change-password"/>
                </noscript>
                <Island name="change-password-form" props hydrate=Hydrate::Load/>
            </MemberArea>
            <MemberGuard/>
        </AuthPanel>
    };
    Page::new("Change your password", &site.info.brand, "Change the password of your account.", body)
}
