//! `/metrics` for Prometheus: off unless `METRICS_TOKEN` is set, and then answered only to
//! `Authorization: Bearer <token>`, as the figures describe the business to anyone who reads
//! them.

use super::AppError;
use crate::platform::mail::outbox;
use crate::platform::secrets::constant_time_eq;
use crate::platform::{memory, metrics};
use crate::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use prometheus_client::registry::Registry;
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
    let backlog = outbox::backlog(state.db()).await?;
    let (open, idle, most) = pool_usage(state.db());
    let lookups = state.site.cache.lookups();
    let answers = &state.site.answers;
    let mut read = Registry::default();
    metrics::counts(
        &mut read,
        "page_cache_lookups",
        "Cached page lookups: found in memory, read from the disk pack, or missed (rendered)",
        "outcome",
        &[("memory", lookups.memory.get()), ("disk", lookups.disk.get()), ("missed", lookups.missed.get())],
    );
    metrics::level(&mut read, "page_cache_memory_bytes", "Bytes of cached pages kept in memory (PAGE_CACHE_MB at most)", state.site.cache.memory_bytes());
    metrics::level(&mut read, "page_cache_live_bytes", "Bytes of the disk pack that cached pages use", state.site.cache.disk_bytes());
    metrics::level(
        &mut read,
        "page_cache_pack_bytes",
        "Size of the disk pack's file, replaced pages not compacted away yet included",
        state.site.cache.pack_bytes(),
    );
    metrics::counts(
        &mut read,
        "api_cache_lookups",
        "Visitors' API reads that may be kept: found in memory, or missed (made and kept)",
        "outcome",
        &[("found", answers.found.get()), ("missed", answers.missed.get())],
    );
    metrics::level(&mut read, "api_cache_bytes", "Bytes of API answers kept in memory (a quarter of PAGE_CACHE_MB at most)", answers.weighed_bytes());
    metrics::level(&mut read, "mail_outbox_waiting", "Mails queued and not sent yet", backlog.waiting);
    metrics::level(&mut read, "mail_outbox_failing", "Mails not sent yet whose last attempt failed; they are retried", backlog.failing);
    metrics::levels(
        &mut read,
        "database_pool_connections",
        "Database connections open, by whether they are in use",
        "state",
        &[("in_use", open.saturating_sub(idle)), ("idle", idle)],
    );
    metrics::level(&mut read, "database_pool_max_connections", "The most connections the pool opens", most);
    if let Some(heap) = memory::heap_use() {
        metrics::levels(
            &mut read,
            "heap_bytes",
            "The allocator's memory: in blocks the program holds (allocated), in their pages (active), its own bookkeeping (metadata), in memory in all (resident), and kept as address space only (retained)",
            "state",
            &[("allocated", heap.allocated), ("active", heap.active), ("metadata", heap.metadata), ("resident", heap.resident), ("retained", heap.retained)],
        );
    }
    let text = state.requests.write(&read).map_err(|_| AppError::Internal(anyhow::anyhow!("the metrics could not be written")))?;

    let mut response = text.into_response();
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
