//! "When can this be done?": a service's free start times at a postcode, over some days, for a
//! length, with the amount; read from what a person asked (the API's query or the booking
//! page's form), each field's problem said in their words. One reading for both.

use super::availability::Availability;
use super::length::Booked;
use super::texts;
use crate::domain::uk_time;
use crate::http::extract::FieldErrors;
use crate::places::PostcodeArea;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use entity::service;
use entity::words::ListingStatus;
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::BTreeMap;

/// As far ahead as a booking may be made (a year and a day), in days from today.
pub const BOOKABLE_DAYS_AHEAD: i64 = 366;
/// The days shown when the last is not asked: a week.
pub const DAYS_SHOWN: i64 = 7;

/// What a person asked, as typed; `None` for a field left out.
#[derive(Clone, Copy, Default)]
pub struct Asked<'a> {
    pub postcode: Option<&'a str>,
    pub from: Option<&'a str>,
    pub to: Option<&'a str>,
    pub length: Option<&'a str>,
}

pub struct FreeTimes {
    pub booked: Booked,
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// False where no provider of the service keeps hours: any future time may be asked for.
    pub scheduled: bool,
    /// Every date from `from` to `to`, with its free `HH:MM` start times (UK), earliest first.
    pub days: Vec<(NaiveDate, Vec<String>)>,
}

/// `value` trimmed, unless blank.
fn blank(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|value| !value.is_empty())
}

/// The free times of `service`, or `None` with each field's problem in `errors`.
pub async fn free_times(
    db: &impl ConnectionTrait,
    service: &service::Model,
    asked: Asked<'_>,
    max_days: u32,
    now: DateTime<Utc>,
    errors: &mut FieldErrors,
) -> Result<Option<FreeTimes>, DbErr> {
    let today = uk_time::local(now).date();
    let date = |field: &str, raw: Option<&str>, errors: &mut FieldErrors| {
        let raw = blank(raw)?;
        let date = NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok();
        if date.is_none() {
            errors.add(field, format!("A date is YYYY-MM-DD; \"{}\" is not one.", raw.chars().take(50).collect::<String>()));
        }
        date
    };
    let latest = today + Duration::days(BOOKABLE_DAYS_AHEAD);
    let mut from = date("from", asked.from, errors).unwrap_or(today);
    if from < today {
        errors.add("from", texts::FROM_IN_PAST);
    } else if from > latest {
        errors.add("from", texts::DATE_TOO_FAR);
        from = latest;
    }
    // Capped, so that no date far in the future can overflow the arithmetic below.
    let to = date("to", asked.to, errors).unwrap_or(from + Duration::days(DAYS_SHOWN - 1)).min(latest + Duration::days(i64::from(max_days)));
    if to < from {
        errors.add("to", texts::TO_BEFORE_FROM);
    } else if (to - from).num_days() >= i64::from(max_days) {
        errors.add("to", texts::span_too_long(max_days));
    }
    let place = match blank(asked.postcode) {
        None => {
            errors.add("postcode", "This field is required.");
            None
        }
        Some(raw) => PostcodeArea::parse(raw).map_err(|problem| errors.add("postcode", problem)).ok(),
    };
    // `Err` for a length that is not a number (said), `Ok(None)` for none asked.
    let length = match blank(asked.length).map(|raw| (raw, raw.parse::<i64>())) {
        None => Ok(None),
        Some((_, Ok(length))) => Ok(Some(length)),
        Some((raw, Err(_))) => {
            errors.add("length", format!("A length is a whole number; \"{}\" is not one.", raw.chars().take(50).collect::<String>()));
            Err(())
        }
    };
    let booked = length.ok().and_then(|length| Booked::of(service, length).map_err(|problem| errors.add("length", problem)).ok());
    if service.status != ListingStatus::Open {
        errors.add("service", texts::NOT_OPEN);
    }
    let (Some(place), Some(booked), true) = (place, booked, errors.is_empty()) else { return Ok(None) };
    let availability = Availability::load(db, service.id, from, to, booked.length, None).await?;
    let mut by_day: BTreeMap<NaiveDate, Vec<String>> = from.iter_days().take_while(|day| *day <= to).map(|day| (day, Vec::new())).collect();
    if availability.scheduled() {
        for slot in availability.slots(place.point(), from, to, booked.length, now) {
            let (day, time) = slot.wall_clock();
            by_day.entry(day).or_default().push(time);
        }
    }
    Ok(Some(FreeTimes { booked, from, to, scheduled: availability.scheduled(), days: by_day.into_iter().collect() }))
}
