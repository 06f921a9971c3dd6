//! The member's provider applications.

use super::texts;
use super::views::ProviderView;
use crate::accounts::signed_in::Member;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId, named_record};
use crate::http::list::{ListQuery, Paginated, rows_of_page};
use crate::http::openapi::{ErrorBody, Invalid, Unauthenticated};
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::platform::db::insert_if_new;
use crate::state::AppState;
use app::routes::Tag;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use entity::words::{ListingStatus, ProviderStatus};
use entity::{provider, service};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

const BIO_MAX_CHARS: usize = 2000;
/// A working life, generously.
const MAX_EXPERIENCE_YEARS: i64 = 70;

/// The member's own provider records, newest first.
#[utoipa::path(get, path = "/api/service/providers/", operation_id = "list_providers", tag = "providers", security(("bearer" = [])), params(
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<ProviderView>), Invalid, Unauthenticated, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list(State(state): State<Arc<AppState>>, member: Member, query: ListQuery) -> Result<Json<Paginated<ProviderView>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let select = provider::Entity::find()
        .filter(provider::Column::UserId.eq(member.user.id))
        .order_by_desc(provider::Column::CreatedAt)
        .order_by_desc(provider::Column::Id);
    let (count, rows) = rows_of_page(state.db(), select, request).await?;
    Ok(Json(query.page(request, count, rows.into_iter().map(ProviderView::from).collect())?))
}

#[derive(Deserialize, ToSchema)]
pub struct ProviderApplication {
    /// The service's id.
    #[schema(required, value_type = i32, minimum = 1)]
    service: Option<serde_json::Value>,
    /// What the member offers, in their words.
    #[schema(required, value_type = crate::domain::Text<{ BIO_MAX_CHARS }>)]
    bio: Option<String>,
    #[schema(required, value_type = i32, minimum = 0, maximum = 70)]
    experience_years: Option<serde_json::Value>,
    /// Whether the member takes bookings now; true when left out.
    availability: Option<bool>,
}

/// Applies to provide an Open service: Pending until staff decide; one application per
/// member and service.
#[utoipa::path(post, path = "/api/service/providers/", operation_id = "apply_to_provide", tag = "providers", security(("bearer" = [])), request_body = ProviderApplication, responses((status = 201, body = ProviderView), Invalid, Unauthenticated))]
pub async fn apply(
    State(state): State<Arc<AppState>>,
    member: Member,
    JsonBody(body): JsonBody<ProviderApplication>,
) -> Result<(StatusCode, Json<ProviderView>), AppError> {
    let mut errors = FieldErrors::default();
    let service_id = errors.whole_number("service", body.service.as_ref());
    let bio = errors.text::<BIO_MAX_CHARS>("bio", body.bio.as_deref());
    let years = errors.whole_number("experience_years", body.experience_years.as_ref());
    if years.is_some_and(|years| !(0..=MAX_EXPERIENCE_YEARS).contains(&years)) {
        errors.add("experience_years", texts::years_out_of_range(MAX_EXPERIENCE_YEARS));
    }
    let service = named_record::<service::Entity>(state.db(), &mut errors, "service", service_id).await?;
    if service.as_ref().is_some_and(|s| s.status != ListingStatus::Open) {
        errors.add("service", texts::NOT_TAKING_APPLICATIONS);
    }
    errors.finish()?;
    let (service, years) = (service.expect("validated"), years.expect("validated") as i32);

    let notifier = Notifier::new(&state).await;
    let mut change = Change::begin(&state).await?;
    let application = provider::ActiveModel {
        user_id: Set(member.user.id),
        service_id: Set(service.id),
        status: Set(ProviderStatus::Pending),
        availability: Set(body.availability.unwrap_or(true)),
        bio: Set(bio),
        experience_years: Set(years),
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    // One application per member and service.
    let saved = insert_if_new(change.db(), application).await?.ok_or_else(|| AppError::field("service", texts::ALREADY_APPLIED))?;
    change.notify(&notifier, &member.user, texts::application_received(&service.title)).await?;
    change.commit().await?;
    Ok((StatusCode::CREATED, Json(saved.into())))
}

/// The member's own record, or 404 (someone else's record is as missing as none).
async fn own(state: &AppState, member: &Member, id: i32) -> Result<provider::Model, AppError> {
    provider::Entity::find_by_id(id).filter(provider::Column::UserId.eq(member.user.id)).one(state.db()).await?.ok_or(AppError::NotFound)
}

#[derive(Deserialize, ToSchema)]
pub struct AvailabilityChange {
    /// Leave out to change nothing.
    availability: Option<bool>,
}

/// Switches whether the member takes bookings for this service.
#[utoipa::path(patch, path = "/api/service/providers/{id}/", operation_id = "update_provider", tag = "providers", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), request_body = AvailabilityChange, responses((status = 200, body = ProviderView), Invalid, Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody)))]
pub async fn update(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    JsonBody(change): JsonBody<AvailabilityChange>,
) -> Result<Json<ProviderView>, AppError> {
    let row = own(&state, &member, id).await?;
    let row = match change.availability {
        Some(availability) if availability != row.availability => {
            let write = Change::begin(&state).await?;
            let mut active = row.into_active_model();
            active.availability = Set(availability);
            let saved = active.update(write.db()).await?;
            write.commit().await?;
            saved
        }
        _ => row,
    };
    Ok(Json(row.into()))
}

/// Withdraws the member's application, or stops providing the service: the jobs of it still
/// to come that were offered to them or that they took go to other providers.
#[utoipa::path(delete, path = "/api/service/providers/{id}/", operation_id = "withdraw_provider", tag = "providers", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses((status = 204, description = "Withdrawn"), Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody)))]
pub async fn withdraw(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    let row = own(&state, &member, id).await?;
    let mut change = Change::begin(&state).await?;
    provider::Entity::delete_by_id(row.id).exec(change.db()).await?;
    if row.status == ProviderStatus::Approved {
        crate::scheduling::dispatch::release(&mut change, &state, member.user.id, Some(row.service_id), chrono::Utc::now()).await?;
        // Its booking page says whether the service's providers keep hours; their profile
        // lists the service.
        change.touches([Tag::Service(row.service_id), Tag::Provider(member.user.id)]);
    }
    change.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
