//! `/user/register`: create an account; a code to verify the email follows by email.

use super::AuthPanel;
use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::form::{Field, Submit};
use crate::parts::member::MemberArea;
use leptos::prelude::*;

pub(in crate::pages) fn page(site: &SiteData) -> Page {
    const FORM: &str = "register";
    let body = view! {
        <AuthPanel title="Create an account" lead="Book services, apply for jobs and keep your documents in one place. It takes a minute.">
            <MemberArea hook="register">
                <form class="form" method="post" action="/user/register">
                    <Field form=FORM name="full_name" label="Full name" autocomplete="name"/>
                    <Field form=FORM name="email" label="Email address" kind="email" autocomplete="email" hint="We send a 6-digit code to this address to check it is yours."/>
                    <Field form=FORM name="phone_number" label="Phone number" kind="tel" autocomplete="tel" hint="A UK mobile or landline number."/>
                    <Field form=FORM name="password" label="Password" kind="password" autocomplete="new-password" hint="At least 8 characters, not only numbers, and not your email address."/>
                    <Submit label="Create account"/>
                </form>
                <p class="form-links">"Already registered? " <a href="/user/login">"Log in"</a></p>
            </MemberArea>
        </AuthPanel>
    };
    let description = format!("Create a free {} account to book local services, apply for jobs and post jobs.", site.info.brand);
    Page::new("Create an account", &site.info.brand, description, body)
}
