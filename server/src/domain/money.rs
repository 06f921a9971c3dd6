//! Money: pounds sterling held in pence; its OpenAPI schemas state how it is written and shown.

use super::text::white_space;
use std::fmt;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// The amounts [`Pence::parse`] takes, unanchored: white space around it, an optional `£`, 1 to
/// 12 digits of pounds, and an optional point with up to two digits of pence.
macro_rules! written {
    () => {
        concat!("[", white_space!(), r"]*£?[0-9]{1,12}(\.[0-9]{0,2})?[", white_space!(), "]*")
    };
}

/// The OpenAPI pattern of an amount as a person writes it, or nothing.
pub const PENCE_INPUT_OR_EMPTY_PATTERN: &str = concat!("^(", written!(), ")?$");
/// The OpenAPI pattern of an amount as the API shows it: [`Pence`]'s `Display`.
pub const PENCE_PATTERN: &str = r"^(0|[1-9][0-9]*)\.[0-9]{2}$";

const INPUT_DESCRIPTION: &str = "pounds sterling, with or without pence and a `£`: `24000`, `12.5`, `£120.00`";

/// An amount of pounds sterling, held in pence; written as `"120.00"`. Made only by parsing
/// what a person wrote or what the database holds, never from a bare number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pence(i64);

impl Pence {
    /// An amount as the database stores it (a `*_pence` column, written through [`Pence::pence`]).
    pub fn from_stored(pence: i64) -> Self {
        Pence(pence)
    }

    /// The amount in pence, to store.
    pub fn pence(self) -> i64 {
        self.0
    }

    /// Parses `"120"`, `"120.5"`, `"£120.00"` or `"120."`; negative amounts and more than two decimals are refused.
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        const MESSAGE: &str = "Enter an amount in pounds, like 120.00.";
        let raw = raw.trim();
        let raw = raw.strip_prefix('£').unwrap_or(raw);
        let (pounds, pence) = raw.split_once('.').unwrap_or((raw, ""));
        let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if !(1..=12).contains(&pounds.len()) || !digits(pounds) || pence.len() > 2 || !digits(pence) {
            return Err(MESSAGE);
        }
        let pounds: i64 = pounds.parse().map_err(|_| MESSAGE)?;
        let pence: i64 = if pence.is_empty() { 0 } else { format!("{pence:0<2}").parse().map_err(|_| MESSAGE)? };
        Ok(Pence(pounds * 100 + pence))
    }
}

impl fmt::Display for Pence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

/// The amount as the API shows it.
impl utoipa::PartialSchema for Pence {
    fn schema() -> RefOr<Schema> {
        let description = "Pounds sterling with two digits of pence: `120.00`.";
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(PENCE_PATTERN)).description(Some(description)).examples(["120.00"]).into()
    }
}

impl utoipa::ToSchema for Pence {}

/// An amount as a person writes it, or nothing: an optional field's schema.
pub struct PenceInputOrEmpty;

impl utoipa::PartialSchema for PenceInputOrEmpty {
    fn schema() -> RefOr<Schema> {
        let description = format!("Optional: an amount in {INPUT_DESCRIPTION}. Empty when none is given.");
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(PENCE_INPUT_OR_EMPTY_PATTERN)).description(Some(description)).into()
    }
}

impl utoipa::ToSchema for PenceInputOrEmpty {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pence_round_trip_through_decimal_strings() {
        assert_eq!(Pence::parse("120.00").unwrap().pence(), 12000);
        assert_eq!(Pence::parse("12.5").unwrap().pence(), 1250);
        assert_eq!(Pence::parse("7").unwrap().to_string(), "7.00");
        assert_eq!(Pence::from_stored(1205).to_string(), "12.05");
        for bad in ["", "-1", "1.234", "abc", "1.x"] {
            assert!(Pence::parse(bad).is_err(), "{bad}");
        }
    }
}
