//! When a provider is free: the start times, on some UK dates, at which a visit of a given
//! length fits their weekly hours, keeps their buffer from every visit they already have, leaves
//! them their notice and their days off, and keeps them within their visits a day. Pure: the
//! same terms, visits and clock give the same slots.
//!
//! Times are UK wall-clock times stepped every half hour from each range's start, and a visit's
//! length is real time: on the day the clocks go forward a range from 00:00 to 04:00 holds three
//! hours of work, on the day they go back five. A wall-clock time the spring skips is never
//! offered, and in the autumn's repeated hour only its first (BST) pass is, since a booking
//! names a date and a time.

use super::hours::Range;
use super::terms::WorkingTerms;
use crate::domain::uk_time;
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};

/// How far apart the start times offered are.
pub const STEP_MINUTES: u16 = 30;

/// How long a visit takes: real minutes (a fixed price's duration, or hours booked), or whole
/// working days from the provider's first hour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VisitLength {
    Minutes(u32),
    Days(u32),
}

impl VisitLength {
    /// The whole days a visit takes (0 for a visit in minutes).
    pub fn days(self) -> u32 {
        match self {
            VisitLength::Minutes(_) => 0,
            VisitLength::Days(days) => days,
        }
    }
}

/// A visit a provider already has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busy {
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

/// A time a visit can start, and when it would end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slot {
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

impl Slot {
    /// Whether the slot keeps `buffer` from each of `busy`: the one rule of overlap, for free
    /// slots, claims and staff assignment alike.
    pub fn clear_of(&self, busy: &[Busy], buffer: Duration) -> bool {
        busy.iter().all(|visit| self.starts_at >= visit.ends_at + buffer || visit.starts_at >= self.ends_at + buffer)
    }

    /// The UK date and `HH:MM` it starts at, as a booking names it.
    pub fn wall_clock(&self) -> (NaiveDate, String) {
        let local = uk_time::local(self.starts_at);
        (local.date(), local.format("%H:%M").to_string())
    }
}

/// The slots free for a visit of `length` on the UK dates `first..=last`, earliest first.
pub fn free_slots(terms: &WorkingTerms, busy: &[Busy], first: NaiveDate, last: NaiveDate, length: VisitLength, now: DateTime<Utc>) -> Vec<Slot> {
    let earliest = now + terms.notice;
    let mut slots = Vec::new();
    for day in first.iter_days().take_while(|day| *day <= last) {
        match length {
            VisitLength::Minutes(minutes) => {
                let Some(ranges) = working(terms, day) else { continue };
                if visits_starting_on(busy, day) >= terms.max_jobs_per_day as usize {
                    continue;
                }
                let length = Duration::minutes(i64::from(minutes));
                for range in ranges {
                    let end_of_range = boundary(day, range.to);
                    for minute in (range.from..range.to).step_by(usize::from(STEP_MINUTES)) {
                        let Some(starts_at) = existing(day, minute) else { continue };
                        let slot = Slot { starts_at, ends_at: starts_at + length };
                        if slot.ends_at > end_of_range {
                            break;
                        }
                        if starts_at >= earliest && slot.clear_of(busy, terms.buffer) {
                            slots.push(slot);
                        }
                    }
                }
            }
            VisitLength::Days(days) => {
                if let Some(slot) = whole_days(terms, busy, day, days)
                    && slot.starts_at >= earliest
                {
                    slots.push(slot);
                }
            }
        }
    }
    slots
}

/// Whether a visit of `length` may start at `starts_at` for this provider now.
pub fn is_free(terms: &WorkingTerms, busy: &[Busy], starts_at: DateTime<Utc>, length: VisitLength, now: DateTime<Utc>) -> Option<Slot> {
    let day = uk_time::local(starts_at).date();
    free_slots(terms, busy, day, day, length, now).into_iter().find(|slot| slot.starts_at == starts_at)
}

/// `days` whole working days from `first`'s first hour to the last day's last, if each is
/// worked and none holds another visit.
fn whole_days(terms: &WorkingTerms, busy: &[Busy], first: NaiveDate, days: u32) -> Option<Slot> {
    let last = first + Duration::days(i64::from(days.max(1)) - 1);
    let mut span: Option<Slot> = None;
    for day in first.iter_days().take_while(|day| *day <= last) {
        let ranges = working(terms, day)?;
        let starts_at = boundary(day, ranges.first()?.from);
        let ends_at = boundary(day, ranges.last()?.to);
        let whole_day = Slot { starts_at, ends_at };
        if !whole_day.clear_of(busy, terms.buffer) || visits_starting_on(busy, day) > 0 {
            return None;
        }
        span = Some(span.map_or(whole_day, |so_far| Slot { starts_at: so_far.starts_at, ends_at }));
    }
    span
}

