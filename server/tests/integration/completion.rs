//! Closing the loop on a job, on both databases: the provider who took it marks it done once it
//! has started (with notes and photos on its thread), or staff do; it is then locked; its
//! customer is invited once to review it, from a signed form that leaves a review naming the
//! booking or updates their review of the service; the job's provider answers that review once,
//! staff hide and restore the answer; and the provider's public profile shows their work and
//! nothing private.

use crate::admin::{staff_call, staff_member};
use crate::common::{self, SignedIn, TestApp, link_in, uk_date};
use crate::jobs::post_form;
use crate::messages::{located_jpeg, located_png, provider, taken_booking, thread};
use crate::scheduling::titles;
use chrono::{Duration, Utc};
use reqwest::Method;
use reqwest::header::ORIGIN;
use reqwest::multipart::{Form, Part};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, IntoActiveModel};
use serde_json::{Value, json};

/// Moves booking `id` back so that it started an hour ago, as if the day had come.
async fn started(app: &TestApp, id: i64) {
    let row = entity::booking::Entity::find_by_id(id as i32).one(&app.site.db).await.unwrap().unwrap();
    let mut row = row.into_active_model();
    row.starts_at = Set(Some(Utc::now() - Duration::hours(1)));
    row.ends_at = Set(Some(Utc::now()));
    row.update(&app.site.db).await.unwrap();
}

async fn complete(app: &TestApp, id: i64, who: &SignedIn, form: Form) -> (u16, Value) {
    post_form(app, &format!("/api/schedule/jobs/{id}/complete/"), form, Some(&who.token)).await
}

/// A completion without notes or photos.
fn nothing() -> Form {
    Form::new().text("notes", "")
}

fn photo(form: Form, bytes: Vec<u8>, name: &str) -> Form {
    form.part("photo", Part::bytes(bytes).file_name(name.to_string()))
}

async fn status_of(app: &TestApp, id: i64, customer: &SignedIn) -> Value {
    let (status, booking) = app.call(Method::GET, &format!("/api/service/booking/{id}/"), None, Some(&customer.token)).await;
    assert_eq!(status, 200, "{booking}");
    booking
}

async fn invitations(app: &TestApp, member: &SignedIn) -> usize {
    titles(app, member).await.iter().filter(|title| *title == "How did it go?").count()
}

