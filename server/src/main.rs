//! `server [serve]`, `server migrate`, `server import FILE`, `server prerender --out DIR`,
//! `server create-admin EMAIL`, `server openapi` (the API's OpenAPI document, for generators),
//! `server routes` (the site's route table, for the browser tests).

use server::config::Config;
use app::routes::Route;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: server [serve | migrate | import FILE | prerender --out DIR | create-admin EMAIL | openapi | routes]";

#[tokio::main]
async fn main() -> ExitCode {
    server::platform::data_dir::owner_only_files();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn,sea_orm=warn".into()))
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        [] | ["serve"] => serve().await,
        ["migrate"] => migrate().await,
        ["import", file] => import(Path::new(file)).await,
        ["prerender", "--out", dir] => prerender(PathBuf::from(dir)).await,
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
    let listener = tokio::net::TcpListener::bind(&address).await?;
    tracing::info!("serving on {public_url} (listening on {})", listener.local_addr()?);
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
    server::platform::db::connect_and_migrate(&config.database_url).await?;
    println!("migrations applied");
    Ok(())
}

async fn import(file: &Path) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let db = server::platform::db::connect_and_migrate(&config.database_url).await?;
    let started = std::time::Instant::now();
    let report = server::import::import_file(&db, file).await?;
    if report.changed_anything() {
        // Running servers on the same PostgreSQL database drop their cached pages.
        server::site::invalidation::publish(&db, "import", &[app::routes::Tag::Site]).await?;
    }
    println!("imported {} in {:.1} s: {report}", file.display(), started.elapsed().as_secs_f64());
    Ok(())
}

/// Writes every enumerable page and its payload under `out`: `PATH/index.html`, or
/// `PATH/index.QUERY.html` for a page with a query, and the matching `_payload.json`.
async fn prerender(out: PathBuf) -> anyhow::Result<()> {
    let config = Config { prerender_on_start: false, ..Config::from_env()? };
    let app = server::startup::build(config).await?;
    let routes = app.site.enumerable_routes().await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut written = 0;
    for route in routes {
        let page = match app.site.page(&route).await {
            Ok(page) => page,
            Err(server::site::PageError::NotFound) => continue,
            Err(error) => return Err(anyhow::anyhow!("{}: {error}", route.url())),
        };
        let (html_name, payload_name) = export_names(&route);
        write_atomically(&out.join(html_name), &page.html.identity())?;
        write_atomically(&out.join(payload_name), &page.payload.identity())?;
        written += 1;
    }
    println!("wrote {written} pages under {}", out.display());
    Ok(())
}

fn export_names(route: &Route) -> (PathBuf, PathBuf) {
    let dir = PathBuf::from(route.path().trim_start_matches('/'));
    let url = route.url();
    match url.split_once('?') {
        None => (dir.join("index.html"), dir.join("_payload.json")),
        Some((_, query)) => {
            let safe: String = query.chars().map(|c| if c.is_ascii_alphanumeric() || c == '=' || c == '-' { c } else { '_' }).collect();
            (dir.join(format!("index.{safe}.html")), dir.join(format!("_payload.{safe}.json")))
        }
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let temporary = path.with_extension("partial");
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)?;
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
    let db = server::platform::db::connect_and_migrate(&config.database_url).await?;
    let created = server::accounts::staff::create_or_promote(&db, &email, &password).await?;
    println!("{} staff account {email}", if created { "created" } else { "updated" });
    Ok(())
}
