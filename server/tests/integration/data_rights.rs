//! A member's data rights: the export holds their data and never another member's; deleting
//! the account erases personal fields and stored documents, ends sign-ins, and keeps bookings,
//! payments and reviews anonymised; staff answer emailed requests, recorded in the audit log;
//! staff deactivate accounts and grant or remove staff rights.

use crate::admin::{staff_call, staff_member};
use crate::common;

use common::{Backend, SignedIn, TestApp, uk_date};
use entity::{booking, payment, user};
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

async fn book_and_pay(app: &TestApp, member: &SignedIn) -> Value {
    let (_, services) = app.json("/api/service/?status=Open&page_size=1").await;
    let body = json!({"service": services["results"][0]["id"], "date": uk_date(7), "time": "14:00", "address_line_1": "5 Rose Lane", "city": "Hull", "postcode": "HU1 1AA", "notes": "Side gate code 4821"});
    let (status, booking) = app.call(Method::POST, "/api/service/booking/", Some(body), Some(&member.token)).await;
    assert_eq!(status, 201, "{booking}");
    let (_, payment) = app.call(Method::POST, "/api/payments/", Some(json!({"booking": booking["id"]})), Some(&member.token)).await;
    let (status, _) =
        app.call(Method::POST, &format!("/api/payments/{}/test-checkout/", payment["id"]), Some(json!({"outcome": "paid"})), Some(&member.token)).await;
    assert_eq!(status, 200);
    booking
}

/// A passport scan in storage, named on the member's account as an upload would.
async fn store_passport(app: &TestApp, member: &SignedIn) -> String {
    let key = app
        .state
        .storage
        .put("passports", server::platform::storage::FileKind::Pdf, bytes::Bytes::from_static(b"%PDF-1.4\n% a passport\n%%EOF\n"))
        .await
        .unwrap();
    user::Entity::update_many()
        .col_expr(user::Column::Passport, sea_orm::sea_query::Expr::value(Some(key.clone())))
        .filter(user::Column::Id.eq(member.user.id))
        .exec(&app.site.db)
        .await
        .unwrap();
    key
}

/// Sets the test member's password, as sign-up would have.
async fn set_password(app: &TestApp, member: &SignedIn, password: &str) {
    let hash = server::platform::passwords::hash_blocking(password.into()).await;
    user::Entity::update_many()
        .col_expr(user::Column::PasswordHash, sea_orm::sea_query::Expr::value(hash))
        .filter(user::Column::Id.eq(member.user.id))
        .exec(&app.site.db)
        .await
        .unwrap();
}

async fn my_data(app: &TestApp, member: &SignedIn) -> (String, Value) {
    let response = app.client.get(format!("{}/api/auth/my-data/", app.base)).bearer_auth(&member.token).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"my-data-"));
    assert_eq!(response.headers()["cache-control"], "no-store");
    let text = response.text().await.unwrap();
    let data = serde_json::from_str(&text).unwrap();
    (text, data)
}

