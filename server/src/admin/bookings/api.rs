//! The back office's JSON calls about bookings: thin handlers over this subject's functions, which its pages use too.

use super::{BookingAction, BookingFilter, texts};
use crate::accounts::signed_in::Staff;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::BookingRow;
use axum::Json;
use axum::extract::State;
use entity::words::{BookingStatus, Filter};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

// Named, as the OpenAPI macros take a generic type only through a name.
type BookingStatusFilter = Filter<BookingStatus>;

/// The booking filters of a list request, or their field errors.
pub fn booking_filter(query: &ListQuery, errors: &mut FieldErrors) -> BookingFilter {
    let date = query.parsed(errors, "date", texts::DATE_EXPECTED, |raw| chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok());
    let status = query.filter(errors, "status", Filter::All).word();
    let member = query.text("member").map(|text| text.chars().take(100).collect());
    BookingFilter { date, status, member }
}

/// Bookings, soonest first.
#[utoipa::path(get, path = "/api/admin/bookings/", tag = "back office", params(
    ("date" = Option<String>, Query, format = Date, description = "The booked day"),
    ("status" = inline(Option<BookingStatusFilter>), Query, description = "Pending, Confirmed, Completed, Cancelled or All (the default)"),
    ("member" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of the member's name or email address"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<BookingRow>), Invalid, StaffOnly))]
pub async fn booking_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<BookingRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let filter = booking_filter(&query, &mut errors);
    errors.finish()?;
    let (count, rows) = super::list(state.db(), &filter, request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct BookingActionBody {
    /// `confirm` (a Pending booking of a service whose providers keep no hours), `assign` (to
    /// `provider`, confirmed, where they do), `complete` (a Confirmed one) or `cancel`.
    #[schema(required, value_type = String, pattern = "^(confirm|assign|complete|cancel)$")]
    pub action: Option<String>,
    /// For `assign`: the account id of one of the service's approved providers.
    #[schema(value_type = Option<i32>, minimum = 1)]
    pub provider: Option<serde_json::Value>,
    /// Why, for a cancellation (the member is told); required then.
    #[schema(value_type = String, max_length = 1000)]
    pub reason: Option<String>,
}

/// What a body asks staff to do to a booking, or its field errors.
pub fn parse_booking_action(action: Option<&str>, reason: Option<&str>, provider: Option<&serde_json::Value>) -> Result<BookingAction, AppError> {
    let mut errors = FieldErrors::default();
    let parsed = match action.map(str::trim) {
        Some("confirm") => Some(BookingAction::Confirm),
        Some("assign") => match errors.whole_number("provider", provider).map(i32::try_from) {
            Some(Ok(provider)) => Some(BookingAction::Assign { provider }),
            Some(Err(_)) => {
                errors.add("provider", crate::scheduling::texts::NOT_ITS_PROVIDER);
                None
            }
            None => None,
        },
        Some("complete") => Some(BookingAction::Complete),
        Some("cancel") => Some(BookingAction::Cancel { reason: errors.required_text("reason", reason, super::REASON_MAX_CHARS) }),
        _ => {
            errors.add("action", texts::CHOOSE_ACTION);
            None
        }
    };
    errors.finish()?;
    Ok(parsed.expect("validated"))
}

/// Confirms a booking (or assigns it to a provider, confirmed), marks it completed, or cancels it with a reason (a paid booking is
/// refunded in full through the payment provider); the member is told by notification and email.
#[utoipa::path(post, path = "/api/admin/bookings/{id}/action/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = BookingActionBody, responses(
    (status = 200, body = BookingRow), Invalid, StaffOnly,
    (status = 409, description = "Someone else changed the booking meanwhile", body = crate::http::openapi::ErrorBody),
    (status = 502, description = "The payment provider could not refund now; nothing changed, try again", body = crate::http::openapi::ErrorBody),
))]
pub async fn booking_action(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<BookingActionBody>,
) -> Result<Json<BookingRow>, AppError> {
    let action = parse_booking_action(body.action.as_deref(), body.reason.as_deref(), body.provider.as_ref())?;
    Ok(Json(super::act(&state, &staff.user, id, action).await?))
}
