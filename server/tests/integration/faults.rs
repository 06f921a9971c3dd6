//! Faults, and that nothing is lost to them: the real server binary killed with SIGKILL in the
//! middle of a burst of bookings and sign-ups (on SQLite and on PostgreSQL: every write it
//! answered 201 is there after a restart, with everything written in its transaction); the
//! SMTP server down for a minute (every mail arrives once when it is back); the database
//! stopped and started under load (503 meanwhile, then serving again by itself); a disk that
//! fills up during uploads (507, no partial file, no record without its file, nothing else
//! harmed).
//! The object store's outage is in `s3.rs`.

use crate::common::{self, Backend, TestApp, smtp, uk_date};
use crate::jobs::{PDF, post_form, seeker_form_with_cv};
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
    let login: Value = client
        .post(format!("{base}/api/auth/login/"))
        .json(&json!({"email": "demo@brightway.example", "password": "demo-password-1"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
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
    let db = server::platform::db::connect(&database_url, server::platform::db::Pool::SMALL).await.unwrap();
    for write in &answered {
        match write {
            Answered::Booking(id) => {
                assert!(booking::Entity::find_by_id(*id as i32).one(&db).await.unwrap().is_some(), "booking {id} was answered 201 and is gone")
            }
            Answered::SignUp(email) => {
                let member = user::Entity::find().filter(user::Column::Email.eq(email.as_str())).one(&db).await.unwrap();
                assert!(member.is_some(), "{email} was answered 201 and is gone");
            }
        }
    }
    // Nothing half-written: each booking with its notice, each account with its code and mail.
    let demo = user::Entity::find().filter(user::Column::Email.eq("demo@brightway.example")).one(&db).await.unwrap().unwrap();
    let bookings =
        booking::Entity::find().filter(booking::Column::UserId.eq(demo.id)).filter(booking::Column::CreatedAt.gte(burst_started)).count(&db).await.unwrap();
    let notices = notification::Entity::find()
        .filter(notification::Column::UserId.eq(demo.id))
        .filter(notification::Column::Title.eq("Booking received"))
        .filter(notification::Column::CreatedAt.gte(burst_started))
        .count(&db)
        .await
        .unwrap();
    assert_eq!(bookings, notices, "a booking without its notice, or a notice without its booking");
    for member in user::Entity::find().filter(user::Column::Email.like("burst-%")).all(&db).await.unwrap() {
        assert!(
            one_time_code::Entity::find().filter(one_time_code::Column::UserId.eq(member.id)).count(&db).await.unwrap() >= 1,
            "{} has no code",
            member.email
        );
        assert!(
            mail_outbox::Entity::find().filter(mail_outbox::Column::ToAddress.eq(member.email.as_str())).count(&db).await.unwrap() >= 1,
            "{} has no mail",
            member.email
        );
    }
    println!("{} writes answered 201 before the kill; all there after the restart", answered.len());
    server.kill().unwrap();
    server.wait().unwrap();
}
on_both_databases!(backend every_answered_write_survives_a_kill_9);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_queued_while_smtp_is_down_for_a_minute_arrives_once_when_it_is_back() {
    let outage = Duration::from_secs(60);
    // The relay's port, held but not listening: every connection to it is refused.
    let relay = tokio::net::TcpSocket::new_v4().unwrap();
    relay.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let address = relay.local_addr().unwrap();
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.smtp_url = Some(format!("smtp://{address}"));
        config.mail_retry_after = Duration::from_secs(1);
    })
    .await;
    let down_since = Instant::now();
    let addresses: Vec<String> = (0..10).map(|n| format!("outage-{n}@example.co.uk")).collect();
    for email in &addresses {
        let body = json!({"full_name": "Amelia Hughes", "email": email, "phone_number": "07700 900123", "password": "a quiet garden"});
        let (status, answer) = app.call(reqwest::Method::POST, "/api/auth/register/", Some(body), None).await;
        assert_eq!(status, 201, "signing up does not wait for the mail: {answer}");
    }
    tokio::time::sleep(outage.saturating_sub(down_since.elapsed())).await;
    let waiting: u64 = mail_outbox::Entity::find().filter(mail_outbox::Column::SentAt.is_null()).count(&app.site.db).await.unwrap();
    assert_eq!(waiting, addresses.len() as u64, "every mail waits in the outbox while the relay is down");

    let inbox = smtp::Inbox::default();
    smtp::serve(relay.listen(64).unwrap(), inbox.clone());
    let back = Instant::now();
    for email in &addresses {
        inbox.wait_for(email, 120).await;
    }
    println!("the relay was down {} s; every mail arrived {} s after it came back", outage.as_secs(), back.elapsed().as_secs());
    tokio::time::sleep(Duration::from_secs(2)).await;
    for email in &addresses {
        assert_eq!(inbox.count_containing(email, "").await, 1, "{email} got its mail more than once");
    }
}

