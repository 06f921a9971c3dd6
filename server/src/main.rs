//! `server [serve]`, `server migrate`, `server import FILE`, `server export DIR`,
//! `server create-admin EMAIL`, `server openapi` (the API's OpenAPI document, for generators),
//! `server routes` (the site's route table, for the browser tests).

use server::config::Config;
use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "usage: server [serve | migrate | import FILE | export DIR | create-admin EMAIL | openapi | routes]";

fn main() -> ExitCode {
    memory_given_back();
    // Rendering and hashing run on the blocking pool; under a load of many connections an
    // unbounded pool would start hundreds of threads, each with a malloc arena of its own.
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

/// Bounds what glibc keeps of the memory the server freed. glibc gives each busy thread an arena
/// of its own, up to eight per core, and keeps what each one freed: measured on the benchmark
/// data under 256 connections, two arenas hold the server at 151 MB instead of 175 MB for 6%
/// fewer requests a second. And once a large block (a password hash's 19 MiB) is freed, glibc
/// raises the size it maps blocks from the system at to that block's, so that every later hash
/// is carved from an arena, which keeps it: a fixed threshold of 4 MiB keeps hashes mapped and
/// given back. Below it, a brotli encoder's 1 MiB tables come from the arenas, which keep up to
/// 4 MiB free at their top instead of giving it back at every free: measured on the prerender
/// of the benchmark data, 12.7 s instead of 20.1 s, when each page's tables were mapped and
/// faulted in afresh. glibc's own `MALLOC_ARENA_MAX`, `MALLOC_MMAP_THRESHOLD_` and
/// `MALLOC_TRIM_THRESHOLD_`, when set, decide instead.
fn memory_given_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    for (setting, variable, value) in [
        (libc::M_ARENA_MAX, "MALLOC_ARENA_MAX", 2),
        (libc::M_MMAP_THRESHOLD, "MALLOC_MMAP_THRESHOLD_", 4 << 20),
        (libc::M_TRIM_THRESHOLD, "MALLOC_TRIM_THRESHOLD_", 4 << 20),
    ] {
        if std::env::var_os(variable).is_none() {
            // SAFETY: called first thing in main, before any other thread exists.
            unsafe {
                libc::mallopt(setting, value);
            }
        }
    }
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
    let config = Config::from_env()?;
    let address = format!("{}:{}", std::env::var("HOST").unwrap_or_else(|_| "127.0.0.1".into()), config.port);
    let public_url = config.public_url.clone();
    let app = server::startup::build(config).await?;
    server::platform::memory::give_back_as_it_grows();
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
    server::accounts::password_rules::check_password(&password, Some(&email)).map_err(|e| anyhow::anyhow!("{e}"))?;
    let config = Config::from_env()?;
    let db = server::platform::db::connect_and_migrate(&config.database_url, config.database_pool).await?;
    let created = server::accounts::staff::create_or_promote(&db, &email, &password).await?;
    println!("{} staff account {email}", if created { "created" } else { "updated" });
    Ok(())
}
