//! The provider's schedule: the jobs they have accepted and those offered to them, upcoming or
//! past, with what they need to do the work (where, when, for how long, the customer's notes
//! and first name) and nothing more of the customer. An offer shows only the postcode's
//! district: the address and notes are the provider's once they take the job.

use crate::accounts::signed_in::Member;
use crate::accounts::texts::first_name_or;
use crate::catalogue::views::BookedService;
use crate::domain::uk_time;
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::http::list::{ListQuery, Paginated, rows_of_page};
use crate::http::openapi::{ErrorBody, Invalid, Unauthenticated};
use crate::messages::views::{ThreadSummary, summaries};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use entity::words::{BookingStatus, Dispatch, PriceUnit};
use entity::{booking, booking_offer, review, review_answer, service, user};
use sea_orm::sea_query::{Condition, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// An offer waiting for the provider's answer.
#[derive(Serialize, ToSchema)]
pub struct OpenOffer {
    id: i32,
    /// Unanswered by then, it goes to another provider.
    #[schema(format = DateTime)]
    expires_at: String,
}

/// One job on the provider's schedule.
#[derive(Serialize, ToSchema)]
pub struct ScheduledJob {
    /// The booking's id.
    id: i32,
    service: BookedService,
    #[schema(format = Date)]
    date: String,
    /// `HH:MM`, UK time.
    time: String,
    /// When the job ends, UK time (`YYYY-MM-DD HH:MM`).
    ends: String,
    /// Hours or days for an hourly or daily price; 1 for a fixed price.
    length: i32,
    price_unit: PriceUnit,
    /// Empty while the job is only offered.
    address_line_1: String,
    city: String,
    /// The district only (`LS6`) while the job is only offered.
    postcode: String,
    /// Empty while the job is only offered.
    notes: String,
    customer_first_name: String,
    status: BookingStatus,
    /// `offered` (answer `offer`) or `accepted`.
    dispatch: Dispatch,
    offer: Option<OpenOffer>,
    /// The job's messages with its customer and the company, once it is taken.
    messages: Option<ThreadSummary>,
    /// Taken, started and not yet marked done: the provider may mark it done now.
    can_complete: bool,
    /// When it was marked done.
    #[schema(format = DateTime)]
    completed_at: Option<String>,
    /// The customer's review of the job, once they left one (shown, not hidden by staff):
    /// the provider may answer it, once.
    review: Option<JobReview>,
}

/// A customer's review of a job, as its provider sees it.
#[derive(Serialize, ToSchema)]
pub struct JobReview {
    /// The review's id: answer it at `/api/reviews/{id}/answer/`.
    id: i32,
    #[schema(minimum = 1, maximum = 5)]
    rating: i32,
    review: String,
    /// The provider's answer, if they gave one.
    answer: Option<String>,
}

/// The bookings of `provider` on their schedule: accepted, or offered to them and still open.
fn on_schedule_of(provider: i32) -> Condition {
    let open_offers = Query::select()
        .column(booking_offer::Column::BookingId)
        .from(booking_offer::Entity)
        .and_where(booking_offer::Column::ProviderUserId.eq(provider))
        .and_where(booking_offer::Column::Outcome.is_null())
        .to_owned();
    Condition::all()
        .add(booking::Column::ProviderUserId.eq(provider))
        .add(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::is_on_provider_schedule)))
        .add(Condition::any().add(booking::Column::Dispatch.eq(Dispatch::Accepted)).add(booking::Column::Id.in_subquery(open_offers)))
}

/// The provider's jobs, upcoming (not yet ended, soonest first) or past (latest first).
#[utoipa::path(get, path = "/api/schedule/jobs/", operation_id = "list_scheduled_jobs", tag = "scheduling", security(("bearer" = [])), params(
    ("when" = Option<String>, Query, pattern = "^(upcoming|past)$", description = "`upcoming` (the default) or `past`"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<ScheduledJob>), Invalid, Unauthenticated, (status = 404, description = "A page past the last", body = ErrorBody)))]
pub async fn list_visits(State(state): State<Arc<AppState>>, member: Member, query: ListQuery) -> Result<Json<Paginated<ScheduledJob>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let past = query.parsed(&mut errors, "when", "When is upcoming or past;", |text| match text {
        "upcoming" => Some(false),
        "past" => Some(true),
        _ => None,
    });
    errors.finish()?;
    let now = Utc::now();
    let select = booking::Entity::find().filter(on_schedule_of(member.user.id));
    let select = match past.unwrap_or(false) {
        false => select.filter(booking::Column::EndsAt.gte(now)).order_by_asc(booking::Column::StartsAt),
        true => select.filter(booking::Column::EndsAt.lt(now)).order_by_desc(booking::Column::StartsAt),
    };
    let (count, rows) = rows_of_page(state.db(), select.order_by_asc(booking::Column::Id), request).await?;
    let results = visits_of(&state, &member.user, rows).await?;
    Ok(Json(query.page(request, count, results)?))
}

