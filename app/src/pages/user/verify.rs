//! `/user/verify?email=...`: enter the 6-digit code sent to the email address.

use super::AuthPanel;
use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::form::{Field, Submit};
use crate::parts::member::MemberArea;
use leptos::prelude::*;

/// The email is prefilled from the query but kept out of the title: a title ends up in
/// browser history and shared links, an email address should not.
pub(in crate::pages) fn page(email: &str, site: &SiteData) -> Page {
    const FORM: &str = "verify";
    let email = email.to_owned();
    let body = view! {
        <AuthPanel title="Verify your email" lead="We have emailed you a 6-digit code. Enter it below to finish creating your account. The code is valid for 10 minutes.">
            <MemberArea hook="verify">
                <form class="form" method="post" action="/user/verify">
                    <Field form=FORM name="email" label="Email address" kind="email" autocomplete="email" value=email/>
                    <Field
                        form=FORM
                        name="otp"
                        label="Verification code"
                        inputmode="numeric"
                        pattern="[0-9]{6}"
                        maxlength="6"
                        autocomplete="one-time-code"
                        hint="The 6 digits from the email, for example 123456."
                    />
                    <Submit label="Verify email"/>
                </form>
                <p class="form-links">"No code? Check your spam folder, or wait a minute and ask for a new one from this page."</p>
            </MemberArea>
        </AuthPanel>
    };
    let description = format!("Enter the 6-digit code we emailed you to verify your {} account.", site.info.brand);
    Page::new("Verify your email", &site.info.brand, description, body)
}
