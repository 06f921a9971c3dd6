//! A provider's working terms as the rules read them: the areas they cover, their weekly hours,
//! days off, the buffer kept between jobs, the notice they need and the most jobs they take a
//! day. Parsed once from the API's body (or the importer's), kept as JSON in `provider_terms`.

use super::hours::{WeekText, WeeklyHours};
use crate::domain::uk_time;
use crate::http::extract::FieldErrors;
use crate::places::{MAX_RADIUS_MILES, Point, PostcodeArea, district_point};
use chrono::{Duration, NaiveDate};
use entity::provider_terms;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

pub const MAX_AREAS: usize = 10;
pub const MAX_BUFFER_MINUTES: i64 = 240;
pub const MAX_NOTICE_HOURS: i64 = 14 * 24;
pub const MAX_JOBS_PER_DAY: i64 = 20;
/// Days off are kept up to two years ahead, and forgotten once they have passed.
const DAYS_OFF_AHEAD: i64 = 2 * 366;

/// A postcode district and the radius around its centre that a provider covers.
#[derive(Clone, Debug, PartialEq)]
pub struct Area {
    pub district: String,
    pub radius_miles: u32,
    point: Point,
}

impl Area {
    pub fn covers(&self, point: Point) -> bool {
        self.point.miles_to(point) <= f64::from(self.radius_miles)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct WorkingTerms {
    pub areas: Vec<Area>,
    pub hours: WeeklyHours,
    pub days_off: BTreeSet<NaiveDate>,
    pub buffer: Duration,
    pub notice: Duration,
    pub max_jobs_per_day: u32,
    /// Offers of every service paused.
    pub paused: bool,
}

impl WorkingTerms {
    /// Whether any of the areas covers `point`.
    pub fn covers(&self, point: Point) -> bool {
        self.areas.iter().any(|area| area.covers(point))
    }

    /// The terms a row holds. The row was written from parsed terms, so what cannot be read
    /// (a district dropped from a later release of the data) is left out rather than failing.
    pub fn from_row(row: &provider_terms::Model) -> Self {
        let areas: Vec<StoredArea> = serde_json::from_str(&row.areas).unwrap_or_default();
        let week: WeekText = serde_json::from_str(&row.hours).unwrap_or_default();
        let days_off: BTreeSet<NaiveDate> = serde_json::from_str(&row.days_off).unwrap_or_default();
        WorkingTerms {
            areas: areas
                .into_iter()
                .filter_map(|area| district_point(&area.district).map(|point| Area { point, district: area.district, radius_miles: area.radius_miles }))
                .collect(),
            hours: WeeklyHours::parse(&week).unwrap_or_default(),
            days_off,
            buffer: Duration::minutes(i64::from(row.buffer_minutes)),
            notice: Duration::minutes(i64::from(row.notice_minutes)),
            max_jobs_per_day: u32::try_from(row.max_jobs_per_day).unwrap_or(1),
            paused: row.paused,
        }
    }

    /// The JSON columns of a row: areas, hours and days off.
    pub fn stored(&self) -> (String, String, String) {
        let areas: Vec<StoredArea> = self.areas.iter().map(|area| StoredArea { district: area.district.clone(), radius_miles: area.radius_miles }).collect();
        let json = |value: serde_json::Result<String>| value.expect("plain data serialises");
        (json(serde_json::to_string(&areas)), json(serde_json::to_string(&self.hours.to_text())), json(serde_json::to_string(&self.days_off)))
    }
}

/// `user_id`'s terms row, if they have set terms.
pub async fn row_of(db: &impl ConnectionTrait, user_id: i32) -> Result<Option<provider_terms::Model>, DbErr> {
    provider_terms::Entity::find().filter(provider_terms::Column::UserId.eq(user_id)).one(db).await
}

/// Saves `terms` as `user_id`'s, replacing any they had; whether anything changed.
pub async fn save(db: &impl ConnectionTrait, user_id: i32, terms: &WorkingTerms) -> Result<bool, DbErr> {
    let (areas, hours, days_off) = terms.stored();
    let current = row_of(db, user_id).await?;
    let mut row = match current {
        Some(ref row) if WorkingTerms::from_row(row) == *terms => return Ok(false),
        Some(row) => row.into_active_model(),
        None => provider_terms::ActiveModel { user_id: Set(user_id), feed_version: Set(0), last_offered_at: Set(None), ..Default::default() },
    };
    row.areas = Set(areas);
    row.hours = Set(hours);
    row.days_off = Set(days_off);
    row.buffer_minutes = Set(terms.buffer.num_minutes() as i32);
    row.notice_minutes = Set(terms.notice.num_minutes() as i32);
    row.max_jobs_per_day = Set(terms.max_jobs_per_day as i32);
    row.paused = Set(terms.paused);
    row.updated_at = Set(chrono::Utc::now());
    row.save(db).await?;
    Ok(true)
}

#[derive(Deserialize, Serialize)]
struct StoredArea {
    district: String,
    radius_miles: u32,
}

/// One area as the API writes it.
#[derive(Clone, Debug, Deserialize, Serialize, utoipa::ToSchema)]
pub struct AreaText {
    /// A postcode (`LS1 4AP`) or its district (`LS1`): the centre of the area.
    #[schema(value_type = crate::places::PostcodeArea)]
    pub postcode: String,
    #[schema(value_type = u32, minimum = 1, maximum = 100)]
    pub radius_miles: serde_json::Value,
}

/// The terms as a member sends them; every field is required.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct TermsBody {
    #[schema(required, max_items = 10)]
    pub areas: Option<Vec<AreaText>>,
    /// `monday` … `sunday` to the day's ranges, UK time; a day left out or empty is not worked.
    #[schema(required, value_type = std::collections::BTreeMap<String, Vec<super::hours::RangeText>>)]
    pub hours: Option<WeekText>,
    /// Dates not worked, `YYYY-MM-DD`; those already passed are forgotten.
    #[schema(value_type = Vec<String>)]
    pub days_off: Option<Vec<String>>,
    /// Minutes kept free after each job (travel, clearing up).
    #[schema(required, value_type = i32, minimum = 0, maximum = 240)]
    pub buffer_minutes: Option<serde_json::Value>,
    /// How long before a job it must be booked.
    #[schema(required, value_type = i32, minimum = 0, maximum = 336)]
    pub notice_hours: Option<serde_json::Value>,
    #[schema(required, value_type = i32, minimum = 1, maximum = 20)]
    pub max_jobs_per_day: Option<serde_json::Value>,
    /// Pauses offers of every service; false when left out.
    pub paused: Option<bool>,
}

impl TermsBody {
    /// The terms, or every field's problem.
    pub fn parse(&self, errors: &mut FieldErrors) -> Option<WorkingTerms> {
        let areas = self.areas.as_deref().and_then(|areas| parse_areas(errors, areas));
        if self.areas.is_none() {
            errors.add("areas", "This field is required.");
        }
        let hours = match &self.hours {
            None => {
                errors.add("hours", "This field is required.");
                None
            }
            Some(week) => WeeklyHours::parse(week).map_err(|problem| errors.add("hours", problem)).ok(),
        };
        let days_off = parse_days_off(errors, self.days_off.as_deref().unwrap_or_default());
        let buffer = within(errors, "buffer_minutes", self.buffer_minutes.as_ref(), 0, MAX_BUFFER_MINUTES);
        let notice = within(errors, "notice_hours", self.notice_hours.as_ref(), 0, MAX_NOTICE_HOURS);
        let max_jobs = within(errors, "max_jobs_per_day", self.max_jobs_per_day.as_ref(), 1, MAX_JOBS_PER_DAY);
        Some(WorkingTerms {
            areas: areas?,
            hours: hours?,
            days_off: days_off?,
            buffer: Duration::minutes(buffer?),
            notice: Duration::hours(notice?),
            max_jobs_per_day: u32::try_from(max_jobs?).ok()?,
            paused: self.paused.unwrap_or(false),
        })
    }
}

fn within(errors: &mut FieldErrors, field: &str, value: Option<&serde_json::Value>, min: i64, max: i64) -> Option<i64> {
    let number = errors.whole_number(field, value)?;
    if !(min..=max).contains(&number) {
        errors.add(field, format!("Ensure this value is from {min} to {max}."));
        return None;
    }
    Some(number)
}

fn parse_areas(errors: &mut FieldErrors, texts: &[AreaText]) -> Option<Vec<Area>> {
    if texts.len() > MAX_AREAS {
        errors.add("areas", format!("Cover at most {MAX_AREAS} areas."));
        return None;
    }
    let mut areas = Vec::with_capacity(texts.len());
    let mut ok = true;
    for text in texts {
        let place = PostcodeArea::parse(&text.postcode).map_err(|problem| errors.add("areas", format!("{}: {problem}", text.postcode.trim())));
        let radius = match &text.radius_miles {
            serde_json::Value::Number(n) => n.as_u64().and_then(|miles| u32::try_from(miles).ok()).filter(|miles| (1..=MAX_RADIUS_MILES).contains(miles)),
            serde_json::Value::String(s) => s.trim().parse::<u32>().ok().filter(|miles| (1..=MAX_RADIUS_MILES).contains(miles)),
            _ => None,
        };
        if radius.is_none() {
            errors.add("areas", format!("{}: the radius is whole miles from 1 to {MAX_RADIUS_MILES}.", text.postcode.trim()));
        }
        match (place, radius) {
            (Ok(place), Some(radius_miles)) => areas.push(Area { district: place.district().to_string(), radius_miles, point: place.point() }),
            _ => ok = false,
        }
    }
    ok.then_some(areas)
}

fn parse_days_off(errors: &mut FieldErrors, texts: &[String]) -> Option<BTreeSet<NaiveDate>> {
    let today = uk_time::today();
    let mut days = BTreeSet::new();
    for text in texts {
        match NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d") {
            Ok(day) if day > today + Duration::days(DAYS_OFF_AHEAD) => {
                errors.add("days_off", format!("{day}: days off are kept up to two years ahead."));
                return None;
            }
            Ok(day) if day < today => {}
            Ok(day) => {
                days.insert(day);
            }
            Err(_) => {
                errors.add("days_off", format!("“{}” is not a date: write YYYY-MM-DD.", text.trim()));
                return None;
            }
        }
    }
    Some(days)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn body(value: serde_json::Value) -> TermsBody {
        serde_json::from_value(value).unwrap()
    }

