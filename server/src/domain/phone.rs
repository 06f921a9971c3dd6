//! A UK phone number, parsed once at the edge; its OpenAPI schema states the same rule.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// The numbers [`UkPhone::parse`] takes, unanchored: `+44`, `0044` or `0`, then 9 or 10 digits
/// starting 1, 2, 3, 5, 7 or 8, with spaces, dashes and brackets anywhere.
macro_rules! uk_phone {
    () => {
        r"[ ()-]*(\+[ ()-]*4[ ()-]*4([ ()-]*0)?|0[ ()-]*0[ ()-]*4[ ()-]*4|0)[ ()-]*[123578]([ ()-]*[0-9]){8,9}[ ()-]*"
    };
}

/// The OpenAPI pattern of a UK phone number.
pub const UK_PHONE_PATTERN: &str = concat!("^", uk_phone!(), "$");
/// The OpenAPI pattern of a UK phone number that may be left empty.
pub const UK_PHONE_OR_EMPTY_PATTERN: &str = concat!("^(", uk_phone!(), ")?$");

const DESCRIPTION: &str = "A UK number; spaces, dashes and brackets are allowed: `07700 900123`, `+44 (0)20 7946 0000`.";

/// A UK phone number, kept in international form: `+44 7700 900123`, `+44 20 7946 0000`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UkPhone(String);

impl UkPhone {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        const MESSAGE: &str = "Enter a valid UK phone number.";
        let digits: String = raw.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
        let national = if let Some(rest) = digits.strip_prefix("+44") {
            rest.strip_prefix('0').unwrap_or(rest).to_string()
        } else if let Some(rest) = digits.strip_prefix("0044") {
            rest.to_string()
        } else if let Some(rest) = digits.strip_prefix('0') {
            rest.to_string()
        } else {
            return Err(MESSAGE);
        };
        // UK numbers are 10 digits after the leading 0 (a few old areas have 9), starting 1-3, 5, 7, 8.
        let valid = national.chars().all(|c| c.is_ascii_digit())
            && (9..=10).contains(&national.len())
            && matches!(national.as_bytes()[0], b'1' | b'2' | b'3' | b'5' | b'7' | b'8');
        if !valid {
            return Err(MESSAGE);
        }
        Ok(UkPhone(format!("+44 {}", group_national(&national))))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl utoipa::PartialSchema for UkPhone {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(UK_PHONE_PATTERN)).description(Some(DESCRIPTION)).examples(["07700 900123"]).into()
    }
}

impl utoipa::ToSchema for UkPhone {}

/// A UK phone number, or nothing: an optional field's schema.
pub struct UkPhoneOrEmpty;

impl utoipa::PartialSchema for UkPhoneOrEmpty {
    fn schema() -> RefOr<Schema> {
        let description = format!("Optional: {DESCRIPTION} Empty when none is given.");
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(UK_PHONE_OR_EMPTY_PATTERN)).description(Some(description)).into()
    }
}

impl utoipa::ToSchema for UkPhoneOrEmpty {}

/// Spaces a national number the way people write it: `20 7946 0000`, `7700 900123`, `161 496 0000`.
fn group_national(national: &str) -> String {
    let split = |at: &[usize]| {
        let mut parts = Vec::new();
        let mut start = 0;
        for &end in at {
            parts.push(&national[start..end]);
            start = end;
        }
        parts.push(&national[start..]);
        parts.join(" ")
    };
    match national.as_bytes()[0] {
        b'2' if national.len() == 10 => split(&[2, 6]),
        b'1' if national.len() == 10 && national.as_bytes()[1] != b'1' && national.as_bytes()[2] != b'1' => split(&[4]),
        b'1' if national.len() == 10 => split(&[3, 6]),
        _ if national.len() == 10 => split(&[4]),
        _ => national.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uk_phones_take_any_common_form() {
        assert_eq!(UkPhone::parse("07700 900123").unwrap().as_str(), "+44 7700 900123");
        assert_eq!(UkPhone::parse("+44 (0)20 7946 0000").unwrap().as_str(), "+44 20 7946 0000");
        assert_eq!(UkPhone::parse("0161 496 0000").unwrap().as_str(), "+44 161 496 0000");
        assert_eq!(UkPhone::parse("+447700900000").unwrap().as_str(), "+44 7700 900000");
        for bad in ["", "12345", "+1 202 555 0100", "07700 9001234567", "0900 abc def", "04700 900123"] {
            assert!(UkPhone::parse(bad).is_err(), "{bad}");
        }
    }
}
