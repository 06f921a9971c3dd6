//! The jobs side against the real server (api-contract: Marketplace, and the tracking calls the
//! contract leaves out): posting, the list and its filters, closing dates, applying with a CV,
//! the owner's view of applicants, recruitment requests, and job seekers with their alerts.

use crate::common;

use chrono::{Duration, Utc};
use common::{SignedIn, TestApp, link_in, uk_date};
use entity::words::JobAlerts;
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, IntoActiveModel};
use serde_json::{Value, json};

pub const PDF: &[u8] = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89";

fn file(bytes: &[u8], name: &str) -> Part {
    Part::bytes(bytes.to_vec()).file_name(name.to_string())
}

fn job_form(title: &str) -> Form {
    Form::new()
        .text("title", title.to_string())
        .text("company", "Riverside Care Homes")
        .text("location", "Harrogate, North Yorkshire")
        .text("employment_type", "full_time")
        .text("salary_min", "24000")
        .text("salary_max", "27500.50")
        .text("salary_period", "year")
        .text("description", "Support our residents with daily living.\n\nDay and night shifts available.")
        .text("closes_at", uk_date(30))
}

pub async fn post_form(app: &TestApp, path: &str, form: Form, token: Option<&str>) -> (u16, Value) {
    common::send(app.client.post(format!("{}{path}", app.base)).multipart(form), token).await
}

pub async fn post_job(app: &TestApp, poster: &SignedIn, title: &str) -> Value {
    let (status, job) = post_form(app, "/api/service/jobs/", job_form(title), Some(&poster.token)).await;
    assert_eq!(status, 201, "{job}");
    job
}

pub fn application_form(job: &Value, applicant: &SignedIn) -> Form {
    Form::new()
        .text("job", job["id"].to_string())
        .text("full_name", applicant.user.full_name.clone())
        .text("email", applicant.user.email.clone())
        .text("phone_number", "07700 900123")
        .text("cover_letter", "Five years in residential care.")
        .part("resume", file(PDF, "cv.pdf"))
}

fn ids(page: &Value) -> Vec<i64> {
    page["results"].as_array().unwrap().iter().map(|j| j["id"].as_i64().unwrap()).collect()
}

async fn titles_of_notifications(app: &TestApp, member: &SignedIn) -> Vec<String> {
    let (_, page) = app.call(Method::GET, "/api/notifications", None, Some(&member.token)).await;
    page["results"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()).collect()
}

