//! `/admin/members`: find a member; on their page, deactivate or reactivate them, grant or
//! remove staff rights, and answer a request they sent by email for a copy of their data or
//! for erasure.

use super::{Listing, MemberRow, Pager, SearchFilter, when};
use crate::format::count_of;
use leptos::prelude::*;

#[component]
pub(super) fn Members(list: Listing<MemberRow>) -> impl IntoView {
    let search = list.filter("q").to_owned();
    let summary = count_of(list.count as i64, "member");
    let rows = list
        .rows
        .into_iter()
        .map(|row| {
            let state = state_of(&row);
            view! {
                <tr>
                    <td><a href=format!("/admin/members/{}", row.id)>{row.full_name}</a></td>
                    <td>{row.email}</td>
                    <td>{state}</td>
                    <td>{when(&row.date_joined)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <SearchFilter path="/admin/members" label="Name or email" value=search/>
        <p>{summary}</p>
        <div class="admin-table">
            <table>
                <thead><tr><th scope="col">"Name"</th><th scope="col">"Email"</th><th scope="col">"Account"</th><th scope="col">"Joined"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <Pager path="/admin/members" filters=list.filters page=list.page pages=list.pages/>
    }
}

fn state_of(row: &MemberRow) -> String {
    let mut words = vec![if row.erased {
        "Erased"
    } else if row.is_active {
        "Active"
    } else {
        "Deactivated"
    }];
    if row.is_staff {
        words.push("staff");
    }
    if !row.is_verified && !row.erased {
        words.push("email not verified");
    }
    words.join(", ")
}

#[component]
pub(super) fn Member(row: MemberRow) -> impl IntoView {
    let base = format!("/admin/members/{}", row.id);
    let action = |verb: &str| format!("{base}/{verb}");
    let facts = format!("{} · {} · joined {} · {} bookings", row.email, state_of(&row), when(&row.date_joined), row.bookings);
    let toggle_active = if row.is_active { ("deactivate", "Deactivate (their sessions end at once)") } else { ("reactivate", "Reactivate") };
    let toggle_staff = if row.is_staff { ("remove-staff", "Remove staff rights") } else { ("grant-staff", "Make staff") };
    view! {
        <h2>{row.full_name.clone()}</h2>
        <p>{facts}</p>
        {(!row.erased).then(|| view! {
            <div class="admin-actions">
                <form method="post" action=action(toggle_active.0)><button class="button button--secondary" type="submit">{toggle_active.1}</button></form>
                <form method="post" action=action(toggle_staff.0)><button class="button button--secondary" type="submit">{toggle_staff.1}</button></form>
                {row.second_factor_enrolled.then(|| view! {
                    <form method="post" action=action("reset-second-factor")><button class="button button--secondary" type="submit">"Reset their authenticator (lost phone)"</button></form>
                })}
            </div>
            <h2>"A request by email"</h2>
            <p>"For a person who wrote to us asking for a copy of their data (subject access) or for their data to be erased. Give the day their request arrived: it goes in the audit log."</p>
            <div class="admin-actions">
                <form method="get" action=action("data") class="admin-reject">
                    <label for="export-requested">"Request received on"</label>
                    <input id="export-requested" name="requested_on" type="date" required/>
                    <button class="button button--secondary" type="submit">"Download their data (JSON)"</button>
                </form>
                <form method="post" action=action("erase") class="admin-reject">
                    <label for="erase-requested">"Erasure requested on"</label>
                    <input id="erase-requested" name="requested_on" type="date" required/>
                    <label for="erase-confirm">"Type their email address to confirm"</label>
                    <input id="erase-confirm" name="confirm_email" type="email" required autocomplete="off"/>
                    <button class="button button--secondary" type="submit">"Erase their personal data"</button>
                </form>
            </div>
        })}
        <p><a href=format!("/admin/audit?subject_type=user&subject_id={}", row.id)>"Staff actions on this account, in the audit log"</a></p>
    }
}
