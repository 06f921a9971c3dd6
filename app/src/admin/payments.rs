//! `/admin/payments`: every payment, newest first, by status; a paid one can be refunded in
//! full through the payment provider, with a reason the member is told.

use super::{Filter, Listing, Pager, PaymentRow, PaymentStatus, choice_filter, when};
use crate::format::count_of;
use leptos::prelude::*;

#[component]
pub(super) fn Payments(list: Listing<PaymentRow, Filter<PaymentStatus>>) -> impl IntoView {
    let chosen = list.chosen;
    let summary = count_of(list.count as i64, "payment");
    let rows = list.rows.into_iter().map(|row| view! { <Payment row/> }).collect_view();
    view! {
        {choice_filter("/admin/payments", "status", "Status", chosen)}
        <p>{summary}</p>
        <ul class="admin-list">{rows}</ul>
        <Pager path="/admin/payments" filters=list.filters page=list.page pages=list.pages/>
    }
}

#[component]
fn Payment(row: PaymentRow) -> impl IntoView {
    let reason_id = format!("refund-reason-{}", row.id);
    let heading = format!("{} · £{} {} · {}", row.receipt_number, row.amount, row.currency, row.status);
    let facts = format!(
        "{} ({}) · {} on {} (booking {}) · {} · started {}",
        row.member_name,
        row.member_email,
        row.service_title,
        row.booking_date,
        row.booking_id,
        row.provider,
        when(&row.created_at)
    );
    let paid = row.paid_at.as_deref().map(|at| format!("Paid {}", when(at)));
    let refunded = row.refunded_at.as_deref().map(|at| format!("Refunded {}", when(at)));
    let owed = row.refund_owed_at.as_deref().map(|at| match &row.refund_error {
        Some(error) => format!("Refund owed since {}, not made yet: {error} It is tried again until the provider makes it.", when(at)),
        None => format!("Refund owed since {}, being made.", when(at)),
    });
    let refundable = row.status == PaymentStatus::Paid && row.charge_reference.is_some() && row.refund_owed_at.is_none();
    view! {
        <li class="admin-item" id=format!("payment-{}", row.id)>
            <h2>{heading}</h2>
            <p>{facts}</p>
            {paid.map(|p| view! { <p>{p}</p> })}
            {refunded.map(|r| view! { <p>{r}</p> })}
            {owed.map(|o| view! { <p>{o}</p> })}
            {refundable.then(|| view! {
                <form method="post" action=format!("/admin/payments/{}/refund", row.id) class="admin-reject">
                    <label for=reason_id.clone()>"Reason for refunding (the member is told)"</label>
                    <textarea id=reason_id name="reason" rows="2" required maxlength="1000"></textarea>
                    <button class="button button--secondary" type="submit">"Refund in full"</button>
                </form>
            })}
        </li>
    }
}
