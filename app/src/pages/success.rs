//! `/success`: where the payment provider returns a customer who paid.

use super::Page;
use crate::data::SiteData;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Payment successful" lead="Thank you. Your payment has been received and your booking is on its way to your provider."/>
        <div class="container page-body">
            <div class="prose">
                <h2>"Next steps"</h2>
                <ol>
                    <li>"We email you a receipt and a summary of your booking."</li>
                    <li>"Your provider confirms the date and time, usually within one working day."</li>
                    <li>"You can see, reschedule or cancel the booking from your account at any time up to 24 hours before."</li>
                    <li>"Once the work is done, leave a review to help other customers."</li>
                </ol>
                <p class="prose-actions">
                    <a class="button button--primary" href="/user/bookings">"View your bookings"</a>
                    <a class="button button--secondary" href="/user/payments">"See your payments"</a>
                </p>
            </div>
        </div>
    };
    let description = "Your payment was successful. See what happens next and manage your booking from your account.";
    Page::new("Payment successful", &site.info.brand, description, body)
}
