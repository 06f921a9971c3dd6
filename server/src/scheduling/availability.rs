//! Who can do a service's visit, and when: its approved providers with working terms, the visits
//! they already have over some days, and from those the free slots at a postcode (any provider
//! will do) or the providers free at one start time (for dispatch).

use super::offer_order::{Candidate, best_first};
use super::slots::{self, Busy, Slot, VisitLength};
use super::terms::WorkingTerms;
use crate::domain::uk_time;
use crate::places::Point;
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use entity::words::{BookingStatus, ProviderStatus};
use entity::{booking, provider, provider_terms, user};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::{BTreeMap, HashMap};

/// Which of the providers free at a time a claim may take.
#[derive(Clone, Copy, Debug)]
pub enum Among<'a> {
    /// Any but these (those already offered the booking).
    AllBut(&'a [i32]),
    /// Only this one: the provider a booking being moved is with.
    Only(i32),
}

/// An approved provider of the service, with their terms.
pub struct ServiceProvider {
    pub user_id: i32,
    pub terms: WorkingTerms,
    /// The provider record's "available" switch is on and the terms are not paused.
    pub takes_offers: bool,
    pub last_offered_at: Option<DateTime<Utc>>,
}

/// A service's providers and their visits over a span of days.
pub struct Availability {
    providers: Vec<ServiceProvider>,
    busy: HashMap<i32, Vec<Busy>>,
    /// A booking being moved: its own time is not held against it.
    except: Option<i32>,
}

impl Availability {
    /// What is needed to place a visit of `length` starting on the UK dates `first..=last`.
    /// `except` leaves one booking's own time out (a booking being moved).
    pub async fn load(
        db: &impl ConnectionTrait,
        service_id: i32,
        first: NaiveDate,
        last: NaiveDate,
        length: VisitLength,
        except: Option<i32>,
    ) -> Result<Self, DbErr> {
        let providers = providers_of(db, service_id).await?;
        let ids: Vec<i32> = providers.iter().map(|p| p.user_id).collect();
        // A day either side for the buffers and the daily counts, and a daily visit's days after.
        let extra_days = i64::from(length.days()) + 2;
        let from = uk_time::to_utc((first - Duration::days(1)).and_time(NaiveTime::MIN));
        let to = uk_time::to_utc((last + Duration::days(extra_days)).and_time(NaiveTime::MIN));
        let busy = busy_of(db, &ids, from, to, except).await?;
        Ok(Availability { providers, busy, except })
    }

    /// Whether the service is done by providers with working terms (else any future time may
    /// be asked for, and staff confirm it).
    pub fn scheduled(&self) -> bool {
        !self.providers.is_empty()
    }

    /// The free slots at `point` on `first..=last`, each start time once, earliest first.
    pub fn slots(&self, point: Point, first: NaiveDate, last: NaiveDate, length: VisitLength, now: DateTime<Utc>) -> Vec<Slot> {
        let mut by_start: BTreeMap<DateTime<Utc>, Slot> = BTreeMap::new();
        for provider in self.offerable(point) {
            for slot in slots::free_slots(&provider.terms, self.busy_of(provider.user_id), first, last, length, now) {
                by_start.entry(slot.starts_at).or_insert(slot);
            }
        }
        by_start.into_values().collect()
    }

    /// The providers covering `point` who are free for a visit of `length` at `starts_at`, with
    /// what the dispatch rule weighs, and the slot each would work.
    pub fn free_at(&self, point: Point, starts_at: DateTime<Utc>, length: VisitLength, now: DateTime<Utc>) -> Vec<(Candidate, Slot)> {
        let day = uk_time::local(starts_at).date();
        self.offerable(point)
            .filter_map(|provider| {
                let busy = self.busy_of(provider.user_id);
                let slot = slots::is_free(&provider.terms, busy, starts_at, length, now)?;
                let visits_that_day = slots::visits_starting_on(busy, day);
                Some((Candidate { user_id: provider.user_id, visits_that_day, last_offered_at: provider.last_offered_at }, slot))
            })
            .collect()
    }

    /// Whether a provider covering `point` would be free at `starts_at` but for the visits they
    /// already have: a time someone took, rather than one never offered.
    pub fn taken(&self, point: Point, starts_at: DateTime<Utc>, length: VisitLength, now: DateTime<Utc>) -> bool {
        self.offerable(point).any(|provider| slots::is_free(&provider.terms, &[], starts_at, length, now).is_some())
    }

