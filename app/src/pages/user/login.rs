//! `/user/login`: sign in with email and password.

use super::AuthPanel;
use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::form::{Field, Submit};
use crate::parts::member::MemberArea;
use leptos::prelude::*;

pub(in crate::pages) fn page(site: &SiteData) -> Page {
    const FORM: &str = "login";
    let body = view! {
        <AuthPanel title="Log in" lead="Sign in to manage your bookings, applications, job posts and profile.">
            <MemberArea hook="login">
                <form class="form" method="post" action="/user/login">
                    <Field form=FORM name="email" label="Email address" kind="email" autocomplete="email"/>
                    <Field form=FORM name="password" label="Password" kind="password" autocomplete="current-password"/>
                    <Submit label="Log in"/>
                </form>
                <p class="form-links">
                    <a href="/user/forgot-password">"Forgotten your password?"</a>
                    <a href="/user/register">"Create an account"</a>
                </p>
            </MemberArea>
        </AuthPanel>
    };
    let description = format!("Log in to your {} account to manage bookings, job applications and your profile.", site.info.brand);
    Page::new("Log in", &site.info.brand, description, body)
}
