//! `/admin/bookings`: bookings by date, status and member; staff confirm them (or, where the
//! service's providers keep hours, assign and confirm), mark them completed, or cancel them
//! with a reason (a paid booking is refunded in full).

use super::{BookingRow, BookingStatus, Dispatch, Filter, Listing, Pager, filter_options};
use crate::format::count_of;
use crate::format::long_date;
use leptos::prelude::*;

#[component]
pub(super) fn Bookings(list: Listing<BookingRow, Filter<BookingStatus>>) -> impl IntoView {
    let options = filter_options(list.chosen);
    let summary = count_of(list.count as i64, "booking");
    let (date, member) = (list.filter("date").to_owned(), list.filter("member").to_owned());
    let rows = list.rows.into_iter().map(|row| view! { <Booking row/> }).collect_view();
    view! {
        <form method="get" action="/admin/bookings" class="admin-filter" role="search">
            <div class="field"><label class="field-label" for="date">"Date"</label><input id="date" name="date" type="date" value=date/></div>
            <div class="field"><label class="field-label" for="status">"Status"</label><select id="status" name="status">{options}</select></div>
            <div class="field"><label class="field-label" for="member">"Member (name or email)"</label><input id="member" name="member" type="search" value=member/></div>
            <button class="button button--secondary" type="submit">"Show"</button>
        </form>
        <p>{summary}</p>
        <ul class="admin-list">{rows}</ul>
        <Pager path="/admin/bookings" filters=list.filters page=list.page pages=list.pages/>
    }
}

#[component]
fn Booking(row: BookingRow) -> impl IntoView {
    let action = |verb: &str| format!("/admin/bookings/{}/{verb}", row.id);
    let reason_id = format!("cancel-reason-{}", row.id);
    let heading = format!("{} on {} at {}", row.service_title, long_date(&row.date), row.time);
    let facts = format!("{} · {} · £{} · {}", row.status, row.payment_status, row.amount, row.member_name);
    let provider = row.dispatch.map(|dispatch| match (dispatch, &row.provider_name) {
        (Dispatch::Offered, Some(name)) => format!("Offered to {name}, waiting for an answer"),
        (Dispatch::Accepted, Some(name)) => format!("{name} is doing it"),
        _ => String::from("No provider has taken it: assign one"),
    });
    let assign_id = format!("assign-provider-{}", row.id);
    let current = row.provider_name.clone();
    let place = format!("{}, {}, {}", row.address_line_1, row.city, row.postcode);
    let open = matches!(row.status, BookingStatus::Pending | BookingStatus::Confirmed);
    view! {
        <li class="admin-item" id=format!("booking-{}", row.id)>
            <h2>{heading}</h2>
            <p>{facts}" ("<a href=format!("mailto:{}", row.member_email)>{row.member_email.clone()}</a>")"</p>
            <p>{place}</p>
            {(!row.notes.is_empty()).then(|| view! { <p class="admin-quote">{row.notes.clone()}</p> })}
            {provider.map(|text| view! { <p>{text}</p> })}
            <div class="admin-actions">
                {(open && row.dispatch.is_some() && !row.providers.is_empty()).then(|| view! {
                    <form method="post" action=action("assign")>
                        <label for=assign_id.clone()>"Provider"</label>
                        <select id=assign_id name="provider">
                            {row.providers.iter().map(|choice| {
                                let selected = current.as_deref() == Some(choice.name.as_str());
                                view! { <option value=choice.id.to_string() selected=selected>{choice.name.clone()}</option> }
                            }).collect_view()}
                        </select>
                        <button class="button button--primary" type="submit">"Assign and confirm"</button>
                    </form>
                })}
                {(row.status == BookingStatus::Pending && row.dispatch.is_none()).then(|| view! {
                    <form method="post" action=action("confirm")>
                        <button class="button button--primary" type="submit">"Confirm"</button>
                    </form>
                })}
                {(row.status == BookingStatus::Confirmed).then(|| view! {
                    <form method="post" action=action("complete")>
                        <button class="button button--primary" type="submit">"Mark completed"</button>
                    </form>
                })}
                {open.then(|| view! {
                    <form method="post" action=action("cancel") class="admin-reject">
                        <label for=reason_id.clone()>"Reason for cancelling (the member is told; a payment is refunded in full)"</label>
                        <textarea id=reason_id name="reason" rows="2" required maxlength="1000"></textarea>
                        <button class="button button--secondary" type="submit">"Cancel booking"</button>
                    </form>
                })}
            </div>
        </li>
    }
}
