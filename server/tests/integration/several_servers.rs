//! Two servers on one PostgreSQL database, as behind a load balancer: a change through one
//! shows on the other's pages and API answers within a second, each mail goes out once, rate limits hold
//! across both, and a periodic task runs on one server at a time, once per interval.

use crate::admin::{staff_call, staff_member};
use crate::common::{self, TestApp, smtp};
use crate::jobs::post_job;
use crate::near::{service_id, services_with_areas};
use reqwest::Method;
use sea_orm::EntityTrait;
use serde_json::json;
use server::platform::change::Change;
use server::platform::mail::outbox::Mail;
use server::platform::periodic::{claim_round, run_round};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

async fn two_servers(customize: impl Fn(&mut server::config::Config) + Copy) -> (TestApp, TestApp) {
    let first = TestApp::spawn_with(common::Backend::Postgres, customize).await;
    let second = TestApp::spawn_beside(&first, customize).await;
    // The second server's listener connects in the background (and clears its cache when it
    // does): only from then on does it hear of changes.
    second.site.listening.subscribe().wait_for(|listening| *listening).await.unwrap();
    (first, second)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_through_one_server_shows_on_the_others_pages_and_answers_within_a_second() {
    let (first, second) = two_servers(|_| {}).await;
    let (status, before) = second.text("/jobs").await;
    assert_eq!(status, 200);
    assert!(!before.contains("Night Shift Coordinator"));
    assert!(second.site.cache.contains("/jobs"), "the second server keeps the page");
    let api = "/api/service/jobs/";
    let kept = second.site.answers.found.get();
    for _ in 0..2 {
        assert!(!second.text(api).await.1.contains("Night Shift Coordinator"));
    }
    assert_eq!(second.site.answers.found.get(), kept + 1, "and the API's answer");

    let poster = first.member("Priya Shah").await;
    post_job(&first, &poster, "Night Shift Coordinator").await;
    let posted = Instant::now();
    loop {
        let page = second.text("/jobs").await.1.contains("Night Shift Coordinator");
        let answer = second.text(api).await.1.contains("Night Shift Coordinator");
        if page && answer {
            break;
        }
        assert!(posted.elapsed() < Duration::from_secs(1), "a second later the second server still shows the old page ({page}) or API answer ({answer})");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!("a job posted on one server was on the other's /jobs and {api} after {} ms", posted.elapsed().as_millis());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_moved_through_one_server_is_found_where_it_now_works_on_the_other() {
    let (first, second) = two_servers(|_| {}).await;
    let slug = services_with_areas(&first, &[("Mover", &["Leeds"])]).await;
    let near_york = format!("/api/service/?category__slug={slug}&near=YO1");
    // The second server loads where services work, and finds nothing near York.
    assert_eq!(second.json(&near_york).await.1["count"], 0);

    let id = service_id(&first, &slug, "Mover").await;
    let staff = staff_member(&first).await;
    let (status, _) = staff_call(&first, &staff, Method::PATCH, &format!("/api/admin/services/{id}/"), Some(json!({"areas": ["York"]}))).await;
    assert_eq!(status, 200);
    let moved = Instant::now();
    while second.json(&near_york).await.1["count"] != 1 {
        assert!(moved.elapsed() < Duration::from_secs(1), "a second later the second server still searched where the service worked before");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_mail_goes_out_once_though_both_servers_send() {
    let (url, inbox) = smtp::start().await;
    let (first, second) = two_servers(|config| config.smtp_url = Some(url.clone())).await;
    // Forty mails queued at once, and both senders woken: they claim from the same outbox.
    let addresses: Vec<String> = (0..40).map(|n| format!("person{n}@example.co.uk")).collect();
    let mut change = Change::begin(&first.state).await.unwrap();
    for address in &addresses {
        let mail = Mail {
            to: address.clone(),
            subject: "Your booking".into(),
            text: "See you soon.".into(),
            html: "<p>See you soon.</p>".into(),
            calendar: None,
            unsubscribe: None,
        };
        change.mail(mail).await.unwrap();
    }
    change.commit().await.unwrap();
    second.state.mail_queued.notify_one();
    for address in &addresses {
        inbox.wait_for_containing(address, "Your booking", 20).await;
    }
    // Time for a second copy of any of them to arrive, were one sent.
    tokio::time::sleep(Duration::from_secs(1)).await;
    for address in &addresses {
        assert_eq!(inbox.count_containing(address, "Your booking").await, 1, "{address} got a mail more than once");
    }
    println!("{} mails queued at once, sent by two servers: each arrived once", addresses.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_hold_across_servers() {
    let (first, second) = two_servers(|config| config.limits.register_per_hour = 3).await;
    let register = |n: usize| json!({"full_name": "Amelia Hughes", "email": format!("amelia{n}@example.co.uk"), "phone_number": "07700 900123", "password": "a quiet garden"});
    for (n, server) in [&first, &second, &first].into_iter().enumerate() {
        let (status, body) = server.call(Method::POST, "/api/auth/register/", Some(register(n)), None).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = second.call(Method::POST, "/api/auth/register/", Some(register(3)), None).await;
    assert_eq!(status, 429, "the fourth sign-up from one address in the hour, on the other server: {body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_periodic_job_runs_on_one_server_at_a_time_and_once_per_interval() {
    let (first, second) = two_servers(|_| {}).await;
    // While one server runs a round, the other's is skipped (rounds due at every look).
    let (started, wait_for_start) = tokio::sync::oneshot::channel();
    let (finish, finished) = tokio::sync::oneshot::channel::<()>();
    let holding = Arc::new(Mutex::new(Some((started, finished))));
    let first_state = first.state.clone();
    let running = tokio::spawn(async move {
        let hold = move |_| {
            let held = holding.lock().unwrap().take();
            async move {
                if let Some((started, finished)) = held {
                    started.send(()).unwrap();
                    finished.await.unwrap();
                }
                Ok(())
            }
        };
        run_round(&first_state, "test sweep", Duration::ZERO, &hold).await
    });
    wait_for_start.await.unwrap();
    let quick = |_| async { Ok(()) };
    assert!(!run_round(&second.state, "test sweep", Duration::ZERO, &quick).await.unwrap(), "skipped while the other server runs it");
    assert!(run_round(&second.state, "another job", Duration::ZERO, &quick).await.unwrap(), "other jobs are not held up");
    finish.send(()).unwrap();
    assert!(running.await.unwrap().unwrap());
    assert!(run_round(&second.state, "test sweep", Duration::ZERO, &quick).await.unwrap(), "free again once it is done");

    // A daily task: one round a day, whichever server claims it.
    let day = Duration::from_secs(24 * 3600);
    let now = chrono::Utc::now();
    assert!(claim_round(&first.site.db, "test daily", day, now).await.unwrap());
    assert!(!claim_round(&second.site.db, "test daily", day, now + chrono::Duration::hours(3)).await.unwrap(), "the other server started later the same day");
    assert!(claim_round(&second.site.db, "test daily", day, now + chrono::Duration::hours(24)).await.unwrap(), "the next day's round");

    // The servers' own daily task (document retention) is claimed this way too, at start.
    let deadline = Instant::now() + Duration::from_secs(10);
    let claimed = || async {
        entity::periodic_run::Entity::find_by_id("document retention")
            .one(&first.site.db)
            .await
            .unwrap()
            .is_some_and(|run| run.started_at > now - chrono::Duration::minutes(5))
    };
    while !claimed().await {
        assert!(Instant::now() < deadline, "the retention sweep never claimed its round");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