async fn the_export_holds_the_members_data_and_never_anothers(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let member = app.member("Olive Owner").await;
    let other = app.member("Nosy Neighbour").await;
    let passport = store_passport(&app, &member).await;
    let booking = book_and_pay(&app, &member).await;
    let others = book_and_pay(&app, &other).await;
    let (_, services) = app.json("/api/service/?status=Open&page_size=2").await;
    app.call(Method::POST, "/api/bookmarks/", Some(json!({"service": services["results"][1]["id"]})), Some(&member.token)).await;

    // A request another signed-in member sent giving this member's address is not theirs.
    let mut request = crate::jobs::recruitment();
    request["email"] = json!(member.user.email);
    request["contact_name"] = json!("Nosy Neighbour");
    assert_eq!(app.call(Method::POST, "/api/send-recruitment/", Some(request), Some(&other.token)).await.0, 201);

    assert_eq!(app.call(Method::GET, "/api/auth/my-data/", None, None).await.0, 401);
    let (text, data) = my_data(&app, &member).await;
    assert_eq!(data["account"]["email"], member.user.email.as_str());
    let passport_link = data["account"]["passport"].as_str().unwrap();
    assert!(passport_link.contains("signature="), "documents are signed links: {passport_link}");
    let unsigned = passport_link.split('?').next().unwrap().trim_start_matches(&app.base).to_string();
    assert!(unsigned.contains(&passport));
    assert_ne!(app.get(&unsigned).await.status(), 200, "without its signature the link opens nothing");
    assert_eq!(data["bookings"].as_array().unwrap().iter().map(|b| b["id"].clone()).collect::<Vec<_>>(), [booking["id"].clone()]);
    assert_eq!(data["payments"].as_array().unwrap().len(), 1);
    assert_eq!(data["payments"][0]["status"], "Paid");
    assert_eq!(data["bookmarks"].as_array().unwrap().len(), 1);
    assert!(data["notifications"].as_array().unwrap().len() >= 2, "booking received and payment received");
    for section in ["job_posts", "job_applications", "provider_records", "reviews", "recruitment_requests", "talent_registrations"] {
        assert!(data[section].is_array(), "{section}");
    }
    assert!(!text.contains(&other.user.email) && !text.contains("Nosy Neighbour"), "nothing of another member: {text}");
    assert!(data["payments"].as_array().unwrap().iter().all(|p| p["booking"]["id"] == booking["id"] && p["booking"]["id"] != others["id"]));
}
on_both_databases!(backend the_export_holds_the_members_data_and_never_anothers);

