//! The payments API: start paying for one of my bookings, read my payments, the provider's
//! webhook, and the test provider's own checkout buttons.

use super::checkout::{self, Started};
use super::events;
use super::provider::{Outcome, ProviderEvent, WebhookError};
use super::test_provider::TestProvider;
use super::texts;
use super::views::PaymentView;
use crate::accounts::signed_in::Member;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId, no_such_record};
use crate::http::list::{ListQuery, Paginated, rows_of_page};
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, Unauthenticated};
use crate::platform::rate_limit::Limit;
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use chrono::Utc;
use entity::words::{PaymentProvider, PaymentStatus};
use entity::{booking, payment, service};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// The member's booking and its service, or `None` when it is not theirs (or not there).
async fn own_booking(db: &impl ConnectionTrait, member: &Member, id: i32) -> Result<Option<(booking::Model, service::Model)>, sea_orm::DbErr> {
    let Some(row) = booking::Entity::find_by_id(id).filter(booking::Column::UserId.eq(member.user.id)).one(db).await? else { return Ok(None) };
    Ok(service::Entity::find_by_id(row.service_id).one(db).await?.map(|service| (row, service)))
}

/// Each payment with its booking and service.
async fn views(db: &impl ConnectionTrait, rows: Vec<payment::Model>) -> Result<Vec<PaymentView>, AppError> {
    let booking_ids: Vec<i32> = rows.iter().map(|p| p.booking_id).collect();
    let bookings: HashMap<i32, booking::Model> =
        booking::Entity::find().filter(booking::Column::Id.is_in(booking_ids)).all(db).await?.into_iter().map(|b| (b.id, b)).collect();
    let service_ids: Vec<i32> = bookings.values().map(|b| b.service_id).collect();
    let services: HashMap<i32, service::Model> =
        service::Entity::find().filter(service::Column::Id.is_in(service_ids)).all(db).await?.into_iter().map(|s| (s.id, s)).collect();
    rows.into_iter()
        .map(|row| {
            let booking = bookings.get(&row.booking_id).ok_or_else(|| anyhow::anyhow!("payment {} has lost its booking", row.id))?;
            let service = services.get(&booking.service_id).ok_or_else(|| anyhow::anyhow!("booking {} has lost its service", booking.id))?;
            Ok(PaymentView::new(row, booking, service))
        })
        .collect()
}

async fn own_payment(db: &impl ConnectionTrait, member: &Member, id: i32) -> Result<PaymentView, AppError> {
    let row = payment::Entity::find_by_id(id).filter(payment::Column::UserId.eq(member.user.id)).one(db).await?.ok_or(AppError::NotFound)?;
    views(db, vec![row]).await?.pop().ok_or(AppError::NotFound)
}

/// The member's payments, newest first; `booking` keeps one booking's.
#[utoipa::path(get, path = "/api/payments/", operation_id = "list_payments", tag = "payments", security(("bearer" = [])), params(
    ("booking" = Option<i32>, Query, minimum = 1, description = "Only this booking's payments"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<PaymentView>), Invalid, Unauthenticated, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list(State(state): State<Arc<AppState>>, member: Member, query: ListQuery) -> Result<Json<Paginated<PaymentView>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let booking = query.parsed(&mut errors, "booking", texts::BOOKING_EXPECTED, |raw| raw.parse::<i32>().ok().filter(|id| *id > 0));
    errors.finish()?;
    let mut select = payment::Entity::find().filter(payment::Column::UserId.eq(member.user.id));
    if let Some(booking) = booking {
        select = select.filter(payment::Column::BookingId.eq(booking));
    }
    let select = select.order_by_desc(payment::Column::CreatedAt).order_by_desc(payment::Column::Id);
    let (count, rows) = rows_of_page(state.db(), select, request).await?;
    Ok(Json(query.page(request, count, views(state.db(), rows).await?)?))
}