/// The day's ranges, unless it is a day off or not worked.
fn working(terms: &WorkingTerms, day: NaiveDate) -> Option<&[Range]> {
    let ranges = terms.hours.of(chrono::Datelike::weekday(&day));
    (!ranges.is_empty() && !terms.days_off.contains(&day)).then_some(ranges)
}

pub(crate) fn visits_starting_on(busy: &[Busy], day: NaiveDate) -> usize {
    busy.iter().filter(|visit| uk_time::local(visit.starts_at).date() == day).count()
}

fn wall(day: NaiveDate, minute: u16) -> chrono::NaiveDateTime {
    day.and_time(NaiveTime::MIN) + Duration::minutes(i64::from(minute))
}

/// The instant of a wall-clock time of `day`, if that time happens (the spring skips an hour).
fn existing(day: NaiveDate, minute: u16) -> Option<DateTime<Utc>> {
    let wall = wall(day, minute);
    let instant = uk_time::to_utc(wall);
    (uk_time::local(instant) == wall).then_some(instant)
}

/// The instant a range's edge falls at: a skipped wall-clock time is the moment the clocks
/// jump (01:00 UTC), so that a range ending inside the skipped hour ends when it is skipped.
fn boundary(day: NaiveDate, minute: u16) -> DateTime<Utc> {
    existing(day, minute).unwrap_or_else(|| Utc.from_utc_datetime(&day.and_time(NaiveTime::from_hms_opt(1, 0, 0).expect("01:00 exists"))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduling::hours::{RangeText, WeekText, WeeklyHours};
    use std::collections::BTreeSet;

    fn terms(week: &[(&str, &str, &str)]) -> WorkingTerms {
        let mut text = WeekText::new();
        for (day, from, to) in week {
            text.entry(day.to_string()).or_default().push(RangeText { from: from.to_string(), to: to.to_string() });
        }
        WorkingTerms {
            areas: Vec::new(),
            hours: WeeklyHours::parse(&text).unwrap(),
            days_off: BTreeSet::new(),
            buffer: Duration::zero(),
            notice: Duration::zero(),
            max_jobs_per_day: 10,
            paused: false,
        }
    }

    fn date(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    /// The wall-clock start times of the slots of one day.
    fn times(terms: &WorkingTerms, busy: &[Busy], day: &str, length: VisitLength, now: &str) -> Vec<String> {
        free_slots(terms, busy, date(day), date(day), length, at(now)).iter().map(|slot| slot.wall_clock().1).collect()
    }

    const LONG_BEFORE: &str = "2026-01-01T00:00:00Z";

    #[test]
    fn a_visit_fits_the_ranges_of_its_day() {
        // 7 December 2026 is a Monday.
        let week = terms(&[("monday", "09:00", "12:00"), ("monday", "13:00", "15:00")]);
        assert_eq!(
            times(&week, &[], "2026-12-07", VisitLength::Minutes(60), LONG_BEFORE),
            ["09:00", "09:30", "10:00", "10:30", "11:00", "13:00", "13:30", "14:00"]
        );
        assert_eq!(times(&week, &[], "2026-12-07", VisitLength::Minutes(150), LONG_BEFORE), ["09:00", "09:30"]);
        assert!(times(&week, &[], "2026-12-08", VisitLength::Minutes(60), LONG_BEFORE).is_empty(), "Tuesday is not worked");
    }

    #[test]
    fn a_visit_keeps_the_buffer_from_other_visits() {
        let mut week = terms(&[("monday", "09:00", "14:00")]);
        week.buffer = Duration::minutes(30);
        // In winter, UK time is UTC.
        let busy = [Busy { starts_at: at("2026-12-07T11:00:00Z"), ends_at: at("2026-12-07T12:00:00Z") }];
        assert_eq!(times(&week, &busy, "2026-12-07", VisitLength::Minutes(60), LONG_BEFORE), ["09:00", "09:30", "12:30", "13:00"]);
    }

    #[test]
    fn notice_days_off_and_the_daily_limit_hold() {
        let mut week = terms(&[("monday", "09:00", "13:00")]);
        week.notice = Duration::hours(2);
        assert_eq!(times(&week, &[], "2026-12-07", VisitLength::Minutes(60), "2026-12-07T09:10:00Z"), ["11:30", "12:00"]);
        week.days_off.insert(date("2026-12-07"));
        assert!(times(&week, &[], "2026-12-07", VisitLength::Minutes(60), LONG_BEFORE).is_empty());
        week.days_off.clear();
        week.max_jobs_per_day = 1;
        let busy = [Busy { starts_at: at("2026-12-07T09:00:00Z"), ends_at: at("2026-12-07T10:00:00Z") }];
        assert!(times(&week, &busy, "2026-12-07", VisitLength::Minutes(60), LONG_BEFORE).is_empty());
        assert_eq!(times(&week, &busy, "2026-12-14", VisitLength::Minutes(60), LONG_BEFORE).len(), 7, "the next Monday is free");
    }

    #[test]
    fn the_day_the_clocks_go_forward_has_23_hours() {
        // Sunday 29 March 2026: 01:00 GMT becomes 02:00 BST.
        let week = terms(&[("sunday", "00:00", "04:00")]);
        assert_eq!(times(&week, &[], "2026-03-29", VisitLength::Minutes(60), LONG_BEFORE), ["00:00", "00:30", "02:00", "02:30", "03:00"]);
        let slots = free_slots(&week, &[], date("2026-03-29"), date("2026-03-29"), VisitLength::Minutes(60), at(LONG_BEFORE));
        assert_eq!(slots[1], Slot { starts_at: at("2026-03-29T00:30:00Z"), ends_at: at("2026-03-29T01:30:00Z") }, "an hour of real time, ending 02:30 BST");
        let day = terms(&[("sunday", "00:00", "24:00")]);
        let whole = free_slots(&day, &[], date("2026-03-29"), date("2026-03-29"), VisitLength::Days(1), at(LONG_BEFORE));
        assert_eq!(whole, [Slot { starts_at: at("2026-03-29T00:00:00Z"), ends_at: at("2026-03-29T23:00:00Z") }]);
        assert_eq!(whole[0].ends_at - whole[0].starts_at, Duration::hours(23));
        // Sunday 28 March 2027 likewise.
        let whole = free_slots(&day, &[], date("2027-03-28"), date("2027-03-28"), VisitLength::Days(1), at(LONG_BEFORE));
        assert_eq!(whole[0].ends_at - whole[0].starts_at, Duration::hours(23));
        // A range ending inside the skipped hour ends when the clocks jump.
        let early = terms(&[("sunday", "00:00", "01:30")]);
        assert_eq!(times(&early, &[], "2027-03-28", VisitLength::Minutes(60), LONG_BEFORE), ["00:00"]);
    }

    #[test]
    fn the_day_the_clocks_go_back_has_25_hours() {
        // Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT.
        let week = terms(&[("sunday", "00:00", "04:00")]);
        assert_eq!(times(&week, &[], "2026-10-25", VisitLength::Minutes(60), LONG_BEFORE), ["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00"]);
        let slots = free_slots(&week, &[], date("2026-10-25"), date("2026-10-25"), VisitLength::Minutes(60), at(LONG_BEFORE));
        assert_eq!(slots[0].starts_at, at("2026-10-24T23:00:00Z"), "midnight BST");
        assert_eq!(slots[3].starts_at, at("2026-10-25T00:30:00Z"), "the first 01:30 (BST)");
        assert_eq!(slots[4].starts_at, at("2026-10-25T02:00:00Z"), "02:00 GMT");
        let day = terms(&[("sunday", "00:00", "24:00")]);
        let whole = free_slots(&day, &[], date("2026-10-25"), date("2026-10-25"), VisitLength::Days(1), at(LONG_BEFORE));
        assert_eq!(whole[0].ends_at - whole[0].starts_at, Duration::hours(25));
    }

    #[test]
    fn daily_visits_take_whole_working_days_from_the_first_hour() {
        let mut week = terms(&[("monday", "08:00", "12:00"), ("monday", "13:00", "17:00"), ("tuesday", "09:00", "16:00"), ("wednesday", "09:00", "16:00")]);
        let slots = free_slots(&week, &[], date("2026-12-07"), date("2026-12-09"), VisitLength::Days(2), at(LONG_BEFORE));
        assert_eq!(
            slots,
            [
                Slot { starts_at: at("2026-12-07T08:00:00Z"), ends_at: at("2026-12-08T16:00:00Z") },
                Slot { starts_at: at("2026-12-08T09:00:00Z"), ends_at: at("2026-12-09T16:00:00Z") },
            ],
            "Wednesday and Thursday are not two working days"
        );
        let busy = [Busy { starts_at: at("2026-12-08T15:00:00Z"), ends_at: at("2026-12-08T15:30:00Z") }];
        assert!(free_slots(&week, &busy, date("2026-12-07"), date("2026-12-09"), VisitLength::Days(2), at(LONG_BEFORE)).is_empty(), "Tuesday has a job");
        week.days_off.insert(date("2026-12-09"));
        assert_eq!(free_slots(&week, &[], date("2026-12-07"), date("2026-12-09"), VisitLength::Days(2), at(LONG_BEFORE)).len(), 1);
    }

    #[test]
    fn a_time_is_free_only_as_a_listed_slot() {
        let week = terms(&[("monday", "09:00", "12:00")]);
        assert!(is_free(&week, &[], at("2026-12-07T10:00:00Z"), VisitLength::Minutes(60), at(LONG_BEFORE)).is_some());
        assert!(is_free(&week, &[], at("2026-12-07T10:15:00Z"), VisitLength::Minutes(60), at(LONG_BEFORE)).is_none(), "not on the half hour");
        assert!(is_free(&week, &[], at("2026-12-07T11:30:00Z"), VisitLength::Minutes(60), at(LONG_BEFORE)).is_none(), "ends after the range");
    }
}
