//! The provider's working terms (read and replace whole), answers to offers, handing a visit
//! back, and the free slots of a service. (Marking a visit done is a booking's step:
//! `bookings::marking_done`.)

use super::dispatch::{self, Answer};
use super::free_times::{Asked, free_times};
use super::hours::{WeekText, WeeklyHours};
use super::terms::{self, TermsBody, WorkingTerms};
use super::texts;
use crate::accounts::signed_in::Member;
use crate::domain::Pence;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::ListQuery;
use crate::http::openapi::{ErrorBody, Invalid, Unauthenticated};
use crate::platform::change::Change;
use crate::state::AppState;
use app::routes::Tag;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{NaiveDate, Utc};
use entity::words::{PriceUnit, ProviderStatus};
use entity::{provider, service};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// Terms a member has not set yet start from these.
const DEFAULT_BUFFER_MINUTES: i64 = 30;
const DEFAULT_NOTICE_HOURS: i64 = 24;
const DEFAULT_MAX_JOBS_PER_DAY: u32 = 4;

#[derive(Serialize, ToSchema)]
pub struct AreaView {
    /// The postcode district at the area's centre.
    postcode: String,
    radius_miles: u32,
}

/// One service the member is approved for, and its "available" switch.
#[derive(Serialize, ToSchema)]
pub struct ProvidedService {
    /// The provider record's id (`PATCH /api/service/providers/{id}/` switches it).
    provider: i32,
    service: i32,
    title: String,
    available: bool,
}

/// The member's working terms, for every service they are approved for.
#[derive(Serialize, ToSchema)]
pub struct TermsView {
    /// False until the member first saves terms: what is shown are the defaults.
    saved: bool,
    areas: Vec<AreaView>,
    #[schema(value_type = std::collections::BTreeMap<String, Vec<super::hours::RangeText>>)]
    hours: WeekText,
    #[schema(value_type = Vec<String>)]
    days_off: Vec<NaiveDate>,
    buffer_minutes: i64,
    notice_hours: i64,
    max_jobs_per_day: u32,
    paused: bool,
    services: Vec<ProvidedService>,
}

impl TermsView {
    fn new(terms: Option<&WorkingTerms>, services: Vec<ProvidedService>) -> Self {
        match terms {
            Some(terms) => TermsView {
                saved: true,
                areas: terms.areas.iter().map(|area| AreaView { postcode: area.district.clone(), radius_miles: area.radius_miles }).collect(),
                hours: terms.hours.to_text(),
                days_off: terms.days_off.iter().copied().collect(),
                buffer_minutes: terms.buffer.num_minutes(),
                notice_hours: terms.notice.num_hours(),
                max_jobs_per_day: terms.max_jobs_per_day,
                paused: terms.paused,
                services,
            },
            None => TermsView {
                saved: false,
                areas: Vec::new(),
                hours: WeeklyHours::default().to_text(),
                days_off: Vec::new(),
                buffer_minutes: DEFAULT_BUFFER_MINUTES,
                notice_hours: DEFAULT_NOTICE_HOURS,
                max_jobs_per_day: DEFAULT_MAX_JOBS_PER_DAY,
                paused: false,
                services,
            },
        }
    }
}

/// The services `user_id` is approved to provide.
async fn provided_services(db: &impl ConnectionTrait, user_id: i32) -> Result<Vec<ProvidedService>, sea_orm::DbErr> {
    let records = provider::Entity::find()
        .filter(provider::Column::UserId.eq(user_id))
        .filter(provider::Column::Status.eq(ProviderStatus::Approved))
        .order_by_asc(provider::Column::Id)
        .all(db)
        .await?;
    let titles: HashMap<i32, String> = service::Entity::find()
        .filter(service::Column::Id.is_in(records.iter().map(|record| record.service_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|service| (service.id, service.title))
        .collect();
    Ok(records
        .into_iter()
        .map(|record| ProvidedService {
            provider: record.id,
            service: record.service_id,
            title: titles.get(&record.service_id).cloned().unwrap_or_default(),
            available: record.availability,
        })
        .collect())
}

/// The member's working terms (the defaults until they save some) and the services they are
/// approved for.
#[utoipa::path(get, path = "/api/schedule/terms/", operation_id = "show_working_terms", tag = "scheduling", security(("bearer" = [])), responses((status = 200, body = TermsView), Unauthenticated))]
pub async fn show_terms(State(state): State<Arc<AppState>>, member: Member) -> Result<Json<TermsView>, AppError> {
    let services = provided_services(state.db(), member.user.id).await?;
    let row = terms::row_of(state.db(), member.user.id).await?;
    Ok(Json(TermsView::new(row.as_ref().map(WorkingTerms::from_row).as_ref(), services)))
}

/// Replaces the member's working terms whole. Only a member approved to provide a service may.
#[utoipa::path(put, path = "/api/schedule/terms/", operation_id = "save_working_terms", tag = "scheduling", security(("bearer" = [])), request_body = TermsBody, responses(
    (status = 200, body = TermsView), Invalid, Unauthenticated,
    (status = 403, description = "Not approved to provide any service", body = ErrorBody),
))]
pub async fn save_terms(State(state): State<Arc<AppState>>, member: Member, JsonBody(body): JsonBody<TermsBody>) -> Result<Json<TermsView>, AppError> {
    let services = provided_services(state.db(), member.user.id).await?;
    if services.is_empty() {
        return Err(AppError::Forbidden(texts::NOT_A_PROVIDER.into()));
    }
    let mut errors = FieldErrors::default();
    let terms = body.parse(&mut errors);
    errors.finish()?;
    let terms = terms.expect("validated");
    let mut change = Change::begin(&state).await?;
    // The booking pages of the member's services say whether their providers keep hours; their
    // profile shows their areas.
    change.touches(services.iter().map(|provided| Tag::Service(provided.service)));
    change.touches([Tag::Provider(member.user.id)]);
    terms::save(change.db(), member.user.id, &terms).await.map_err(|error| match crate::platform::db::is_unique_violation(&error) {
        // The member saved twice at once; the other save holds.
        true => AppError::Conflict(super::texts::CHANGED_MEANWHILE.into()),
        false => error.into(),
    })?;
    change.commit().await?;
    Ok(Json(TermsView::new(Some(&terms), services)))
}

