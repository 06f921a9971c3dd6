//! `/admin/jobs`: every job post by status; staff close or reopen one, or remove it with a
//! reason its poster is told; and read the applications to any job (CVs by signed links) and
//! move them along.

use super::{ApplicationRow, ApplicationStatus, Filter, JobPostStatus, JobRow, Listing, Pager, filter_options, when, word_options};
use crate::format::count_of;
use crate::format::long_date;
use leptos::prelude::*;

#[component]
pub(super) fn Jobs(list: Listing<JobRow, Filter<JobPostStatus>>) -> impl IntoView {
    let search = list.filter("q").to_owned();
    let options = filter_options(list.chosen);
    let summary = count_of(list.count as i64, "job");
    let rows = list.rows.into_iter().map(|job| view! { <Job job/> }).collect_view();
    view! {
        <form method="get" action="/admin/jobs" class="admin-filter" role="search">
            <div class="field"><label class="field-label" for="q">"Title or company"</label><input id="q" name="q" type="search" value=search/></div>
            <div class="field"><label class="field-label" for="status">"Status"</label><select id="status" name="status">{options}</select></div>
            <button class="button button--secondary" type="submit">"Show"</button>
        </form>
        <p>{summary}</p>
        <ul class="admin-list">{rows}</ul>
        <Pager path="/admin/jobs" filters=list.filters page=list.page pages=list.pages/>
    }
}

fn facts(job: &JobRow) -> String {
    let poster = if job.poster_email.is_empty() { "our own job".to_owned() } else { format!("posted by {}", job.poster_email) };
    let closes = job.closes_at.as_deref().map(|d| format!(" · closes {}", long_date(d))).unwrap_or_default();
    format!("{} · {} · {} · posted {}{closes} · {} applications", job.location, job.status, poster, long_date(&job.posted_at), job.applications)
}

#[component]
fn Job(job: JobRow) -> impl IntoView {
    let action = |verb: &str| format!("/admin/jobs/{}/{verb}", job.id);
    let reason_id = format!("remove-reason-{}", job.id);
    let heading = format!("{} at {}", job.title, job.company);
    view! {
        <li class="admin-item" id=format!("job-{}", job.id)>
            <h2>{heading}</h2>
            <p>{facts(&job)}</p>
            <p><a href=format!("/admin/jobs/{}/applications", job.id)>"Applications"</a></p>
            {(job.status != JobPostStatus::Removed).then(|| view! {
                <div class="admin-actions">
                    {if job.status == JobPostStatus::Open {
                        view! { <form method="post" action=action("close")><button class="button button--secondary" type="submit">"Close"</button></form> }.into_any()
                    } else {
                        view! { <form method="post" action=action("reopen")><button class="button button--secondary" type="submit">"Reopen"</button></form> }.into_any()
                    }}
                    <form method="post" action=action("remove") class="admin-reject">
                        <label for=reason_id.clone()>"Reason for removing (the poster is told)"</label>
                        <textarea id=reason_id name="reason" rows="2" required maxlength="1000"></textarea>
                        <button class="button button--secondary" type="submit">"Remove post"</button>
                    </form>
                </div>
            })}
        </li>
    }
}

#[component]
pub(super) fn Applications(job: JobRow, applications: Vec<ApplicationRow>) -> impl IntoView {
    let heading = format!("{} at {}", job.title, job.company);
    let rows = applications
        .into_iter()
        .map(|a| {
            let status_id = format!("application-status-{}", a.id);
            // Submitted is where an application starts; staff move it on from there.
            let options = word_options(a.status, Some(ApplicationStatus::Submitted));
            view! {
                <li class="admin-item" id=format!("application-{}", a.id)>
                    <h2>{a.full_name.clone()}</h2>
                    <p>{format!("{} · {} · applied {}", a.email, a.phone_number, when(&a.created_at))}</p>
                    <p class="admin-quote">{a.cover_letter.clone()}</p>
                    <p><a href=a.cv target="_blank" rel="noopener">"Open CV"</a></p>
                    <form method="post" action=format!("/admin/applications/{}", a.id) class="admin-actions">
                        <label for=status_id.clone()>"Status"</label>
                        <select id=status_id name="status">{options}</select>
                        <button class="button button--primary" type="submit">"Save"</button>
                    </form>
                </li>
            }
        })
        .collect_view();
    view! {
        <h2>{heading}</h2>
        <p>{facts(&job)}</p>
        <ul class="admin-list">{rows}</ul>
        <p><a href="/admin/jobs">"All jobs"</a></p>
    }
}
