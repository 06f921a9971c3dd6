//! The member's bookings: book an Open service, read them, cancel one (the record is kept).

use super::cancellation::{self, CancelledBy};
use super::texts;
use super::views::{BookingView, coming_to};
use crate::accounts::signed_in::Member;
use crate::domain::{UkPostcode, uk_time};
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId, named_record};
use crate::http::list::{ListQuery, Paginated, rows_of_page};
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, Unauthenticated};
use crate::messages::views::{ThreadSummary, summaries};
use crate::notifications::notice::Notifier;
use crate::places::PostcodeArea;
use crate::platform::change::Change;
use crate::platform::rate_limit::Limit;
use crate::scheduling::availability::{Among, Availability};
use crate::scheduling::calendar::Invite;
use crate::scheduling::{self, dispatch, length::Booked};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{NaiveDate, NaiveTime, Utc};
use entity::words::{BookingPayment, BookingStatus, Dispatch, ListingStatus};
use entity::{booking, service};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

const ADDRESS_MAX_CHARS: usize = 200;
const CITY_MAX_CHARS: usize = 100;
const NOTES_MAX_CHARS: usize = 2000;

/// The member's bookings that are not cancelled, newest first.
#[utoipa::path(get, path = "/api/service/booking/", operation_id = "list_bookings", tag = "bookings", security(("bearer" = [])), params(
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<BookingView>), Invalid, Unauthenticated, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list(State(state): State<Arc<AppState>>, member: Member, query: ListQuery) -> Result<Json<Paginated<BookingView>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let select = booking::Entity::find()
        .filter(booking::Column::UserId.eq(member.user.id))
        .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::is_shown_to_customer)))
        .order_by_desc(booking::Column::CreatedAt)
        .order_by_desc(booking::Column::Id);
    let (count, rows) = rows_of_page(state.db(), select, request).await?;
    let ids: Vec<i32> = rows.iter().map(|b| b.service_id).collect();
    let services: HashMap<i32, service::Model> =
        service::Entity::find().filter(service::Column::Id.is_in(ids)).all(state.db()).await?.into_iter().map(|s| (s.id, s)).collect();
    let mut coming = coming_to(&state, &rows).await?;
    let mut threads = summaries(&state, &member.user, &rows.iter().map(|row| row.id).collect::<Vec<_>>()).await?;
    let window = state.config().payments.refund_window_hours;
    let results = rows
        .into_iter()
        .filter_map(|row| services.get(&row.service_id).map(|service| BookingView::new(row, service, window).coming(&mut coming).thread(&mut threads)))
        .collect();
    Ok(Json(query.page(request, count, results)?))
}

#[derive(Deserialize, ToSchema)]
pub struct NewBooking {
    /// The service's id; it must be Open.
    #[schema(required, value_type = i32, minimum = 1)]
    service: Option<serde_json::Value>,
    /// Today or later, UK time.
    #[schema(required, value_type = String, format = Date)]
    date: Option<String>,
    /// `HH:MM`, UK time; later than now when the date is today.
    #[schema(required, value_type = String, pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    time: Option<String>,
    #[schema(required, value_type = crate::domain::Text<{ ADDRESS_MAX_CHARS }>)]
    address_line_1: Option<String>,
    #[schema(required, value_type = crate::domain::Text<{ CITY_MAX_CHARS }>)]
    city: Option<String>,
    #[schema(required, value_type = crate::domain::UkPostcode)]
    postcode: Option<String>,
    #[schema(value_type = crate::domain::TextOrEmpty<{ NOTES_MAX_CHARS }>)]
    notes: Option<String>,
    /// Hours or days, for an hourly or daily price (the service's fewest when left out); a
    /// fixed price is one job.
    #[schema(value_type = Option<i32>, minimum = 1)]
    length: Option<serde_json::Value>,
}

/// The booked date: a real date, today or later in the UK.
fn booking_date(errors: &mut FieldErrors, raw: &str) -> Option<NaiveDate> {
    if raw.is_empty() {
        return None;
    }
    match NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        Ok(date) if date < uk_time::today() => {
            errors.add("date", texts::DATE_IN_PAST);
            None
        }
        Ok(date) if date > uk_time::today() + chrono::Duration::days(crate::scheduling::free_times::BOOKABLE_DAYS_AHEAD) => {
            errors.add("date", crate::scheduling::texts::DATE_TOO_FAR);
            None
        }
        Ok(date) => Some(date),
        Err(_) => {
            errors.add("date", texts::DATE_FORMAT);
            None
        }
    }
}

fn booking_time(errors: &mut FieldErrors, raw: &str) -> Option<NaiveTime> {
    if raw.is_empty() {
        return None;
    }
    let parsed = NaiveTime::parse_from_str(raw, "%H:%M").ok().filter(|_| raw.len() == 5);
    if parsed.is_none() {
        errors.add("time", texts::TIME_FORMAT);
    }
    parsed
}

