//! `server [serve]`, `server migrate`, `server import FILE`, `server export DIR`,
//! `server create-admin EMAIL`, `server openapi` (the API's OpenAPI document, for generators),
//! `server routes` (the site's route table, for the browser tests).
#![forbid(unsafe_code)]

use server::config::Config;
use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "usage: server [serve | migrate | import FILE | export DIR | create-admin EMAIL | openapi | routes]";

fn main() -> ExitCode {
    // Rendering and hashing run on the blocking pool; under a load of many connections an
    // unbounded pool would start hundreds of threads, each with its stack and its allocator
    // cache.
    let blocking_threads = match server::config::blocking_threads_from_env() {
        Ok(threads) => threads,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().max_blocking_threads(blocking_threads).build().expect("a tokio runtime starts");
    runtime.block_on(run())
}

async fn run() -> ExitCode {
    server::platform::data_dir::owner_only_files();
    if let Err(error) = server::platform::logs::start() {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        [] | ["serve"] => serve().await,
        ["migrate"] => migrate().await,
        ["import", file] => import(Path::new(file)).await,
        ["export", dir] => export(Path::new(dir)).await,
        ["create-admin", email] => create_admin(email).await,
        ["routes"] => {
            println!("{}", app::routes::table_json());
            Ok(())
        }
        ["openapi"] => {
            println!("{}", server::http::api::document_json());
            Ok(())
        }
        ["help" | "--help" | "-h"] => {
            println!("{USAGE}");
            Ok(())
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve() -> anyhow::Result<()> {
    // Each connection holds a file: as many as the hard limit allows, as nginx and Go's
    // runtime take (the soft limit is often 1,024).
    if let Err(error) = rlimit::increase_nofile_limit(u64::MAX) {
        tracing::warn!(%error, "the open files limit could not be raised");
    }
    let config = Config::from_env()?;
    let address = format!("{}:{}", std::env::var("HOST").unwrap_or_else(|_| "127.0.0.1".into()), config.port);
    let public_url = config.public_url.clone();
    let app = server::startup::build(config).await?;
    let listener = tokio::net::TcpListener::bind(&address).await?;
    tracing::info!(%public_url, address = %listener.local_addr()?, "serving");
    server::startup::serve(app, listener, shutdown_signal()).await
}

async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = interrupt => {}, _ = terminate => {} }
}

async fn migrate() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    server::platform::db::connect_and_migrate(&config.database_url, config.database_pool).await?;
    println!("migrations applied");
    Ok(())
}

async fn import(file: &Path) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let db = server::platform::db::connect_and_migrate(&config.database_url, config.database_pool).await?;
    let started = std::time::Instant::now();
    let report = server::import::import_file(&db, file).await?;
    println!("imported {} in {:.1} s: {report}", file.display(), started.elapsed().as_secs_f64());
    Ok(())
}

/// Writes the public site under `out` as files a web server serves as they are.
async fn export(out: &Path) -> anyhow::Result<()> {
    let config = Config { prerender_on_start: false, ..Config::from_env()? };
    let app = server::startup::build(config).await?;
    let started = std::time::Instant::now();
    let exported = server::site::export::export(&app.site, out).await?;
    println!("exported {} pages ({} files) to {} in {:.1} s", exported.pages, exported.files, out.display(), started.elapsed().as_secs_f64());
    Ok(())
}

/// Makes (or promotes) a verified staff account; the password is read from standard input.
async fn create_admin(email: &str) -> anyhow::Result<()> {
    use std::io::{BufRead, IsTerminal, Write};
    let email = server::domain::Email::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
    if std::io::stdin().is_terminal() {
        eprint!("Password for {email} (shown as you type; at least 8 characters): ");
        std::io::stderr().flush()?;
    }
    let mut password = String::new();
    std::io::stdin().lock().read_line(&mut password)?;
    let password = password.trim_end_matches(['\r', '\n']).to_string();
    server::domain::password::check_password(&password, Some(&email)).map_err(|e| anyhow::anyhow!("{e}"))?;
    let config = Config::from_env()?;
    let db = server::platform::db::connect_and_migrate(&config.database_url, config.database_pool).await?;
    let created = server::accounts::staff::create_or_promote(&db, &email, &password).await?;
    println!("{} staff account {email}", if created { "created" } else { "updated" });
    Ok(())
}
