//! Putting the server together: database, demo data, islands, the router; used by `main`
//! and by the tests, which start the real app on port 0.

use crate::accounts::codes::Codes;
use crate::accounts::tokens::Tokens;
use crate::config::Config;
use crate::platform::mail::sender::{self, Sender, Transport};
use crate::platform::rate_limit::RateLimiter;
use crate::platform::secrets::Secrets;
use crate::platform::storage::Storage;
use crate::site::build::Build;
use crate::site::islands::QuickJsIslands;
use crate::site::{Site, handlers};
use crate::state::AppState;
use anyhow::Context;
use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use entity::category;
use sea_orm::{EntityTrait, PaginatorTrait};
use std::sync::{Arc, OnceLock};
use tokio::net::TcpListener;
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

pub struct App {
    pub site: Arc<Site>,
    pub state: Arc<AppState>,
    /// Every request but those `http::front` answers first from the page cache.
    pub router: Router,
    mail: sender::Running,
}

/// Connects, migrates, seeds the demo data into an empty database, and loads the islands.
pub async fn build(config: Config) -> anyhow::Result<App> {
    crate::platform::data_dir::prepare(&config.data_dir)?;
    crate::platform::passwords::set_cost(config.password_hash);
    let db = crate::platform::db::connect_and_migrate(&config.database_url, config.database_pool).await?;
    crate::accounts::staff::retire_published_staff_account(&db).await?;
    if config.seed_demo && category::Entity::find().count(&db).await? == 0 {
        let report = crate::import::import(&db, crate::import::demo(crate::domain::uk_time::today())?).await?;
        tracing::info!(%report, "demo data loaded into the empty database");
    }
    let read = crate::catalogue::coverage::fill_missing(&db).await?;
    if read > 0 {
        tracing::info!(services = read, "where services work read from their areas");
    }
    let placed = crate::jobs::place::place_unplaced(&db).await?;
    if placed > 0 {
        tracing::info!(jobs = placed, "jobs placed by their postcode or town");
    }
    let build = Build::load(&config.islands_dir)?;
    let islands = Arc::new(QuickJsIslands::start(build.server_bundle.clone(), config.island_threads)?);
    let site = Arc::new(Site::new(db, config, build, islands).context("cannot create the page cache's file under the data folder")?);
    crate::site::invalidation::listen(site.clone());
    let internal_error_page = site.error_html(500, "/").await;
    let _ = INTERNAL_ERROR_PAGE.set(internal_error_page);

    let config = &site.config;
    let secrets = Secrets::load(config.jwt_secret.as_deref(), &config.data_dir)?;
    let transport = Transport::from_config(config.smtp_url.as_deref(), config.mail_dir())?;
    let log_codes = transport.writes_files();
    let from = config.mail_from.parse().map_err(|e| anyhow::anyhow!("MAIL_FROM is not a mailbox: {e}"))?;
    let sender = Sender::new(site.db.clone(), transport, from, config.mail_retry_after);
    let mail_queued = sender.waker();
    let mail = sender.start();
    let state = Arc::new(AppState {
        storage: Storage::open(&config.storage_url, &config.storage_options, &secrets.files, &config.public_url, config.storage_timeout)?,
        links: crate::platform::signed_link::SignedLinks::new(&secrets.mail_links),
        tokens: Tokens::new(&secrets.tokens),
        codes: Codes::new(&secrets.codes),
        limiter: RateLimiter::new(&site.db, config.limits.rate_limit_keys),
        payments: crate::payments::provider(&config.payments, &config.public_url)?,
        mail_queued,
        log_codes,
        requests: Default::default(),
        periodic_round: Default::default(),
        site: site.clone(),
    });
    crate::bookings::reminders::start(state.clone());
    crate::scheduling::dispatch::start(state.clone());
    crate::messages::mail::start(state.clone());
    crate::jobs::expiry::start(state.clone());
    crate::job_seekers::alerts::start(state.clone());
    crate::data_rights::retention::start(state.clone());
    crate::payments::refunds::start(state.clone());
    crate::platform::periodic::once(state.clone(), "clean stored photos", clean_stored_photos);
    crate::platform::periodic::every(state.clone(), "rate limit sweep", std::time::Duration::from_secs(3600), |state| async move {
        state.limiter.sweep(chrono::Utc::now()).await
    });
    let limits = config.connections;
    let pages = handlers::router(site.clone());
    let router = crate::http::api::router(state.clone(), pages.clone())
        .merge(pages)
        // One layer of all of them: the router boxes each route again for every layer it is
        // given, and each box was cloned for every request.
        .layer(
            tower::ServiceBuilder::new()
                .layer(axum::middleware::from_fn(crate::http::observe::name_route))
                .map_response({
                    let security_headers = site.security_headers.clone();
                    move |response| security_headers.add(response)
                })
                .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, limits.request_timeout))
                .layer(crate::http::body_deadline::BodyDeadlineLayer(crate::http::body_deadline::BodyPace {
                    grace: limits.body_read_timeout,
                    bytes_per_second: limits.body_min_bytes_per_second,
                }))
                .layer(RequestBodyTimeoutLayer::new(limits.body_read_timeout))
                .layer(tower_http::catch_panic::CatchPanicLayer::custom(panic_response)),
        );
    Ok(App { site, state, router, mail })
}