    fn good() -> serde_json::Value {
        json!({
            "areas": [{"postcode": "ls1 4ap", "radius_miles": 10}],
            "hours": {"monday": [{"from": "09:00", "to": "17:00"}]},
            "days_off": [(uk_time::today() + Duration::days(30)).to_string()],
            "buffer_minutes": 30, "notice_hours": 24, "max_jobs_per_day": 3,
        })
    }

    #[test]
    fn terms_read_from_the_body_cover_around_their_districts() {
        let mut errors = FieldErrors::default();
        let mut value = good();
        value["days_off"] = json!([uk_time::today().to_string(), "2000-01-01"]);
        let terms = body(value).parse(&mut errors).unwrap();
        assert!(errors.is_empty());
        assert_eq!(terms.areas[0].district, "LS1");
        assert!(terms.covers(district_point("LS6").unwrap()), "Headingley is 2 miles from Leeds centre");
        assert!(!terms.covers(district_point("M1").unwrap()), "Manchester is 35 miles away");
        assert_eq!(terms.days_off.len(), 1, "a passed day off is forgotten, today kept");
        assert_eq!((terms.buffer, terms.notice, terms.max_jobs_per_day, terms.paused), (Duration::minutes(30), Duration::hours(24), 3, false));
    }

    #[test]
    fn terms_survive_their_row() {
        let mut errors = FieldErrors::default();
        let terms = body(good()).parse(&mut errors).unwrap();
        let (areas, hours, days_off) = terms.stored();
        let row = provider_terms::Model {
            id: 1,
            user_id: 1,
            areas,
            hours,
            days_off,
            buffer_minutes: 30,
            notice_minutes: 24 * 60,
            max_jobs_per_day: 3,
            paused: false,
            feed_version: 0,
            last_offered_at: None,
            updated_at: chrono::Utc::now(),
        };
        assert_eq!(WorkingTerms::from_row(&row), terms);
    }

