//! Values parsed once at the edge, so the inside never checks them again.

mod email;
mod money;
pub mod password;
mod phone;
mod postcode;
mod rating;
pub mod text;

pub use email::Email;
pub use money::{Pence, PenceInputOrEmpty};
pub use phone::{UkPhone, UkPhoneOrEmpty};
pub use postcode::{UK_POSTCODE_OR_DISTRICT_PATTERN, UkPostcode, UkPostcodeOrEmpty, is_blank_postcode, without_spaces};
pub use rating::Rating;
#[cfg(test)]
pub(crate) use schema_patterns::POSTCODES;
pub use text::{Text, TextOrEmpty};
pub mod uk_time;

/// The OpenAPI document states each domain type's rule as a pattern; these tables prove that
/// each pattern takes exactly what its parser takes, so a client that checks the pattern
/// first is never refused by the server, nor the other way round.
#[cfg(test)]
mod schema_patterns {
    use super::{Email, Pence, Text, TextOrEmpty, UkPhone, UkPostcode, money, phone, postcode};
    use utoipa::PartialSchema;
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::Schema;

    fn agree(pattern: &str, parse: impl Fn(&str) -> bool, samples: &[impl AsRef<str>]) {
        let pattern = regex::Regex::new(pattern).expect("the pattern compiles");
        for sample in samples.iter().map(AsRef::as_ref) {
            assert_eq!(pattern.is_match(sample), parse(sample), "{pattern} and the parser disagree on {sample:?}");
        }
    }

    /// As [`agree`], for a whole schema: its pattern, `minLength` and `maxLength` (in characters).
    fn schema_agrees<T: PartialSchema>(parse: impl Fn(&str) -> bool, samples: &[impl AsRef<str>]) {
        let RefOr::T(Schema::Object(schema)) = T::schema() else { panic!("a string schema") };
        let pattern = regex::Regex::new(schema.pattern.as_deref().expect("a pattern")).expect("the pattern compiles");
        let (min, max) = (schema.min_length.unwrap_or(0), schema.max_length.unwrap_or(usize::MAX));
        for sample in samples.iter().map(AsRef::as_ref) {
            let takes = pattern.is_match(sample) && (min..=max).contains(&sample.chars().count());
            assert_eq!(takes, parse(sample), "{pattern} ({min} to {max} characters) and the parser disagree on {sample:?}");
        }
    }

    const PHONES: &[&str] = &[
        "07700 900123",
        "07700900123",
        "+44 7700 900123",
        "+44 (0)20 7946 0000",
        "+44(0)2079460000",
        "0044 20 7946 0000",
        "020-7946-0000",
        "(020) 7946 0000",
        " 0161 496 0000 ",
        "01632 96000",
        "+ 4 4 7700 900123",
        "0800 123 4567",
        "03001234567",
        "",
        " ",
        "0",
        "7700 900123",
        "+44 0 0 7700 900123",
        "0044 0 20 7946 0000",
        "04700 900123",
        "06700 900123",
        "09700 900123",
        "07700 90012",
        "07700 9001234567",
        "07700.900123",
        "07700+900123",
        "+1 202 555 0100",
        "0７700 900123",
        "07700 900123x",
        "0044(0)2079460000",
    ];

    pub(crate) const POSTCODES: &[&str] = &[
        "SW1A 1AA",
        "sw1a1aa",
        "M1 1AE",
        "m11ae",
        "B33 8TH",
        "CR2 6XH",
        "DN55 1PT",
        "W1A 0AX",
        "EC1A 1BB",
        " ls1 4ap ",
        "L S 1 4 A P",
        "SW1A\t1AA",
        "SW1A\u{a0}1AA",
        "",
        "12345",
        "SW1A",
        "SW1A 1A1",
        "ZZZZ ZZZ",
        "SW1AB 1AA",
        "S 1AA",
        "1W1A 1AA",
        "SWAA 1AA",
        "SW1A 1AAA",
        "SW1A-1AA",
        "Mß 1AA",
        "ÄB1 1AA",
        "SW1A 1ÅA",
    ];

    #[test]
    fn the_phone_patterns_take_what_the_parser_takes() {
        agree(phone::UK_PHONE_PATTERN, |s| UkPhone::parse(s).is_ok(), PHONES);
        agree(phone::UK_PHONE_OR_EMPTY_PATTERN, |s| s.is_empty() || UkPhone::parse(s).is_ok(), PHONES);
    }

