//! An email address, parsed once at the edge; its OpenAPI schema states the same rule.

use super::text::white_space;
use std::fmt;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// What no part of an address holds: `@` (but the one), control characters (`char::is_control`)
/// and white space (`char::is_whitespace`), for a character class.
macro_rules! not_in_part {
    () => {
        concat!(r"@\u0000-\u001f\u007f-\u009f", white_space!())
    };
}

/// The OpenAPI pattern of an email address: white space around it, a local part of 1 to 64
/// characters, `@`, and a domain of two or more dot-separated labels. Its `maxLength` is
/// [`MAX_CHARS`]. Lengths count characters (code points), as `maxLength` does.
pub const EMAIL_PATTERN: &str =
    concat!("^[", white_space!(), "]*[^", not_in_part!(), "]{1,64}@[^.", not_in_part!(), r"]+(\.[^.", not_in_part!(), "]+)+[", white_space!(), "]*$");

/// The longest address, in characters as sent (white space around it included, as `maxLength` counts).
pub const MAX_CHARS: usize = 254;
const LOCAL_MAX_CHARS: usize = 64;

/// An email address, trimmed and lower-cased.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// The rule of [`EMAIL_PATTERN`] and [`MAX_CHARS`], checked before lower-casing (which
    /// can lengthen a few letters).
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        const MESSAGE: &str = "Enter a valid email address.";
        let value = raw.trim();
        let (local, domain) = value.split_once('@').ok_or(MESSAGE)?;
        let in_part = |c: char| !(c == '@' || c.is_control() || c.is_whitespace());
        let labels = || domain.split('.');
        let valid = raw.chars().count() <= MAX_CHARS
            && (1..=LOCAL_MAX_CHARS).contains(&local.chars().count())
            && local.chars().all(in_part)
            && labels().count() >= 2
            && labels().all(|label| !label.is_empty() && label.chars().all(in_part));
        if valid { Ok(Email(value.to_lowercase())) } else { Err(MESSAGE) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl utoipa::PartialSchema for Email {
    fn schema() -> RefOr<Schema> {
        let description =
            "An email address, e.g. `ann@example.co.uk`: at most 64 characters before the `@`, and a domain with a dot; stored trimmed and lower-cased.";
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(MAX_CHARS))
            .pattern(Some(EMAIL_PATTERN))
            .description(Some(description))
            .examples(["ann@example.co.uk"])
            .into()
    }
}

impl utoipa::ToSchema for Email {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(Email::parse("  Demo@Brightway.Example ").unwrap().as_str(), "demo@brightway.example");
        for bad in ["", "no-at", "a@b", "a@.b", "a b@c.uk", "@c.uk", "a@b..uk"] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }
}
