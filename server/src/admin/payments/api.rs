//! The back office's JSON calls about payments: thin handlers over this subject's functions, which its pages use too.

use crate::accounts::signed_in::Staff;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::PaymentRow;
use axum::Json;
use axum::extract::State;
use entity::words::{Filter, PaymentStatus};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

type PaymentStatusFilter = Filter<PaymentStatus>;

/// Payments, newest first.
#[utoipa::path(get, path = "/api/admin/payments/", tag = "back office", params(
    ("status" = inline(Option<PaymentStatusFilter>), Query, description = "A status, or All (the default)"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<PaymentRow>), Invalid, StaffOnly))]
pub async fn payment_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<PaymentRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.filter(&mut errors, "status", Filter::All);
    errors.finish()?;
    let (count, rows) = super::list(state.db(), status.word(), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

/// One payment.
#[utoipa::path(get, path = "/api/admin/payments/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = PaymentRow), StaffOnly))]
pub async fn payment(State(state): State<Arc<AppState>>, _staff: Staff, RecordId(id): RecordId) -> Result<Json<PaymentRow>, AppError> {
    Ok(Json(super::one(state.db(), id).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct RefundBody {
    /// Why (the member is told).
    #[schema(required, value_type = crate::domain::Text<{ super::REASON_MAX_CHARS }>)]
    pub reason: Option<String>,
}

/// Refunds a paid payment in full through the payment provider; the member is told.
#[utoipa::path(post, path = "/api/admin/payments/{id}/refund/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = RefundBody, responses(
    (status = 200, body = PaymentRow), Invalid, StaffOnly,
    (status = 502, description = "The payment provider could not refund now; nothing changed, try again", body = crate::http::openapi::ErrorBody),
))]
pub async fn payment_refund(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<RefundBody>,
) -> Result<Json<PaymentRow>, AppError> {
    let mut errors = FieldErrors::default();
    let reason = errors.required_text("reason", body.reason.as_deref(), super::REASON_MAX_CHARS);
    errors.finish()?;
    Ok(Json(super::refund(&state, &staff.user, id, reason).await?))
}