async fn jobs_are_posted_found_and_removed_by_their_owner(app: &TestApp) {
    let poster = app.member("Priya Shah").await;
    let other = app.member("Tom Baker").await;
    let form = job_form("Night Care Assistant").part("attachment", file(PDF, "pack.pdf"));
    let (status, job) = post_form(app, "/api/service/jobs/", form, Some(&poster.token)).await;
    assert_eq!(status, 201, "{job}");
    assert_eq!(job["status"], "Open");
    assert_eq!(job["is_owner"], true);
    assert_eq!(job["salary_min"], "24000.00");
    assert_eq!(job["salary_max"], "27500.50");
    assert_eq!(job["closes_at"], uk_date(30));
    assert_eq!(job["posted_at"], uk_date(0));
    for field in ["id", "slug", "title", "company", "location", "employment_type", "salary_period", "description", "attachment", "application_count"] {
        assert!(job.get(field).is_some(), "a job carries {field}");
    }
    let id = job["id"].as_i64().unwrap();

    // The attachment is public, at a stable address, and is what was sent.
    let attachment = job["attachment"].as_str().expect("an attachment link");
    assert!(attachment.starts_with(&app.base), "{attachment}");
    let download = app.client.get(attachment).send().await.unwrap();
    assert_eq!(download.status(), 200);
    assert_eq!(download.headers()["content-type"], "application/pdf");
    assert_eq!(download.bytes().await.unwrap().as_ref(), PDF);

    // Listed, searched through the index, filtered.
    let (_, open) = app.json("/api/service/jobs/?status=Open&page_size=100").await;
    assert!(ids(&open).contains(&id));
    let (_, found) = app.json("/api/service/jobs/?search=riverside%20night").await;
    assert_eq!(ids(&found), vec![id], "{found}");
    let (_, by_town) = app.json("/api/service/jobs/?location=harrogate").await;
    assert!(ids(&by_town).contains(&id));
    let (_, part_time) = app.json("/api/service/jobs/?employment_type=part_time&page_size=100").await;
    assert!(!ids(&part_time).contains(&id));
    assert_eq!(app.json("/api/service/jobs/?employment_type=weekends").await.0, 400);
    assert_eq!(app.json("/api/service/jobs/?mine=true").await.0, 401, "mine needs a signed-in member");
    let (_, mine) = app.call(Method::GET, "/api/service/jobs/?mine=true", None, Some(&poster.token)).await;
    assert_eq!(ids(&mine), vec![id]);
    assert_eq!(mine["results"][0]["application_count"], 0);
    let (_, not_mine) = app.call(Method::GET, "/api/service/jobs/?mine=true", None, Some(&other.token)).await;
    assert_eq!(not_mine["count"], 0);
    let (_, seen_by_other) = app.call(Method::GET, &format!("/api/service/jobs/{id}/"), None, Some(&other.token)).await;
    assert_eq!(seen_by_other["is_owner"], false);
    assert!(seen_by_other["application_count"].is_null(), "only the owner sees the count");

    // Its page and the list page show it at once.
    let (status, page) = app.text(&format!("/apply?id={id}")).await;
    assert_eq!(status, 200);
    assert!(page.contains("Night Care Assistant"));
    assert!(page.contains(r#"<script type="application/ld+json">"#) && page.contains(r#""@type":"JobPosting""#), "an open job is described for search engines");
    assert!(page.contains(&format!(r#"href="/api/service/jobs/{id}/attachment/""#)), "the page links the attachment");
    assert!(app.text("/jobs").await.1.contains(&format!("/apply?id={id}")));

    // Someone else's post is as missing as none; the owner's goes from every list and page.
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/jobs/{id}/"), None, Some(&other.token)).await.0, 404);
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/jobs/{id}/"), None, Some(&poster.token)).await.0, 204);
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/jobs/{id}/"), None, Some(&poster.token)).await.0, 204, "removing twice changes nothing");
    assert_eq!(app.json(&format!("/api/service/jobs/{id}/")).await.0, 404);
    let (_, open) = app.json("/api/service/jobs/?status=Open&page_size=100").await;
    assert!(!ids(&open).contains(&id));
    let (status, gone) = app.text(&format!("/apply?id={id}")).await;
    assert_eq!(status, 410, "a removed job's page is gone, so that search engines drop it");
    assert!(gone.contains("This job advert has been taken down"));
    assert_eq!(app.json(&format!("/apply/_payload.json?id={id}")).await.0, 410);
    assert_ne!(app.text(&format!("/services/details?id={id}")).await.0, 410, "a service is not gone because a job of its number was removed");
    assert!(!app.text("/jobs").await.1.contains(&format!("/apply?id={id}")));
    assert_eq!(app.get(&format!("/api/service/jobs/{id}/attachment/")).await.status(), 404);
}
on_both_databases!(jobs_are_posted_found_and_removed_by_their_owner);

async fn a_bad_job_post_names_each_bad_field(app: &TestApp) {
    let poster = app.member("Priya Shah").await;
    let form = Form::new()
        .text("title", "")
        .text("company", "Riverside")
        .text("location", "Leeds")
        .text("employment_type", "weekends")
        .text("salary_min", "30000")
        .text("salary_max", "20000")
        .text("salary_period", "month")
        .text("description", "Cleaning offices.")
        .text("closes_at", uk_date(-1));
    let (status, body) = post_form(app, "/api/service/jobs/", form, Some(&poster.token)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"], true);
    for field in ["title", "employment_type", "salary_max", "salary_period", "closes_at"] {
        assert!(body[field].is_array(), "{field} is named: {body}");
    }
    assert_eq!(body["closes_at"][0], "Choose today or a later date.");
    let (status, body) = post_form(app, "/api/service/jobs/", job_form("Cleaner").part("attachment", file(PNG, "pack.pdf")), Some(&poster.token)).await;
    assert_eq!(status, 415, "a picture named .pdf is refused by content: {body}");
    assert_eq!(app.call(Method::POST, "/api/service/jobs/", None, None).await.0, 401);
    let (_, mine) = app.call(Method::GET, "/api/service/jobs/?mine=true", None, Some(&poster.token)).await;
    assert_eq!(mine["count"], 0, "nothing refused was kept");
}
on_both_databases!(a_bad_job_post_names_each_bad_field);

async fn a_job_closes_when_its_closing_date_passes(app: &TestApp) {
    let poster = app.member("Priya Shah").await;
    let job = post_job(app, &poster, "Warehouse Operative").await;
    let id = job["id"].as_i64().unwrap() as i32;
    assert!(app.sitemap().await.contains(&format!("/apply?id={id}")));
    // Its closing day passes: nobody touches it.
    let mut row = entity::job::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap().into_active_model();
    row.closes_at = Set(Some(server::domain::uk_time::today() - Duration::days(1)));
    row.update(&app.site.db).await.unwrap();
    app.site.invalidate_here(&[app::routes::Tag::Jobs, app::routes::Tag::Job(id)]);

    let (_, open) = app.json("/api/service/jobs/?status=Open&page_size=100").await;
    assert!(!ids(&open).contains(&(id as i64)), "no longer Open in the list");
    let (_, closed) = app.json("/api/service/jobs/?status=Closed&page_size=100").await;
    assert_eq!(closed["count"], 0, "only Open jobs are listed: {closed}");
    let (_, own_closed) = app.call(Method::GET, "/api/service/jobs/?mine=true&status=Closed", None, Some(&poster.token)).await;
    assert_eq!(ids(&own_closed), vec![id as i64], "its owner still finds it among their posts");
    assert_eq!(app.json(&format!("/api/service/jobs/{id}/")).await.1["status"], "Closed");
    let (status, page) = app.text(&format!("/apply?id={id}")).await;
    assert_eq!(status, 200);
    assert!(page.contains("no longer taking applications"), "the page says so");
    assert!(!page.contains("JobPosting"), "no JobPosting for a closed job");
    assert!(page.contains(r#"<meta name="robots" content="noindex">"#), "a closed job leaves search engines");
    assert!(!app.sitemap().await.contains(&format!("/apply?id={id}")));
    assert!(!app.text("/jobs").await.1.contains(&format!("/apply?id={id}")));

    // The periodic task records it, once (its own round may have come first).
    server::jobs::expiry::close_expired(&app.state).await.unwrap();
    assert_eq!(server::jobs::expiry::close_expired(&app.state).await.unwrap(), 0);
    let stored = entity::job::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(stored.status, entity::words::ListingStatus::Closed);
}
on_both_databases!(a_job_closes_when_its_closing_date_passes);

async fn applications_carry_a_private_cv_to_the_owner_and_back(app: &TestApp) {
    let poster = app.member("Priya Shah").await;
    let applicant = app.member("Amelia Hughes").await;
    let stranger = app.member("Tom Baker").await;
    let job = post_job(app, &poster, "Care Assistant").await;
    let job_id = job["id"].as_i64().unwrap();

    let (status, application) = post_form(app, "/api/job-apply/", application_form(&job, &applicant), Some(&applicant.token)).await;
    assert_eq!(status, 201, "{application}");
    assert_eq!(application["status"], "Submitted");
    assert_eq!(application["job"]["id"], job_id);
    assert_eq!(application["job"]["title"], "Care Assistant");
    assert_eq!(application["phone_number"], "+44 7700 900123");
    let id = application["id"].as_i64().unwrap();

    // Once per job; never one's own job; a CV is required and must be a document.
    let (status, again) = post_form(app, "/api/job-apply/", application_form(&job, &applicant), Some(&applicant.token)).await;
    assert_eq!((status, again["job"][0].as_str()), (400, Some("You have already applied for this job.")));
    let (status, own) = post_form(app, "/api/job-apply/", application_form(&job, &poster), Some(&poster.token)).await;
    assert_eq!((status, own["job"][0].as_str()), (400, Some("You cannot apply for a job you posted.")));
    let without_cv = Form::new()
        .text("job", job_id.to_string())
        .text("full_name", "Tom Baker")
        .text("email", stranger.user.email.clone())
        .text("phone_number", "07700 900123");
    let (status, body) = post_form(app, "/api/job-apply/", without_cv, Some(&stranger.token)).await;
    assert_eq!(status, 400);
    assert!(body["resume"].is_array(), "{body}");
    let picture = application_form(&job, &stranger).part("resume", file(PNG, "cv.pdf"));
    assert_eq!(post_form(app, "/api/job-apply/", picture, Some(&stranger.token)).await.0, 400, "a field sent twice is refused");
    let picture = Form::new()
        .text("job", job_id.to_string())
        .text("full_name", "Tom Baker")
        .text("email", stranger.user.email.clone())
        .text("phone_number", "07700 900123")
        .part("resume", file(PNG, "cv.pdf"));
    assert_eq!(post_form(app, "/api/job-apply/", picture, Some(&stranger.token)).await.0, 415);
    assert_eq!(app.call(Method::POST, "/api/job-apply/", None, None).await.0, 401);

    // Both sides are told.
    assert!(titles_of_notifications(app, &applicant).await.contains(&"Application sent".to_string()));
    assert!(titles_of_notifications(app, &poster).await.contains(&"New application".to_string()));

    // The CV: a signed link that fails without its signature or with another.
    let resume = application["resume"].as_str().unwrap().to_string();
    let download = app.client.get(&resume).send().await.unwrap();
    assert_eq!(download.status(), 200);
    assert_eq!(download.bytes().await.unwrap().as_ref(), PDF);
    let unsigned = resume.split('?').next().unwrap();
    assert_eq!(app.client.get(unsigned).send().await.unwrap().status(), 403);
    let tampered = format!("{}0", resume.trim_end_matches(|c: char| c.is_ascii_hexdigit()));
    assert_eq!(app.client.get(&tampered).send().await.unwrap().status(), 403);

    // The applicant's list; the owner's applicants; nobody else's.
    let (_, own) = app.call(Method::GET, "/api/service/applications/", None, Some(&applicant.token)).await;
    assert_eq!(ids(&own), vec![id]);
    let (_, none) = app.call(Method::GET, "/api/service/applications/", None, Some(&stranger.token)).await;
    assert_eq!(none["count"], 0);
    let applicants = format!("/api/service/jobs/{job_id}/applications/");
    let (status, listed) = app.call(Method::GET, &applicants, None, Some(&poster.token)).await;
    assert_eq!(status, 200);
    assert_eq!(ids(&listed), vec![id]);
    assert_eq!(app.client.get(listed["results"][0]["resume"].as_str().unwrap()).send().await.unwrap().status(), 200, "the owner opens the CV");
    assert_eq!(app.call(Method::GET, &applicants, None, Some(&stranger.token)).await.0, 404);
    assert_eq!(app.call(Method::GET, &applicants, None, Some(&applicant.token)).await.0, 404);
    let (_, counted) = app.call(Method::GET, &format!("/api/service/jobs/{job_id}/"), None, Some(&poster.token)).await;
    assert_eq!(counted["application_count"], 1);

    // Only the job's owner moves it along, to a status after Submitted; the applicant is told.
    let path = format!("/api/service/applications/{id}/");
    assert_eq!(app.call(Method::PATCH, &path, Some(json!({"status": "Shortlisted"})), Some(&applicant.token)).await.0, 404);
    assert_eq!(app.call(Method::PATCH, &path, Some(json!({"status": "Shortlisted"})), Some(&stranger.token)).await.0, 404);
    assert_eq!(app.call(Method::PATCH, &path, Some(json!({"status": "Submitted"})), Some(&poster.token)).await.0, 400);
    assert_eq!(app.call(Method::PATCH, &path, Some(json!({"status": "Hired"})), Some(&poster.token)).await.0, 400);
    let (status, moved) = app.call(Method::PATCH, &path, Some(json!({"status": "Shortlisted"})), Some(&poster.token)).await;
    assert_eq!((status, moved["status"].as_str()), (200, Some("Shortlisted")));
    assert!(moved["updated_at"].is_string());
    assert!(titles_of_notifications(app, &applicant).await.contains(&"Application update".to_string()));
    let (_, own) = app.call(Method::GET, "/api/service/applications/", None, Some(&applicant.token)).await;
    assert_eq!(own["results"][0]["status"], "Shortlisted");

    // Withdrawn by its applicant only; its CV goes with it.
    assert_eq!(app.call(Method::DELETE, &path, None, Some(&poster.token)).await.0, 404);
    assert_eq!(app.call(Method::DELETE, &path, None, Some(&applicant.token)).await.0, 204);
    let (_, own) = app.call(Method::GET, "/api/service/applications/", None, Some(&applicant.token)).await;
    assert_eq!(own["count"], 0);
    assert_eq!(app.client.get(&resume).send().await.unwrap().status(), 404, "the CV is deleted");
}
on_both_databases!(applications_carry_a_private_cv_to_the_owner_and_back);

async fn closed_and_removed_jobs_take_no_applications_and_keep_theirs(app: &TestApp) {
    let poster = app.member("Priya Shah").await;
    let applicant = app.member("Amelia Hughes").await;
    let late = app.member("Tom Baker").await;
    let job = post_job(app, &poster, "Kitchen Porter").await;
    assert_eq!(post_form(app, "/api/job-apply/", application_form(&job, &applicant), Some(&applicant.token)).await.0, 201);
    let id = job["id"].as_i64().unwrap() as i32;
    let mut row = entity::job::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap().into_active_model();
    row.status = Set(entity::words::ListingStatus::Closed);
    row.update(&app.site.db).await.unwrap();
    let (status, body) = post_form(app, "/api/job-apply/", application_form(&job, &late), Some(&late.token)).await;
    assert_eq!((status, body["job"][0].as_str()), (400, Some("This job is closed to applications.")));

    // Removing the post keeps the application, and tells its applicant.
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/jobs/{id}/"), None, Some(&poster.token)).await.0, 204);
    let (_, own) = app.call(Method::GET, "/api/service/applications/", None, Some(&applicant.token)).await;
    assert_eq!(own["count"], 1, "the application outlives the post");
    assert!(titles_of_notifications(app, &applicant).await.contains(&"Job withdrawn".to_string()));
    let (status, body) = post_form(app, "/api/job-apply/", application_form(&job, &late), Some(&late.token)).await;
    assert_eq!(status, 400);
    assert!(body["job"][0].as_str().unwrap().starts_with("Invalid pk"), "{body}");
}
on_both_databases!(closed_and_removed_jobs_take_no_applications_and_keep_theirs);

pub fn recruitment() -> Value {
    json!({
        "company_name": "Harbour Hotels", "contact_name": "Grace Owen", "email": "grace@harbour.example",
        "phone_number": "020 7946 0000", "role": "Housekeeper", "number_of_staff": 3,
        "location": "Brighton", "start_date": uk_date(14), "details": "Weekend shifts."
    })
}

async fn recruitment_requests_are_kept_and_mailed_both_ways(app: &TestApp) {
    let (status, sent) = app.call(Method::POST, "/api/send-recruitment/", Some(recruitment()), None).await;
    assert_eq!(status, 201, "{sent}");
    assert!(sent["id"].is_i64() && sent["message"].is_string());
    let stored = entity::recruitment_request::Entity::find_by_id(sent["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().expect("stored");
    assert_eq!(stored.number_of_staff, 3);
    assert_eq!(stored.phone_number, "+44 20 7946 0000");
    let info = server::catalogue::website_info::website_info(&app.site.db, None).await.unwrap();
    let mails = entity::mail_outbox::Entity::find().all(&app.site.db).await.unwrap();
    assert!(mails.iter().any(|m| m.to_address == info.email && m.subject.contains("Housekeeper")), "the company gets it");
    assert!(mails.iter().any(|m| m.to_address == "grace@harbour.example"), "the sender gets a copy");

    let mut bad = recruitment();
    bad["email"] = json!("grace@");
    bad["phone_number"] = json!("12345");
    bad["number_of_staff"] = json!(0);
    bad["start_date"] = json!(uk_date(-1));
    bad["role"] = json!("  ");
    let (status, body) = app.call(Method::POST, "/api/send-recruitment/", Some(bad), None).await;
    assert_eq!(status, 400);
    for field in ["email", "phone_number", "number_of_staff", "start_date", "role"] {
        assert!(body[field].is_array(), "{field} is named: {body}");
    }
    assert_eq!(body["number_of_staff"][0], "Ensure this value is greater than or equal to 1.");
}
on_both_databases!(recruitment_requests_are_kept_and_mailed_both_ways);

async fn the_recruitment_pages_answer_their_own_form_without_javascript(app: &TestApp) {
    for path in ["/recruitment-post", "/form/hire-talent"] {
        let post = |fields: Vec<(String, String)>| async move { app.client.post(format!("{}{path}", app.base)).form(&fields).send().await.unwrap() };
        // As a browser sends the form: every value as text.
        let mut fields: Vec<(String, String)> =
            recruitment().as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string))).collect();
        let sent = post(fields.clone()).await;
        assert_eq!(sent.status(), 200, "{path}");
        assert!(sent.text().await.unwrap().contains("Thank you: your recruitment request is with our team"), "{path}");
        fields.retain(|(name, _)| *name != "number_of_staff");
        fields.push(("number_of_staff".into(), "0".into()));
        let refused = post(fields).await;
        assert_eq!(refused.status(), 400, "{path}");
        let page = refused.text().await.unwrap();
        assert!(page.contains("Ensure this value is greater than or equal to 1."), "{path}: the field's message");
        assert!(page.contains("Harbour Hotels"), "{path}: what was typed comes back");
        assert_eq!(app.get(path).await.status(), 200, "{path}: the page itself still answers GET");
    }
    let stored = entity::recruitment_request::Entity::find().all(&app.site.db).await.unwrap();
    assert_eq!(stored.len(), 2, "one request from each page, none from the refused posts");
}
on_both_databases!(the_recruitment_pages_answer_their_own_form_without_javascript);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recruitment_requests_are_limited_per_client() {
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.limits.recruitment_per_hour = 2).await;
    for _ in 0..2 {
        assert_eq!(app.call(Method::POST, "/api/send-recruitment/", Some(recruitment()), None).await.0, 201);
    }
    assert_eq!(app.call(Method::POST, "/api/send-recruitment/", Some(recruitment()), None).await.0, 429);
}

pub fn seeker_form(email: &str, alerts: bool) -> Form {
    seeker_form_with_cv(email, alerts, PDF)
}

pub fn seeker_form_with_cv(email: &str, alerts: bool, cv: &[u8]) -> Form {
    Form::new()
        .text("full_name", "Sam Carter")
        .text("email", email.to_string())
        .text("phone_number", "07700 900456")
        .text("roles", "care assistant\nsupport worker")
        .text("locations", "Harrogate")
        .text("employment_types", "full_time,part_time")
        .text("job_alerts", alerts.to_string())
        .part("cv", file(cv, "cv.pdf"))
}

async fn job_seekers_confirm_alerts_get_matches_daily_and_unsubscribe(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let (status, registered) = post_form(app, "/api/job-seekers/", seeker_form("sam@example.co.uk", true), None).await;
    assert_eq!(status, 201, "{registered}");
    let id = registered["id"].as_i64().unwrap() as i32;
    let seeker = || async { entity::job_seeker::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap() };
    assert_eq!(seeker().await.alerts, JobAlerts::Unconfirmed, "no alerts before the address is confirmed");
    let welcome = inbox.wait_for_containing("sam@example.co.uk", "You are registered", 10).await;
    let confirm = link_in(&welcome, &format!("{}/job-alerts/confirm?", app.base));

    let poster = app.member("Priya Shah").await;
    let matching = post_job(app, &poster, "Care Assistant").await;
    assert_eq!(server::job_seekers::alerts::send_due(&app.state, Utc::now()).await.unwrap(), 0, "unconfirmed: nothing sent");

    assert_eq!(app.get(&format!("{}0", confirm.trim_start_matches(&app.base))).await.status(), 400, "a changed link does nothing");
    assert_eq!(seeker().await.alerts, JobAlerts::Unconfirmed);
    let (status, page) = app.text(confirm.trim_start_matches(&app.base)).await;
    assert_eq!(status, 200);
    assert!(page.contains("Job alerts are on"));
    assert_eq!(seeker().await.alerts, JobAlerts::On);

    // Jobs posted since registering that match one of the roles, the town and the kind.
    post_job(app, &poster, "Office Cleaner").await;
    // The server's own periodic round, started with it, may have been first on a busy machine:
    // between the two, the alert goes out once.
    server::job_seekers::alerts::send_due(&app.state, Utc::now()).await.unwrap();
    let alert = inbox.wait_for_containing("sam@example.co.uk", "New job", 10).await;
    assert_eq!(server::job_seekers::alerts::send_due(&app.state, Utc::now()).await.unwrap(), 0, "sent once");
    assert_eq!(inbox.count_containing("sam@example.co.uk", "New job").await, 1);
    assert!(alert.contains(&format!("/apply?id={}", matching["id"])), "{alert}");
    assert!(!alert.contains("Office Cleaner"), "only matching jobs");
    let header = alert.lines().find_map(|line| line.strip_prefix("List-Unsubscribe: <")).expect("a List-Unsubscribe header");
    let unsubscribe = header.trim_end_matches('>').to_string();
    assert!(alert.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
    assert!(alert.contains(&format!("one click: {unsubscribe}")), "the link is in the mail too");

    // At most one a day.
    post_job(app, &poster, "Senior Care Assistant").await;
    assert_eq!(server::job_seekers::alerts::send_due(&app.state, Utc::now()).await.unwrap(), 0);
    assert_eq!(server::job_seekers::alerts::send_due(&app.state, Utc::now() + Duration::days(1)).await.unwrap(), 1);

    // One click, no sign-in.
    let (status, page) = app.text(unsubscribe.trim_start_matches(&app.base)).await;
    assert_eq!(status, 200);
    assert!(page.contains("You are unsubscribed"));
    assert_eq!(seeker().await.alerts, JobAlerts::Off);
    // The mail client's one-click POST (RFC 8058) works too.
    let mut again = seeker().await.into_active_model();
    again.alerts = Set(JobAlerts::On);
    again.update(&app.site.db).await.unwrap();
    let response = app.client.post(&unsubscribe).form(&[("List-Unsubscribe", "One-Click")]).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(seeker().await.alerts, JobAlerts::Off);

    // Bad registrations name their fields; without alerts there is nothing to confirm.
    let bad = Form::new().text("full_name", "Sam").text("email", "sam@").text("phone_number", "1").text("roles", " ").text("employment_types", "weekends");
    let (status, body) = post_form(app, "/api/job-seekers/", bad, None).await;
    assert_eq!(status, 400);
    for field in ["email", "phone_number", "roles", "employment_types", "cv"] {
        assert!(body[field].is_array(), "{field} is named: {body}");
    }
    let (status, quiet) = post_form(app, "/api/job-seekers/", seeker_form("quiet@example.co.uk", false), None).await;
    assert_eq!(status, 201);
    let stored = entity::job_seeker::Entity::find_by_id(quiet["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(stored.alerts, JobAlerts::Off);
}
on_both_databases!(backend job_seekers_confirm_alerts_get_matches_daily_and_unsubscribe);

/// A PDF of `bytes` bytes.
fn pdf_of(bytes: usize) -> Vec<u8> {
    let mut pdf = PDF.to_vec();
    pdf.resize(bytes, b' ');
    pdf
}

/// Every upload route takes a document up to `UPLOAD_MAX_MIB` (the documented 5 MiB), beyond
/// axum's 2 MB default, and refuses one past it with the contract's 413; the setting moves the
/// limit on every route at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_upload_route_takes_documents_up_to_the_configured_size() {
    const MIB: usize = 1024 * 1024;
    async fn uploads(app: &TestApp, document: &[u8]) -> Vec<(&'static str, u16, Value)> {
        let poster = app.member("Priya Shah").await;
        let applicant = app.member("Amelia Hughes").await;
        let job = post_job(app, &poster, "Care assistant").await;
        let attachment = job_form("Senior carer").part("attachment", file(document, "pack.pdf"));
        let application = Form::new()
            .text("job", job["id"].to_string())
            .text("full_name", "Amelia Hughes")
            .text("email", applicant.user.email.clone())
            .text("phone_number", "07700 900123")
            .part("resume", file(document, "cv.pdf"));
        let seeker = seeker_form_with_cv("sam.carter@example.co.uk", false, document);
        let profile = Form::new().part("passport", file(document, "passport.pdf"));
        let mut answers = Vec::new();
        for (route, path, form, token) in [
            ("job post", "/api/service/jobs/", attachment, Some(&poster.token)),
            ("job application", "/api/job-apply/", application, Some(&applicant.token)),
            ("job seeker", "/api/job-seekers/", seeker, None),
        ] {
            let (status, body) = post_form(app, path, form, token.map(String::as_str)).await;
            answers.push((route, status, body));
        }
        let (status, body) = common::send(app.client.patch(format!("{}/api/auth/profile/", app.base)).multipart(profile), Some(&applicant.token)).await;
        answers.push(("profile", status, body));
        answers
    }

    let app = TestApp::spawn(common::Backend::Sqlite).await;
    for (route, status, body) in uploads(&app, &pdf_of(3 * MIB)).await {
        assert!(status == 200 || status == 201, "a 3 MB document on the {route} route: {status} {body}");
    }
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    for (route, status, body) in uploads(&app, &pdf_of(5 * MIB + 1)).await {
        assert_eq!(status, 413, "just over 5 MiB on the {route} route: {body}");
        assert!(body["message"].as_str().unwrap().contains("at most 5 MiB"), "{route}: {body}");
    }
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.limits.document_bytes = MIB).await;
    for (route, status, body) in uploads(&app, &pdf_of(MIB + MIB / 2)).await {
        assert_eq!(status, 413, "UPLOAD_MAX_MIB=1 holds on the {route} route: {body}");
        assert!(body["message"].as_str().unwrap().contains("at most 1 MiB"), "{route}: {body}");
    }
}