    #[test]
    fn the_postcode_patterns_take_what_the_parser_takes() {
        agree(postcode::UK_POSTCODE_PATTERN, |s| UkPostcode::parse(s).is_ok(), POSTCODES);
        agree(postcode::UK_POSTCODE_OR_EMPTY_PATTERN, |s| s.is_empty() || UkPostcode::parse(s).is_ok(), POSTCODES);
    }

    /// Checked against `Text<5>`: the rule does not depend on the maximum.
    const TEXTS: &[&str] = &[
        "a",
        " a ",
        "abcde",
        "abcdef",
        " abcd",
        " abcde",
        "ab\tcd",
        "ééééé",
        "😀😀😀😀😀",
        "😀😀😀😀😀😀",
        "\u{feff}",
        "a\u{2028}b",
        "",
        " ",
        "\t\n\r",
        "\u{85}",
        "\u{a0}\u{3000}",
        "\u{85}\u{85}a",
        "\0",
        "a\0",
        " \0 ",
    ];

    fn emails() -> Vec<String> {
        let mut emails: Vec<String> = [
            "ann@example.co.uk",
            " Ann@Example.CO.UK ",
            "\ta@b.c\n",
            "a@b.c\u{3000}",
            "a.@b.c",
            ".a@b.c",
            "a..b@c.d",
            "a@-b.c",
            "ä@bücher.de",
            "İ@x.tr",
            "😀@b.c",
            "\u{feff}a@b.c",
            "a\u{200b}@b.c",
            "a+tag@b.co.uk",
            "",
            " ",
            "no-at",
            "a@b",
            "a@.b",
            "a@b.",
            "a@b..c",
            "@b.c",
            "a@@b.c",
            "a@b@c.d",
            "a b@c.d",
            "a\tb@c.d",
            "a@b.c d",
            "a\u{85}@b.c",
            "\u{85}a@b.c",
            "a\0@b.c",
            "a\u{7f}@b.c",
            "a\u{9f}@b.c",
            "a@b.c\u{1}",
        ]
        .map(String::from)
        .to_vec();
        let domain = |chars: usize| format!("{}.uk", "d".repeat(chars - 3));
        emails.extend([
            format!("{}@b.uk", "a".repeat(64)),
            format!("{}@b.uk", "a".repeat(65)),
            format!("{}@b.uk", "é".repeat(64)),
            format!("{}@{}", "a".repeat(64), domain(189)),
            format!("{}@{}", "a".repeat(64), domain(190)),
            format!(" {}@{}", "a".repeat(64), domain(189)),
        ]);
        emails
    }

    const AMOUNTS: &[&str] = &[
        "120",
        "120.00",
        "120.5",
        "120.",
        "0",
        "000",
        "£120",
        " £120.00 ",
        "\t5\n",
        "\u{a0}5\u{3000}",
        "123456789012",
        "123456789012.99",
        "",
        " ",
        "£",
        "££120",
        "£ 120",
        "120 .00",
        "120£",
        ".5",
        "-1",
        "+1",
        "1.234",
        "1.x",
        "1,000",
        "1e3",
        "1234567890123",
        "５",
    ];

    const SHOWN_AMOUNTS: &[&str] = &["120.00", "0.05", "0.00", "24000.50", "007.00", "00.00", "120.0", "120", "120.", "£120.00", " 120.00", "-1.00", "1.005"];

    #[test]
    fn the_text_schemas_take_what_the_parser_takes() {
        schema_agrees::<Text<5>>(|s| Text::<5>::parse(s).is_ok(), TEXTS);
        schema_agrees::<TextOrEmpty<5>>(|s| TextOrEmpty::<5>::parse(s).is_ok(), TEXTS);
    }

    #[test]
    fn the_email_schema_takes_what_the_parser_takes() {
        schema_agrees::<Email>(|s| Email::parse(s).is_ok(), &emails());
    }

    #[test]
    fn the_amount_patterns_take_what_the_parser_takes_and_what_is_shown() {
        agree(money::PENCE_INPUT_OR_EMPTY_PATTERN, |s| s.is_empty() || Pence::parse(s).is_ok(), AMOUNTS);
        // What is shown is `Display`'s form, the one that reads back as itself.
        agree(money::PENCE_PATTERN, |s| Pence::parse(s).is_ok_and(|p| p.to_string() == s), SHOWN_AMOUNTS);
    }
}
