//! `/user/bookings`: the signed-in user's bookings.

use crate::data::SiteData;
use crate::pages::Page;
use crate::parts::member::{MemberGuard, MemberPanel};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Your bookings" lead="Every service you have booked, with its date, status and payment."/>
        <div class="container page-body">
            <MemberPanel
                hook="bookings"
                what="your bookings"
                path="/user/bookings"
                points=&[
                    "See upcoming and past bookings with their status.",
                    "Pay for a booking that is still unpaid.",
                    "Cancel a booking you no longer need.",
                    "Review a service once the work is done.",
                ]
            />
            <MemberGuard/>
        </div>
    };
    Page::new("Your bookings", &site.info.brand, "See and manage the services you have booked: dates, status, payments and cancellations.", body)
}
