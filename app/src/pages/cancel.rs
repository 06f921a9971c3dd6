//! `/cancel?payment=N`: where the payment provider returns a member who did not pay. The
//! `payment-outcome` island shows the payment as the server has it.

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
        <PageIntro title="Payment cancelled" lead="You left the checkout without paying, so you have not been charged."/>
        <div class="container page-body">
            <MemberArea hook="payment-outcome">
                <TestModeNotice terms=test_mode/>
                <noscript>
                    <SignInPrompt message="Sign in to see your booking and pay for it later." path="/user/bookings"/>
                </noscript>
                <Island name="payment-outcome" props=json!({ "page": "cancel" }) hydrate=Hydrate::Load/>
            </MemberArea>
            <div class="prose">
                <h2>"What happens now"</h2>
                <ul>
                    <li>"Your booking is kept as unpaid, so you can pay for it later from your bookings."</li>
                    <li>"If you no longer need the booking, you can cancel it from your bookings at no cost."</li>
                </ul>
                <p class="prose-actions">
                    <a class="button button--secondary" href="/user/bookings">"Go to your bookings"</a>
                    <a class="button button--secondary" href="/services">"Browse services"</a>
                </p>
                <p>"Had a problem paying? " <a href="/contact">"Contact us"</a> " and we will help."</p>
            </div>
        </div>
    };
    let description = "You left the checkout without paying and have not been charged. Pay later from your bookings or contact us for help.";
    Page::new("Payment cancelled", &site.info.brand, description, body)
}
