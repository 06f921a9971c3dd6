//! `/admin/providers`: members' applications to provide a service; staff approve, or reject
//! with a reason the member is told.

use super::{Filter, Listing, Pager, ProviderApplication, ProviderStatus, choice_filter, when};
use crate::format::count_of;
use leptos::prelude::*;

#[component]
pub(super) fn ProviderApplications(list: Listing<ProviderApplication, Filter<ProviderStatus>>) -> impl IntoView {
    let chosen = list.chosen;
    let summary = count_of(list.count as i64, "application");
    let rows = list.rows.into_iter().map(|row| view! { <Application row/> }).collect_view();
    view! {
        {choice_filter("/admin/providers", "status", "Status", chosen)}
        <p>{summary}</p>
        <ul class="admin-list">{rows}</ul>
        <Pager path="/admin/providers" filters=list.filters page=list.page pages=list.pages/>
    }
}

#[component]
fn Application(row: ProviderApplication) -> impl IntoView {
    let action = format!("/admin/providers/{}/decision", row.id);
    let reason_id = format!("reason-{}", row.id);
    let heading = format!("{} ({}) for {}", row.member_name, row.member_email, row.service_title);
    let facts = format!("{} · {} years' experience · applied {}", row.status, row.experience_years, when(&row.created_at));
    let decided = row.decided_at.as_deref().map(|at| format!("Decided {}", when(at)));
    let reason = row.decision_reason.clone().map(|r| view! { <p>"Reason given: "{r}</p> });
    let can_approve = row.status != ProviderStatus::Approved;
    let can_reject = row.status != ProviderStatus::Rejected;
    view! {
        <li class="admin-item" id=format!("application-{}", row.id)>
            <h2>{heading}</h2>
            <p>{facts}</p>
            {decided.map(|d| view! { <p>{d}</p> })}
            {reason}
            <p class="admin-quote">{row.bio}</p>
            <div class="admin-actions">
                {can_approve.then(|| view! {
                    <form method="post" action=action.clone()>
                        <input type="hidden" name="decision" value="approve"/>
                        <button class="button button--primary" type="submit">"Approve"</button>
                    </form>
                })}
                {can_reject.then(|| view! {
                    <form method="post" action=action.clone() class="admin-reject">
                        <input type="hidden" name="decision" value="reject"/>
                        <label for=reason_id.clone()>"Reason for rejecting (the member is told)"</label>
                        <textarea id=reason_id name="reason" rows="2" required maxlength="1000"></textarea>
                        <button class="button button--secondary" type="submit">"Reject"</button>
                    </form>
                })}
            </div>
        </li>
    }
}