    #[test]
    fn bad_terms_name_each_field() {
        let mut errors = FieldErrors::default();
        let parsed = body(json!({
            "areas": [{"postcode": "ZZ99", "radius_miles": 10}, {"postcode": "LS1", "radius_miles": 500}],
            "hours": {"monday": [{"from": "17:00", "to": "09:00"}]},
            "days_off": ["tomorrow"],
            "buffer_minutes": -1, "notice_hours": 1000, "max_jobs_per_day": 0,
        }))
        .parse(&mut errors);
        assert!(parsed.is_none());
        let fields = errors.into_fields();
        assert_eq!(fields["areas"], vec!["ZZ99: We don't know that postcode area".to_string(), "LS1: the radius is whole miles from 1 to 100.".to_string()]);
        assert_eq!(fields["hours"], vec!["Monday: 17:00 to 09:00 ends before it starts.".to_string()]);
        assert_eq!(fields["days_off"], vec!["“tomorrow” is not a date: write YYYY-MM-DD.".to_string()]);
        assert_eq!(fields["buffer_minutes"], vec!["Ensure this value is from 0 to 240.".to_string()]);
        assert_eq!(fields["notice_hours"], vec!["Ensure this value is from 0 to 336.".to_string()]);
        assert_eq!(fields["max_jobs_per_day"], vec!["Ensure this value is from 1 to 20.".to_string()]);
    }
}
