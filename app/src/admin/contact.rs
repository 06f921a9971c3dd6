//! `/admin/contact`: messages from the contact page, newest first; staff move each along (New,
//! Answered, Closed) and keep notes on it.

use super::{ContactRow, ContactStatus, Filter, Listing, Pager, choice_filter, when, word_options};
use crate::format::count_of;
use leptos::prelude::*;

#[component]
pub(super) fn Contact(list: Listing<ContactRow, Filter<ContactStatus>>) -> impl IntoView {
    let chosen = list.chosen;
    let summary = count_of(list.count as i64, "message");
    let rows = list.rows.into_iter().map(|row| view! { <Message row/> }).collect_view();
    view! {
        {choice_filter("/admin/contact", "status", "Status", chosen)}
        <p>{summary}</p>
        <ul class="admin-list">{rows}</ul>
        <Pager path="/admin/contact" filters=list.filters page=list.page pages=list.pages/>
    }
}

#[component]
fn Message(row: ContactRow) -> impl IntoView {
    let phone = if row.phone_number.is_empty() { String::new() } else { format!(" · {}", row.phone_number) };
    let from = format!("{} · {}{phone} · received {}", row.full_name, row.email, when(&row.created_at));
    let reply = format!("mailto:{}?subject={}", row.email, crate::format::query_value(&format!("Re: {}", row.subject)));
    let (status_id, notes_id) = (format!("contact-status-{}", row.id), format!("contact-notes-{}", row.id));
    let options = word_options(row.status, None);
    view! {
        <li class="admin-item" id=format!("contact-{}", row.id)>
            <h2>{row.subject.clone()}</h2>
            <p>{from} " · " <a href=reply>"Reply by email"</a></p>
            <p class="admin-quote">{row.message.clone()}</p>
            <form method="post" action=format!("/admin/contact/{}", row.id) class="admin-reject">
                <label for=status_id.clone()>"Status"</label>
                <select id=status_id name="status">{options}</select>
                <label for=notes_id.clone()>"Staff notes"</label>
                <textarea id=notes_id name="staff_notes" rows="3" maxlength="5000">{row.staff_notes.clone()}</textarea>
                <button class="button button--primary" type="submit">"Save"</button>
            </form>
        </li>
    }
}
