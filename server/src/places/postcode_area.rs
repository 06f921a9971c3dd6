//! The postcode district a person names to search near: a full postcode (reduced to its
//! district, so nothing finer than a district is kept or compared) or a district alone.

use super::{Point, district_point};
use crate::domain::{UK_POSTCODE_OR_DISTRICT_PATTERN, UkPostcode, without_spaces};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

pub const NOT_COVERED_NORTHERN_IRELAND: &str = "Distance search does not cover Northern Ireland yet";
pub const UNKNOWN_POSTCODE_AREA: &str = "We don't know that postcode area";
const MALFORMED: &str = "Enter a UK postcode, such as LS1 4AP, or its first part, such as LS1.";

/// A postcode district of Great Britain and its centroid.
#[derive(Clone, Debug, PartialEq)]
pub struct PostcodeArea {
    district: String,
    point: Point,
}

impl PostcodeArea {
    /// `LS1 4AP`, `ls14ap` or `LS1`: the district, if the table knows it. Northern Ireland's
    /// postcodes are left out of the shipped data (their licence), and say so.
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let compact = without_spaces(raw).to_ascii_uppercase();
        let district = if (5..=7).contains(&compact.len()) {
            UkPostcode::parse(raw).map_err(|_| MALFORMED)?.outward().to_owned()
        } else if is_district(&compact) {
            compact
        } else {
            return Err(MALFORMED);
        };
        if district.strip_prefix("BT").is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit())) {
            return Err(NOT_COVERED_NORTHERN_IRELAND);
        }
        let point = district_point(&district).ok_or(UNKNOWN_POSTCODE_AREA)?;
        Ok(PostcodeArea { district, point })
    }

    /// The outward code: `LS1`.
    pub fn district(&self) -> &str {
        &self.district
    }

    /// The district's centroid.
    pub fn point(&self) -> Point {
        self.point
    }
}

impl utoipa::PartialSchema for PostcodeArea {
    fn schema() -> RefOr<Schema> {
        let description = "A postcode of Great Britain (`LS1 4AP`) or its district (`LS1`), any case and spacing; blank for none.";
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(UK_POSTCODE_OR_DISTRICT_PATTERN))
            .description(Some(description))
            .examples(["LS1 4AP"])
            .into()
    }
}

impl utoipa::ToSchema for PostcodeArea {}

/// An outward code's shape: one or two letters, a digit, then a digit or letter or nothing.
fn is_district(code: &str) -> bool {
    let letters = code.bytes().take_while(u8::is_ascii_alphabetic).count();
    let rest = &code.as_bytes()[letters..];
    (1..=2).contains(&letters) && matches!(rest, [d] | [d, _] if d.is_ascii_digit()) && rest.iter().all(u8::is_ascii_alphanumeric)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_pattern_takes_what_reads_as_a_postcode_or_district() {
        let pattern = regex::Regex::new(UK_POSTCODE_OR_DISTRICT_PATTERN).unwrap();
        let mut samples: Vec<&str> = crate::domain::POSTCODES.to_vec();
        samples.extend([
            "LS1",
            "ls1",
            " L S 1 ",
            "SW1A",
            "W1A",
            "E1W",
            "BT7",
            "ZZ9",
            "L",
            "LS",
            "LSX",
            "1LS",
            "LS1AB",
            "LS12X",
            "\u{2003}LS1",
            "LS1\n",
            " ",
            "\t",
            "Ä1",
            "LS１",
        ]);
        for sample in samples {
            // Well formed, known or not (an unknown or Northern Ireland's district is refused for what it is), or blank.
            let takes = crate::domain::is_blank_postcode(sample) || PostcodeArea::parse(sample) != Err(MALFORMED);
            assert_eq!(pattern.is_match(sample), takes, "the pattern and the parser disagree on {sample:?}");
        }
    }

    #[test]
    fn a_postcode_or_a_district_names_its_district() {
        for (raw, district) in
            [("LS1 4AP", "LS1"), ("ls14ap", "LS1"), (" LS1 ", "LS1"), ("se15", "SE15"), ("SW1A 1AA", "SW1A"), ("m1", "M1"), ("EC1A1BB", "EC1A")]
        {
            let area = PostcodeArea::parse(raw).unwrap_or_else(|message| panic!("{raw}: {message}"));
            assert_eq!(area.district(), district, "{raw}");
            assert_eq!(area.point(), district_point(district).unwrap());
        }
    }

    #[test]
    fn northern_ireland_unknown_areas_and_nonsense_say_which() {
        for raw in ["BT1 1AA", "bt7", "BT48 6DQ"] {
            assert_eq!(PostcodeArea::parse(raw), Err(NOT_COVERED_NORTHERN_IRELAND), "{raw}");
        }
        // Well formed, but no district of Great Britain: the Channel Islands, a retired code, none at all.
        for raw in ["GY1 1AA", "JE2", "W1 1AA", "ZZ9 9ZZ", "IM1"] {
            assert_eq!(PostcodeArea::parse(raw), Err(UNKNOWN_POSTCODE_AREA), "{raw}");
        }
        for raw in ["", " ", "Leeds", "1LS", "LS", "LS1 4A", "LS1 4APX", "L$1", "SW1AB", "ÄB1", "BTX 1AA"] {
            assert_eq!(PostcodeArea::parse(raw), Err(MALFORMED), "{raw}");
        }
    }
}
