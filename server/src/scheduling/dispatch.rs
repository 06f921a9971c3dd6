//! Dispatch: a booking of a service with providers is offered to one provider at a time. The
//! provider accepts (the booking is confirmed and the customer told who is coming) or
//! declines; a decline, or no answer in time, offers it to the next free provider who covers
//! the postcode, and when nobody is left it waits for staff (`Dispatch::Unfilled`). Every step
//! is one change whose first statement is the write that claims it, so that two answers, or an
//! answer and the time-out, never both act.

use super::availability::{Among, Availability, busy_of};
use super::calendar::Invite;
use super::slots::{Slot, VisitLength};
use super::texts;
use crate::accounts::texts::first_name_or;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::places::PostcodeArea;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::platform::periodic;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use entity::words::{BookingStatus, Dispatch, OfferOutcome, PriceUnit, ProviderStatus};
use entity::{booking, booking_offer, provider, provider_terms, service, user};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use serde_json::json;
use std::sync::Arc;

/// How often lapsed offers are looked for.
const EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Offers `booking` to `provider_id` until the configured time has passed, and tells them.
pub async fn offer(
    change: &mut Change<'_>,
    state: &AppState,
    notifier: &Notifier,
    booking: &booking::Model,
    service: &service::Model,
    provider_id: i32,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let expires_at = now + state.config().scheduling.offer_timeout;
    let saved = booking_offer::ActiveModel {
        booking_id: Set(booking.id),
        provider_user_id: Set(provider_id),
        offered_at: Set(now),
        expires_at: Set(expires_at),
        answered_at: Set(None),
        outcome: Set(None),
        ..Default::default()
    }
    .insert(change.db())
    .await?;
    let provider = user::Entity::find_by_id(provider_id).one(change.db()).await?.ok_or_else(|| DbErr::RecordNotFound(format!("provider {provider_id}")))?;
    let notice = texts::offered(&service.title, booking, expires_at, super::offer_link::path(state, saved.id));
    change.notify(notifier, &provider, notice).await
}

/// A provider's answer to an offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Decline,
}

