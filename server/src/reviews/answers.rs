//! A provider's public answer to a review of a job they did: once a review, shown under it
//! until staff hide it. Only the provider of the booking the review names may answer.

use super::texts;
use super::views::ReviewView;
use crate::accounts::signed_in::Member;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, Unauthenticated};
use crate::messages::views::first_name_of;
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::platform::db::insert_if_new;
use crate::platform::rate_limit::Limit;
use crate::scheduling::provider_who_took;
use crate::state::AppState;
use app::routes::Tag;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use entity::{booking, review, review_answer, service, user};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

pub const ANSWER_MAX_CHARS: usize = 1000;

#[derive(Deserialize, ToSchema)]
pub struct NewAnswer {
    #[schema(required, value_type = crate::domain::Text<{ ANSWER_MAX_CHARS }>)]
    answer: Option<String>,
}

/// The provider of the booking a review names answers it, publicly and once; its author is told.
#[utoipa::path(post, path = "/api/reviews/{id}/answer/", operation_id = "answer_review", tag = "reviews", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), request_body = NewAnswer, responses(
    (status = 201, body = ReviewView), Invalid, Unauthenticated, RateLimited,
    (status = 403, description = "Not a review of a job you did", body = ErrorBody),
    (status = 404, description = "No such review on the site", body = ErrorBody),
))]
pub async fn answer(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<NewAnswer>,
) -> Result<(StatusCode, Json<ReviewView>), AppError> {
    state.limiter.check("review-answer", &member.user.id.to_string(), Limit::per_hour(state.config().limits.reviews_per_hour)).await?;
    let mut errors = FieldErrors::default();
    let text = errors.text::<ANSWER_MAX_CHARS>("answer", body.answer.as_deref());
    errors.finish()?;
    let answered = review::Entity::find_by_id(id).filter(review::Column::HiddenAt.is_null()).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let visit = match answered.booking_id {
        Some(booking_id) => booking::Entity::find_by_id(booking_id).one(state.db()).await?,
        None => None,
    };
    if visit.as_ref().and_then(provider_who_took) != Some(member.user.id) {
        return Err(AppError::Forbidden(texts::NOT_YOUR_VISIT.into()));
    }
    let service = service::Entity::find_by_id(answered.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let author = user::Entity::find_by_id(answered.user_id).one(state.db()).await?;
    let notifier = Notifier::new(&state).await;
    let mut change = Change::begin(&state).await?;
    let row = review_answer::ActiveModel {
        review_id: Set(answered.id),
        author_user_id: Set(member.user.id),
        answer: Set(text),
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    // Once a review.
    if insert_if_new(change.db(), row).await?.is_none() {
        return Err(AppError::BadRequest(texts::ALREADY_ANSWERED.into()));
    }
    if let Some(author) = author.as_ref().filter(|author| author.is_active) {
        let provider = first_name_of(&member.user.full_name);
        change.notify_naming(&notifier, author, texts::answered(provider, &service.title, service.id), &member.user, provider).await?;
    }
    change.touches(Tag::review(service.id, Some(member.user.id)));
    change.commit().await?;
    let shown = super::queries::as_shown(state.db(), vec![(answered, author)]).await?;
    Ok((StatusCode::CREATED, Json(ReviewView::from(shown.first().expect("one review")))))
}
