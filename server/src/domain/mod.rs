//! Values parsed once at the edge, so the inside never checks them again.

mod email;
mod money;
mod phone;
mod postcode;
mod rating;

pub use email::Email;
pub use money::Pence;
pub use phone::{UkPhone, UkPhoneOrEmpty};
pub use postcode::{UkPostcode, UkPostcodeOrEmpty};
pub use rating::Rating;
pub mod uk_time;

/// The OpenAPI document states each domain type's rule as a pattern; these tables prove that
/// each pattern takes exactly what its parser takes, so a client that checks the pattern
/// first is never refused by the server, nor the other way round.
#[cfg(test)]
mod schema_patterns {
    use super::{UkPhone, UkPostcode, phone, postcode};

    fn agree(pattern: &str, parse: impl Fn(&str) -> bool, samples: &[&str]) {
        let pattern = regex::Regex::new(pattern).expect("the pattern compiles");
        for sample in samples {
            assert_eq!(pattern.is_match(sample), parse(sample), "{pattern} and the parser disagree on {sample:?}");
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

    const POSTCODES: &[&str] = &[
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
}
