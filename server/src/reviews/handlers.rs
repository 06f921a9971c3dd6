//! Reading a service's reviews, and leaving one.

use super::queries;
use super::texts;
use super::views::ReviewView;
use super::writing;
use crate::accounts::signed_in::Member;
use crate::domain::Rating;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId, named_record};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{ErrorBody, Invalid, MessageAnswer, RateLimited, Unauthenticated};
use crate::platform::change::Change;
use crate::platform::db::insert_if_new;
use crate::platform::rate_limit::Limit;
use crate::site::answers::Shared;
use crate::state::AppState;
use app::routes::Tag;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use entity::{review, review_report, service};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// The longest review text taken.
pub const REVIEW_MAX_CHARS: usize = 2000;
const REPORT_MAX_CHARS: usize = 1000;

/// Reviews, newest first: of one service, or of every service.
#[utoipa::path(get, path = "/api/reviews/", operation_id = "list_reviews", tag = "reviews", params(
    ("service" = Option<i32>, Query, minimum = 1, description = "Only this service's reviews"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<ReviewView>), Invalid, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list(State(state): State<Arc<AppState>>, query: ListQuery) -> Result<Shared<Json<Paginated<ReviewView>>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let service = query.parsed(&mut errors, "service", texts::SERVICE_EXPECTED, |raw| raw.parse::<i32>().ok().filter(|id| *id > 0));
    errors.finish()?;
    let count = queries::count(state.db(), service).await?;
    let rows = match request.offset_within(count) {
        Some(offset) => queries::reviews(state.db(), service, offset, request.size).await?,
        None => Vec::new(),
    };
    Ok(Shared::made_from([Tag::Site, Tag::Reviews], Json(query.page(request, count, rows.iter().map(ReviewView::from).collect())?)))
}

#[derive(Deserialize, ToSchema)]
pub struct NewReview {
    /// The service's id.
    #[schema(required, value_type = i32, minimum = 1)]
    service: Option<serde_json::Value>,
    #[schema(required, value_type = i32, minimum = 1, maximum = 5)]
    rating: Option<serde_json::Value>,
    #[schema(required, value_type = crate::domain::Text<{ REVIEW_MAX_CHARS }>)]
    review: Option<String>,
}

/// Leaves the member's review of a service: one per member and service, and not of a service
/// the member provides (or has applied to provide). It names the member's latest completed
/// booking of the service, if any ("Verified booking"). Its providers are told.
#[utoipa::path(post, path = "/api/reviews/", tag = "reviews", security(("bearer" = [])), request_body = NewReview, responses((status = 201, body = ReviewView), Invalid, Unauthenticated, RateLimited))]
pub async fn create(
    State(state): State<Arc<AppState>>,
    member: Member,
    JsonBody(body): JsonBody<NewReview>,
) -> Result<(StatusCode, Json<ReviewView>), AppError> {
    state.limiter.check("review", &member.user.id.to_string(), Limit::per_hour(state.config().limits.reviews_per_hour)).await?;
    let mut errors = FieldErrors::default();
    let service_id = errors.whole_number("service", body.service.as_ref());
    let rating = errors.whole_number("rating", body.rating.as_ref()).and_then(|n| Rating::new(n).map_err(|problem| errors.add("rating", problem)).ok());
    let text = errors.text::<REVIEW_MAX_CHARS>("review", body.review.as_deref());
    let service = named_record::<service::Entity>(state.db(), &mut errors, "service", service_id).await?;
    errors.finish()?;
    let (service, rating) = (service.expect("validated"), rating.expect("validated"));
    let row = writing::save(&state, &member.user, &service, rating, text, writing::Source::Api).await?;
    Ok((StatusCode::CREATED, Json(ReviewView::from(&row))))
}

#[derive(Deserialize, ToSchema)]
pub struct ReviewReport {
    /// What is wrong with it: false, abusive, not about this service...
    #[schema(required, value_type = crate::domain::Text<{ REPORT_MAX_CHARS }>)]
    reason: Option<String>,
}

/// Reports a review as false or abusive, for staff to look at; a second report by the same
/// member changes nothing.
#[utoipa::path(post, path = "/api/reviews/{id}/report/", tag = "reviews", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), request_body = ReviewReport, responses(
    (status = 201, body = MessageAnswer), (status = 200, description = "Reported already", body = MessageAnswer), Invalid, Unauthenticated,
    (status = 403, description = "The member's own review", body = crate::http::openapi::ErrorBody),
    (status = 404, description = "No such review on the site", body = crate::http::openapi::ErrorBody),
))]
pub async fn report(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ReviewReport>,
) -> Result<(StatusCode, Json<MessageAnswer>), AppError> {
    let mut errors = FieldErrors::default();
    let reason = errors.text::<REPORT_MAX_CHARS>("reason", body.reason.as_deref());
    errors.finish()?;
    let found = review::Entity::find_by_id(id).filter(review::Column::HiddenAt.is_null()).one(state.db()).await?.ok_or(AppError::NotFound)?;
    if found.user_id == member.user.id {
        return Err(AppError::Forbidden(texts::CANNOT_REPORT_OWN_REVIEW.into()));
    }
    let change = Change::begin(&state).await?;
    let row = review_report::ActiveModel {
        review_id: Set(id),
        user_id: Set(member.user.id),
        reason: Set(reason),
        created_at: Set(Utc::now()),
        resolved_at: Set(None),
        ..Default::default()
    };
    // Reported already (or twice at once): the report stands, and says so again.
    if insert_if_new(change.db(), row).await?.is_none() {
        return Ok((StatusCode::OK, Json(MessageAnswer::new(texts::REPORTED))));
    }
    change.commit().await?;
    Ok((StatusCode::CREATED, Json(MessageAnswer::new(texts::REPORTED))))
}
