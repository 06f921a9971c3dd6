//! The member's own notifications: newest first, marked read one by one or all at once.

use super::texts;
use super::views::{NotificationView, ReadAllAnswer};
use crate::accounts::signed_in::Member;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated, rows_of_page};
use crate::http::openapi::{ErrorBody, Invalid, Unauthenticated};
use crate::platform::change::Change;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use entity::notification;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// `true`/`false` as a query value (also `1`/`0` and `True`/`False`, as Django filters take).
fn boolean(raw: &str) -> Option<bool> {
    match raw {
        "true" | "True" | "1" => Some(true),
        "false" | "False" | "0" => Some(false),
        _ => None,
    }
}

/// The member's notifications, newest first.
#[utoipa::path(get, path = "/api/notifications", operation_id = "list_notifications", tag = "notifications", security(("bearer" = [])), params(
    ("is_read" = Option<bool>, Query, description = "Only read (`true`) or unread (`false`) ones"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<NotificationView>), Invalid, Unauthenticated, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list(State(state): State<Arc<AppState>>, member: Member, query: ListQuery) -> Result<Json<Paginated<NotificationView>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let is_read = query.parsed(&mut errors, "is_read", texts::IS_READ_EXPECTED, boolean);
    errors.finish()?;
    let mut select = notification::Entity::find().filter(notification::Column::UserId.eq(member.user.id));
    if let Some(is_read) = is_read {
        select = select.filter(notification::Column::IsRead.eq(is_read));
    }
    let select = select.order_by_desc(notification::Column::CreatedAt).order_by_desc(notification::Column::Id);
    let (count, rows) = rows_of_page(state.db(), select, request).await?;
    Ok(Json(query.page(request, count, rows.into_iter().map(NotificationView::from).collect())?))
}

#[derive(Deserialize, ToSchema)]
pub struct NotificationChange {
    /// Leave out to change nothing.
    is_read: Option<bool>,
}

/// Marks one of the member's notifications read or unread.
#[utoipa::path(patch, path = "/api/notifications/{id}/", operation_id = "update_notification", tag = "notifications", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), request_body = NotificationChange, responses((status = 200, body = NotificationView), Invalid, Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody)))]
pub async fn update(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    JsonBody(change): JsonBody<NotificationChange>,
) -> Result<Json<NotificationView>, AppError> {
    // Someone else's notification is as missing as one that never existed.
    let row = notification::Entity::find_by_id(id).filter(notification::Column::UserId.eq(member.user.id)).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let row = match change.is_read {
        Some(is_read) if is_read != row.is_read => {
            let write = Change::begin(&state).await?;
            let mut active = row.into_active_model();
            active.is_read = Set(is_read);
            let saved = active.update(write.db()).await?;
            write.commit().await?;
            saved
        }
        _ => row,
    };
    Ok(Json(row.into()))
}

/// Marks every unread notification of the member read.
#[utoipa::path(post, path = "/api/notifications/read-all/", tag = "notifications", security(("bearer" = [])), responses((status = 200, body = ReadAllAnswer), Unauthenticated))]
pub async fn read_all(State(state): State<Arc<AppState>>, member: Member) -> Result<Json<ReadAllAnswer>, AppError> {
    let change = Change::begin(&state).await?;
    let result = notification::Entity::update_many()
        .col_expr(notification::Column::IsRead, Expr::value(true))
        .filter(notification::Column::UserId.eq(member.user.id))
        .filter(notification::Column::IsRead.eq(false))
        .exec(change.db())
        .await?;
    change.commit().await?;
    Ok(Json(ReadAllAnswer { updated: result.rows_affected }))
}
