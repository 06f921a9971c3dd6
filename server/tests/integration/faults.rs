//! Faults: the real server binary killed with SIGKILL in the middle of a burst of bookings and
//! sign-ups, on SQLite and on PostgreSQL. Every write it answered 201 is there after a restart,
//! with everything written in its transaction (the booking's notification and mail, the new
//! account's code and mail): nothing half-written.

use crate::common::{self, Backend, uk_date};
use entity::{booking, mail_outbox, notification, one_time_code, user};
use parking_lot::Mutex;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The server binary on `database_url`, serving once `/readyz` answers 200.
async fn start_server(data: &Path, database_url: &str, port: u16) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_server"))
        .arg("serve")
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .env("DATABASE_URL", database_url)
        .env("DATA_DIR", data)
        .env("PORT", port.to_string())
        .env("SEED_DEMO", "true")
        .env("PRERENDER", "false")
        .env("RUST_LOG", "warn")
        .env("PASSWORD_HASH_MEMORY_KIB", "64")
        .env("PASSWORD_HASH_ITERATIONS", "1")
        .env("RATE_LIMIT_BOOKINGS_PER_HOUR", "100000")
        .env("RATE_LIMIT_REGISTER_PER_HOUR", "100000")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !reqwest::get(format!("http://127.0.0.1:{port}/readyz")).await.is_ok_and(|answer| answer.status() == 200) {
        assert!(started.elapsed() < Duration::from_secs(60), "the server did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    child
}

enum Answered {
    Booking(i64),
    SignUp(String),
}

async fn every_answered_write_survives_a_kill_9(backend: Backend) {
    let (_database, database_url) = common::empty_database(backend).await;
    let data = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start_server(data.path(), &database_url, port).await;
    let client = reqwest::Client::new();
    let login: Value = client.post(format!("{base}/api/auth/login/")).json(&json!({"email": "demo@brightway.example", "password": "demo-password-1"})).send().await.unwrap().json().await.unwrap();
    let token = login["access"].as_str().expect("the demo member signs in").to_string();
    let services: Value = client.get(format!("{base}/api/service/?status=Open&page_size=1")).send().await.unwrap().json().await.unwrap();
    let service = services["results"][0]["id"].as_i64().unwrap();

    // Eight clients write until the server is gone, each noting what was answered 201.
    let burst_started = chrono::Utc::now();
    let answered = Arc::new(Mutex::new(Vec::new()));
    let mut clients = Vec::new();
    for worker in 0..8 {
        let (client, base, token, answered) = (client.clone(), base.clone(), token.clone(), answered.clone());
        clients.push(tokio::spawn(async move {
            for n in 0.. {
                let (request, sign_up) = if n % 2 == 0 {
                    let booking = json!({"service": service, "date": uk_date(5), "time": "10:00", "address_line_1": "1 High Street", "city": "Leeds", "postcode": "LS1 4AP"});
                    (client.post(format!("{base}/api/service/booking/")).bearer_auth(&token).json(&booking), None)
                } else {
                    let email = format!("burst-{worker}-{n}@example.co.uk");
                    let body = json!({"full_name": "Amelia Hughes", "email": email, "phone_number": "07700 900123", "password": "a quiet garden"});
                    (client.post(format!("{base}/api/auth/register/")).json(&body), Some(email))
                };
                let Ok(answer) = request.send().await else { break };
                if answer.status() != 201 {
                    continue;
                }
                let Ok(body) = answer.json::<Value>().await else { break };
                answered.lock().push(match sign_up {
                    Some(email) => Answered::SignUp(email),
                    None => Answered::Booking(body["id"].as_i64().expect("a booking id")),
                });
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.kill().unwrap();
    server.wait().unwrap();
    for writer in clients {
        writer.await.unwrap();
    }
    let answered = std::mem::take(&mut *answered.lock());
    assert!(answered.len() >= 10, "the burst wrote too little to tell: {}", answered.len());

    let mut server = start_server(data.path(), &database_url, port).await;
    let db = server::platform::db::connect(&database_url, 2).await.unwrap();
    for write in &answered {
        match write {
            Answered::Booking(id) => assert!(booking::Entity::find_by_id(*id as i32).one(&db).await.unwrap().is_some(), "booking {id} was answered 201 and is gone"),
            Answered::SignUp(email) => {
                let member = user::Entity::find().filter(user::Column::Email.eq(email.as_str())).one(&db).await.unwrap();
                assert!(member.is_some(), "{email} was answered 201 and is gone");
            }
        }
    }
    // Nothing half-written: each booking with its notice, each account with its code and mail.
    let demo = user::Entity::find().filter(user::Column::Email.eq("demo@brightway.example")).one(&db).await.unwrap().unwrap();
    let bookings = booking::Entity::find().filter(booking::Column::UserId.eq(demo.id)).filter(booking::Column::CreatedAt.gte(burst_started)).count(&db).await.unwrap();
    let notices = notification::Entity::find().filter(notification::Column::UserId.eq(demo.id)).filter(notification::Column::Title.eq("Booking received")).filter(notification::Column::CreatedAt.gte(burst_started)).count(&db).await.unwrap();
    assert_eq!(bookings, notices, "a booking without its notice, or a notice without its booking");
    for member in user::Entity::find().filter(user::Column::Email.like("burst-%")).all(&db).await.unwrap() {
        assert!(one_time_code::Entity::find().filter(one_time_code::Column::UserId.eq(member.id)).count(&db).await.unwrap() >= 1, "{} has no code", member.email);
        assert!(mail_outbox::Entity::find().filter(mail_outbox::Column::ToAddress.eq(member.email.as_str())).count(&db).await.unwrap() >= 1, "{} has no mail", member.email);
    }
    println!("{} writes answered 201 before the kill; all there after the restart", answered.len());
    server.kill().unwrap();
    server.wait().unwrap();
}
on_both_databases!(backend every_answered_write_survives_a_kill_9);
