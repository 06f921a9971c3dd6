//! The time in the UK: GMT in winter, BST (UTC+1) from 01:00 UTC on the last Sunday of March
//! to 01:00 UTC on the last Sunday of October (the rule in force since 1996).

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, TimeZone, Utc};

fn last_sunday(year: i32, month: u32) -> NaiveDate {
    let first_of_next = if month == 12 { NaiveDate::from_ymd_opt(year + 1, 1, 1) } else { NaiveDate::from_ymd_opt(year, month + 1, 1) }.expect("a valid month");
    let last = first_of_next - Duration::days(1);
    last - Duration::days(i64::from(last.weekday().num_days_from_sunday()))
}

/// When summer time starts and ends in `year`, in UTC.
fn summer_time(year: i32) -> (DateTime<Utc>, DateTime<Utc>) {
    let at_one = |date: NaiveDate| Utc.from_utc_datetime(&date.and_hms_opt(1, 0, 0).expect("01:00 exists"));
    (at_one(last_sunday(year, 3)), at_one(last_sunday(year, 10)))
}

/// The UK's offset from UTC at `instant`: 0 or 1 hour.
pub fn offset(instant: DateTime<Utc>) -> Duration {
    let (start, end) = summer_time(instant.year());
    if instant >= start && instant < end { Duration::hours(1) } else { Duration::zero() }
}

/// The UK's wall-clock time at `instant`.
pub fn local(instant: DateTime<Utc>) -> NaiveDateTime {
    instant.naive_utc() + offset(instant)
}

/// The UK's date today.
pub fn today() -> NaiveDate {
    local(Utc::now()).date()
}

/// The instant a UK wall-clock time happens. In the hour skipped in spring the clock time does
/// not exist and is read as GMT; in the hour repeated in autumn the first (BST) one is taken.
pub fn to_utc(wall: NaiveDateTime) -> DateTime<Utc> {
    let as_bst = Utc.from_utc_datetime(&(wall - Duration::hours(1)));
    if offset(as_bst) == Duration::hours(1) { as_bst } else { Utc.from_utc_datetime(&wall) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn summer_time_follows_the_last_sundays_of_march_and_october() {
        assert_eq!(last_sunday(2026, 3), NaiveDate::from_ymd_opt(2026, 3, 29).unwrap());
        assert_eq!(last_sunday(2026, 10), NaiveDate::from_ymd_opt(2026, 10, 25).unwrap());
        assert_eq!(offset(utc("2026-03-29T00:59:59Z")), Duration::zero());
        assert_eq!(offset(utc("2026-03-29T01:00:00Z")), Duration::hours(1));
        assert_eq!(offset(utc("2026-10-25T00:59:59Z")), Duration::hours(1));
        assert_eq!(offset(utc("2026-10-25T01:00:00Z")), Duration::zero());
        assert_eq!(offset(utc("2026-12-31T23:30:00Z")), Duration::zero());
        assert_eq!(local(utc("2026-07-01T23:30:00Z")).date(), NaiveDate::from_ymd_opt(2026, 7, 2).unwrap(), "half past midnight in London is already tomorrow");
    }

    #[test]
    fn wall_clock_times_map_back_to_instants() {
        let wall = |text: &str| NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
        assert_eq!(to_utc(wall("2026-07-01 10:00")), utc("2026-07-01T09:00:00Z"));
        assert_eq!(to_utc(wall("2026-12-01 10:00")), utc("2026-12-01T10:00:00Z"));
        assert_eq!(to_utc(wall("2026-10-25 01:30")), utc("2026-10-25T00:30:00Z"), "the first of the repeated hour");
    }
}
