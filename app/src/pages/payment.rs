//! `/payment?booking=N`: the booking about to be paid for, its amount and a Pay button (the
//! `payment-checkout` island); with the test provider, also its test checkout.

use super::Page;
use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::parts::member::{MemberArea, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use crate::parts::payment_terms::{TestModeNotice, refund_rule};
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let terms = site.payments.clone();
    let rule = refund_rule(&terms);
    let paying = if terms.test_mode {
        "This site is in test mode: the checkout is our own test page, no card is charged and no money moves."
    } else {
        "Card details go straight to our regulated payment partner; we never see or store them."
    };
    let body = view! {
        <PageIntro title="Payment" lead="Check your booking and pay securely by card. Prices are in pounds sterling."/>
        <div class="container page-body split split--wide">
            <MemberArea hook="payment">
                <TestModeNotice terms=terms/>
                <noscript>
                    <SignInPrompt message="Sign in to pay for your booking. Paying needs JavaScript: turn it on in your browser." path="/payment"/>
                </noscript>
                <Island name="payment-checkout" props=json!({}) hydrate=Hydrate::Load/>
            </MemberArea>
            <div class="card summary-card">
                <h2>"Paying safely"</h2>
                <ul class="checklist">
                    <li>{paying}</li>
                    <li>"You are not charged if you cancel before paying."</li>
                    <li>"A receipt is emailed to you as soon as the payment goes through."</li>
                    <li>{rule}</li>
                </ul>
            </div>
        </div>
    };
    let description = "Review your booking and pay securely by card in pounds sterling.";
    Page::new("Payment", &site.info.brand, description, body)
}
