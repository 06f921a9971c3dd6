//! What a recruitment request must be, parsed once: from the API's JSON and from the page's
//! own form (posted without JavaScript) alike.

use super::texts;
use crate::domain::{Email, UkPhone, uk_time};
use crate::http::extract::FieldErrors;
use chrono::{Duration, NaiveDate};
use serde_json::Value;

pub const SHORT_MAX_CHARS: usize = 150;
pub const DETAILS_MAX_CHARS: usize = 5000;
/// More staff than this in one request is a typing slip, not a request.
const MOST_STAFF: i64 = 10_000;

/// The contract's fields, in the order the form shows them.
pub const FIELDS: [&str; 9] = ["company_name", "contact_name", "email", "phone_number", "role", "number_of_staff", "location", "start_date", "details"];

/// A recruitment request that passed every rule.
pub struct RecruitmentRequest {
    pub company_name: String,
    pub contact_name: String,
    pub email: Email,
    pub phone: UkPhone,
    pub role: String,
    pub number_of_staff: i32,
    pub location: String,
    pub start_date: NaiveDate,
    pub details: String,
}

impl RecruitmentRequest {
    /// Every rule checked at once; the errors name each bad field.
    pub fn parse(fields: &serde_json::Map<String, Value>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let required = |errors: &mut FieldErrors, name: &str, max: usize| {
            let value = errors.text_of(fields, name);
            errors.required_text(name, value.as_deref(), max)
        };
        let company_name = errors.text_of(fields, "company_name");
        let company_name = errors.text::<SHORT_MAX_CHARS>("company_name", company_name.as_deref());
        let contact_name = errors.text_of(fields, "contact_name");
        let contact_name = errors.text::<SHORT_MAX_CHARS>("contact_name", contact_name.as_deref());
        let email = errors.text_of(fields, "email");
        let phone = errors.text_of(fields, "phone_number");
        let phone = errors.required("phone_number", phone.as_deref());
        let role = errors.text_of(fields, "role");
        let role = errors.text::<SHORT_MAX_CHARS>("role", role.as_deref());
        let staff = required(&mut errors, "number_of_staff", 20);
        let location = errors.text_of(fields, "location");
        let location = errors.text::<SHORT_MAX_CHARS>("location", location.as_deref());
        let start = required(&mut errors, "start_date", 20);
        let details = errors.text_of(fields, "details");
        let details = errors.text_or_empty::<DETAILS_MAX_CHARS>("details", details.as_deref());
        let email = errors.email("email", email.as_deref());
        let phone = if phone.is_empty() { None } else { UkPhone::parse(&phone).map_err(|problem| errors.add("phone_number", problem)).ok() };
        let number_of_staff = match staff.parse::<i64>() {
            _ if staff.is_empty() => None,
            Ok(n) if (1..=MOST_STAFF).contains(&n) => Some(n as i32),
            Ok(n) if n < 1 => {
                errors.add("number_of_staff", texts::TOO_FEW_STAFF);
                None
            }
            Ok(_) => {
                errors.add("number_of_staff", texts::too_many_staff(MOST_STAFF));
                None
            }
            Err(_) => {
                errors.add("number_of_staff", texts::NOT_A_NUMBER);
                None
            }
        };
        let today = uk_time::today();
        let start_date = match NaiveDate::parse_from_str(&start, "%Y-%m-%d") {
            _ if start.is_empty() => None,
            Ok(date) if date < today => {
                errors.add("start_date", texts::DATE_IN_PAST);
                None
            }
            Ok(date) if date > today + Duration::days(731) => {
                errors.add("start_date", texts::DATE_TOO_FAR);
                None
            }
            Ok(date) => Some(date),
            Err(_) => {
                errors.add("start_date", texts::DATE_FORMAT);
                None
            }
        };
        match (email, phone, number_of_staff, start_date) {
            (Some(email), Some(phone), Some(number_of_staff), Some(start_date)) if errors.is_empty() => {
                Ok(RecruitmentRequest { company_name, contact_name, email, phone, role, number_of_staff, location, start_date, details })
            }
            _ => Err(errors),
        }
    }
}
