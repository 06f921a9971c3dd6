//! Text a person writes, with a maximum length, parsed once at the edge; its OpenAPI schema
//! states the same rule.
//!
//! The maximum counts the characters as sent, surrounding white space included, as the
//! schema's `maxLength` does; the text kept is trimmed. (Counting the trimmed text instead
//! would take values that the schema refuses.) A multipart form's fields reach the rule
//! already trimmed (`http::upload`), so there the maximum counts the trimmed text: the server
//! then takes a little more than the schema states, never less.

use std::borrow::Cow;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// Unicode's White_Space, which `str::trim` takes off, spelt out for a character class: a
/// pattern's `\s` is not the same set in every engine (JavaScript's adds U+FEFF and leaves
/// out U+0085).
macro_rules! white_space {
    () => {
        r"\u0009-\u000d \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
    };
}
pub(crate) use white_space;

/// The OpenAPI pattern of text that is not blank: no NUL, and a character that is neither NUL
/// nor white space.
pub const TEXT_PATTERN: &str = concat!(r"^[^\u0000]*[^\u0000", white_space!(), r"][^\u0000]*$");
/// The OpenAPI pattern of text that may be empty: no NUL.
pub const TEXT_OR_EMPTY_PATTERN: &str = r"^[^\u0000]*$";

/// PostgreSQL cannot store NUL in text, so text holding one is refused (as Django REST framework does).
pub const NULL_CHARACTERS: &str = "Null characters are not allowed.";

/// Why a text was refused; [`TextProblem::message`] is the field's error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextProblem {
    Blank,
    TooLong { max: usize },
    Null,
}

impl TextProblem {
    pub fn message(self) -> Cow<'static, str> {
        match self {
            TextProblem::Blank => "This field is required.".into(),
            TextProblem::TooLong { max } => format!("Ensure this field has no more than {max} characters.").into(),
            TextProblem::Null => NULL_CHARACTERS.into(),
        }
    }
}

/// The one rule of [`Text`] and [`TextOrEmpty`], and of fields whose maximum is only known at
/// run time: at most `max` characters as sent, no NUL; blank only when `may_be_blank`. Gives the
/// text trimmed.
pub fn check(raw: &str, max: usize, may_be_blank: bool) -> Result<&str, TextProblem> {
    let text = raw.trim();
    if text.is_empty() && !may_be_blank {
        Err(TextProblem::Blank)
    } else if raw.chars().count() > max {
        Err(TextProblem::TooLong { max })
    } else if raw.contains('\0') {
        Err(TextProblem::Null)
    } else {
        Ok(text)
    }
}

/// Text that is not blank, of at most `MAX` characters; kept trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text<const MAX: usize>(String);

impl<const MAX: usize> Text<MAX> {
    pub fn parse(raw: &str) -> Result<Self, TextProblem> {
        check(raw, MAX, false).map(|text| Text(text.to_string()))
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl<const MAX: usize> utoipa::PartialSchema for Text<MAX> {
    fn schema() -> RefOr<Schema> {
        let description = format!("Text of at most {MAX} characters, not blank; surrounding white space is trimmed.");
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(MAX))
            .pattern(Some(TEXT_PATTERN))
            .description(Some(description))
            .into()
    }
}

impl<const MAX: usize> utoipa::ToSchema for Text<MAX> {
    fn name() -> Cow<'static, str> {
        format!("Text{MAX}").into()
    }
}

/// Text of at most `MAX` characters that may be empty; kept trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextOrEmpty<const MAX: usize>(String);

impl<const MAX: usize> TextOrEmpty<MAX> {
    pub fn parse(raw: &str) -> Result<Self, TextProblem> {
        check(raw, MAX, true).map(|text| TextOrEmpty(text.to_string()))
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl<const MAX: usize> utoipa::PartialSchema for TextOrEmpty<MAX> {
    fn schema() -> RefOr<Schema> {
        let description = format!("Optional text of at most {MAX} characters; surrounding white space is trimmed.");
        ObjectBuilder::new().schema_type(Type::String).max_length(Some(MAX)).pattern(Some(TEXT_OR_EMPTY_PATTERN)).description(Some(description)).into()
    }
}

impl<const MAX: usize> utoipa::ToSchema for TextOrEmpty<MAX> {
    fn name() -> Cow<'static, str> {
        format!("TextOrEmpty{MAX}").into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spelt_out_white_space_is_what_trim_takes_off() {
        let class = regex::Regex::new(concat!("^[", white_space!(), "]$")).unwrap();
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            assert_eq!(class.is_match(c.encode_utf8(&mut [0; 4])), c.is_whitespace(), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn text_is_trimmed_and_its_maximum_counts_what_was_sent() {
        assert_eq!(Text::<5>::parse(" ab ").unwrap().into_string(), "ab");
        assert_eq!(Text::<5>::parse("  abc "), Err(TextProblem::TooLong { max: 5 }));
        assert_eq!(Text::<5>::parse(" \t"), Err(TextProblem::Blank));
        assert_eq!(Text::<5>::parse("a\0"), Err(TextProblem::Null));
        assert_eq!(TextOrEmpty::<5>::parse(" \t").unwrap().into_string(), "");
        assert_eq!(TextProblem::TooLong { max: 150 }.message(), "Ensure this field has no more than 150 characters.");
    }
}