/// One day's free start times.
#[derive(Serialize, ToSchema)]
pub struct SlotDay {
    #[schema(value_type = String, format = Date)]
    date: NaiveDate,
    /// `HH:MM`, UK time, earliest first.
    times: Vec<String>,
}

/// When a service can be booked at a postcode, for how long and for how much.
#[derive(Serialize, ToSchema)]
pub struct SlotsView {
    service: i32,
    /// Hours or days (an hourly or daily price); 1 for a fixed price.
    length: i32,
    price_unit: PriceUnit,
    /// Pounds sterling: the price times the length.
    #[schema(value_type = crate::domain::Pence)]
    amount: String,
    /// True where the service's providers do not keep hours here: any future time may be
    /// asked for, and the company confirms it; `days` is then empty.
    any_time: bool,
    /// Every date asked for, with the times at which a provider covering the postcode is free.
    days: Vec<SlotDay>,
}

/// The start times at which a provider of the service who covers the postcode is free for the
/// length asked (its fewest hours or days unless said), from `from` to `to` (UK dates).
#[utoipa::path(get, path = "/api/service/{id}/slots/", operation_id = "service_slots", tag = "scheduling", params(
    ("id" = i32, Path, minimum = 1),
    ("postcode" = inline(crate::places::PostcodeArea), Query, description = "Where the work is: a postcode of Great Britain or its district"),
    ("from" = Option<String>, Query, format = Date, description = "The first date, UK time; today unless said"),
    ("to" = Option<String>, Query, format = Date, description = "The last date; a week from `from` unless said, at most `SLOTS_MAX_DAYS` (62) days on"),
    ("length" = Option<i32>, Query, minimum = 1, description = "Hours or days for an hourly or daily price; the service's fewest unless said"),
), responses((status = 200, body = SlotsView), Invalid, (status = 404, description = "No such service", body = ErrorBody)))]
pub async fn service_slots(State(state): State<Arc<AppState>>, RecordId(id): RecordId, query: ListQuery) -> Result<Json<SlotsView>, AppError> {
    let service = service::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let mut errors = FieldErrors::default();
    let asked = Asked { postcode: query.text("postcode"), from: query.text("from"), to: query.text("to"), length: query.text("length") };
    let found = free_times(state.db(), &service, asked, state.config().scheduling.slots_max_days, Utc::now(), &mut errors).await?;
    errors.finish()?;
    let found = found.expect("validated");
    Ok(Json(SlotsView {
        service: service.id,
        length: found.booked.units,
        price_unit: service.price_unit,
        amount: Pence::from_stored(found.booked.amount_pence).to_string(),
        any_time: !found.scheduled,
        days: if found.scheduled { found.days.into_iter().map(|(date, times)| SlotDay { date, times }).collect() } else { Vec::new() },
    }))
}

/// The provider accepts a job offered to them: the booking is confirmed, and the customer told
/// who is coming.
#[utoipa::path(post, path = "/api/schedule/offers/{id}/accept/", operation_id = "accept_offer", tag = "scheduling", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses(
    (status = 204, description = "Accepted"), Unauthenticated,
    (status = 404, description = "Not an offer made to you", body = ErrorBody),
    (status = 409, description = "No longer open: answered, lapsed, or its booking cancelled", body = ErrorBody),
))]
pub async fn accept_offer(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    dispatch::answer(&state, &member.user, id, Answer::Accept).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The provider declines a job offered to them: it is offered to the next free provider, or
/// left for staff when nobody is.
#[utoipa::path(post, path = "/api/schedule/offers/{id}/decline/", operation_id = "decline_offer", tag = "scheduling", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1)), responses(
    (status = 204, description = "Declined"), Unauthenticated,
    (status = 404, description = "Not an offer made to you", body = ErrorBody),
    (status = 409, description = "No longer open: answered, lapsed, or its booking cancelled", body = ErrorBody),
))]
pub async fn decline_offer(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    dispatch::answer(&state, &member.user, id, Answer::Decline).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The provider hands back a job they accepted that is still to come: it is offered to the
/// next free provider, or left for staff; the customer is told.
#[utoipa::path(post, path = "/api/schedule/jobs/{id}/hand-back/", operation_id = "hand_back_job", tag = "scheduling", security(("bearer" = [])), params(("id" = i32, Path, minimum = 1, description = "The booking's id")), responses(
    (status = 204, description = "Handed back"), Unauthenticated,
    (status = 400, description = "Not an accepted job still to come", body = ErrorBody),
    (status = 404, description = "Not a job of yours", body = ErrorBody),
))]
pub async fn hand_back(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    dispatch::hand_back(&state, &member.user, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
