//! `/user/payments`: the signed-in user's payments.

use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::member::{MemberGuard, MemberPanel};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your payments" lead="A record of what you have paid, for which booking, and when."/>
        <div class="container page-body">
            <MemberPanel
                hook="payments"
                what="your payments"
                path="/user/payments"
                points=&[
                    "See every payment with its amount, date and booking.",
                    "Check whether a booking is paid, unpaid or refunded.",
                    "Find the receipt for a payment.",
                ]
            />
            <MemberGuard/>
        </div>
    };
    Page::new("Your payments", &site.info.brand, "Your payment history: amounts in pounds, dates, receipts and refunds for your bookings.", body)
}