/// One of the member's payments.
#[utoipa::path(get, path = "/api/payments/{id}/", operation_id = "show_payment", tag = "payments", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = PaymentView), Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody)))]
pub async fn show(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<Json<PaymentView>, AppError> {
    Ok(Json(own_payment(state.db(), &member, id).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct NewPayment {
    /// One of the member's bookings, not cancelled and not paid.
    #[schema(required, value_type = i32, minimum = 1)]
    booking: Option<serde_json::Value>,
}

/// Starts paying for one of the member's bookings: 201 with the payment and the provider's
/// `checkout_url` to send the member to. The amount is the booking's, never the request's. A
/// booking has one open checkout: while it is open, starting again answers it (200).
#[utoipa::path(post, path = "/api/payments/", tag = "payments", security(("bearer" = [])), request_body = NewPayment, responses(
    (status = 201, body = PaymentView, description = "A new checkout"),
    (status = 200, body = PaymentView, description = "The booking's checkout already open"),
    Invalid, Unauthenticated, RateLimited,
    (status = 409, description = "Another request is changing this booking's payment; try again", body = ErrorBody),
    (status = 502, description = "The payment provider could not be reached; try again", body = ErrorBody),
))]
pub async fn start(
    State(state): State<Arc<AppState>>,
    member: Member,
    JsonBody(body): JsonBody<NewPayment>,
) -> Result<(StatusCode, Json<PaymentView>), AppError> {
    state.limiter.check("payment", &member.user.id.to_string(), Limit::per_hour(state.config().limits.payments_per_hour)).await?;
    let mut errors = FieldErrors::default();
    let id = errors.whole_number("booking", body.booking.as_ref());
    errors.finish()?;
    let found = match id.and_then(|id| i32::try_from(id).ok()) {
        Some(id) => own_booking(state.db(), &member, id).await?,
        None => None,
    };
    let Some((booking, service)) = found else {
        return Err(AppError::field("booking", no_such_record(id.unwrap_or_default())));
    };
    let Started { payment, created } = checkout::start(&state, &member, &booking, &service).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(own_payment(state.db(), &member, payment.id).await?)))
}

#[derive(Serialize, ToSchema)]
pub struct Received {
    received: bool,
}

/// Where the payment provider sends its events (Stripe: `checkout.session.completed`,
/// `checkout.session.async_payment_succeeded`, `checkout.session.async_payment_failed`,
/// `checkout.session.expired`), signed in the `Stripe-Signature` header. An event is applied
/// once by its id; a replay answers 200 and changes nothing.
#[utoipa::path(post, path = "/api/payments/webhook/", tag = "payments", request_body(content = String, description = "The provider's event, exactly as sent", content_type = "application/json"), params(("Stripe-Signature" = Option<String>, Header, description = "`t=<unix time>,v1=<HMAC-SHA256 hex>`")), responses(
    (status = 200, body = Received),
    (status = 400, description = "Unsigned, wrongly signed, older than five minutes, or unreadable: nothing changed", body = ErrorBody),
))]
pub async fn webhook(State(state): State<Arc<AppState>>, headers: HeaderMap, body: Bytes) -> Result<Json<Received>, AppError> {
    let event = state.payments.read_event(&headers, &body, Utc::now()).map_err(|error: WebhookError| AppError::BadRequest(error.to_string()))?;
    if let Some(event) = event {
        events::apply(&state, &event).await?;
    }
    Ok(Json(Received { received: true }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TestOutcome {
    Paid,
    Cancelled,
}

#[derive(Deserialize, ToSchema)]
pub struct TestCheckout {
    outcome: TestOutcome,
}

/// Test mode only (`PAYMENTS=test`): the test checkout's "Pay" or "Cancel" button on our own
/// payment page, which settles the checkout as the provider's webhook would. Answers 404 when
/// a real provider takes payments.
#[utoipa::path(post, path = "/api/payments/{id}/test-checkout/", tag = "payments", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), request_body = TestCheckout, responses((status = 200, body = PaymentView), Invalid, Unauthenticated, (status = 404, description = "Not one of yours, or not in test mode", body = ErrorBody)))]
pub async fn test_checkout(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<TestCheckout>,
) -> Result<Json<PaymentView>, AppError> {
    if state.payments.kind() != PaymentProvider::Test {
        return Err(AppError::NotFound);
    }
    let row = payment::Entity::find_by_id(id).filter(payment::Column::UserId.eq(member.user.id)).one(state.db()).await?.ok_or(AppError::NotFound)?;
    if row.status == PaymentStatus::Pending {
        let checkout = TestProvider::reference(row.id);
        let (name, outcome) = match body.outcome {
            TestOutcome::Paid => ("paid", Outcome::Paid { charge: format!("test_pi_{}", row.id), amount: None }),
            TestOutcome::Cancelled => ("cancelled", Outcome::Expired),
        };
        let event = ProviderEvent { id: format!("{checkout}:{name}"), kind: format!("test.checkout.{name}"), checkout, outcome };
        events::apply(&state, &event).await?;
    }
    Ok(Json(own_payment(state.db(), &member, id).await?))
}
