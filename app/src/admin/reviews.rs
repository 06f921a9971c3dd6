//! `/admin/reviews`: reported reviews first; staff hide one with a reason (it leaves every
//! page and the service's average at once) or restore it, or keep it (which closes its reports).
//! A provider's answer under a review is hidden or restored the same way.

use super::{AnswerRow, Filter, Listing, Pager, ReviewRow, ReviewState, choice_filter, when};
use crate::format::count_of;
use leptos::prelude::*;

#[component]
pub(super) fn Reviews(list: Listing<ReviewRow, Filter<ReviewState>>) -> impl IntoView {
    let chosen = list.chosen;
    let summary = count_of(list.count as i64, "review");
    let rows = list.rows.into_iter().map(|row| view! { <Review row/> }).collect_view();
    view! {
        {choice_filter("/admin/reviews", "show", "Show", chosen)}
        <p>{summary}</p>
        <ul class="admin-list">{rows}</ul>
        <Pager path="/admin/reviews" filters=list.filters page=list.page pages=list.pages/>
    }
}

#[component]
fn Review(row: ReviewRow) -> impl IntoView {
    let action = |verb: &str| format!("/admin/reviews/{}/{verb}", row.id);
    let reason_id = format!("hide-reason-{}", row.id);
    let heading = format!("{} of 5 for {}", row.rating, row.service_title);
    let byline =
        format!("{} ({}){} · {}", row.author_name, row.author_email, if row.verified_booking { " · Verified booking" } else { "" }, when(&row.created_at));
    let reports = (!row.open_reports.is_empty()).then(|| {
        let items = row.open_reports.iter().map(|r| view! { <li>{r.clone()}</li> }).collect_view();
        view! { <p>"Reported:"</p><ul>{items}</ul> }
    });
    view! {
        <li class="admin-item" id=format!("review-{}", row.id)>
            <h2>{heading}</h2>
            <p>{byline}</p>
            <p class="admin-quote">{row.review.clone()}</p>
            {row.hidden_reason.clone().filter(|_| row.hidden).map(|r| view! { <p>"Hidden: "{r}</p> })}
            {reports}
            {row.answer.clone().map(|answer| view! { <Answer review=row.id answer/> })}
            <div class="admin-actions">
                <HideOrRestore
                    hidden=row.hidden
                    path=action("")
                    reason_id=reason_id
                    reason_label="Reason for hiding (kept in the audit log)"
                    hide="Hide review"
                    restore="Restore"
                />
                {(!row.hidden && !row.open_reports.is_empty()).then(|| view! {
                    <form method="post" action=action("keep")><button class="button button--primary" type="submit">"Keep it (close the reports)"</button></form>
                })}
            </div>
        </li>
    }
}

/// The provider's answer under a review, with the way to hide or restore it.
#[component]
fn Answer(review: i32, answer: AnswerRow) -> impl IntoView {
    view! {
        <div class="admin-answer">
            <p>{format!("Answered by {} ({}) · {}", answer.author_name, answer.author_email, when(&answer.created_at))}</p>
            <p class="admin-quote">{answer.answer.clone()}</p>
            {answer.hidden_reason.clone().filter(|_| answer.hidden).map(|r| view! { <p>"Answer hidden: "{r}</p> })}
            <HideOrRestore
                hidden=answer.hidden
                path=format!("/admin/reviews/{review}/answer-")
                reason_id=format!("hide-answer-reason-{review}")
                reason_label="Reason for hiding the answer (kept in the audit log)"
                hide="Hide answer"
                restore="Restore answer"
            />
        </div>
    }
}

/// A hidden thing's Restore, or a shown one's Hide with a reason: the forms posting to
/// `path` followed by `hide` or `restore`, under a review and under its answer.
#[component]
fn HideOrRestore(hidden: bool, path: String, reason_id: String, reason_label: &'static str, hide: &'static str, restore: &'static str) -> impl IntoView {
    if hidden {
        return view! {
            <form method="post" action=format!("{path}restore")><button class="button button--primary" type="submit">{restore}</button></form>
        }
        .into_any();
    }
    view! {
        <form method="post" action=format!("{path}hide") class="admin-reject">
            <label for=reason_id.clone()>{reason_label}</label>
            <textarea id=reason_id name="reason" rows="2" required maxlength="1000"></textarea>
            <button class="button button--secondary" type="submit">{hide}</button>
        </form>
    }
    .into_any()
}
