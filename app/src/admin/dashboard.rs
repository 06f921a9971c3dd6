//! `/admin`: what waits for staff, each with a link to where it is dealt with.

use super::{BookingStatus, Dashboard, PaymentStatus};
use leptos::prelude::*;

#[component]
pub(super) fn DashboardView(data: Dashboard) -> impl IntoView {
    let items = [
        ("Provider applications waiting for a decision", data.pending_provider_applications, Some(String::from("/admin/providers"))),
        ("Bookings to confirm", data.bookings_to_confirm, Some(format!("/admin/bookings?status={}", BookingStatus::Pending))),
        ("Bookings no provider has taken: assign them", data.bookings_nobody_took, Some(format!("/admin/bookings?status={}", BookingStatus::Pending))),
        ("Jobs providers handed back this week", data.jobs_handed_back, Some(format!("/admin/bookings?status={}", BookingStatus::Pending))),
        ("New applications to our own jobs", data.new_agency_job_applications, Some(String::from("/admin/jobs"))),
        ("New recruitment requests", data.new_recruitment_requests, Some(String::from("/admin/recruitment"))),
        ("New contact messages", data.new_contact_messages, Some(String::from("/admin/contact"))),
        ("Job seekers registered this week", data.new_job_seekers, Some(String::from("/admin/talent"))),
        ("Reported reviews", data.reported_reviews, Some(String::from("/admin/reviews"))),
        ("Mails that failed to send", data.failed_mail, None),
        ("Payments not applied in the last 30 days: the amount or currency was wrong", data.payment_events_not_applied, None),
        (
            "Refunds owed that the payment provider has not made yet (tried again until it does)",
            data.refunds_not_made,
            Some(format!("/admin/payments?status={}", PaymentStatus::Paid)),
        ),
    ];
    let cards = items
        .into_iter()
        .map(|(label, count, href)| {
            let figure = view! { <span class="admin-count">{count}</span> };
            view! {
                <li class="admin-card">
                    {figure}
                    {match href {
                        Some(href) => view! { <a href=href>{label}</a> }.into_any(),
                        None => view! { <span>{label}</span> }.into_any(),
                    }}
                </li>
            }
        })
        .collect_view();
    let problems = (!data.payment_event_problems.is_empty()).then(|| {
        let items = data.payment_event_problems.into_iter().map(|problem| view! { <li>{problem}</li> }).collect_view();
        view! {
            <h2>"Payments not applied"</h2>
            <ul class="admin-problems">{items}</ul>
        }
    });
    view! {
        <ul class="admin-cards">{cards}</ul>
        {problems}
    }
}
