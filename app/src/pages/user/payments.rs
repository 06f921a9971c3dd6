//! `/user/payments`: the signed-in member's payments and their receipts (`?receipt=N` shows one,
//! ready to print), by the `payment-list` island.

use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, MemberGuard, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use crate::parts::payment_terms::{TestModeNotice, refund_rule};
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let company = json!({ "brand": site.info.brand, "address": site.info.address, "email": site.info.email });
    let test_mode = site.payments.clone();
    let rule = refund_rule(&site.payments);
    let body = view! {
        <PageIntro title="Your payments" lead="A record of what you have paid, for which booking, and when, with a receipt for each."/>
        <div class="container page-body">
            <MemberArea hook="payments">
                <TestModeNotice terms=test_mode/>
                <p>{rule}</p>
                <noscript>
                    <SignInPrompt message="Sign in to see your payments. The list needs JavaScript: turn it on in your browser." path="/user/payments"/>
                </noscript>
                <Island name="payment-list" props=company hydrate=Hydrate::Load/>
            </MemberArea>
            <MemberGuard/>
        </div>
    };
    Page::new("Your payments", &site.info.brand, "Your payment history: amounts in pounds, dates, receipts and refunds for your bookings.", body)
}
