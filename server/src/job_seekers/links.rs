//! The links in job seekers' mails, which work without signing in: confirming the address for
//! job alerts, and unsubscribing from them (one click; the page offers to undo it).

use super::texts;
use crate::http::AppError;
use crate::platform::change::Change;
use crate::state::AppState;
use app::data::MessagePage;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Html;
use entity::job_seeker;
use entity::words::JobAlerts;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use std::sync::Arc;

pub const CONFIRM_PATH: &str = "/job-alerts/confirm";
pub const UNSUBSCRIBE_PATH: &str = "/job-alerts/unsubscribe";
const CONFIRM: &str = "confirm-job-alerts";
const UNSUBSCRIBE: &str = "unsubscribe-job-alerts";

/// `?seeker=ID&signature=HEX`.
#[derive(Deserialize)]
pub struct SignedQuery {
    seeker: Option<String>,
    signature: Option<String>,
}

fn link(state: &AppState, path: &str, action: &str, seeker: i32) -> String {
    format!("{path}?seeker={seeker}&signature={}", state.links.sign(action, seeker))
}

/// The absolute link that turns `seeker`'s alerts on.
pub fn confirm_url(state: &AppState, seeker: i32) -> String {
    format!("{}{}", state.config().public_url, link(state, CONFIRM_PATH, CONFIRM, seeker))
}

/// The absolute one-click unsubscribe link of `seeker`'s alerts.
pub fn unsubscribe_url(state: &AppState, seeker: i32) -> String {
    format!("{}{}", state.config().public_url, link(state, UNSUBSCRIBE_PATH, UNSUBSCRIBE, seeker))
}

/// The seeker a link names, if its signature is ours for `action`.
fn signed_seeker(state: &AppState, query: &SignedQuery, action: &str) -> Option<i32> {
    let seeker = query.seeker.as_deref()?.parse::<i32>().ok()?;
    state.links.verify(action, seeker, query.signature.as_deref()?).then_some(seeker)
}

async fn page(state: &AppState, status: StatusCode, path: &str, message: MessagePage) -> Result<(StatusCode, Html<String>), AppError> {
    let html = state.site.message_html(message, path).await?;
    Ok((status, Html(html)))
}

async fn invalid_link(state: &AppState, path: &str) -> Result<(StatusCode, Html<String>), AppError> {
    page(state, StatusCode::BAD_REQUEST, path, texts::invalid_link()).await
}

/// Turns the seeker's alerts on; any other registration of the same address stops its alerts,
/// so that one person gets one mail. Confirming again changes nothing.
pub async fn confirm(State(state): State<Arc<AppState>>, Query(query): Query<SignedQuery>) -> Result<(StatusCode, Html<String>), AppError> {
    let Some(id) = signed_seeker(&state, &query, CONFIRM) else { return invalid_link(&state, CONFIRM_PATH).await };
    let seeker = job_seeker::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let change = Change::begin(&state).await?;
    job_seeker::Entity::update_many()
        .col_expr(job_seeker::Column::Alerts, Expr::value(JobAlerts::Off))
        .filter(job_seeker::Column::Email.eq(seeker.email.clone()))
        .filter(job_seeker::Column::Id.ne(id))
        .exec(change.db())
        .await?;
    job_seeker::Entity::update_many()
        .col_expr(job_seeker::Column::Alerts, Expr::value(JobAlerts::On))
        .filter(job_seeker::Column::Id.eq(id))
        .exec(change.db())
        .await?;
    // The address is proven now, for good: the registration is its holder's (data rights).
    job_seeker::Entity::update_many()
        .col_expr(job_seeker::Column::ConfirmedAt, Expr::value(chrono::Utc::now()))
        .filter(job_seeker::Column::Id.eq(id))
        .filter(job_seeker::Column::ConfirmedAt.is_null())
        .exec(change.db())
        .await?;
    change.commit().await?;
    page(&state, StatusCode::OK, CONFIRM_PATH, texts::alerts_on(&seeker.email)).await
}

/// Stops the seeker's alerts at once: from the link in a mail (GET) or from the mail client's
/// one-click button (POST, RFC 8058). The page offers to turn them back on.
pub async fn unsubscribe(State(state): State<Arc<AppState>>, Query(query): Query<SignedQuery>) -> Result<(StatusCode, Html<String>), AppError> {
    let Some(id) = signed_seeker(&state, &query, UNSUBSCRIBE) else { return invalid_link(&state, UNSUBSCRIBE_PATH).await };
    let change = Change::begin(&state).await?;
    job_seeker::Entity::update_many()
        .col_expr(job_seeker::Column::Alerts, Expr::value(JobAlerts::Off))
        .filter(job_seeker::Column::Id.eq(id))
        .exec(change.db())
        .await?;
    change.commit().await?;
    page(&state, StatusCode::OK, UNSUBSCRIBE_PATH, texts::unsubscribed(link(&state, CONFIRM_PATH, CONFIRM, id))).await
}