/// A PostgreSQL server of the test's own (initdb in a temporary folder, run as the `postgres`
/// user), so that it can be stopped and started without touching the one the other tests use.
struct OwnPostgres {
    folder: tempfile::TempDir,
    bin: std::path::PathBuf,
    port: u16,
}

impl OwnPostgres {
    fn start() -> OwnPostgres {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's server programs are installed under /usr/lib/postgresql")
            .map(|entry| entry.unwrap().path().join("bin"))
            .filter(|bin| bin.join("initdb").is_file())
            .max()
            .expect("an initdb under /usr/lib/postgresql/*/bin");
        let folder = tempfile::tempdir().unwrap();
        assert!(
            Command::new("chown").args(["postgres:postgres"]).arg(folder.path()).status().unwrap().success(),
            "this test runs PostgreSQL as the postgres user: run it as root (as CI does)"
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let own = OwnPostgres { folder, bin, port };
        own.as_postgres("initdb", &["-A", "trust", "-U", "postgres", "-D", &own.data()]);
        own.ctl("start");
        own
    }

    fn data(&self) -> String {
        self.folder.path().join("data").display().to_string()
    }

    fn as_postgres(&self, program: &str, args: &[&str]) {
        let ran = Command::new("runuser")
            .args(["-u", "postgres", "--"])
            .arg(self.bin.join(program))
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(ran.success(), "{program} {args:?} failed");
    }

    fn ctl(&self, action: &str) {
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, self.folder.path().display());
        self.as_postgres("pg_ctl", &["-D", &self.data(), "-o", &options, "-m", "fast", "-w", action]);
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for OwnPostgres {
    fn drop(&mut self) {
        let _ = Command::new("runuser")
            .args(["-u", "postgres", "--"])
            .arg(self.bin.join("pg_ctl"))
            .args(["-D", &self.data(), "-m", "immediate", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs root: runs a PostgreSQL server of its own as the postgres user (scripts/test.sh runs it when root, as CI is)"]
async fn the_database_restarting_under_load_answers_503_then_serves_again_by_itself() {
    let postgres = OwnPostgres::start();
    let wait_for_a_connection = Duration::from_secs(2);
    let app = Arc::new(
        TestApp::spawn_with(Backend::Sqlite, |config| {
            config.database_url = postgres.url();
            config.database_pool.acquire_timeout = wait_for_a_connection;
        })
        .await,
    );
    assert!(!app.config.is_sqlite());

    // Four clients asking for what only the database can answer: an API search and a search page.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let answers = Arc::new(Mutex::new(Vec::<(Instant, u16, Duration)>::new()));
    let mut load = Vec::new();
    for worker in 0..4 {
        let (app, stop, answers) = (app.clone(), stop.clone(), answers.clone());
        load.push(tokio::spawn(async move {
            let path = if worker % 2 == 0 { "/api/service/?search=clean" } else { "/jobs?search=care" };
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let asked = Instant::now();
                let status = app.get(path).await.status().as_u16();
                answers.lock().push((asked, status, asked.elapsed()));
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    // The database stopped (every connection cut, new ones refused) and started 4 s later.
    let stopped = Instant::now();
    tokio::task::block_in_place(|| postgres.ctl("stop"));
    tokio::time::sleep(Duration::from_secs(4)).await;
    tokio::task::block_in_place(|| postgres.ctl("start"));
    let started = Instant::now();
    // Serving again without a restart of ours: every client's latest answers are 200.
    let deadline = started + Duration::from_secs(15);
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let recent: Vec<u16> = answers.lock().iter().filter(|(asked, _, _)| *asked > started + Duration::from_secs(1)).map(|(_, status, _)| *status).collect();
        if recent.len() >= 8 && recent.iter().rev().take(8).all(|status| *status == 200) {
            break;
        }
        assert!(Instant::now() < deadline, "not serving again 15 s after the database came back: {recent:?}");
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    for client in load {
        client.await.unwrap();
    }
    let answers = std::mem::take(&mut *answers.lock());
    let during: Vec<&(Instant, u16, Duration)> = answers.iter().filter(|(asked, _, _)| *asked > stopped && *asked < started).collect();
    assert!(
        answers.iter().all(|(_, status, _)| [200, 503].contains(status)),
        "only 200 or 503, never a 500: {:?}",
        answers.iter().map(|a| a.1).collect::<Vec<_>>()
    );
    assert!(during.iter().any(|(_, status, _)| *status == 503), "the outage was answered 503");
    let slowest = answers.iter().map(|(_, _, took)| *took).max().unwrap();
    assert!(slowest < wait_for_a_connection + Duration::from_secs(1), "a request waited {slowest:?}: a client is told within the pool's wait");
    println!(
        "{} requests, {} answered 503 while the database was down (4 s), the slowest in {} ms",
        answers.len(),
        during.iter().filter(|a| a.1 == 503).count(),
        slowest.as_millis()
    );
}

/// A folder on a tmpfs of `kib` KiB (a disk that fills up), unmounted when dropped.
struct SmallDisk(tempfile::TempDir);

impl SmallDisk {
    fn mount(kib: u32) -> SmallDisk {
        let folder = tempfile::tempdir().unwrap();
        let mounted = Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"]).arg(folder.path()).status();
        assert!(mounted.is_ok_and(|status| status.success()), "this test mounts a small tmpfs: run it as root (as CI does)");
        SmallDisk(folder)
    }

    fn grow(&self, kib: u32) {
        let status = Command::new("mount").args(["-o", &format!("remount,size={kib}k")]).arg(self.0.path()).status().unwrap();
        assert!(status.success());
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(self.0.path()).status();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs root: mounts a small tmpfs (scripts/test.sh runs it when root, as CI is)"]
async fn a_full_disk_refuses_uploads_with_507_and_harms_nothing_else() {
    let disk = SmallDisk::mount(256);
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.storage_url = disk.0.path().display().to_string();
        config.limits.job_seekers_per_hour = 1000;
    })
    .await;
    let cv: Vec<u8> = [PDF, &[b'%'; 40 * 1024]].concat();
    let mut answered = 0;
    let refusal = loop {
        let (status, body) = post_form(&app, "/api/job-seekers/", seeker_form_with_cv(&format!("seeker{answered}@example.co.uk"), false, &cv), None).await;
        match status {
            201 => answered += 1,
            _ => break (status, body),
        }
        assert!(answered < 20, "a 256 KiB disk took twenty 40 KiB CVs");
    };
    assert_eq!(refusal.0, 507, "{}", refusal.1);
    assert_eq!(refusal.1["message"], "There is no room to store files just now. Please try again later.");
    assert!(answered >= 2, "some CVs fitted before the disk filled: {answered}");

    // Every record's CV is whole, and no file is there without a record (nor a partial one).
    let seekers = entity::job_seeker::Entity::find().all(&app.site.db).await.unwrap();
    assert_eq!(seekers.len(), answered);
    for seeker in &seekers {
        assert_eq!(app.state.storage.get(&seeker.cv).await.unwrap().to_vec(), cv, "{} is not whole", seeker.cv);
    }
    let files: Vec<_> = walk(disk.0.path());
    assert_eq!(files.len(), answered, "files on the disk: {files:?}");

    // Nothing else is harmed: pages, sign-ins and sign-ups without a file carry on.
    assert_eq!(app.get("/jobs").await.status(), 200);
    let member = app.member("Amelia Hughes").await;
    assert_eq!(app.call(reqwest::Method::GET, "/api/auth/profile/", None, Some(&member.token)).await.0, 200);
    // And with room again, uploads work without a restart.
    disk.grow(1024);
    let (status, body) = post_form(&app, "/api/job-seekers/", seeker_form_with_cv("after@example.co.uk", false, &cv), None).await;
    assert_eq!(status, 201, "{body}");
    println!("{answered} CVs of 40 KiB fitted on the 256 KiB disk; the next was answered 507 and left nothing behind");
}

fn walk(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap().map(Result::unwrap) {
        if entry.file_type().unwrap().is_dir() {
            found.extend(walk(&entry.path()));
        } else {
            found.push(entry.path());
        }
    }
    found
}