/// The provider's view of `rows`.
pub async fn visits_of(state: &AppState, member: &user::Model, rows: Vec<booking::Model>) -> Result<Vec<ScheduledJob>, DbErr> {
    let db = state.db();
    let ids = |of: fn(&booking::Model) -> i32| rows.iter().map(of).collect::<Vec<i32>>();
    let taken: Vec<i32> = rows.iter().filter(|row| row.dispatch == Some(Dispatch::Accepted)).map(|row| row.id).collect();
    let provider = member.id;
    let mut threads = summaries(state, member, &taken).await?;
    let services: HashMap<i32, service::Model> =
        service::Entity::find().filter(service::Column::Id.is_in(ids(|b| b.service_id))).all(db).await?.into_iter().map(|s| (s.id, s)).collect();
    let names = crate::accounts::members::names_of(db, rows.iter().map(|row| row.user_id)).await?;
    let mut reviews = reviews_of(db, &taken).await?;
    let offers: HashMap<i32, booking_offer::Model> = booking_offer::Entity::find()
        .filter(booking_offer::Column::BookingId.is_in(ids(|b| b.id)))
        .filter(booking_offer::Column::ProviderUserId.eq(provider))
        .filter(booking_offer::Column::Outcome.is_null())
        .all(db)
        .await?
        .into_iter()
        .map(|offer| (offer.booking_id, offer))
        .collect();
    let now = Utc::now();
    let wall = |instant: Option<DateTime<Utc>>| instant.map(|at| uk_time::local(at).format("%Y-%m-%d %H:%M").to_string()).unwrap_or_default();
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let service = services.get(&row.service_id)?;
            let dispatch = row.dispatch.unwrap_or(Dispatch::Offered);
            let taken = dispatch == Dispatch::Accepted;
            let district = super::texts::district(&row.postcode).to_owned();
            let can_complete = completion_refusal(&row, Some(provider), now).is_none();
            Some(ScheduledJob {
                id: row.id,
                service: BookedService::of(service),
                date: row.date.format("%Y-%m-%d").to_string(),
                ends: wall(row.ends_at),
                length: row.length,
                price_unit: row.price_unit,
                customer_first_name: first_name_or(names.get(&row.user_id).map_or("", String::as_str), "the customer").to_owned(),
                dispatch,
                offer: offers.get(&row.id).map(|offer| OpenOffer { id: offer.id, expires_at: crate::http::timestamp(offer.expires_at) }),
                time: row.time,
                address_line_1: if taken { row.address_line_1 } else { String::new() },
                city: row.city,
                postcode: if taken { row.postcode } else { district },
                notes: if taken { row.notes } else { String::new() },
                status: row.status,
                messages: threads.remove(&row.id),
                can_complete,
                completed_at: row.completed_at.map(crate::http::timestamp),
                review: reviews.remove(&row.id),
            })
        })
        .collect())
}

/// The shown reviews naming the `bookings`, with their answers, by booking.
async fn reviews_of(db: &impl ConnectionTrait, bookings: &[i32]) -> Result<HashMap<i32, JobReview>, DbErr> {
    let found =
        review::Entity::find().filter(review::Column::BookingId.is_in(bookings.iter().copied())).filter(review::Column::HiddenAt.is_null()).all(db).await?;
    if found.is_empty() {
        return Ok(HashMap::new());
    }
    let mut answers: HashMap<i32, String> = review_answer::Entity::find()
        .filter(review_answer::Column::ReviewId.is_in(found.iter().map(|r| r.id)))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.review_id, a.answer))
        .collect();
    Ok(found
        .into_iter()
        .filter_map(|r| Some((r.booking_id?, JobReview { id: r.id, rating: r.rating, answer: answers.remove(&r.id), review: r.review })))
        .collect())
}

/// Why `row` may not be marked done at `now` by `provider` (by staff when `None`), if it may
/// not: for a provider, a booking that is not a job they took is not found, and one that has
/// not started is refused.
pub fn completion_refusal(row: &booking::Model, provider: Option<i32>, now: DateTime<Utc>) -> Option<AppError> {
    if provider.is_some_and(|provider| super::provider_who_took(row) != Some(provider)) {
        return Some(AppError::NotFound);
    }
    if row.status != BookingStatus::Confirmed {
        return Some(AppError::BadRequest(super::texts::cannot_complete(row.status)));
    }
    if provider.is_some() && row.starts_at.is_some_and(|starts| starts > now) {
        return Some(AppError::BadRequest(super::texts::NOT_STARTED.into()));
    }
    None
}
