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
                {if row.hidden {
                    view! {
                        <form method="post" action=action("restore")><button class="button button--primary" type="submit">"Restore"</button></form>
                    }.into_any()
                } else {
                    view! {
                        <form method="post" action=action("hide") class="admin-reject">
                            <label for=reason_id.clone()>"Reason for hiding (kept in the audit log)"</label>
                            <textarea id=reason_id name="reason" rows="2" required maxlength="1000"></textarea>
                            <button class="button button--secondary" type="submit">"Hide review"</button>
                        </form>
                        {(!row.open_reports.is_empty()).then(|| view! {
                            <form method="post" action=action("keep")><button class="button button--primary" type="submit">"Keep it (close the reports)"</button></form>
                        })}
                    }.into_any()
                }}
            </div>
        </li>
    }
}

/// The provider's answer under a review, with the way to hide or restore it.
#[component]
fn Answer(review: i32, answer: AnswerRow) -> impl IntoView {
    let action = |verb: &str| format!("/admin/reviews/{review}/answer-{verb}");
    let reason_id = format!("hide-answer-reason-{review}");
    view! {
        <div class="admin-answer">
            <p>{format!("Answered by {} ({}) · {}", answer.author_name, answer.author_email, when(&answer.created_at))}</p>
            <p class="admin-quote">{answer.answer.clone()}</p>
            {answer.hidden_reason.clone().filter(|_| answer.hidden).map(|r| view! { <p>"Answer hidden: "{r}</p> })}
            {if answer.hidden {
                view! {
                    <form method="post" action=action("restore")><button class="button button--primary" type="submit">"Restore answer"</button></form>
                }.into_any()
            } else {
                view! {
                    <form method="post" action=action("hide") class="admin-reject">
                        <label for=reason_id.clone()>"Reason for hiding the answer (kept in the audit log)"</label>
                        <textarea id=reason_id name="reason" rows="2" required maxlength="1000"></textarea>
                        <button class="button button--secondary" type="submit">"Hide answer"</button>
                    </form>
                }.into_any()
            }}
        </div>
    }
}
