//! A provider's weekly hours in UK wall-clock time: for each day of the week, the ranges they
//! work (several a day, such as 08:00–12:00 and 14:00–18:00), in minutes from midnight.

use chrono::Weekday;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most ranges one day may have.
pub const MAX_RANGES_A_DAY: usize = 6;
const MINUTES_A_DAY: u16 = 24 * 60;

pub const DAY_NAMES: [(&str, Weekday); 7] = [
    ("monday", Weekday::Mon),
    ("tuesday", Weekday::Tue),
    ("wednesday", Weekday::Wed),
    ("thursday", Weekday::Thu),
    ("friday", Weekday::Fri),
    ("saturday", Weekday::Sat),
    ("sunday", Weekday::Sun),
];

/// From `from` (inclusive) to `to` (exclusive), minutes from midnight; `to` may be 24:00.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Range {
    pub from: u16,
    pub to: u16,
}

/// The ranges of each day of the week, sorted and apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WeeklyHours([Vec<Range>; 7]);

/// One range as the API writes it: `{"from": "09:00", "to": "17:00"}`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, utoipa::ToSchema)]
pub struct RangeText {
    #[schema(pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$", example = "09:00")]
    pub from: String,
    /// Later than `from`; `24:00` for midnight at the day's end.
    #[schema(pattern = "^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$", example = "17:00")]
    pub to: String,
}

/// The week as the API writes it: a day's name (`monday` … `sunday`) to its ranges; a day left
/// out is not worked.
pub type WeekText = BTreeMap<String, Vec<RangeText>>;

impl WeeklyHours {
    /// Reads the week, or says what is wrong with it in a person's words.
    pub fn parse(week: &WeekText) -> Result<Self, String> {
        let mut hours = WeeklyHours::default();
        for (name, ranges) in week {
            let Some((_, weekday)) = DAY_NAMES.iter().find(|(day, _)| name.eq_ignore_ascii_case(day)) else {
                return Err(format!("“{name}” is not a day of the week: use monday to sunday."));
            };
            if ranges.len() > MAX_RANGES_A_DAY {
                return Err(format!("{}: at most {MAX_RANGES_A_DAY} ranges a day.", title(name)));
            }
            let mut day: Vec<Range> = Vec::with_capacity(ranges.len());
            for text in ranges {
                let (Some(from), Some(to)) = (minutes(&text.from, false), minutes(&text.to, true)) else {
                    return Err(format!("{}: write times as HH:MM, such as 09:00 to 17:30.", title(name)));
                };
                if from >= to {
                    return Err(format!("{}: {} to {} ends before it starts.", title(name), text.from, text.to));
                }
                day.push(Range { from, to });
            }
            day.sort();
            if day.windows(2).any(|pair| pair[1].from < pair[0].to) {
                return Err(format!("{}: the ranges overlap.", title(name)));
            }
            hours.0[weekday.num_days_from_monday() as usize] = day;
        }
        Ok(hours)
    }

    pub fn of(&self, weekday: Weekday) -> &[Range] {
        &self.0[weekday.num_days_from_monday() as usize]
    }

    /// The week as the API writes it, every day named (an empty list for a day off).
    pub fn to_text(&self) -> WeekText {
        DAY_NAMES
            .iter()
            .map(|(name, weekday)| {
                let ranges = self.of(*weekday).iter().map(|range| RangeText { from: clock(range.from), to: clock(range.to) }).collect();
                ((*name).to_string(), ranges)
            })
            .collect()
    }
}

fn title(day: &str) -> String {
    let lower = day.to_ascii_lowercase();
    let mut chars = lower.chars();
    chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// `HH:MM` as minutes from midnight; `24:00` only where `end` is allowed.
fn minutes(text: &str, end: bool) -> Option<u16> {
    let (hours, mins) = text.trim().split_once(':')?;
    if hours.len() != 2 || mins.len() != 2 {
        return None;
    }
    let (hours, mins): (u16, u16) = (hours.parse().ok()?, mins.parse().ok()?);
    let total = hours * 60 + mins;
    let fits = (hours < 24 && mins < 60) || (end && total == MINUTES_A_DAY);
    fits.then_some(total)
}

/// Minutes from midnight as `HH:MM`.
pub fn clock(minutes: u16) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn week(pairs: &[(&str, &[(&str, &str)])]) -> WeekText {
        pairs
            .iter()
            .map(|(day, ranges)| (day.to_string(), ranges.iter().map(|(from, to)| RangeText { from: from.to_string(), to: to.to_string() }).collect()))
            .collect()
    }

    #[test]
    fn a_week_reads_and_writes_back_sorted() {
        let hours = WeeklyHours::parse(&week(&[("Monday", &[("14:00", "18:00"), ("08:00", "12:00")]), ("sunday", &[("22:00", "24:00")])])).unwrap();
        assert_eq!(hours.of(Weekday::Mon), &[Range { from: 480, to: 720 }, Range { from: 840, to: 1080 }]);
        assert_eq!(hours.of(Weekday::Sun), &[Range { from: 1320, to: 1440 }]);
        assert!(hours.of(Weekday::Tue).is_empty());
        let text = hours.to_text();
        assert_eq!(text["monday"][0], RangeText { from: "08:00".into(), to: "12:00".into() });
        assert_eq!(text["sunday"][0].to, "24:00");
        assert_eq!(text["tuesday"], vec![]);
        assert_eq!(WeeklyHours::parse(&text).unwrap(), hours);
    }

    #[test]
    fn a_week_that_cannot_be_worked_says_why() {
        let problem = |pairs: &[(&str, &[(&str, &str)])]| WeeklyHours::parse(&week(pairs)).unwrap_err();
        assert_eq!(problem(&[("funday", &[])]), "“funday” is not a day of the week: use monday to sunday.");
        assert_eq!(problem(&[("monday", &[("9:00", "17:00")])]), "Monday: write times as HH:MM, such as 09:00 to 17:30.");
        assert_eq!(problem(&[("monday", &[("24:00", "24:00")])]), "Monday: write times as HH:MM, such as 09:00 to 17:30.");
        assert_eq!(problem(&[("monday", &[("17:00", "09:00")])]), "Monday: 17:00 to 09:00 ends before it starts.");
        assert_eq!(problem(&[("friday", &[("09:00", "13:00"), ("12:00", "17:00")])]), "Friday: the ranges overlap.");
        let seven: Vec<(&str, &str)> = vec![("00:00", "01:00"); 7];
        assert_eq!(problem(&[("monday", &seven)]), "Monday: at most 6 ranges a day.");
    }
}
