//! `/cancel`: where the payment provider returns a customer who cancelled paying.

use super::Page;
use crate::data::SiteData;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Payment cancelled" lead="Your payment was cancelled and you have not been charged."/>
        <div class="container page-body">
            <div class="prose">
                <h2>"What happens now"</h2>
                <ul>
                    <li>"Your booking is kept as unpaid, so you can pay for it later from your bookings."</li>
                    <li>"The provider will not confirm the booking until it is paid."</li>
                    <li>"If you no longer need the booking, you can cancel it from your bookings at no cost."</li>
                </ul>
                <p class="prose-actions">
                    <a class="button button--primary" href="/user/bookings">"Go to your bookings"</a>
                    <a class="button button--secondary" href="/services">"Browse services"</a>
                </p>
                <p>"Had a problem paying? " <a href="/contact">"Contact us"</a> " and we will help."</p>
            </div>
        </div>
    };
    let description = "Your payment was cancelled and you have not been charged. Pay later from your bookings or contact us for help.";
    Page::new("Payment cancelled", &site.info.brand, description, body)
}