on_both_databases!(backend the_provider_marks_a_started_job_done_and_it_is_then_locked);
async fn the_provider_marks_a_started_job_done_and_it_is_then_locked(backend: common::Backend) {
    let app = TestApp::spawn_with(backend, |config| config.limits.document_bytes = 64 * 1024).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let stranger = app.member("Sam Jones").await;
    let booking = taken_booking(app, &customer, &priya).await;

    let (status, refused) = complete(app, booking, &priya, nothing()).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("You can mark a job done once it has started.")), "{refused}");
    started(app, booking).await;
    assert_eq!(complete(app, booking, &stranger, nothing()).await.0, 404, "not a job of theirs");
    assert_eq!(complete(app, booking, &customer, nothing()).await.0, 404, "the customer does not mark it done");
    let three = photo(photo(photo(nothing(), located_png(), "a.png"), located_jpeg(), "b.jpg"), located_png(), "c.png");
    let (status, refused) = complete(app, booking, &priya, three).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["photo"][0], "Send at most 2 files.");
    assert_eq!(status_of(app, booking, &customer).await["status"], "Confirmed", "a refused completion changes nothing");

    // Sent twice at once (a double tap): one marks it done, the other finds it done or changing.
    let report = || {
        let notes = Form::new().text("notes", "Oven and windows done; the spare key is under the mat.");
        photo(photo(notes, located_jpeg(), "before.jpg"), located_png(), "after.png")
    };
    let (first, second) = tokio::join!(complete(app, booking, &priya, report()), complete(app, booking, &priya, report()));
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert!(statuses == [204, 400] || statuses == [204, 409], "{first:?} {second:?}");
    assert_eq!(status_of(app, booking, &customer).await["status"], "Completed");

    // The notes and photos are on the booking's thread, without where the photos were taken.
    let (_, messages) = thread(app, booking, &customer).await;
    let messages = messages["results"].as_array().unwrap();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert_eq!(messages[0]["body"], "I have marked the job done.\n\nOven and windows done; the spare key is under the mat.");
    assert_eq!(messages[0]["author_role"], "provider");
    for message in messages {
        let stored = app.client.get(message["photo"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
        assert!(!stored.windows(3).any(|w| w == b"GPS"), "where it was taken is gone");
    }

    // Done is done: not again, not cancelled, moved or handed back.
    let (status, again) = complete(app, booking, &priya, nothing()).await;
    assert_eq!((status, again["message"].as_str()), (400, Some("Only a confirmed booking can be marked completed; this one is completed.")));
    let (status, kept) = app.call(Method::DELETE, &format!("/api/service/booking/{booking}/"), None, Some(&customer.token)).await;
    assert_eq!((status, kept["message"].as_str()), (400, Some("A completed booking cannot be cancelled.")), "{kept}");
    let moved = json!({"date": uk_date(12), "time": "10:00"});
    let (status, kept) = app.call(Method::POST, &format!("/api/service/booking/{booking}/reschedule/"), Some(moved), Some(&customer.token)).await;
    assert_eq!(status, 400, "{kept}");
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/jobs/{booking}/hand-back/"), None, Some(&priya.token)).await.0, 400);
    assert_eq!(status_of(app, booking, &customer).await["status"], "Completed");
    assert_eq!(invitations(app, &customer).await, 1, "invited once");

    // Staff mark a job done for its provider: audited, and its customer invited once too.
    let staff = staff_member(app).await;
    let other = taken_booking(app, &customer, &priya).await;
    let action = format!("/api/admin/bookings/{other}/action/");
    let (status, row) = staff_call(app, &staff, Method::POST, &action, Some(json!({"action": "complete"}))).await;
    assert_eq!((status, row["status"].as_str()), (200, Some("Completed")), "{row}");
    assert_eq!(staff_call(app, &staff, Method::POST, &action, Some(json!({"action": "complete"}))).await.0, 400, "not twice");
    assert_eq!(invitations(app, &customer).await, 2, "one invitation per completed booking");
    let (_, audit) = staff_call(app, &staff, Method::GET, "/api/admin/audit/?page_size=100", None).await;
    assert!(audit["results"].as_array().unwrap().iter().any(|entry| entry["action"] == "booking.complete" && entry["subject_id"] == other), "{audit}");
}

/// Booking `id` marked done by `provider`, and the link of its customer's invitation.
async fn done_and_invited(app: &TestApp, inbox: &common::smtp::Inbox, id: i64, provider: &SignedIn, customer: &SignedIn) -> String {
    started(app, id).await;
    assert_eq!(complete(app, id, provider, nothing()).await.0, 204);
    link_in(&invitation(inbox, id, customer).await, &format!("{}/reviews/write?", app.base))
}

/// The mail inviting `customer` to review booking `id`.
async fn invitation(inbox: &common::smtp::Inbox, id: i64, customer: &SignedIn) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let mail = inbox.wait_for_containing(&customer.user.email, "How did it go?", 10).await;
        if mail.contains(&format!("booking={id}&")) {
            return mail;
        }
        assert!(std::time::Instant::now() < deadline, "no invitation to review booking {id}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Sends the invitation's form at `link`; once saved, the page it redirects to (post, redirect, get).
async fn send_review(app: &TestApp, link: &str, form: &[(&str, &str)]) -> (u16, String) {
    let sent = app.client.post(link).header(ORIGIN, &app.base).form(form).send().await.unwrap();
    if sent.status() != 303 {
        return (sent.status().as_u16(), sent.text().await.unwrap());
    }
    let to = sent.headers().get(reqwest::header::LOCATION).unwrap().to_str().unwrap().to_owned();
    assert_eq!(to, format!("{}&saved=1", &link[app.base.len()..]), "back to the page it was sent from");
    let (status, page) = app.text(&to).await;
    (status, page)
}

/// The reviews of `service` by Amelia H. (the demo data has others).
async fn reviews_of(app: &TestApp, service: i32) -> Vec<Value> {
    let (status, reviews) = app.json(&format!("/api/reviews/?service={service}&page_size=100")).await;
    assert_eq!(status, 200, "{reviews}");
    reviews["results"].as_array().unwrap().iter().filter(|review| review["user_name"] == "Amelia H.").cloned().collect()
}

on_both_databases!(backend an_invitation_leaves_the_one_review_naming_its_booking_or_updates_it);
async fn an_invitation_leaves_the_one_review_naming_its_booking_or_updates_it(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let service = crate::scheduling::service(app, "tenancy-checkout-clean").await.id;
    let first = taken_booking(app, &customer, &priya).await;
    let link = done_and_invited(app, &inbox, first, &priya, &customer).await;

    let (status, form) = app.text(&link[app.base.len()..]).await;
    assert_eq!(status, 200);
    assert!(form.contains("How did it go?") && form.contains(r#"name="rating""#) && form.contains("Priya"), "{form}");
    let forged = link.replace("signature=", "signature=00");
    assert_eq!(app.client.get(&forged).send().await.unwrap().status(), 404, "a link that is not ours opens nothing");
    let (status, refused) = send_review(app, &link, &[("review", "Lovely")]).await;
    assert!(status == 400 && refused.contains("Rating &amp; review are required."), "{status} {refused}");
    let elsewhere = app.client.post(&link).header(ORIGIN, "https://elsewhere.example").form(&[("rating", "5"), ("review", "Hi")]).send().await.unwrap();
    assert_eq!(elsewhere.status(), 403, "another site cannot post it");
    assert!(reviews_of(app, service).await.is_empty(), "nothing refused was kept");

    let (status, thanks) = send_review(app, &link, &[("rating", "4"), ("review", "Thorough and on time.")]).await;
    assert!(status == 200 && thanks.contains("Review Submitted successfully."), "{status} {thanks}");
    let reviews = reviews_of(app, service).await;
    assert_eq!(reviews.len(), 1);
    assert_eq!((reviews[0]["review"].as_str(), reviews[0]["verified_booking"].as_bool()), (Some("Thorough and on time."), Some(true)));
    let named = entity::review::Entity::find_by_id(reviews[0]["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(named.booking_id, Some(first as i32), "the review names its booking");
    let (status, refused) =
        app.call(Method::POST, "/api/reviews/", Some(json!({"service": service, "rating": 5, "review": "Again!"})), Some(&customer.token)).await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("You have already reviewed this service.")));

    // A second booking of the service: its invitation updates the one review, which then names it.
    let second = taken_booking(app, &customer, &priya).await;
    let link = done_and_invited(app, &inbox, second, &priya, &customer).await;
    let mail = invitation(&inbox, second, &customer).await;
    assert!(mail.contains("you can update your review"), "{mail}");
    let (_, form) = app.text(&link[app.base.len()..]).await;
    assert!(form.contains("Update your review") && form.contains("Thorough and on time."), "the form holds the earlier review");
    let (status, _) = send_review(app, &link, &[("rating", "5"), ("review", "Even better the second time.")]).await;
    assert_eq!(status, 200);
    let reviews = reviews_of(app, service).await;
    assert_eq!(reviews.len(), 1, "one review per member and service");
    assert_eq!((reviews[0]["rating"].as_i64(), reviews[0]["review"].as_str()), (Some(5), Some("Even better the second time.")));
    let named = entity::review::Entity::find_by_id(reviews[0]["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(named.booking_id, Some(second as i32));
    assert_eq!(invitations(app, &customer).await, 2, "exactly one invitation per completed booking");
    let (_, page) = app.text(&format!("/services/details?id={service}")).await;
    assert!(page.contains("Even better the second time.") && page.contains("Verified booking"), "the service's page shows it at once");
}

async fn answer(app: &TestApp, review: i64, who: &SignedIn, text: &str) -> (u16, Value) {
    app.call(Method::POST, &format!("/api/reviews/{review}/answer/"), Some(json!({"answer": text})), Some(&who.token)).await
}

on_both_databases!(backend only_the_jobs_provider_answers_its_review_once_and_staff_moderate_it);
async fn only_the_jobs_provider_answers_its_review_once_and_staff_moderate_it(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let omar = provider(app, "Omar Khan").await;
    let customer = app.member("Amelia Hughes").await;
    let service = crate::scheduling::service(app, "tenancy-checkout-clean").await.id;
    let booking = taken_booking(app, &customer, &priya).await;
    let link = done_and_invited(app, &inbox, booking, &priya, &customer).await;
    assert_eq!(send_review(app, &link, &[("rating", "2"), ("review", "Late, but thorough.")]).await.0, 200);
    let review = reviews_of(app, service).await[0]["id"].as_i64().unwrap();
    assert!(titles(app, &priya).await.contains(&"New review of your job".to_string()));

    let (status, refused) = answer(app, review, &omar, "Not me!").await;
    assert_eq!((status, refused["message"].as_str()), (403, Some("Only the provider who did the job a review is about can answer it.")));
    assert_eq!(answer(app, review, &customer, "Me again").await.0, 403);
    assert_eq!(answer(app, review, &priya, "").await.0, 400);
    // Two answers at once (a double tap): one is kept, the other refused.
    let (first, second) = tokio::join!(
        answer(app, review, &priya, "Sorry for the delay: the traffic on the A61."),
        answer(app, review, &priya, "Sorry for the delay: the traffic on the A61.")
    );
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 400], "{first:?} {second:?}");
    let answered = if first.0 == 201 { first.1 } else { second.1 };
    assert_eq!(answered["answer"]["by"], "Priya");
    let (status, refused) = answer(app, review, &priya, "And another thing").await;
    assert_eq!((status, refused["message"].as_str()), (400, Some("You have already answered this review.")), "once");
    assert_eq!(reviews_of(app, service).await[0]["answer"]["answer"], "Sorry for the delay: the traffic on the A61.");
    assert!(titles(app, &customer).await.contains(&"Your review was answered".to_string()));
    let (_, jobs) = app.call(Method::GET, "/api/schedule/jobs/?when=past", None, Some(&priya.token)).await;
    let job = jobs["results"].as_array().unwrap().iter().find(|job| job["id"] == booking).expect("on her past jobs");
    assert_eq!((job["review"]["id"].as_i64(), job["review"]["answer"].as_str()), (Some(review), Some("Sorry for the delay: the traffic on the A61.")));

    let staff = staff_member(app).await;
    let moderation = format!("/api/admin/reviews/{review}/answer/moderation/");
    let moderate = |body: Value| staff_call(app, &staff, Method::POST, &moderation, Some(body));
    assert_eq!(moderate(json!({"action": "hide"})).await.0, 400, "hiding needs a reason");
    let (_, page) = app.text(&format!("/services/details?id={service}")).await;
    assert!(page.contains("traffic on the A61"), "the service's page shows the answer under its review");
    let (status, row) = moderate(json!({"action": "hide", "reason": "Names a road near the customer's home."})).await;
    assert_eq!((status, row["answer"]["hidden"].as_bool()), (200, Some(true)), "{row}");
    assert!(reviews_of(app, service).await[0]["answer"].is_null(), "a hidden answer leaves the review");
    let (_, page) = app.text(&format!("/services/details?id={service}")).await;
    assert!(!page.contains("traffic on the A61"), "and the service's page");
    assert_eq!(moderate(json!({"action": "hide", "reason": "Again"})).await.0, 400);
    assert_eq!(moderate(json!({"action": "restore"})).await.0, 200);
    assert_eq!(reviews_of(app, service).await[0]["answer"]["by"], "Priya");

    // The back office's page shows the answer under its review, with its own Hide.
    use reqwest::header::COOKIE;
    let page = app.client.get(format!("{}/admin/reviews?show=All", app.base)).header(COOKIE, &staff.cookie).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Answered by Priya Shah") && page.contains("Hide answer"), "{page}");
    let hidden = app
        .client
        .post(format!("{}/admin/reviews/{review}/answer-hide", app.base))
        .header(COOKIE, &staff.cookie)
        .header(ORIGIN, &app.base)
        .form(&[("reason", "Off topic.")])
        .send()
        .await
        .unwrap();
    let to = hidden.headers().get(reqwest::header::LOCATION).and_then(|to| to.to_str().ok()).unwrap_or_default().to_owned();
    assert_eq!((hidden.status().as_u16(), to.as_str()), (303, "/admin/reviews?done=answer-hidden"));
    let done = app.client.get(format!("{}{to}", app.base)).header(COOKIE, &staff.cookie).send().await.unwrap().text().await.unwrap();
    assert!(done.contains("Answer hidden: it has left the review it answered."), "{done}");
    assert!(reviews_of(app, service).await[0]["answer"].is_null());
    assert_eq!(moderate(json!({"action": "restore"})).await.0, 200);
    let (_, audit) = staff_call(app, &staff, Method::GET, "/api/admin/audit/?page_size=100", None).await;
    let actions: Vec<&str> = audit["results"].as_array().unwrap().iter().filter_map(|entry| entry["action"].as_str()).collect();
    assert!(actions.contains(&"review_answer.hide") && actions.contains(&"review_answer.restore"), "{actions:?}");

    // A review staff hide cannot be answered.
    let hide = json!({"action": "hide", "reason": "Test"});
    assert_eq!(staff_call(app, &staff, Method::POST, &format!("/api/admin/reviews/{review}/moderation/"), Some(hide)).await.0, 200);
    assert_eq!(answer(app, review, &priya, "Hello?").await.0, 404);
}

on_both_databases!(backend a_providers_profile_shows_their_work_and_nothing_private);
async fn a_providers_profile_shows_their_work_and_nothing_private(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let service = crate::scheduling::service(app, "tenancy-checkout-clean").await.id;
    let picture = Form::new().part("profile_picture", Part::bytes(located_jpeg()).file_name("me.jpg"));
    let request = app.client.patch(format!("{}/api/auth/profile/", app.base)).multipart(picture);
    assert_eq!(common::send(request, Some(&priya.token)).await.0, 200);
    let profile_path = format!("/providers/profile?id={}", priya.user.id);

    let (status, page) = app.text(&profile_path).await;
    assert_eq!(status, 200);
    assert!(page.contains("Priya, provider") && page.contains("Ten years of it.") && page.contains("LS1 (up to 10 miles)"), "{page}");
    assert!(page.contains("No reviews of their jobs yet.") && page.contains(r#""@type":"BreadcrumbList""#));
    let photo = link_in(&page, "/providers/photo?").replace("&amp;", "&");
    let served = app.client.get(format!("{}{photo}", app.base)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["cache-control"], "public, max-age=3600", "a closed account's photo leaves shared caches within the hour");
    let served = served.bytes().await.unwrap();
    assert!(served.starts_with(&[0xFF, 0xD8]) && !served.windows(3).any(|w| w == b"GPS"), "the photo without where it was taken");
    assert!(app.sitemap().await.contains(&profile_path), "in the sitemap");
    let (_, service_page) = app.text(&format!("/services/details?id={service}")).await;
    assert!(service_page.contains(&format!(r#"<a href="{profile_path}">Priya</a>"#)), "the service's page links to her profile");

    // Her work shows on it once reviewed and answered: the kept page is dropped each time.
    let booking = taken_booking(app, &customer, &priya).await;
    let coming = status_of(app, booking, &customer).await;
    assert_eq!(coming["provider"]["profile"], profile_path, "the booking links to who is coming");
    let link = done_and_invited(app, &inbox, booking, &priya, &customer).await;
    let (_, page) = app.text(&profile_path).await;
    assert!(page.contains("1 job") && page.contains("No reviews of their jobs yet."), "the job counts at once: {page}");
    assert_eq!(send_review(app, &link, &[("rating", "5"), ("review", "Spotless, and the oven too.")]).await.0, 200);
    let (_, page) = app.text(&profile_path).await;
    assert!(page.contains("Spotless, and the oven too.") && page.contains("Verified booking") && page.contains("Rated 5.0 out of 5"), "{page}");
    let review = reviews_of(app, service).await[0]["id"].as_i64().unwrap();
    assert_eq!(answer(app, review, &priya, "Thank you, Amelia!").await.0, 201);
    let (_, page) = app.text(&profile_path).await;
    assert!(page.contains("Thank you, Amelia!") && page.contains("Amelia H."), "{page}");
    // Sent again from the same invitation, the review keeps its answer.
    assert_eq!(send_review(app, &link, &[("rating", "5"), ("review", "Spotless, and the oven too!")]).await.0, 200);
    let (_, page) = app.text(&profile_path).await;
    assert!(page.contains("Spotless, and the oven too!") && page.contains("Thank you, Amelia!"), "{page}");
    for private in ["Shah", &priya.user.email, "Hughes", &customer.user.email, "1 Park Row", "LS6 2AB", "/files/"] {
        assert!(!page.contains(private), "{private} is not on her public profile");
    }

    // The reviewer's account erased, her review stays under "Former member".
    let erased = entity::user::Entity::find_by_id(customer.user.id).one(&app.site.db).await.unwrap().unwrap();
    server::data_rights::erasure::erase(&app.state, &erased, server::data_rights::erasure::ErasedBy::Member).await.unwrap();
    let (_, page) = app.text(&profile_path).await;
    assert!(page.contains("Former member") && !page.contains("Amelia H."), "{page}");

    // Deactivated by staff, she has no profile until reactivated.
    let staff = staff_member(app).await;
    let account = format!("/api/admin/members/{}/action/", priya.user.id);
    assert_eq!(staff_call(app, &staff, Method::POST, &account, Some(json!({"action": "deactivate"}))).await.0, 200);
    assert_eq!(app.text(&profile_path).await.0, 404);
    assert_eq!(staff_call(app, &staff, Method::POST, &account, Some(json!({"action": "reactivate"}))).await.0, 200);
    assert_eq!(app.text(&profile_path).await.0, 200);

    // Not a provider, or no longer: no profile.
    assert_eq!(app.text(&format!("/providers/profile?id={}", customer.user.id)).await.0, 404);
    assert_eq!(app.client.get(format!("{}/providers/photo?id={}", app.base, customer.user.id)).send().await.unwrap().status(), 404);
    // Signed in afresh: deactivation ended her sessions.
    let priya = SignedIn { token: app.state.tokens.issue(&app.site.db, priya.user.id, None).await.unwrap().access, user: priya.user };
    let (_, applications) = app.call(Method::GET, "/api/service/providers/", None, Some(&priya.token)).await;
    let application = applications["results"][0]["id"].as_i64().unwrap();
    assert_eq!(app.call(Method::DELETE, &format!("/api/service/providers/{application}/"), None, Some(&priya.token)).await.0, 204);
    assert_eq!(app.text(&profile_path).await.0, 404, "her profile goes with her last approval");
}

on_both_databases!(backend an_invitation_neither_rewrites_a_hidden_review_nor_retells_an_unchanged_one);
async fn an_invitation_neither_rewrites_a_hidden_review_nor_retells_an_unchanged_one(backend: common::Backend) {
    let (app, inbox) = TestApp::with_mail(backend).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Amelia Hughes").await;
    let service = crate::scheduling::service(app, "tenancy-checkout-clean").await.id;
    let booking = taken_booking(app, &customer, &priya).await;
    let link = done_and_invited(app, &inbox, booking, &priya, &customer).await;
    let told = || async { titles(app, &priya).await.iter().filter(|title| title.starts_with("New review")).count() };
    assert_eq!(send_review(app, &link, &[("rating", "4"), ("review", "Thorough and on time.")]).await.0, 200);
    assert_eq!(told().await, 1);

    // Sent again unchanged (a reload, a second press): nobody is told again.
    assert_eq!(send_review(app, &link, &[("rating", "4"), ("review", "Thorough and on time.")]).await.0, 200);
    assert_eq!(told().await, 1, "an unchanged review tells nobody");

    // Staff take it down: the invitation can no longer write it again.
    let review = reviews_of(app, service).await[0]["id"].as_i64().unwrap();
    let staff = staff_member(app).await;
    let hide = json!({"action": "hide", "reason": "Names a member of staff"});
    assert_eq!(staff_call(app, &staff, Method::POST, &format!("/api/admin/reviews/{review}/moderation/"), Some(hide)).await.0, 200);
    let (status, page) = app.text(&link[app.base.len()..]).await;
    assert!(status == 403 && page.contains("This review was taken down") && !page.contains(r#"name="rating""#), "{status} {page}");
    let (status, page) = send_review(app, &link, &[("rating", "1"), ("review", "Rewritten after it was hidden.")]).await;
    assert!(status == 403 && page.contains("This review was taken down"), "{status} {page}");
    let kept = entity::review::Entity::find_by_id(review as i32).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!((kept.rating, kept.review.as_str(), kept.hidden_at.is_some()), (4, "Thorough and on time.", true));
    assert_eq!(told().await, 1, "the providers are not mailed again");
}