async fn deleting_an_account_erases_it_and_keeps_the_accounts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let member = app.member("Della Deleted").await;
    let passport = store_passport(&app, &member).await;
    let booking = book_and_pay(&app, &member).await;
    let service = booking["service"]["id"].as_i64().unwrap_or_else(|| booking["service"].as_i64().unwrap());
    let (status, _) =
        app.call(Method::POST, "/api/reviews/", Some(json!({"service": service, "rating": 4, "review": "Tidy work."})), Some(&member.token)).await;
    assert_eq!(status, 201);
    let paid_before: i64 = payment::Entity::find().all(&app.site.db).await.unwrap().iter().map(|p| p.amount_pence).sum();

    let (status, refused) = app.call(Method::POST, "/api/auth/delete-account/", Some(json!({"password": "wrong"})), Some(&member.token)).await;
    assert_eq!((status, refused["password"][0].as_str()), (400, Some("Your password was entered incorrectly. Please enter it again.")));
    set_password(&app, &member, "a password to confirm").await;
    let (status, done) = app.call(Method::POST, "/api/auth/delete-account/", Some(json!({"password": "a password to confirm"})), Some(&member.token)).await;
    assert_eq!((status, done["message"].as_str()), (200, Some("Your account has been deleted.")));

    assert_eq!(app.call(Method::GET, "/api/auth/profile/", None, Some(&member.token)).await.0, 401, "its sign-ins ended");
    let (status, _) = app.call(Method::POST, "/api/auth/login/", Some(json!({"email": member.user.email, "password": "a password to confirm"})), None).await;
    assert_eq!(status, 401);
    let erased = user::Entity::find_by_id(member.user.id).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!((erased.full_name.as_str(), erased.email.as_str()), ("Former member", format!("erased-{}@erased.invalid", member.user.id).as_str()));
    assert!(erased.phone_number.is_empty() && erased.address_line_1.is_empty() && erased.postcode.is_empty() && erased.passport.is_none() && !erased.is_active);
    assert!(app.state.storage.get(&passport).await.is_err(), "the passport left storage");

    let kept = booking::Entity::find_by_id(booking["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().expect("the booking is kept");
    assert!(kept.address_line_1.is_empty() && kept.postcode.is_empty() && kept.notes.is_empty(), "anonymised");
    assert_eq!(
        (kept.status, kept.payment_status),
        (entity::words::BookingStatus::Cancelled, entity::words::BookingPayment::Refunded),
        "still to come: cancelled, refunded"
    );
    let paid_after: i64 = payment::Entity::find().all(&app.site.db).await.unwrap().iter().map(|p| p.amount_pence).sum();
    assert_eq!(paid_before, paid_after, "the payments still add up");
    let (_, reviews) = app.json(&format!("/api/reviews/?service={service}")).await;
    let names: Vec<&str> = reviews["results"].as_array().unwrap().iter().map(|r| r["user_name"].as_str().unwrap()).collect();
    assert!(names.contains(&"Former member"), "{names:?}");
}
on_both_databases!(backend deleting_an_account_erases_it_and_keeps_the_accounts);

async fn staff_answer_emailed_requests_and_manage_accounts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let member = app.member("Sam Subject").await;
    let passport = store_passport(&app, &member).await;
    let id = member.user.id;

    let (_, found) = staff_call(&app, &staff, Method::GET, "/api/admin/members/?search=sam%20sub", None).await;
    assert_eq!((found["count"].as_u64(), found["results"][0]["id"].as_i64()), (Some(1), Some(id as i64)));

    assert_eq!(staff_call(&app, &staff, Method::GET, &format!("/api/admin/members/{id}/data/"), None).await.0, 400, "the request's date is needed");
    let today = uk_date(0);
    let response = app
        .client
        .get(format!("{}/api/admin/members/{id}/data/?requested_on={today}", app.base))
        .header(reqwest::header::COOKIE, &staff.cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let data: Value = response.json().await.unwrap();
    assert_eq!(data["account"]["email"], member.user.email.as_str());

    // Deactivated: the member's sign-ins end at once.
    let (status, row) = staff_call(&app, &staff, Method::POST, &format!("/api/admin/members/{id}/action/"), Some(json!({"action": "deactivate"}))).await;
    assert_eq!((status, row["is_active"].as_bool()), (200, Some(false)), "{row}");
    assert_eq!(app.call(Method::GET, "/api/auth/profile/", None, Some(&member.token)).await.0, 401);
    assert_eq!(
        staff_call(&app, &staff, Method::POST, &format!("/api/admin/members/{id}/action/"), Some(json!({"action": "deactivate"}))).await.0,
        400,
        "already"
    );
    let own = staff_call(&app, &staff, Method::GET, "/api/admin/members/?search=staff", None).await.1["results"][0]["id"].clone();
    assert_eq!(
        staff_call(&app, &staff, Method::POST, &format!("/api/admin/members/{own}/action/"), Some(json!({"action": "remove_staff"}))).await.0,
        400,
        "no locking oneself out"
    );
    let (status, row) = staff_call(&app, &staff, Method::POST, &format!("/api/admin/members/{id}/action/"), Some(json!({"action": "grant_staff"}))).await;
    assert_eq!((status, row["is_staff"].as_bool()), (200, Some(true)));

    let erase = |confirm: &str| json!({"requested_on": today, "confirm_email": confirm});
    assert_eq!(staff_call(&app, &staff, Method::POST, &format!("/api/admin/members/{id}/erase/"), Some(erase("someone@else.example"))).await.0, 400);
    let (status, row) =
        staff_call(&app, &staff, Method::POST, &format!("/api/admin/members/{id}/erase/"), Some(erase(&member.user.email.to_uppercase()))).await;
    assert_eq!((status, row["erased"].as_bool(), row["full_name"].as_str()), (200, Some(true), Some("Former member")), "{row}");
    assert!(app.state.storage.get(&passport).await.is_err());

    let (_, log) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/audit/?subject_type=user&subject_id={id}"), None).await;
    let rows: Vec<(&str, Option<&str>)> =
        log["results"].as_array().unwrap().iter().map(|r| (r["action"].as_str().unwrap(), r["requested_on"].as_str())).collect();
    assert_eq!(
        rows,
        [("member.erase", Some(today.as_str())), ("member.grant_staff", None), ("member.deactivate", None), ("member.export", Some(today.as_str()))]
    );
    let after = user::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap();
    assert!(!after.is_staff && !after.is_active, "an erased account is neither staff nor active");
}
on_both_databases!(backend staff_answer_emailed_requests_and_manage_accounts);

async fn documents_past_their_retention_period_are_removed(backend: Backend) {
    use crate::jobs::{application_form, post_form, post_job, seeker_form};
    let app = TestApp::spawn(backend).await;
    let poster = app.member("Paula Poster").await;
    let applicant = app.member("Andy Applicant").await;
    let job = post_job(&app, &poster, "Night care assistant").await;
    let (status, application) = post_form(&app, "/api/job-apply/", application_form(&job, &applicant), Some(&applicant.token)).await;
    assert_eq!(status, 201, "{application}");
    let (status, _) = post_form(&app, "/api/job-seekers/", seeker_form("seeker@example.co.uk", false), None).await;
    assert_eq!(status, 201);
    let dormant = app.member("Dora Dormant").await;
    let passport = store_passport(&app, &dormant).await;
    user::Entity::update_many()
        .col_expr(user::Column::IsActive, sea_orm::sea_query::Expr::value(false))
        .filter(user::Column::Id.eq(dormant.user.id))
        .exec(&app.site.db)
        .await
        .unwrap();
    let cvs: Vec<String> = entity::job_application::Entity::find()
        .all(&app.site.db)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.resume)
        .chain(entity::job_seeker::Entity::find().all(&app.site.db).await.unwrap().into_iter().map(|s| s.cv))
        .collect();
    assert_eq!(cvs.len(), 2);

    let now = chrono::Utc::now();
    let removed = server::data_rights::retention::sweep(&app.state, now).await.unwrap();
    assert_eq!(removed, Default::default(), "nothing is old enough yet");
    // Fourteen months on: the job closed (in 30 days) more than the 12-month period ago.
    let later = now.checked_add_months(chrono::Months::new(14)).unwrap();
    let removed = server::data_rights::retention::sweep(&app.state, later).await.unwrap();
    assert_eq!((removed.applications, removed.registrations, removed.identity_documents), (1, 1, 1));
    assert!(entity::job_application::Entity::find().all(&app.site.db).await.unwrap().is_empty());
    assert!(entity::job_seeker::Entity::find().all(&app.site.db).await.unwrap().is_empty());
    for key in cvs.iter().chain([&passport]) {
        assert!(app.state.storage.get(key).await.is_err(), "{key} is still stored");
    }
    assert!(user::Entity::find_by_id(dormant.user.id).one(&app.site.db).await.unwrap().unwrap().passport.is_none());

    let (_, policy) = app.text("/privacy-policy").await;
    assert!(policy.contains("CVs and job applications: 12 months after the job closes"), "the policy states the configured period");
}
on_both_databases!(backend documents_past_their_retention_period_are_removed);

