//! For load balancers: `/healthz` answers while the process lives; `/readyz` answers 200 only
//! when the database and the file storage both answer, else 503 naming what failed, so that a
//! balancer sends no one to a server that cannot serve them. Neither is cached by anyone.

use crate::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;

/// A check that has not answered by then counts as failed: a balancer polls every few seconds.
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

pub fn routes() -> Router<Arc<AppState>> {
    Router::new().route("/healthz", get(live)).route("/readyz", get(ready))
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    database: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    storage: Option<&'static str>,
}

fn answer(status: StatusCode, health: Health) -> Response {
    let mut response = (status, axum::Json(health)).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn live() -> Response {
    answer(StatusCode::OK, Health { status: "ok", database: None, storage: None })
}

fn reachability(reachable: bool) -> &'static str {
    if reachable { "ok" } else { "unreachable" }
}

async fn ready(State(state): State<Arc<AppState>>) -> Response {
    let (database, storage) = tokio::join!(tokio::time::timeout(CHECK_TIMEOUT, state.db().ping()), tokio::time::timeout(CHECK_TIMEOUT, state.storage.check()),);
    let database = matches!(database, Ok(Ok(())));
    let storage = matches!(storage, Ok(Ok(())));
    if !database || !storage {
        tracing::warn!(database, storage, "not ready");
    }
    let (code, status) = if database && storage { (StatusCode::OK, "ok") } else { (StatusCode::SERVICE_UNAVAILABLE, "unavailable") };
    answer(code, Health { status, database: Some(reachability(database)), storage: Some(reachability(storage)) })
}