/// Books an Open service for the member. The amount is the service's price now times the
/// length, whatever the request says; the booking is Pending and Unpaid until it is confirmed
/// and paid. Where the service's providers keep hours, the time must be one of the free slots
/// at the postcode (`GET /api/service/{id}/slots/`), and the booking is offered to the best
/// free provider; elsewhere any future time may be asked for, and the company confirms it.
#[utoipa::path(post, path = "/api/service/booking/", tag = "bookings", security(("bearer" = [])), request_body = NewBooking, responses(
    (status = 201, body = BookingView), Invalid, Unauthenticated, RateLimited,
    (status = 409, description = "The last free provider at that time was taken meanwhile", body = ErrorBody),
))]
pub async fn book(
    State(state): State<Arc<AppState>>,
    member: Member,
    JsonBody(body): JsonBody<NewBooking>,
) -> Result<(StatusCode, Json<BookingView>), AppError> {
    state.limiter.check("booking", &member.user.id.to_string(), Limit::per_hour(state.config().limits.bookings_per_hour)).await?;
    let mut errors = FieldErrors::default();
    let service_id = errors.whole_number("service", body.service.as_ref());
    let date = errors.required("date", body.date.as_deref());
    let date = booking_date(&mut errors, &date);
    let time = errors.required("time", body.time.as_deref());
    let time = booking_time(&mut errors, &time);
    if let (Some(date), Some(time)) = (date, time)
        && uk_time::to_utc(date.and_time(time)) <= Utc::now()
    {
        errors.add("time", texts::TIME_PASSED);
    }
    let address = errors.text::<ADDRESS_MAX_CHARS>("address_line_1", body.address_line_1.as_deref());
    let city = errors.text::<CITY_MAX_CHARS>("city", body.city.as_deref());
    let postcode = errors.required("postcode", body.postcode.as_deref());
    let postcode = if postcode.is_empty() { None } else { UkPostcode::parse(&postcode).map_err(|problem| errors.add("postcode", problem)).ok() };
    let notes = errors.text_or_empty::<NOTES_MAX_CHARS>("notes", body.notes.as_deref());
    let length = body.length.as_ref().filter(|value| !value.is_null()).and_then(|value| errors.whole_number("length", Some(value)));
    let service = named_record::<service::Entity>(state.db(), &mut errors, "service", service_id).await?;
    if service.as_ref().is_some_and(|s| s.status != ListingStatus::Open) {
        errors.add("service", crate::scheduling::texts::NOT_OPEN);
    }
    let booked = service.as_ref().and_then(|service| Booked::of(service, length).map_err(|problem| errors.add("length", problem)).ok());
    errors.finish()?;
    let (service, date, time, postcode, booked) =
        (service.expect("validated"), date.expect("validated"), time.expect("validated"), postcode.expect("validated"), booked.expect("validated"));
    let starts_at = uk_time::to_utc(date.and_time(time));
    let now = Utc::now();
    let availability = Availability::load(state.db(), service.id, date, date, booked.length, None).await?;
    // Where providers keep hours, the time must be free for one covering the postcode.
    let point = PostcodeArea::parse(postcode.as_str()).ok().map(|area| area.point());
    if availability.scheduled() && point.is_none_or(|point| availability.free_at(point, starts_at, booked.length, now).is_empty()) {
        return Err(match point {
            Some(point) if availability.taken(point, starts_at, booked.length, now) => AppError::Conflict(scheduling::texts::TAKEN_MEANWHILE.into()),
            _ => AppError::field("time", scheduling::texts::NOT_FREE),
        });
    }

    let notifier = Notifier::new(&state).await;
    let mut change = Change::begin(&state).await?;
    let provider = match point.filter(|_| availability.scheduled()) {
        Some(point) => Some(
            availability
                .claim(change.db(), point, starts_at, booked.length, now, Among::AllBut(&[]))
                .await?
                .ok_or_else(|| AppError::Conflict(scheduling::texts::TAKEN_MEANWHILE.into()))?,
        ),
        None => None,
    };
    let ends_at = provider.map_or(starts_at + booked.nominal(), |(_, slot)| slot.ends_at);
    let saved = booking::ActiveModel {
        user_id: Set(member.user.id),
        service_id: Set(service.id),
        date: Set(date),
        time: Set(time.format("%H:%M").to_string()),
        address_line_1: Set(address),
        city: Set(city),
        postcode: Set(postcode.as_str().to_string()),
        notes: Set(notes),
        status: Set(BookingStatus::Pending),
        amount_pence: Set(booked.amount_pence),
        payment_status: Set(BookingPayment::Unpaid),
        created_at: Set(now),
        length: Set(booked.units),
        price_unit: Set(service.price_unit),
        starts_at: Set(Some(starts_at)),
        ends_at: Set(Some(ends_at)),
        calendar_sequence: Set(0),
        dispatch: Set(provider.map(|_| Dispatch::Offered)),
        provider_user_id: Set(provider.map(|(user_id, _)| user_id)),
        ..Default::default()
    }
    .insert(change.db())
    .await?;
    if let Some((provider_id, _)) = provider {
        dispatch::offer(&mut change, &state, &notifier, &saved, &service, provider_id, now).await?;
    }
    let invite = Invite::of(&saved, &service, &member.user, notifier.brand(), state.config()).render(BookingStatus::Pending, Utc::now());
    change.notify(&notifier, &member.user, texts::received(&service.title, date, &saved.time, invite)).await?;
    change.commit().await?;
    let mut threads = HashMap::from([(saved.id, ThreadSummary::new_thread(&state, saved.id, &member.user))]);
    Ok((StatusCode::CREATED, Json(BookingView::new(saved, &service, state.config().payments.refund_window_hours).thread(&mut threads))))
}

