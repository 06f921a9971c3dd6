//! `/success?payment=N`: where the payment provider returns a member after paying. The page
//! claims nothing itself: the `payment-outcome` island shows the payment as the server has it,
//! "confirming" until the provider's confirmation arrives.

use super::Page;
use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::parts::member::{MemberArea, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use crate::parts::payment_terms::TestModeNotice;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let test_mode = site.payments.clone();
    let body = view! {
        <PageIntro title="Your payment" lead="We are checking your payment with our payment provider."/>
        <div class="container page-body">
            <MemberArea hook="payment-outcome">
                <TestModeNotice terms=test_mode/>
                <noscript>
                    <SignInPrompt message="Sign in to see your payment. This page needs JavaScript: turn it on in your browser, or find the payment in your account." path="/user/payments"/>
                </noscript>
                <Island name="payment-outcome" props=json!({ "page": "success" }) hydrate=Hydrate::Load/>
            </MemberArea>
            <div class="prose">
                <h2>"What happens next"</h2>
                <ol>
                    <li>"Once the payment is confirmed we email you a receipt, and your booking shows as paid."</li>
                    <li>"Your provider confirms the date and time, usually within one working day."</li>
                    <li>"Once the work is done, leave a review to help other customers."</li>
                </ol>
                <p class="prose-actions">
                    <a class="button button--secondary" href="/user/bookings">"View your bookings"</a>
                    <a class="button button--secondary" href="/user/payments">"See your payments"</a>
                </p>
            </div>
        </div>
    };
    let description = "Check the state of your payment and manage your booking from your account.";
    Page::new("Your payment", &site.info.brand, description, body)
}