/// The offline mail files addressed to `address`, once the sender has written at least `least`.
async fn mail_files_to(app: &TestApp, address: &str, least: usize) -> Vec<std::path::PathBuf> {
    let dir = app.state.config().mail_dir();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
            .map(|entries| entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "eml")).collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .filter(|path| std::fs::read_to_string(path).unwrap().lines().any(|l| l.starts_with("To:") && l.contains(address)))
            .collect();
        if files.len() >= least || std::time::Instant::now() > deadline {
            return files;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

async fn a_member_reaches_only_what_their_account_proves_is_theirs(backend: Backend) {
    use crate::jobs::{application_form, post_form, post_job, seeker_form};
    let app = TestApp::spawn(backend).await;
    let staff = staff_member(&app).await;
    let member = app.member("Mia Member").await;
    let email = member.user.email.clone();

    // Signed out, anyone can give the member's address: a registration never confirmed and a
    // recruitment request. A registration whose alerts were confirmed through the link is theirs.
    let (status, _) = post_form(&app, "/api/job-seekers/", seeker_form(&email, false), None).await;
    assert_eq!(status, 201);
    let unconfirmed = entity::job_seeker::Entity::find().one(&app.site.db).await.unwrap().unwrap();
    let (status, _) = post_form(&app, "/api/job-seekers/", seeker_form(&email, true), None).await;
    assert_eq!(status, 201);
    let confirmed = entity::job_seeker::Entity::find().filter(entity::job_seeker::Column::Id.ne(unconfirmed.id)).one(&app.site.db).await.unwrap().unwrap();
    // Confirmed through the emailed link, then unsubscribed: the address was proven all the same.
    let link = server::job_seekers::links::confirm_url(&app.state, confirmed.id);
    assert_eq!(app.get(link.trim_start_matches(&app.state.config().public_url)).await.status(), 200);
    let unsubscribe = server::job_seekers::links::unsubscribe_url(&app.state, confirmed.id);
    assert_eq!(app.get(unsubscribe.trim_start_matches(&app.state.config().public_url)).await.status(), 200);
    let confirmed = entity::job_seeker::Entity::find_by_id(confirmed.id).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(confirmed.alerts, entity::words::JobAlerts::Off, "unsubscribed");
    let mut request = crate::jobs::recruitment();
    request["email"] = json!(email);
    assert_eq!(app.call(Method::POST, "/api/send-recruitment/", Some(request), None).await.0, 201);

    let (_, data) = my_data(&app, &member).await;
    let registrations: Vec<i64> = data["talent_registrations"].as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect();
    assert_eq!(registrations, [i64::from(confirmed.id)], "only the confirmed registration: {data}");
    assert_eq!(data["recruitment_requests"], json!([]), "a signed-out request proves nothing");
    let today = uk_date(0);
    let (status, sar) = staff_call(&app, &staff, Method::GET, &format!("/api/admin/members/{}/data/?requested_on={today}", member.user.id), None).await;
    assert_eq!(status, 200);
    assert_eq!(sar["talent_registrations"].as_array().unwrap().len(), 2, "staff, having checked who asks, reach what the address sent");
    assert_eq!(sar["recruitment_requests"].as_array().unwrap().len(), 1);

    // What others were told about the member, and what the member said about others.
    let poster = app.member("Paula Poster").await;
    let job = post_job(&app, &poster, "Night care assistant").await;
    let (status, application) = post_form(&app, "/api/job-apply/", application_form(&job, &member), Some(&member.token)).await;
    assert_eq!(status, 201, "{application}");
    let named = entity::notification::Entity::find().filter(entity::notification::Column::UserId.eq(poster.user.id)).one(&app.site.db).await.unwrap().unwrap();
    let applicant_name = application["full_name"].as_str().unwrap().to_string();
    assert!(named.message.starts_with(&format!("{applicant_name} applied for")), "{}", named.message);
    let (_, services) = app.json("/api/service/?page_size=1").await;
    let service = services["results"][0]["id"].clone();
    let critic = app.member("Carl Critic").await;
    let (status, review) =
        app.call(Method::POST, "/api/reviews/", Some(json!({"service": service, "rating": 2, "review": "Late."})), Some(&critic.token)).await;
    assert_eq!(status, 201, "{review}");
    let reason = "Mia thinks this is about another company.";
    let report = json!({"reason": reason});
    assert_eq!(app.call(Method::POST, &format!("/api/reviews/{}/report/", review["id"]), Some(report), Some(&member.token)).await.0, 201);
    assert!(!mail_files_to(&app, &email, 3).await.is_empty(), "the member was mailed (offline, as files)");

    set_password(&app, &member, "a password to confirm").await;
    let (status, _) = app.call(Method::POST, "/api/auth/delete-account/", Some(json!({"password": "a password to confirm"})), Some(&member.token)).await;
    assert_eq!(status, 200);

    let seekers: Vec<i32> = entity::job_seeker::Entity::find().all(&app.site.db).await.unwrap().into_iter().map(|s| s.id).collect();
    assert_eq!(seekers, [unconfirmed.id], "the unconfirmed registration is left for staff to handle");
    assert!(app.state.storage.get(&unconfirmed.cv).await.is_ok(), "with its CV");
    assert!(app.state.storage.get(&confirmed.cv).await.is_err(), "the confirmed one's CV went");
    let requests = entity::recruitment_request::Entity::find().all(&app.site.db).await.unwrap();
    assert_eq!(requests.iter().map(|r| r.email.as_str()).collect::<Vec<_>>(), [email.as_str()], "the signed-out request is left as it was");
    let named = entity::notification::Entity::find_by_id(named.id).one(&app.site.db).await.unwrap().unwrap();
    assert!(named.message.starts_with("Former member applied for") && !named.message.contains(&applicant_name), "{}", named.message);
    let reports = entity::review_report::Entity::find().all(&app.site.db).await.unwrap();
    assert_eq!(reports.len(), 1, "the report still counts");
    assert_ne!(reports[0].reason, reason, "its reason went");
    assert!(mail_files_to(&app, &email, 0).await.is_empty(), "no offline mail addressed to the member is kept");
}
on_both_databases!(backend a_member_reaches_only_what_their_account_proves_is_theirs);

async fn an_erased_customers_bookings_to_come_are_cancelled_and_refunded(backend: Backend) {
    use crate::messages::provider;
    use crate::scheduling::{booking as booking_body, schedule, service, titles};
    let app = TestApp::spawn(backend).await;
    let app = &app;
    let priya = provider(app, "Priya Shah").await;
    let customer = app.member("Della Deleted").await;
    let clean = service(app, "tenancy-checkout-clean").await;
    // One job Priya accepted, paid; one still offered to her.
    let (_, accepted) =
        app.call(Method::POST, "/api/service/booking/", Some(booking_body(clean.id, &uk_date(9), "10:00", "LS6 2AB")), Some(&customer.token)).await;
    let job = &schedule(app, &priya, "upcoming").await["results"][0];
    assert_eq!(app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", job["offer"]["id"]), None, Some(&priya.token)).await.0, 204);
    let (_, payment) = app.call(Method::POST, "/api/payments/", Some(json!({"booking": accepted["id"]})), Some(&customer.token)).await;
    let paid =
        app.call(Method::POST, &format!("/api/payments/{}/test-checkout/", payment["id"]), Some(json!({"outcome": "paid"})), Some(&customer.token)).await;
    assert_eq!(paid.0, 200, "{paid:?}");
    let (_, offered) =
        app.call(Method::POST, "/api/service/booking/", Some(booking_body(clean.id, &uk_date(10), "10:00", "LS6 2AB")), Some(&customer.token)).await;
    let offer = &schedule(app, &priya, "upcoming").await["results"].as_array().unwrap().iter().find(|job| job["id"] == offered["id"]).unwrap()["offer"].clone();

    let erased = user::Entity::find_by_id(customer.user.id).one(&app.site.db).await.unwrap().unwrap();
    server::data_rights::erasure::erase(&app.state, &erased, server::data_rights::erasure::ErasedBy::Member).await.unwrap();

    let row = |id: &Value| {
        let id = id.as_i64().unwrap() as i32;
        async move { booking::Entity::find_by_id(id).one(&app.site.db).await.unwrap().unwrap() }
    };
    let accepted = row(&accepted["id"]).await;
    assert_eq!((accepted.status, accepted.payment_status), (entity::words::BookingStatus::Cancelled, entity::words::BookingPayment::Refunded));
    let refunded = payment::Entity::find().filter(payment::Column::BookingId.eq(accepted.id)).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(refunded.status, entity::words::PaymentStatus::Refunded, "what was paid went back in full");
    let offered = row(&offered["id"]).await;
    assert_eq!((offered.status, offered.postcode.as_str()), (entity::words::BookingStatus::Cancelled, ""));
    let closed = entity::booking_offer::Entity::find_by_id(offer["id"].as_i64().unwrap() as i32).one(&app.site.db).await.unwrap().unwrap();
    assert_eq!(closed.outcome, Some(entity::words::OfferOutcome::Withdrawn), "the open offer closed");
    let (status, _) = app.call(Method::POST, &format!("/api/schedule/offers/{}/accept/", offer["id"]), None, Some(&priya.token)).await;
    assert_eq!(status, 409, "no provider can accept a blanked address");
    assert_eq!(titles(app, &priya).await.iter().filter(|title| *title == "Job cancelled").count(), 2, "the provider told of each");
    assert_eq!(schedule(app, &priya, "upcoming").await["count"], 0);
}
on_both_databases!(backend an_erased_customers_bookings_to_come_are_cancelled_and_refunded);
