//! `/admin/recruitment`: companies' requests that we recruit for them, newest first; staff
//! move each along (New, Contacted, Closed) and keep notes on it.

use super::{Filter, Listing, Pager, RecruitmentRow, RecruitmentStatus, choice_filter, when, word_options};
use crate::format::count_of;
use crate::format::long_date;
use leptos::prelude::*;

#[component]
pub(super) fn Recruitment(list: Listing<RecruitmentRow, Filter<RecruitmentStatus>>) -> impl IntoView {
    let chosen = list.chosen;
    let summary = count_of(list.count as i64, "request");
    let rows = list.rows.into_iter().map(|row| view! { <Request row/> }).collect_view();
    view! {
        {choice_filter("/admin/recruitment", "status", "Status", chosen)}
        <p>{summary}</p>
        <ul class="admin-list">{rows}</ul>
        <Pager path="/admin/recruitment" filters=list.filters page=list.page pages=list.pages/>
    }
}

#[component]
fn Request(row: RecruitmentRow) -> impl IntoView {
    let heading = format!("{} wants {} × {} in {}", row.company_name, row.number_of_staff, row.role, row.location);
    let contact = format!("{} · {} · {} · received {}", row.contact_name, row.email, row.phone_number, when(&row.created_at));
    let start = row.start_date.as_deref().map(|d| format!("Start {}", long_date(d)));
    let (status_id, notes_id) = (format!("request-status-{}", row.id), format!("request-notes-{}", row.id));
    let options = word_options(row.status, None);
    view! {
        <li class="admin-item" id=format!("request-{}", row.id)>
            <h2>{heading}</h2>
            <p>{contact}</p>
            {start.map(|s| view! { <p>{s}</p> })}
            <p class="admin-quote">{row.details.clone()}</p>
            <form method="post" action=format!("/admin/recruitment/{}", row.id) class="admin-reject">
                <label for=status_id.clone()>"Status"</label>
                <select id=status_id name="status">{options}</select>
                <label for=notes_id.clone()>"Staff notes"</label>
                <textarea id=notes_id name="staff_notes" rows="3" maxlength="5000">{row.staff_notes.clone()}</textarea>
                <button class="button button--primary" type="submit">"Save"</button>
            </form>
        </li>
    }
}
