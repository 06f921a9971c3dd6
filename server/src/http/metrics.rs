//! `/metrics` for Prometheus: off unless `METRICS_TOKEN` is set, and then answered only to
//! `Authorization: Bearer <token>`, as the figures describe the business to anyone who reads
//! them.

use super::AppError;
use crate::platform::mail::outbox;
use crate::platform::metrics::Exposition;
use crate::platform::secrets::constant_time_eq;
use crate::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sea_orm::{DatabaseBackend, DatabaseConnection};
use std::sync::Arc;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/metrics", get(metrics))
}

async fn metrics(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, AppError> {
    let Some(token) = state.config().metrics_token.as_deref() else {
        return Err(AppError::NotFound);
    };
    let given = headers.get(header::AUTHORIZATION).and_then(|value| value.to_str().ok()).and_then(|value| value.strip_prefix("Bearer ")).unwrap_or("");
    if !constant_time_eq(given.as_bytes(), token.as_bytes()) {
        return Err(AppError::Unauthorized("The metrics token is missing or wrong.".into()));
    }
    let mut out = Exposition::default();
    state.requests.write(&mut out);

    let lookups = state.site.cache.lookups();
    out.family("page_cache_lookups_total", "counter", "Cached page lookups: found in memory, read from the disk pack, or missed (rendered).");
    for (outcome, count) in [("memory", &lookups.memory), ("disk", &lookups.disk), ("missed", &lookups.missed)] {
        out.sample("page_cache_lookups_total", &[("outcome", outcome)], count.total());
    }
    out.family("page_cache_live_bytes", "gauge", "Bytes of the disk pack that cached pages use.");
    out.sample("page_cache_live_bytes", &[], state.site.cache.disk_bytes());
    out.family("page_cache_pack_bytes", "gauge", "Size of the disk pack's file, replaced pages not compacted away yet included.");
    out.sample("page_cache_pack_bytes", &[], state.site.cache.pack_bytes());

    let answers = &state.site.answers;
    out.family("api_cache_lookups_total", "counter", "Visitors' API reads that may be kept: found in memory, or missed (made and kept).");
    for (outcome, count) in [("found", &answers.found), ("missed", &answers.missed)] {
        out.sample("api_cache_lookups_total", &[("outcome", outcome)], count.total());
    }
    out.family("api_cache_bytes", "gauge", "Bytes of API answers kept in memory (a quarter of PAGE_CACHE_MB at most).");
    out.sample("api_cache_bytes", &[], answers.weighed_bytes());

    let backlog = outbox::backlog(state.db()).await?;
    out.family("mail_outbox_waiting", "gauge", "Mails queued and not sent yet.");
    out.sample("mail_outbox_waiting", &[], backlog.waiting);
    out.family("mail_outbox_failing", "gauge", "Mails not sent yet whose last attempt failed; they are retried.");
    out.sample("mail_outbox_failing", &[], backlog.failing);

    let (open, idle, most) = pool_usage(state.db());
    out.family("database_pool_connections", "gauge", "Database connections open, by whether they are in use.");
    out.sample("database_pool_connections", &[("state", "in_use")], open.saturating_sub(idle));
    out.sample("database_pool_connections", &[("state", "idle")], idle);
    out.family("database_pool_max_connections", "gauge", "The most connections the pool opens.");
    out.sample("database_pool_max_connections", &[], most);

    let mut response = out.into_text().into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Connections open, idle, and the most there may be.
fn pool_usage(db: &DatabaseConnection) -> (u64, u64, u64) {
    macro_rules! usage {
        ($pool:expr) => {{
            let pool = $pool;
            (u64::from(pool.size()), pool.num_idle() as u64, u64::from(pool.options().get_max_connections()))
        }};
    }
    match db.get_database_backend() {
        DatabaseBackend::Postgres => usage!(db.get_postgres_connection_pool()),
        _ => usage!(db.get_sqlite_connection_pool()),
    }
}
