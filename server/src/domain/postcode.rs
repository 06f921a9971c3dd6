//! A UK postcode, parsed once at the edge; its OpenAPI schema states the same rule.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// The postcodes [`UkPostcode::parse`] takes, unanchored: an outward code of 2 to 4 letters and
/// digits (a letter first, a digit in it), then a digit and two letters; any case, with spaces,
/// tabs or no-break spaces anywhere (spelt out: a pattern's `\s` is not the same set in every
/// regular expression engine).
macro_rules! uk_postcode {
    () => {
        r"[ \t\u00a0]*[A-Za-z][ \t\u00a0]*([0-9]([ \t\u00a0]*[A-Za-z0-9]){0,2}|[A-Za-z][ \t\u00a0]*[0-9]([ \t\u00a0]*[A-Za-z0-9])?|[A-Za-z][ \t\u00a0]*[A-Za-z][ \t\u00a0]*[0-9])[ \t\u00a0]*[0-9][ \t\u00a0]*[A-Za-z][ \t\u00a0]*[A-Za-z][ \t\u00a0]*"
    };
}

/// What may stand between a postcode's characters: the pattern's `[ \t\u00a0]`.
const SPACES: [char; 3] = [' ', '\t', '\u{a0}'];

/// The OpenAPI pattern of a UK postcode.
pub const UK_POSTCODE_PATTERN: &str = concat!("^", uk_postcode!(), "$");
/// The OpenAPI pattern of a UK postcode that may be left empty.
pub const UK_POSTCODE_OR_EMPTY_PATTERN: &str = concat!("^(", uk_postcode!(), ")?$");
/// A UK postcode, the district alone (`LS1`: one or two letters, a digit, then a letter or
/// digit or nothing), or nothing but spaces; spaces as in a postcode.
pub const UK_POSTCODE_OR_DISTRICT_PATTERN: &str =
    concat!("^(", uk_postcode!(), r"|[ \t\u00a0]*[A-Za-z]([ \t\u00a0]*[A-Za-z])?[ \t\u00a0]*[0-9]([ \t\u00a0]*[A-Za-z0-9])?[ \t\u00a0]*|[ \t\u00a0]*)$");

/// Whether `raw` is blank by the postcode's rule of spaces: nothing but spaces, tabs or no-break spaces.
pub fn is_blank_postcode(raw: &str) -> bool {
    raw.chars().all(|c| SPACES.contains(&c))
}

/// `raw` without the spaces a postcode may hold.
pub fn without_spaces(raw: &str) -> String {
    raw.chars().filter(|c| !SPACES.contains(c)).collect()
}

/// A UK postcode, upper-cased with one space before the inward code: `SW1A 1AA`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UkPostcode(String);

impl UkPostcode {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        const MESSAGE: &str = "Enter a valid UK postcode.";
        let compact = without_spaces(raw);
        // ASCII before upper-casing: some letters upper-case to ASCII ones (`ß` is `SS`).
        if !(5..=7).contains(&compact.len()) || !compact.is_ascii() {
            return Err(MESSAGE);
        }
        let compact = compact.to_uppercase();
        let (outward, inward) = compact.split_at(compact.len() - 3);
        let inward_ok = {
            let b = inward.as_bytes();
            b[0].is_ascii_digit() && b[1].is_ascii_alphabetic() && b[2].is_ascii_alphabetic()
        };
        let o = outward.as_bytes();
        let outward_ok =
            o[0].is_ascii_alphabetic() && o.iter().all(|c| c.is_ascii_alphanumeric()) && o.iter().any(|c| c.is_ascii_digit()) && (2..=4).contains(&o.len());
        if inward_ok && outward_ok { Ok(UkPostcode(format!("{outward} {inward}"))) } else { Err(MESSAGE) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The outward code, the postcode's district: `SW1A` of `SW1A 1AA`.
    pub fn outward(&self) -> &str {
        self.0.split_once(' ').map_or(&self.0, |(outward, _)| outward)
    }
}

impl utoipa::PartialSchema for UkPostcode {
    fn schema() -> RefOr<Schema> {
        let description = "A UK postcode, e.g. `SW1A 1AA`; any case and spacing, stored in its standard form.";
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(UK_POSTCODE_PATTERN)).description(Some(description)).examples(["SW1A 1AA"]).into()
    }
}

impl utoipa::ToSchema for UkPostcode {}

/// A UK postcode, or nothing: an optional field's schema.
pub struct UkPostcodeOrEmpty;

impl utoipa::PartialSchema for UkPostcodeOrEmpty {
    fn schema() -> RefOr<Schema> {
        let description = "Optional: a UK postcode, e.g. `SW1A 1AA`. Empty when none is given.";
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(UK_POSTCODE_OR_EMPTY_PATTERN)).description(Some(description)).into()
    }
}

impl utoipa::ToSchema for UkPostcodeOrEmpty {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uk_postcodes_are_spaced_and_upper_case() {
        assert_eq!(UkPostcode::parse("sw1a1aa").unwrap().as_str(), "SW1A 1AA");
        assert_eq!(UkPostcode::parse("M1 1AE").unwrap().as_str(), "M1 1AE");
        assert_eq!(UkPostcode::parse("w1a 1aa").unwrap().as_str(), "W1A 1AA");
        for bad in ["", "12345", "SW1A", "SW1A 1A1", "ZZZZ ZZZ"] {
            assert!(UkPostcode::parse(bad).is_err(), "{bad}");
        }
    }
}
