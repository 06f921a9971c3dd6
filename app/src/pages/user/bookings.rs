//! `/user/bookings`: the signed-in user's bookings.

use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::pages::Page;
use crate::parts::member::{MemberArea, MemberGuard, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use crate::parts::payment_terms::{TestModeNotice, refund_rule};
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let test_mode = site.payments.clone();
    let window_hours = site.payments.refund_window_hours;
    let rule = refund_rule(&site.payments);
    let body = view! {
        <PageIntro title="Your bookings" lead="Every service you have booked, with its date, status and payment."/>
        <div class="container page-body">
            <MemberArea hook="bookings">
                <TestModeNotice terms=test_mode/>
                <p>{rule}</p>
                // The `booking-list` island fills this place once hydrated: each booking with its
                // service, date, time, address, amount, status and payment, and Cancel.
                <noscript>
                    <SignInPrompt
                        message="Sign in to see your bookings. The list needs JavaScript: turn it on in your browser."
                        path="/user/bookings"
                    />
                </noscript>
                <Island name="booking-list" props=json!({ "refund_window_hours": window_hours }) hydrate=Hydrate::Load/>
            </MemberArea>
            <MemberGuard/>
        </div>
    };
    Page::new("Your bookings", &site.info.brand, "See and manage the services you have booked: dates, status, payments and cancellations.", body)
}
