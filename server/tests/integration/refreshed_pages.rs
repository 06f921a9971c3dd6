//! Each kind of kept page is refreshed by a write that changes what it shows: the service's
//! page, a category's list, a job's page, a provider's profile and the home page.

use crate::admin::{staff_call, staff_member};
use crate::common::{self, Backend, TestApp};
use crate::jobs::post_job;
use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::json;

async fn a_service_renamed_by_staff_shows_on_its_page_and_its_category_list(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let (_, all) = app.json("/services/_payload.json").await;
    let slug = all["data"]["services"][0]["category"]["slug"].as_str().unwrap().to_string();
    let (_, listed) = app.json(&format!("/services/_payload.json?category={slug}")).await;
    let id = listed["data"]["services"][0]["id"].as_i64().unwrap();
    let rename = |title: &'static str| {
        let (app, staff) = (&app, &staff);
        async move {
            let (status, saved) = staff_call(app, staff, Method::PATCH, &format!("/api/admin/services/{id}/"), Some(json!({"title": title}))).await;
            assert_eq!(status, 200, "{saved}");
        }
    };
    app.assert_refreshed_by(&format!("/services/details?id={id}"), "Spotless oven cleaning", rename("Spotless oven cleaning")).await;
    app.assert_refreshed_by(&format!("/services?category={slug}"), "Gleaming oven cleaning", rename("Gleaming oven cleaning")).await;
}
on_both_databases!(backend a_service_renamed_by_staff_shows_on_its_page_and_its_category_list);

async fn a_job_posted_shows_on_the_home_page_and_a_job_removed_on_its_page(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let poster = app.member("Pat Poster").await;
    let mut job = None;
    app.assert_refreshed_by("/", "Night care assistant", async { job = Some(post_job(&app, &poster, "Night care assistant").await) }).await;
    let id = job.unwrap()["id"].as_i64().unwrap();
    app.assert_refreshed_by(&format!("/apply?id={id}"), "This job advert has been taken down", async {
        let (status, body) = app.call(Method::DELETE, &format!("/api/service/jobs/{id}/"), None, Some(&poster.token)).await;
        assert!(status < 300, "{status} {body}");
    })
    .await;
}
on_both_databases!(backend a_job_posted_shows_on_the_home_page_and_a_job_removed_on_its_page);

async fn a_provider_renamed_shows_on_their_profile(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let provider = crate::messages::provider(&app, "Sam Provider").await;
    app.assert_refreshed_by(&format!("/providers/profile?id={}", provider.user.id), "Zephyrine", async {
        let renamed = Form::new().text("full_name", "Zephyrine Provider");
        let (status, body) = common::send(app.client.patch(format!("{}/api/auth/profile/", app.base)).multipart(renamed), Some(&provider.token)).await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}
on_both_databases!(backend a_provider_renamed_shows_on_their_profile);
