//! The command line: `server create-admin EMAIL` with the password on standard input.

use std::io::Write;
use std::process::{Command, Stdio};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_admin_makes_a_verified_staff_account_from_stdin() {
    let data = tempfile::tempdir().unwrap();
    let database_url = server::config::sqlite_url(&data.path().join("cli.sqlite3"));
    let run = |password: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
            .args(["create-admin", "Boss@Example.org"])
            .env("DATABASE_URL", &database_url)
            .env("DATA_DIR", data.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(format!("{password}\n").as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };

    let refused = run("1234");
    assert!(!refused.status.success(), "a weak password is refused");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("too short"));

    let made = run("a long staff password");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    assert!(String::from_utf8_lossy(&made.stdout).contains("created staff account boss@example.org"));

    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let db = server::platform::db::connect(&database_url).await.unwrap();
    let admin = entity::user::Entity::find().filter(entity::user::Column::Email.eq("boss@example.org")).one(&db).await.unwrap().unwrap();
    assert!(admin.is_staff && admin.is_verified);
    assert!(server::platform::passwords::verify("a long staff password", &admin.password_hash));
    db.close().await.unwrap();

    let again = run("another staff password");
    assert!(String::from_utf8_lossy(&again.stdout).contains("updated staff account"), "running it twice promotes, not duplicates");
}

/// Runs `server export` (which starts the app, seeding as configured) on a database of
/// its own; returns how many categories the database then holds.
async fn categories_after_start(seed_demo: Option<&str>) -> u64 {
    use sea_orm::{EntityTrait, PaginatorTrait};
    let data = tempfile::tempdir().unwrap();
    let database_url = server::config::sqlite_url(&data.path().join("configured.sqlite3"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_server"));
    command.arg("export").arg(data.path().join("site")).env("DATABASE_URL", &database_url).env("DATA_DIR", data.path()).env_remove("SEED_DEMO");
    if let Some(value) = seed_demo {
        command.env("SEED_DEMO", value);
    }
    let output = command.output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let db = server::platform::db::connect(&database_url).await.unwrap();
    let count = entity::category::Entity::find().count(&db).await.unwrap();
    db.close().await.unwrap();
    count
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_data_goes_into_a_configured_database_only_when_asked() {
    assert_eq!(categories_after_start(None).await, 0, "a database named in DATABASE_URL (production) gets no demo data by default");
    let demo: serde_json::Value = serde_json::from_str(include_str!("../../demo/demo.json")).unwrap();
    assert_eq!(categories_after_start(Some("true")).await, demo["categories"].as_array().unwrap().len() as u64);
}