/// `provider` answers their open offer `offer_id`: 404 if it is not theirs, 409 once it is
/// closed (answered, lapsed, or its booking cancelled) or their account is.
pub async fn answer(state: &AppState, provider: &user::Model, offer_id: i32, answer: Answer) -> Result<(), AppError> {
    let now = Utc::now();
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    let outcome = match answer {
        Answer::Accept => OfferOutcome::Accepted,
        Answer::Decline => OfferOutcome::Declined,
    };
    // Rows are held in the order every change that moves a booking on takes them: the
    // provider's account (deactivation and erasure write it first), the booking, its offer.
    // So a deactivation either waits for this answer, and then passes the accepted visit on, or
    // comes first, and the account is read closed here (PostgreSQL; SQLite's change holds the
    // write lock).
    let active = user::Entity::find_by_id(provider.id).lock_shared().one(change.db()).await?.is_some_and(|account| account.is_active);
    let offer = booking_offer::Entity::find_by_id(offer_id)
        .filter(booking_offer::Column::ProviderUserId.eq(provider.id))
        .one(change.db())
        .await?
        .ok_or(AppError::NotFound)?;
    lock_booking(&change, offer.booking_id).await?;
    if !active || !close_offer(&change, offer_id, Some(provider.id), outcome, now).await? {
        return Err(AppError::Conflict(texts::OFFER_CLOSED.into()));
    }
    let (booking, service) = booking_and_service(&change, offer.booking_id).await?;
    match answer {
        Answer::Accept => {
            let accepted = booking::Entity::update_many()
                .col_expr(booking::Column::Dispatch, Expr::value(Dispatch::Accepted))
                .col_expr(booking::Column::Status, Expr::value(BookingStatus::Confirmed))
                .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
                .filter(booking::Column::Id.eq(booking.id))
                .filter(booking::Column::ProviderUserId.eq(provider.id))
                .filter(booking::Column::Dispatch.eq(Dispatch::Offered))
                .filter(booking::Column::Status.eq(BookingStatus::Pending))
                .exec(change.db())
                .await?;
            if accepted.rows_affected == 0 {
                return Err(AppError::Conflict(texts::OFFER_CLOSED.into()));
            }
            let booking = booking::Entity::find_by_id(booking.id).one(change.db()).await?.ok_or(AppError::NotFound)?;
            let customer = user::Entity::find_by_id(booking.user_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
            let invite = Invite::of(&booking, &service, &customer, notifier.brand(), state.config()).render(BookingStatus::Confirmed, now);
            let coming = first_name_or(&provider.full_name, "Your provider").to_owned();
            let notice = texts::provider_coming(&super::texts::when(&service.title, booking.date, &booking.time), &coming, invite);
            change.notify_naming(&notifier, &customer, notice, provider, &coming).await?;
        }
        // Only a booking still waiting on this provider goes on to the next.
        Answer::Decline if booking.status == BookingStatus::Pending && booking.provider_user_id == Some(provider.id) => {
            offer_to_next(&mut change, state, &notifier, &booking, &service, now).await?
        }
        Answer::Decline => {}
    }
    change.commit().await?;
    Ok(())
}

/// `provider` hands back a visit they accepted that is still to come: the customer is told, and
/// it is offered to the next free provider (never to them again), or left for staff.
pub async fn hand_back(state: &AppState, provider: &user::Model, booking_id: i32) -> Result<(), AppError> {
    let now = Utc::now();
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    let given_back = booking::Entity::update_many()
        .col_expr(booking::Column::Status, Expr::value(BookingStatus::Pending))
        .col_expr(booking::Column::Dispatch, Expr::value(Dispatch::Offered))
        .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
        .filter(booking::Column::Id.eq(booking_id))
        .filter(booking::Column::ProviderUserId.eq(provider.id))
        .filter(booking::Column::Dispatch.eq(Dispatch::Accepted))
        .filter(booking::Column::Status.eq(BookingStatus::Confirmed))
        .filter(booking::Column::StartsAt.gt(now))
        .exec(change.db())
        .await?;
    if given_back.rows_affected == 0 {
        booking::Entity::find_by_id(booking_id).filter(booking::Column::ProviderUserId.eq(provider.id)).one(change.db()).await?.ok_or(AppError::NotFound)?;
        return Err(AppError::BadRequest(texts::CANNOT_HAND_BACK.into()));
    }
    pass_on(&mut change, state, &notifier, booking_id, provider.id, Dispatch::Accepted, now).await?;
    change.commit().await?;
    Ok(())
}

/// Takes back from `provider_id`, who no longer provides `service` (any service when `None`:
/// their account is erased or deactivated), every booking still to come that is offered to them or that they
/// accepted: each goes to the next free provider, or waits for staff, and the customer of an
/// accepted one is told.
pub async fn release(change: &mut Change<'_>, state: &AppState, provider_id: i32, service: Option<i32>, now: DateTime<Utc>) -> Result<(), AppError> {
    let mut select = booking::Entity::find()
        .filter(booking::Column::ProviderUserId.eq(provider_id))
        .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::holds_provider_time)))
        .filter(booking::Column::Dispatch.is_in([Dispatch::Offered, Dispatch::Accepted]))
        .filter(booking::Column::StartsAt.gt(now));
    if let Some(service) = service {
        select = select.filter(booking::Column::ServiceId.eq(service));
    }
    let rows = select.all(change.db()).await?;
    if rows.is_empty() {
        return Ok(());
    }
    let notifier = Notifier::new(state).await;
    for row in rows {
        let as_it_was = row.dispatch.unwrap_or(Dispatch::Offered);
        // Only as read: an answer, a hand-back or a lapse that came first has moved it on already.
        let taken_back = booking::Entity::update_many()
            .col_expr(booking::Column::Status, Expr::value(BookingStatus::Pending))
            .col_expr(booking::Column::Dispatch, Expr::value(Dispatch::Offered))
            .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
            .filter(booking::Column::Id.eq(row.id))
            .filter(booking::Column::ProviderUserId.eq(provider_id))
            .filter(booking::Column::Dispatch.eq(as_it_was))
            .filter(booking::Column::Status.eq(row.status))
            .filter(booking::Column::CalendarSequence.eq(row.calendar_sequence))
            .exec(change.db())
            .await?;
        if taken_back.rows_affected == 1 {
            pass_on(change, state, &notifier, row.id, provider_id, as_it_was, now).await?;
        }
    }
    Ok(())
}