/// The member's own booking with its service, or 404 (someone else's is as missing as none).
async fn own(state: &AppState, member: &Member, id: i32) -> Result<(booking::Model, service::Model), AppError> {
    let row = booking::Entity::find_by_id(id).filter(booking::Column::UserId.eq(member.user.id)).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let service = service::Entity::find_by_id(row.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    Ok((row, service))
}

/// One of the member's bookings. A cancelled one is gone from the member's view, as from their
/// list (its record is kept for the company's accounts).
#[utoipa::path(get, path = "/api/service/booking/{id}/", operation_id = "show_booking", tag = "bookings", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = BookingView), Unauthenticated, (status = 404, description = "Not one of yours, or cancelled", body = ErrorBody)))]
pub async fn show(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<Json<BookingView>, AppError> {
    let (row, service) = own(&state, &member, id).await?;
    if !row.status.is_shown_to_customer() {
        return Err(AppError::NotFound);
    }
    let mut coming = coming_to(&state, std::slice::from_ref(&row)).await?;
    let mut threads = summaries(&state, &member.user, &[row.id]).await?;
    Ok(Json(BookingView::new(row, &service, state.config().payments.refund_window_hours).coming(&mut coming).thread(&mut threads)))
}

/// Cancels one of the member's bookings: the record is kept, marked Cancelled, and leaves the
/// member's list. A paid booking cancelled at least the refund window before it starts is
/// refunded; later, the payment is kept. Cancelling it again changes nothing.
#[utoipa::path(delete, path = "/api/service/booking/{id}/", tag = "bookings", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses((status = 204, description = "Cancelled"), Invalid, Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody), (status = 502, description = "The payment provider could not refund the payment now; nothing changed, try again", body = ErrorBody)))]
pub async fn cancel(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    let (row, service) = own(&state, &member, id).await?;
    cancellation::cancel(&state, &row, &service, &member.user, CancelledBy::Member).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
pub struct NewTime {
    /// Today or later, UK time.
    #[schema(required, value_type = String, format = Date)]
    date: Option<String>,
    /// `HH:MM`, UK time; where the service's providers keep hours, one of the free times.
    #[schema(required, value_type = String, pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    time: Option<String>,
}

/// Moves one of the member's bookings to another time, until the refund window closes. Where
/// the service's providers keep hours the time must be free; the provider keeps the job if
/// they are free then, else it is offered afresh. The member's calendar event moves with it.
#[utoipa::path(post, path = "/api/service/booking/{id}/reschedule/", operation_id = "reschedule_booking", tag = "bookings", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), request_body = NewTime, responses(
    (status = 200, body = BookingView), Invalid, Unauthenticated,
    (status = 404, description = "Not one of yours", body = ErrorBody),
    (status = 409, description = "Changed or taken meanwhile", body = ErrorBody),
))]
pub async fn move_booking(
    State(state): State<Arc<AppState>>,
    member: Member,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<NewTime>,
) -> Result<Json<BookingView>, AppError> {
    let (row, service) = own(&state, &member, id).await?;
    let mut errors = FieldErrors::default();
    let date = errors.required("date", body.date.as_deref());
    let date = booking_date(&mut errors, &date);
    let time = errors.required("time", body.time.as_deref());
    let time = booking_time(&mut errors, &time);
    errors.finish()?;
    let saved = super::reschedule::reschedule(&state, row, &service, &member.user, date.expect("validated"), time.expect("validated")).await?;
    let mut coming = coming_to(&state, std::slice::from_ref(&saved)).await?;
    let mut threads = summaries(&state, &member.user, &[saved.id]).await?;
    Ok(Json(BookingView::new(saved, &service, state.config().payments.refund_window_hours).coming(&mut coming).thread(&mut threads)))
}
