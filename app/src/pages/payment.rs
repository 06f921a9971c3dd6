//! `/payment`: the summary of what the customer is about to pay for.

use super::Page;
use crate::data::SiteData;
use crate::parts::member::{MemberArea, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Payment" lead="Check your booking and pay securely by card. Prices are in pounds sterling."/>
        <div class="container page-body split split--wide">
            <MemberArea hook="payment">
                <h2>"Payment summary"</h2>
                <p>"Your booking, its date and the amount to pay appear here once you are signed in."</p>
                <SignInPrompt message="Sign in to see the booking you are paying for." path="/payment"/>
            </MemberArea>
            <div class="card summary-card">
                <h2>"Paying safely"</h2>
                <ul class="checklist">
                    <li>"Card details go straight to our regulated payment partner; we never see or store them."</li>
                    <li>"You are not charged if you cancel before paying."</li>
                    <li>"A receipt is emailed to you as soon as the payment goes through."</li>
                </ul>
            </div>
        </div>
    };
    let description = "Review your booking and pay securely by card in pounds sterling.";
    Page::new("Payment", &site.info.brand, description, body)
}
