//! The provider's private calendar feed: an `.ics` address that calendar apps subscribe to,
//! holding that provider's accepted jobs only. The address carries the provider's id and a
//! signature of it with the feed's version; raising the version (revoking) makes every
//! address given before worthless.

use super::calendar::{Invite, feed};
use super::texts;
use crate::accounts::signed_in::Member;
use crate::accounts::texts::first_name_or;
use crate::http::AppError;
use crate::http::list::ListQuery;
use crate::http::openapi::{ErrorBody, Invalid, Unauthenticated};
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use chrono::{Duration, Utc};
use entity::words::{BookingStatus, Dispatch};
use entity::{booking, provider_terms, service, user};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// How far back the feed keeps jobs done.
const KEPT_DAYS: i64 = 90;

fn action(version: i32) -> String {
    format!("calendar-feed-{version}")
}

/// The feed's address for `provider` at `version`.
fn address(state: &AppState, provider: i32, version: i32) -> String {
    format!("{}/api/schedule/calendar.ics?provider={provider}&signature={}", state.config().public_url, state.links.sign(&action(version), provider))
}

#[derive(Serialize, ToSchema)]
pub struct FeedAddress {
    /// Private: whoever has it can read the jobs on the schedule. Revoke it if it is shared.
    url: String,
}

async fn terms_of(state: &AppState, user_id: i32) -> Result<provider_terms::Model, AppError> {
    super::terms::row_of(state.db(), user_id).await?.ok_or_else(|| AppError::Forbidden(texts::TERMS_FIRST.into()))
}

/// The address of the provider's calendar feed.
#[utoipa::path(get, path = "/api/schedule/feed/", operation_id = "calendar_feed_address", tag = "scheduling", security(("bearer" = [])), responses(
    (status = 200, body = FeedAddress), Unauthenticated, (status = 403, description = "No working terms yet", body = ErrorBody),
))]
pub async fn show_address(State(state): State<Arc<AppState>>, member: Member) -> Result<Json<FeedAddress>, AppError> {
    let terms = terms_of(&state, member.user.id).await?;
    Ok(Json(FeedAddress { url: address(&state, member.user.id, terms.feed_version) }))
}

/// Revokes the feed's address and gives a new one: calendars subscribed to the old one stop
/// receiving the jobs.
#[utoipa::path(post, path = "/api/schedule/feed/", operation_id = "renew_calendar_feed", tag = "scheduling", security(("bearer" = [])), responses(
    (status = 200, body = FeedAddress), Unauthenticated, (status = 403, description = "No working terms yet", body = ErrorBody),
))]
pub async fn renew_address(State(state): State<Arc<AppState>>, member: Member) -> Result<Json<FeedAddress>, AppError> {
    terms_of(&state, member.user.id).await?;
    let change = Change::begin(&state).await?;
    provider_terms::Entity::update_many()
        .col_expr(provider_terms::Column::FeedVersion, Expr::col(provider_terms::Column::FeedVersion).add(1))
        .filter(provider_terms::Column::UserId.eq(member.user.id))
        .exec(change.db())
        .await?;
    change.commit().await?;
    let terms = terms_of(&state, member.user.id).await?;
    Ok(Json(FeedAddress { url: address(&state, member.user.id, terms.feed_version) }))
}

/// The calendar of a provider's accepted jobs, from 90 days ago on, for calendar apps; the
/// address is the credential (404 for any other).
#[utoipa::path(get, path = "/api/schedule/calendar.ics", operation_id = "calendar_feed", tag = "scheduling", params(
    ("provider" = i32, Query, minimum = 1),
    ("signature" = String, Query, pattern = "^[0-9a-f]{64}$"),
), responses((status = 200, description = "An iCalendar document", content_type = "text/calendar"), Invalid, (status = 404, description = "Not a feed's address, or revoked", body = ErrorBody)))]
pub async fn calendar(State(state): State<Arc<AppState>>, query: ListQuery) -> Result<impl IntoResponse, AppError> {
    let provider: i32 = query.text("provider").and_then(|id| id.parse().ok()).ok_or(AppError::NotFound)?;
    let signature = query.text("signature").ok_or(AppError::NotFound)?;
    let terms = super::terms::row_of(state.db(), provider).await?.ok_or(AppError::NotFound)?;
    if !state.links.verify(&action(terms.feed_version), provider, signature) {
        return Err(AppError::NotFound);
    }
    // A deactivated or erased account's feed shows nobody's jobs.
    user::Entity::find_by_id(provider).filter(user::Column::IsActive.eq(true)).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let now = Utc::now();
    let rows = booking::Entity::find()
        .filter(booking::Column::ProviderUserId.eq(provider))
        .filter(booking::Column::Dispatch.eq(Dispatch::Accepted))
        .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::is_in_provider_feed)))
        .filter(booking::Column::EndsAt.gte(now - Duration::days(KEPT_DAYS)))
        .order_by_asc(booking::Column::StartsAt)
        .all(state.db())
        .await?;
    let services: HashMap<i32, service::Model> = service::Entity::find()
        .filter(service::Column::Id.is_in(rows.iter().map(|row| row.service_id)))
        .all(state.db())
        .await?
        .into_iter()
        .map(|s| (s.id, s))
        .collect();
    let customers: HashMap<i32, user::Model> =
        user::Entity::find().filter(user::Column::Id.is_in(rows.iter().map(|row| row.user_id))).all(state.db()).await?.into_iter().map(|u| (u.id, u)).collect();
    let brand = Notifier::new(&state).await.brand().to_string();
    let events: Vec<(Invite, BookingStatus)> = rows
        .iter()
        .filter_map(|row| {
            let (service, customer) = (services.get(&row.service_id)?, customers.get(&row.user_id)?);
            let mut invite = Invite::of(row, service, customer, &brand, state.config());
            invite.description = texts::feed_description(first_name_or(&customer.full_name, "the customer"), &row.notes, &state.config().public_url);
            Some((invite, row.status))
        })
        .collect();
    let ics = feed(&brand, events, now);
    Ok(([(header::CONTENT_TYPE, "text/calendar; charset=utf-8"), (header::CACHE_CONTROL, "private, no-store")], ics))
}