/// Every photo stored before photos were cleaned on upload, cleaned where it is: none can then
/// be handed out with the place it was taken.
pub async fn clean_stored_photos(state: Arc<AppState>) -> Result<(), crate::http::AppError> {
    let keys = stored_photos(&state).await?;
    let cleaned = crate::platform::photo_metadata::clean_all_stored(&state.storage, &keys).await?;
    // A photo replaced or erased while it was being cleaned was deleted by that change before
    // the cleaned copy was written back: what nothing names any more goes again.
    let named: std::collections::HashSet<String> = stored_photos(&state).await?.into_iter().collect();
    for orphan in cleaned.iter().filter(|key| !named.contains(*key)) {
        state.storage.delete(orphan).await;
    }
    tracing::info!(photos = keys.len(), cleaned = cleaned.len(), "stored photos cleaned of their metadata");
    Ok(())
}

/// The storage keys of every photo members uploaded: profile pictures and messages' photos.
async fn stored_photos(state: &AppState) -> Result<Vec<String>, sea_orm::DbErr> {
    let mut keys = crate::accounts::profile::picture_keys(state.db()).await?;
    keys.extend(crate::messages::thread::photo_keys(state.db()).await?);
    Ok(keys)
}

static INTERNAL_ERROR_PAGE: OnceLock<String> = OnceLock::new();

/// A panic answers the 500 page rendered at start-up; the panic itself goes to the log only.
fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("a request panicked");
    let html = INTERNAL_ERROR_PAGE.get().cloned().unwrap_or_else(|| "<!DOCTYPE html><title>Internal Server Error</title><h1>500</h1>".into());
    let mut response = (StatusCode::INTERNAL_SERVER_ERROR, html).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    response
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets requests in flight and the
/// mail being sent finish (each within `SHUTDOWN_GRACE_SECONDS`); prerenders in the background.
pub async fn serve(app: App, listener: TcpListener, shutdown: impl std::future::Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
    if app.site.config.prerender_on_start {
        let site = app.site.clone();
        tokio::spawn(async move { site.prerender_all().await });
    }
    let connections = app.site.config.connections;
    let service = tower::ServiceBuilder::new()
        .map_request(crate::http::observe::drop_unusable_request_id::<hyper::body::Incoming>)
        .layer(SetRequestIdLayer::x_request_id(crate::http::observe::NewRequestIds))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(crate::http::observe::trace(app.state.requests.clone()))
        .layer(crate::http::front::KeptAnswersLayer(app.state.clone()))
        .service(app.router);
    let served = crate::http::serve::serve(service, listener, connections, shutdown).await;
    // No request is left to queue mail: the one being sent is finished and marked sent.
    app.mail.finish(connections.shutdown_grace).await;
    served
}
