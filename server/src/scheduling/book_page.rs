//! The free times on the booking page (`/services/book?id=N&postcode=…`): a week of them at the
//! postcode asked, the weeks before and after, and the time chosen while it is still free.

use super::free_times::{Asked, DAYS_SHOWN, free_times as find};
use super::texts;
use crate::domain::{Pence, uk_time};
use crate::http::extract::FieldErrors;
use app::data::{FreeDay, FreeTimes};
use chrono::{Duration, NaiveDate, Utc};
use entity::service;
use sea_orm::{ConnectionTrait, DbErr};

/// The page's answer to what was asked; its `errors` say what could not be read.
pub async fn free_times(
    db: &impl ConnectionTrait,
    service: &service::Model,
    postcode: String,
    length: String,
    from: String,
    slot: String,
) -> Result<FreeTimes, DbErr> {
    let now = Utc::now();
    let mut errors = FieldErrors::default();
    let asked = Asked { postcode: Some(&postcode), from: Some(&from), to: None, length: Some(&length) };
    let found = find(db, service, asked, DAYS_SHOWN as u32, now, &mut errors).await?;
    // What was asked stays asked on the page, even where it cannot be answered.
    let mut times = FreeTimes { postcode, length: length.trim().parse().unwrap_or(0), ..Default::default() };
    let Some(found) = found else {
        times.errors = errors.into_fields();
        return Ok(times);
    };
    let today = uk_time::local(now).date();
    let earlier = found.from - Duration::days(DAYS_SHOWN);
    times.length = found.booked.units;
    times.from = found.from.to_string();
    times.earlier = (found.from > today).then(|| earlier.max(today).to_string());
    times.later = (found.from + Duration::days(DAYS_SHOWN)).to_string();
    times.amount = Pence::from_stored(found.booked.amount_pence).to_string();
    times.days =
        found.days.iter().map(|(date, times)| FreeDay { date: date.to_string(), label: date.format("%A %-d %B").to_string(), times: times.clone() }).collect();
    if !slot.is_empty() {
        // `YYYY-MM-DDTHH:MM`, as the page's links write it.
        let chosen = slot.split_once('T').filter(|(date, time)| {
            NaiveDate::parse_from_str(date, "%Y-%m-%d")
                .is_ok_and(|date| found.days.iter().any(|(day, times)| *day == date && times.iter().any(|free| free == time)))
        });
        match chosen {
            Some((date, time)) => times.chosen = Some((date.to_owned(), time.to_owned())),
            None => errors.add("slot", texts::SLOT_GONE),
        }
    }
    times.errors = errors.into_fields();
    Ok(times)
}
