//! Stopping as a deployment stops a server (SIGTERM): requests in flight finish, and so does the
//! mail being sent, which is marked sent before the server returns, so it never goes twice.

use crate::common;

use common::{Backend, TestApp};
use entity::mail_outbox;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::json;
use std::time::{Duration, Instant};

async fn a_stopping_server_finishes_the_mail_it_is_sending(backend: Backend) {
    let (mut app, inbox) = TestApp::with_mail(backend).await;
    // A relay that takes its time to accept: the stop comes while the mail is being sent.
    inbox.accept_after(Duration::from_millis(1500));
    let email = "late.sender@example.co.uk";
    let body = json!({ "full_name": "Nia Roberts", "email": email, "phone_number": "07700 900140", "password": "lantern by the sea" });
    let registered = app.client.post(format!("{}/api/auth/register/", app.base)).json(&body).send().await.unwrap();
    assert_eq!(registered.status(), 201);
    inbox.wait_until_accepting(15).await;

    let db = app.state.db().clone();
    let stopping = Instant::now();
    app.stop().await.expect("the server stops cleanly");
    assert!(stopping.elapsed() >= Duration::from_millis(1000), "the server waited for the mail being sent");
    let unsent =
        mail_outbox::Entity::find().filter(mail_outbox::Column::ToAddress.eq(email)).filter(mail_outbox::Column::SentAt.is_null()).count(&db).await.unwrap();
    assert_eq!(unsent, 0, "the mail is marked sent before the server returns");
    assert_eq!(inbox.count_containing(email, "").await, 1);
}
on_both_databases!(backend a_stopping_server_finishes_the_mail_it_is_sending);
