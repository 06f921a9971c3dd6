//! `/user/change-password`: the signed-in user changes their password.

use super::AuthPanel;
use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::form::{Field, Submit};
use crate::parts::member::{MemberArea, SignInPrompt};
use leptos::prelude::*;

pub(in crate::pages) fn page(site: &SiteData) -> Page {
    const FORM: &str = "change-password";
    let body = view! {
        <AuthPanel title="Change your password" lead="Choose a new password for your account. You will stay signed in on this device.">
            <MemberArea hook="change-password">
                <SignInPrompt message="Sign in first: only a signed-in user can change their password." path="/user/change-password"/>
                <form class="form" method="post" action="/user/change-password">
                    <Field form=FORM name="current_password" label="Current password" kind="password" autocomplete="current-password"/>
                    <Field form=FORM name="new_password" label="New password" kind="password" autocomplete="new-password" hint="At least 8 characters, not only numbers, and not your email address."/>
                    <Submit label="Change password"/>
                </form>
            </MemberArea>
        </AuthPanel>
    };
    Page::new("Change your password", &site.info.brand, "Change the password of your account.", body)
}