    /// Takes the best provider free at `starts_at` for a booking being made in `db` (a change's
    /// transaction), or `None` when every one was taken meanwhile. The candidates' terms rows
    /// are locked first, all at once in the order of their ids (PostgreSQL; on SQLite the change
    /// already holds the one write lock), so that their visits read next include any booking
    /// committed meanwhile, two bookings never take one provider's time, and two claims never
    /// wait on each other in a circle. `among` says who may be taken; the booking loaded as
    /// `except` (being moved) does not count against its own new time.
    pub async fn claim(
        &self,
        db: &impl ConnectionTrait,
        point: Point,
        starts_at: DateTime<Utc>,
        length: VisitLength,
        now: DateTime<Utc>,
        among: Among<'_>,
    ) -> Result<Option<(i32, Slot)>, DbErr> {
        let mut candidates: Vec<Candidate> = self
            .free_at(point, starts_at, length, now)
            .into_iter()
            .map(|(candidate, _)| candidate)
            .filter(|candidate| match among {
                Among::AllBut(passed_over) => !passed_over.contains(&candidate.user_id),
                Among::Only(user_id) => candidate.user_id == user_id,
            })
            .collect();
        if candidates.is_empty() {
            return Ok(None);
        }
        best_first(&mut candidates);
        let held: Vec<i32> = provider_terms::Entity::find()
            .select_only()
            .column(provider_terms::Column::UserId)
            .filter(provider_terms::Column::UserId.is_in(candidates.iter().map(|candidate| candidate.user_id)))
            .order_by_asc(provider_terms::Column::UserId)
            .lock_exclusive()
            .into_tuple()
            .all(db)
            .await?;
        let (from, to) = (starts_at - Duration::days(2), starts_at + Duration::days(i64::from(length.days()) + 2));
        let busy = busy_of(db, &held, from, to, self.except).await?;
        for candidate in candidates.iter().filter(|candidate| held.contains(&candidate.user_id)) {
            let Some(provider) = self.providers.iter().find(|provider| provider.user_id == candidate.user_id) else { continue };
            if let Some(slot) = slots::is_free(&provider.terms, busy.get(&candidate.user_id).map_or(&[], Vec::as_slice), starts_at, length, now) {
                // Keeping a visit they have is no new offer: their turn in the order stands.
                if let Among::AllBut(_) = among {
                    provider_terms::Entity::update_many()
                        .col_expr(provider_terms::Column::LastOfferedAt, Expr::value(now))
                        .filter(provider_terms::Column::UserId.eq(candidate.user_id))
                        .exec(db)
                        .await?;
                }
                return Ok(Some((candidate.user_id, slot)));
            }
        }
        Ok(None)
    }

    fn offerable(&self, point: Point) -> impl Iterator<Item = &ServiceProvider> {
        self.providers.iter().filter(move |provider| provider.takes_offers && provider.terms.covers(point))
    }

    fn busy_of(&self, user_id: i32) -> &[Busy] {
        self.busy.get(&user_id).map_or(&[], Vec::as_slice)
    }
}

/// The service's approved providers whose accounts are active and who have set working terms.
pub async fn providers_of(db: &impl ConnectionTrait, service_id: i32) -> Result<Vec<ServiceProvider>, DbErr> {
    let records = provider::Entity::find()
        .filter(provider::Column::ServiceId.eq(service_id))
        .filter(provider::Column::Status.eq(ProviderStatus::Approved))
        .all(db)
        .await?;
    if records.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i32> = records.iter().map(|record| record.user_id).collect();
    let active: Vec<i32> = user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .filter(user::Column::Id.is_in(ids.clone()))
        .filter(user::Column::IsActive.eq(true))
        .into_tuple()
        .all(db)
        .await?;
    let terms: HashMap<i32, provider_terms::Model> =
        provider_terms::Entity::find().filter(provider_terms::Column::UserId.is_in(active)).all(db).await?.into_iter().map(|row| (row.user_id, row)).collect();
    Ok(records
        .into_iter()
        .filter_map(|record| {
            let row = terms.get(&record.user_id)?;
            Some(ServiceProvider {
                user_id: record.user_id,
                terms: WorkingTerms::from_row(row),
                takes_offers: record.availability && !row.paused,
                last_offered_at: row.last_offered_at,
            })
        })
        .collect())
}

/// A visit's provider, start and end, as read.
type BusyRow = (Option<i32>, Option<DateTime<Utc>>, Option<DateTime<Utc>>);

/// The visits of each of `user_ids` that hold their time between `from` and `to`.
pub async fn busy_of(
    db: &impl ConnectionTrait,
    user_ids: &[i32],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    except: Option<i32>,
) -> Result<HashMap<i32, Vec<Busy>>, DbErr> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut select = booking::Entity::find()
        .select_only()
        .columns([booking::Column::ProviderUserId, booking::Column::StartsAt, booking::Column::EndsAt])
        .filter(booking::Column::ProviderUserId.is_in(user_ids.iter().copied()))
        .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::holds_provider_time)))
        .filter(booking::Column::StartsAt.lt(to))
        .filter(booking::Column::EndsAt.gt(from));
    if let Some(id) = except {
        select = select.filter(booking::Column::Id.ne(id));
    }
    let rows: Vec<BusyRow> = select.into_tuple().all(db).await?;
    let mut busy: HashMap<i32, Vec<Busy>> = HashMap::new();
    for (user_id, starts_at, ends_at) in rows {
        if let (Some(user_id), Some(starts_at), Some(ends_at)) = (user_id, starts_at, ends_at) {
            busy.entry(user_id).or_default().push(Busy { starts_at, ends_at });
        }
    }
    Ok(busy)
}
