//! `/admin/bookings`: bookings by date, status and member; staff confirm them (or, where the
//! service's providers keep hours, assign and confirm), mark them completed, or cancel them
//! with a reason (a paid booking is refunded in full).

use super::{BookingRow, BookingStatus, BookingThread, Dispatch, Filter, Listing, Pager, StaffMessage, filter_options};
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
    let open = row.status.is_open();
    view! {
        <li class="admin-item" id=format!("booking-{}", row.id)>
            <h2>{heading}</h2>
            <p>{facts}" ("<a href=format!("mailto:{}", row.member_email)>{row.member_email.clone()}</a>")"</p>
            <p>{place}</p>
            {(!row.notes.is_empty()).then(|| view! { <p class="admin-quote">{row.notes.clone()}</p> })}
            {provider.map(|text| view! { <p>{text}</p> })}
            <p><a href=format!("/admin/bookings/{}/messages", row.id)>"Messages"</a></p>
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

/// `/admin/bookings/{id}/messages`: the booking's thread, each message with a form to hide it
/// (its writer is told the reason), and a form to write as the company.
#[component]
pub(super) fn Thread(thread: BookingThread) -> impl IntoView {
    let write = format!("/admin/bookings/{}/messages", thread.booking_id);
    let messages = thread.messages.into_iter().map(|message| view! { <ThreadMessage message/> }).collect_view();
    view! {
        <p>{thread.about}</p>
        <p><a href=format!("/admin/bookings#booking-{}", thread.booking_id)>"Back to the bookings"</a></p>
        <ol class="admin-list">{messages}</ol>
        <form method="post" action=write class="admin-reject">
            <label for="staff-message">"Write as the company (the customer and the provider are told)"</label>
            <textarea id="staff-message" name="body" rows="3" required maxlength="2000"></textarea>
            <button class="button button--primary" type="submit">"Send"</button>
        </form>
    }
}

#[component]
fn ThreadMessage(message: StaffMessage) -> impl IntoView {
    let reason_id = format!("hide-reason-{}", message.id);
    let heading = format!("{} ({}), {}", message.author, message.role, message.at);
    let photo = message.photo.map(|photo| {
        let src = photo.clone();
        view! { <p><a href=photo><img src=src alt="The photo sent" width="240" loading="lazy"/></a></p> }
    });
    let state = match message.hidden_reason {
        Some(reason) => view! { <p><strong>"Hidden: "</strong>{reason}</p> }.into_any(),
        None => view! {
            <form method="post" action=format!("/admin/messages/{}/hide", message.id) class="admin-reject">
                <label for=reason_id.clone()>"Reason for hiding it (its writer is told)"</label>
                <textarea id=reason_id name="reason" rows="2" required maxlength="500"></textarea>
                <button class="button button--secondary" type="submit">"Hide message"</button>
            </form>
        }
        .into_any(),
    };
    view! {
        <li class="admin-item" id=format!("message-{}", message.id)>
            <h2>{heading}</h2>
            {(!message.body.is_empty()).then(|| view! { <p class="admin-quote">{message.body.clone()}</p> })}
            {photo}
            {state}
        </li>
    }
}
