//! `/admin/audit`: every staff action, newest first, searchable; nothing here can change it.

use super::{AuditRow, Listing, Pager, SearchFilter, when};
use crate::format::count_of;
use leptos::prelude::*;

#[component]
pub(super) fn AuditLog(list: Listing<AuditRow>) -> impl IntoView {
    let summary = count_of(list.count as i64, "action");
    let search = list.filter("q").to_owned();
    let rows = list
        .rows
        .into_iter()
        .map(|row| {
            let change = match (&row.before, &row.after) {
                (None, None) => String::new(),
                (before, after) => {
                    format!("{} → {}", before.as_ref().map_or("—".into(), |v| v.to_string()), after.as_ref().map_or("—".into(), |v| v.to_string()))
                }
            };
            let subject = match row.subject_id {
                Some(id) => format!("{} {id}", row.subject_type),
                None => row.subject_type.clone(),
            };
            view! {
                <tr>
                    <td>{when(&row.created_at)}</td>
                    <td>{row.actor}</td>
                    <td><code>{row.action}</code></td>
                    <td>{subject}</td>
                    <td>{row.summary}{row.reason.map(|r| view! { <br/>"Reason: "{r} })}{row.requested_on.map(|d| view! { <br/>"Requested on "{d} })}</td>
                    <td><code>{change}</code></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <SearchFilter path="/admin/audit" label="Search" value=search/>
        <p>{summary}</p>
        <div class="admin-table">
            <table>
                <thead><tr><th scope="col">"When"</th><th scope="col">"Who"</th><th scope="col">"Action"</th><th scope="col">"Subject"</th><th scope="col">"What"</th><th scope="col">"Change"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <Pager path="/admin/audit" filters=list.filters page=list.page pages=list.pages/>
    }
}