/// Moves on a booking just taken back from `provider_id`, who had it `as_it_was` (offered or
/// accepted): their offer is closed (handed back, once accepted, so that the dashboard counts
/// it), the customer of an accepted visit is told, and it is offered to the next free provider.
async fn pass_on(
    change: &mut Change<'_>,
    state: &AppState,
    notifier: &Notifier,
    booking_id: i32,
    provider_id: i32,
    as_it_was: Dispatch,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    let accepted = as_it_was == Dispatch::Accepted;
    let (open, closed) = if accepted { (Some(OfferOutcome::Accepted), OfferOutcome::HandedBack) } else { (None, OfferOutcome::Withdrawn) };
    booking_offer::Entity::update_many()
        .col_expr(booking_offer::Column::Outcome, Expr::value(closed))
        .col_expr(booking_offer::Column::AnsweredAt, Expr::value(now))
        .filter(booking_offer::Column::BookingId.eq(booking_id))
        .filter(booking_offer::Column::ProviderUserId.eq(provider_id))
        .filter(match open {
            Some(outcome) => booking_offer::Column::Outcome.eq(outcome),
            None => booking_offer::Column::Outcome.is_null(),
        })
        .exec(change.db())
        .await?;
    let (booking, service) = booking_and_service(change, booking_id).await?;
    if accepted {
        let customer = user::Entity::find_by_id(booking.user_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
        let invite = Invite::of(&booking, &service, &customer, notifier.brand(), state.config()).render(BookingStatus::Pending, now);
        change.notify(notifier, &customer, texts::handed_back(&super::texts::when(&service.title, booking.date, &booking.time), invite)).await?;
    }
    offer_to_next(change, state, notifier, &booking, &service, now).await?;
    Ok(())
}

/// Staff give a booking of a service whose providers keep hours to `provider_id`, one of its
/// approved providers without another visit at that time, confirmed: whatever offer was open is withdrawn, the customer is told
/// who is coming, the provider that it is given to and any it is taken from are told, and the
/// audit log keeps it.
pub async fn assign(state: &AppState, staff: &user::Model, booking_id: i32, provider_id: i32) -> Result<(), AppError> {
    let row = booking::Entity::find_by_id(booking_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    if row.dispatch.is_none() {
        return Err(AppError::BadRequest(texts::NO_PROVIDERS_CONFIRM.into()));
    }
    if !row.status.is_open() || row.starts_at.is_some_and(|starts_at| starts_at <= Utc::now()) {
        return Err(AppError::BadRequest(texts::ONLY_TO_COME_ASSIGNED.into()));
    }
    let approved = provider::Entity::find()
        .filter(provider::Column::UserId.eq(provider_id))
        .filter(provider::Column::ServiceId.eq(row.service_id))
        .filter(provider::Column::Status.eq(ProviderStatus::Approved))
        .one(state.db())
        .await?;
    let provider = match approved {
        Some(_) => user::Entity::find_by_id(provider_id).one(state.db()).await?.filter(|user| user.is_active),
        None => None,
    }
    .ok_or_else(|| AppError::field("provider", texts::NOT_ITS_PROVIDER))?;
    let now = Utc::now();
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    // Staff may go outside the provider's hours and the buffer between their visits, never onto
    // another of their visits. Their terms row is held first, as a booking's claim holds it, so
    // that no booking takes that time meanwhile (PostgreSQL; SQLite's change holds the write lock).
    provider_terms::Entity::find().filter(provider_terms::Column::UserId.eq(provider.id)).lock_exclusive().one(change.db()).await?;
    if let (Some(starts_at), Some(ends_at)) = (row.starts_at, row.ends_at) {
        let busy = busy_of(change.db(), &[provider.id], starts_at, ends_at, Some(row.id)).await?;
        let their_visits = busy.get(&provider.id).map_or(&[][..], Vec::as_slice);
        if !(Slot { starts_at, ends_at }).clear_of(their_visits, chrono::Duration::zero()) {
            return Err(AppError::field("provider", texts::PROVIDER_BUSY));
        }
    }
    let assigned = booking::Entity::update_many()
        .col_expr(booking::Column::ProviderUserId, Expr::value(provider.id))
        .col_expr(booking::Column::Dispatch, Expr::value(Dispatch::Accepted))
        .col_expr(booking::Column::Status, Expr::value(BookingStatus::Confirmed))
        .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
        .filter(booking::Column::Id.eq(row.id))
        .filter(booking::Column::CalendarSequence.eq(row.calendar_sequence))
        .filter(booking::Column::Status.eq(row.status))
        .exec(change.db())
        .await?;
    if assigned.rows_affected == 0 {
        return Err(AppError::Conflict(super::texts::CHANGED_MEANWHILE.into()));
    }
    withdraw_offers(&change, row.id, now).await?;
    // Whoever had accepted it no longer has it.
    booking_offer::Entity::update_many()
        .col_expr(booking_offer::Column::Outcome, Expr::value(OfferOutcome::Withdrawn))
        .filter(booking_offer::Column::BookingId.eq(row.id))
        .filter(booking_offer::Column::Outcome.eq(OfferOutcome::Accepted))
        .exec(change.db())
        .await?;
    // Kept as an accepted offer, so that a hand-back and the next offers know of it.
    booking_offer::ActiveModel {
        booking_id: Set(row.id),
        provider_user_id: Set(provider.id),
        offered_at: Set(now),
        expires_at: Set(now),
        answered_at: Set(Some(now)),
        outcome: Set(Some(OfferOutcome::Accepted)),
        ..Default::default()
    }
    .insert(change.db())
    .await?;
    let (booking, service) = booking_and_service(&change, row.id).await?;
    let when = super::texts::when(&service.title, booking.date, &booking.time);
    let customer = user::Entity::find_by_id(booking.user_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    let invite = Invite::of(&booking, &service, &customer, notifier.brand(), state.config()).render(BookingStatus::Confirmed, now);
    let coming = first_name_or(&provider.full_name, "Your provider").to_owned();
    change.notify_naming(&notifier, &customer, texts::provider_coming(&when, &coming, invite), &provider, &coming).await?;
    change.notify(&notifier, &provider, texts::assigned(&texts::visit_summary(&service.title, &booking))).await?;
    if let Some(former) = row.provider_user_id.filter(|former| *former != provider.id) {
        let former = user::Entity::find_by_id(former).one(change.db()).await?.ok_or(AppError::NotFound)?;
        change.notify(&notifier, &former, texts::visit_cancelled(&when)).await?;
    }
    let entry = Action::new("booking.assign", "booking", Some(row.id), texts::assigned_entry(customer.id, &when, provider.id))
        .changed(json!({"provider": row.provider_user_id, "status": row.status}), json!({"provider": provider.id, "status": BookingStatus::Confirmed}));
    change.audit(staff, entry).await?;
    change.commit().await?;
    Ok(())
}

/// Closes every offer that has lapsed by `now` and offers each booking to the next provider;
/// how many it closed.
pub async fn expire_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let lapsed: Vec<i32> = booking_offer::Entity::find()
        .select_only()
        .column(booking_offer::Column::Id)
        .filter(booking_offer::Column::Outcome.is_null())
        .filter(booking_offer::Column::ExpiresAt.lte(now))
        .into_tuple()
        .all(state.db())
        .await?;
    let notifier = Notifier::new(state).await;
    let mut closed = 0;
    for offer_id in lapsed {
        let mut change = Change::begin(state).await?;
        // The booking is held before its offer, as an answer holds them.
        let Some(offer) = booking_offer::Entity::find_by_id(offer_id).one(change.db()).await? else { continue };
        lock_booking(&change, offer.booking_id).await?;
        if !close_offer(&change, offer_id, None, OfferOutcome::Expired, now).await? {
            continue;
        }
        // The offer stays closed whatever its booking became.
        if let Ok((booking, service)) = booking_and_service(&change, offer.booking_id).await
            && booking.status == BookingStatus::Pending
            && booking.provider_user_id == Some(offer.provider_user_id)
        {
            offer_to_next(&mut change, state, &notifier, &booking, &service, now).await?;
        }
        change.commit().await?;
        closed += 1;
    }
    Ok(closed)
}

/// Looks for lapsed offers every minute, on one server at a time.
pub fn start(state: Arc<AppState>) {
    periodic::every(state, "offers lapsing", EVERY, |state| async move { expire_due(&state, Utc::now()).await.map(drop) });
}

/// Holds booking `booking_id`'s row for the rest of `change` (PostgreSQL; SQLite's change
/// holds the write lock already).
async fn lock_booking(change: &Change<'_>, booking_id: i32) -> Result<(), DbErr> {
    booking::Entity::find_by_id(booking_id).lock_exclusive().one(change.db()).await.map(drop)
}

/// Closes an open offer with `outcome` (the provider's own, when `provider` is given): the
/// change's first write, which claims it. Whether it was open.
async fn close_offer(change: &Change<'_>, offer_id: i32, provider: Option<i32>, outcome: OfferOutcome, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let mut update = booking_offer::Entity::update_many()
        .col_expr(booking_offer::Column::Outcome, Expr::value(outcome))
        .col_expr(booking_offer::Column::AnsweredAt, Expr::value(now))
        .filter(booking_offer::Column::Id.eq(offer_id))
        .filter(booking_offer::Column::Outcome.is_null());
    if let Some(provider) = provider {
        // A provider's answer counts only while the offer is open; the time-out closes it after.
        update = update.filter(booking_offer::Column::ProviderUserId.eq(provider)).filter(booking_offer::Column::ExpiresAt.gt(now));
    }
    Ok(update.exec(change.db()).await?.rows_affected == 1)
}

/// Withdraws the open offer of a booking that no longer needs one (cancelled, or assigned by
/// staff).
pub async fn withdraw_offers(change: &Change<'_>, booking_id: i32, now: DateTime<Utc>) -> Result<(), DbErr> {
    booking_offer::Entity::update_many()
        .col_expr(booking_offer::Column::Outcome, Expr::value(OfferOutcome::Withdrawn))
        .col_expr(booking_offer::Column::AnsweredAt, Expr::value(now))
        .filter(booking_offer::Column::BookingId.eq(booking_id))
        .filter(booking_offer::Column::Outcome.is_null())
        .exec(change.db())
        .await?;
    Ok(())
}

/// Offers `booking` to the best free provider it has not yet been offered to, or leaves it
/// for staff when there is none.
async fn offer_to_next(
    change: &mut Change<'_>,
    state: &AppState,
    notifier: &Notifier,
    booking: &booking::Model,
    service: &service::Model,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let passed_over: Vec<i32> = booking_offer::Entity::find()
        .select_only()
        .column(booking_offer::Column::ProviderUserId)
        .filter(booking_offer::Column::BookingId.eq(booking.id))
        .into_tuple()
        .all(change.db())
        .await?;
    let next = match (booking.starts_at, PostcodeArea::parse(&booking.postcode)) {
        (Some(starts_at), Ok(area)) => {
            let length = length_of_visit(booking, service);
            let day = crate::domain::uk_time::local(starts_at).date();
            let availability = Availability::load(change.db(), service.id, day, day, length, Some(booking.id)).await?;
            availability.claim(change.db(), area.point(), starts_at, length, now, Among::AllBut(&passed_over)).await?
        }
        _ => None,
    };
    let (provider, dispatch) = match next {
        Some((provider, _)) => (Some(provider), Dispatch::Offered),
        None => (None, Dispatch::Unfilled),
    };
    // A change of hands raises the sequence too: a move read before it then finds the booking changed.
    booking::Entity::update_many()
        .col_expr(booking::Column::ProviderUserId, Expr::value(provider))
        .col_expr(booking::Column::Dispatch, Expr::value(dispatch))
        .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
        .filter(booking::Column::Id.eq(booking.id))
        .exec(change.db())
        .await?;
    if let Some(provider) = provider {
        offer(change, state, notifier, booking, service, provider, now).await?;
    }
    // Nobody left: the booking waits on the staff dashboard.
    Ok(())
}

/// How long a booked visit takes, from its record: whole days for a daily price, else its
/// real start to end.
pub fn length_of_visit(booking: &booking::Model, service: &service::Model) -> VisitLength {
    match (booking.price_unit, booking.starts_at, booking.ends_at) {
        (PriceUnit::Day, _, _) => VisitLength::Days(u32::try_from(booking.length).ok().filter(|days| *days > 0).unwrap_or(1)),
        (_, Some(starts_at), Some(ends_at)) => VisitLength::Minutes(u32::try_from((ends_at - starts_at).num_minutes()).unwrap_or(60)),
        _ => VisitLength::Minutes(u32::try_from(service.duration_minutes).unwrap_or(60)),
    }
}

async fn booking_and_service(change: &Change<'_>, booking_id: i32) -> Result<(booking::Model, service::Model), AppError> {
    let booking = booking::Entity::find_by_id(booking_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    let service = service::Entity::find_by_id(booking.service_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    Ok((booking, service))
}
