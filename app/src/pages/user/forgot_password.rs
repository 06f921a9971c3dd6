//! `/user/forgot-password`: ask for a code to reset the password.

use super::AuthPanel;
use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::form::{Field, Submit};
use crate::parts::member::MemberArea;
use leptos::prelude::*;

pub(in crate::pages) fn page(site: &SiteData) -> Page {
    let body = view! {
        <AuthPanel title="Reset your password" lead="Enter the email address you registered with and we will send you a code to choose a new password.">
            <MemberArea hook="forgot-password">
                <form class="form" method="post" action="/user/forgot-password">
                    <Field form="forgot-password" name="email" label="Email address" kind="email" autocomplete="email"/>
                    <Submit label="Send reset code"/>
                </form>
                <p class="form-links">"Remembered it? " <a href="/user/login">"Log in"</a></p>
            </MemberArea>
        </AuthPanel>
    };
    let description = format!("Forgotten your {} password? Request a code by email to choose a new one.", site.info.brand);
    Page::new("Reset your password", &site.info.brand, description, body)
}
