//! What a job post must be, parsed once from the form: the fields the contract names, each bad
//! one named in the 400.

use super::place::JobPostcode;
use super::texts;
use crate::domain::{Pence, is_blank_postcode, uk_time};
use crate::http::AppError;
use crate::http::extract::{FieldErrors, not_a_choice};
use crate::http::upload::FormFields;
use chrono::{Duration, NaiveDate};
use entity::words::{EmploymentType, SalaryPeriod, Word};
use utoipa::ToSchema;

const TITLE_MAX_CHARS: usize = 150;
const COMPANY_MAX_CHARS: usize = 150;
const LOCATION_MAX_CHARS: usize = 100;
const DESCRIPTION_MAX_CHARS: usize = 10_000;
/// A job stays open at most this long: adverts older than that are stale.
const LONGEST_OPENING_DAYS: i64 = 366;

/// The multipart form of `POST /api/service/jobs/`. Salaries are pounds (`24000` or
/// `12.50`), both optional, the lower one first; the closing date is today or later (UK time)
/// and within a year. The attachment (a fuller description or application pack) is a PDF or
/// Word document of at most 5 MiB, checked by content.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only its OpenAPI schema is used: the multipart form is read field by field")]
pub struct JobPostForm {
    #[schema(value_type = crate::domain::Text<{ TITLE_MAX_CHARS }>)]
    title: String,
    #[schema(value_type = crate::domain::Text<{ COMPANY_MAX_CHARS }>)]
    company: String,
    #[schema(value_type = crate::domain::Text<{ LOCATION_MAX_CHARS }>)]
    location: String,
    /// Where the work is, to be found near a postcode: a postcode of the UK (`LS1 4AP`) or its
    /// district (`LS1`); without one the job is placed by the town its location names.
    #[schema(required = false, value_type = crate::places::PostcodeArea)]
    postcode: Option<String>,
    employment_type: EmploymentType,
    #[schema(required = false, value_type = crate::domain::PenceInputOrEmpty)]
    salary_min: Option<String>,
    #[schema(required = false, value_type = crate::domain::PenceInputOrEmpty)]
    salary_max: Option<String>,
    /// `year` when not given.
    #[schema(required = false)]
    salary_period: Option<SalaryPeriod>,
    #[schema(value_type = crate::domain::Text<{ DESCRIPTION_MAX_CHARS }>)]
    description: String,
    #[schema(value_type = String, format = Date)]
    closes_at: String,
    #[schema(required = false, value_type = String, format = Binary)]
    attachment: Option<Vec<u8>>,
}

/// A job post that passed every rule.
pub struct NewJob {
    pub title: String,
    pub company: String,
    pub location: String,
    pub postcode: Option<JobPostcode>,
    pub employment_type: EmploymentType,
    pub salary_min: Option<Pence>,
    pub salary_max: Option<Pence>,
    pub salary_period: SalaryPeriod,
    pub description: String,
    pub closes_at: NaiveDate,
}

/// A word value (`full_time`, `year`) of `field`, or its error naming the choices.
fn word<W: Word>(errors: &mut FieldErrors, field: &str, raw: &str) -> Option<W> {
    let value = W::parse(raw);
    if value.is_none() {
        errors.add(field, not_a_choice::<W>(raw));
    }
    value
}

fn salary(errors: &mut FieldErrors, field: &str, raw: Option<&str>) -> Option<Pence> {
    let raw = raw.filter(|value| !value.is_empty())?;
    Pence::parse(raw).map_err(|problem| errors.add(field, problem)).ok()
}

/// A closing date: a real date, today or later in the UK, within a year.
fn closing_date(errors: &mut FieldErrors, raw: &str) -> Option<NaiveDate> {
    if raw.is_empty() {
        return None;
    }
    let today = uk_time::today();
    match NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        Ok(date) if date < today => errors.add("closes_at", texts::DATE_IN_PAST),
        Ok(date) if date > today + Duration::days(LONGEST_OPENING_DAYS) => errors.add("closes_at", texts::CLOSING_TOO_FAR),
        Ok(date) => return Some(date),
        Err(_) => errors.add("closes_at", texts::DATE_FORMAT),
    }
    None
}

impl NewJob {
    pub fn parse(form: &FormFields) -> Result<Self, AppError> {
        let mut errors = FieldErrors::default();
        let title = errors.text::<TITLE_MAX_CHARS>("title", form.text("title"));
        let company = errors.text::<COMPANY_MAX_CHARS>("company", form.text("company"));
        let location = errors.text::<LOCATION_MAX_CHARS>("location", form.text("location"));
        let description = errors.text::<DESCRIPTION_MAX_CHARS>("description", form.text("description"));
        let postcode = match form.text("postcode").filter(|raw| !is_blank_postcode(raw)) {
            Some(raw) => JobPostcode::parse(raw).map_err(|problem| errors.add("postcode", problem)).ok(),
            None => None,
        };
        let kind = errors.required("employment_type", form.text("employment_type"));
        let employment_type = if kind.is_empty() { None } else { word::<EmploymentType>(&mut errors, "employment_type", &kind) };
        let salary_period = match form.text("salary_period").filter(|value| !value.is_empty()) {
            None => Some(SalaryPeriod::Year),
            Some(raw) => word::<SalaryPeriod>(&mut errors, "salary_period", raw),
        };
        let salary_min = salary(&mut errors, "salary_min", form.text("salary_min"));
        let salary_max = salary(&mut errors, "salary_max", form.text("salary_max"));
        if let (Some(min), Some(max)) = (salary_min, salary_max)
            && min > max
        {
            errors.add("salary_max", texts::SALARIES_REVERSED);
        }
        let closes = errors.required("closes_at", form.text("closes_at"));
        let closes_at = closing_date(&mut errors, &closes);
        errors.finish()?;
        Ok(NewJob {
            title,
            company,
            location,
            postcode,
            employment_type: employment_type.expect("validated"),
            salary_min,
            salary_max,
            salary_period: salary_period.expect("validated"),
            description,
            closes_at: closes_at.expect("validated"),
        })
    }

    /// A unique, readable address word: the title and company, and a random tail.
    pub fn slug(&self) -> String {
        let words: String = format!("{} {}", self.title, self.company)
            .to_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join("-");
        let words: String = words.chars().take(80).collect();
        format!("{}-{}", words.trim_end_matches('-'), hex::encode(rand::random::<[u8; 3]>()))
    }
}
