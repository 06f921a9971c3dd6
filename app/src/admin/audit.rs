//! `/admin/audit`: every staff action, newest first, searchable; nothing here can change it.

use super::{AuditRow, Listing, Pager, when};
use leptos::prelude::*;

#[component]
pub(super) fn AuditLog(list: Listing<AuditRow>) -> impl IntoView {
    let summary = format!("{} {}", list.count, if list.count == 1 { "action" } else { "actions" });
    let search = list.filter("q").to_owned();
    let rows = list
        .rows
        .into_iter()
        .map(|row| {
            let change = match (&row.before, &row.after) {
                (None, None) => String::new(),
                (before, after) => format!("{} → {}", before.as_ref().map_or("—".into(), |v| v.to_string()), after.as_ref().map_or("—".into(), |v| v.to_string())),
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
        <form method="get" action="/admin/audit" class="admin-filter" role="search">
            <label for="q">"Search"</label>
            <input id="q" name="q" type="search" value=search/>
            <button class="button button--secondary" type="submit">"Search"</button>
        </form>
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
