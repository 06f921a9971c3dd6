//! A search near a postcode: its district's point and how far from it to look.

use super::PostcodeArea;
use crate::config::Distances;
use crate::http::extract::FieldErrors;
use crate::http::list::ListQuery;

/// A search near a point: `near=LS1 4AP&within=10`.
#[derive(Clone, Debug, PartialEq)]
pub struct Near {
    pub area: PostcodeArea,
    /// The farthest a found thing may be, in miles.
    pub within_miles: f64,
}

/// What was wrong with a search's fields: each field's name (`near`, `within`) and message.
pub type NearProblems = Vec<(&'static str, String)>;

impl Near {
    /// `near` (a postcode or district of Great Britain; blank for none) and `within` (miles,
    /// 25 unless said) of a list's query: a search near a point, if `near` is given; each
    /// field's error otherwise.
    pub fn asked(query: &ListQuery, errors: &mut FieldErrors, distances: Distances) -> Option<Near> {
        Near::read(query.raw("near"), query.raw("within"), distances).unwrap_or_else(|problems| {
            problems.into_iter().for_each(|(field, problem)| errors.add(field, problem));
            None
        })
    }

    /// A search from `near` (a postcode or district; blank or absent for none) and `within`
    /// (miles; the default when blank or absent), as a query or form gives them. A `within`
    /// alone is checked too, so that a mistake is never silently ignored.
    pub fn read(near: Option<&str>, within: Option<&str>, distances: Distances) -> Result<Option<Near>, NearProblems> {
        let mut problems = NearProblems::new();
        let within = match within.map(str::trim).filter(|raw| !raw.is_empty()) {
            Some(raw) => Self::parse_within(raw, distances.max_within_miles).map_err(|problem| problems.push(("within", problem))).ok(),
            None => Some(f64::from(distances.default_within_miles())),
        };
        // Spaces as a postcode's own (its OpenAPI pattern's rule): nothing but them is no search.
        let area = match near.filter(|raw| !crate::domain::is_blank_postcode(raw)) {
            Some(raw) => PostcodeArea::parse(raw).map_err(|problem| problems.push(("near", problem.to_owned()))).ok(),
            None => None,
        };
        match (area, within) {
            _ if !problems.is_empty() => Err(problems),
            (Some(area), Some(within_miles)) => Ok(Some(Near { area, within_miles })),
            _ => Ok(None),
        }
    }

    /// `within` in miles, from 1 to `max_miles`; `Err` says what to enter.
    pub fn parse_within(raw: &str, max_miles: u32) -> Result<f64, String> {
        let within = || format!("Enter a distance from 1 to {max_miles} miles.");
        match raw.trim().parse::<f64>() {
            Ok(miles) if miles.is_finite() && (1.0..=f64::from(max_miles)).contains(&miles) => Ok(miles),
            Ok(miles) if miles.is_finite() => Err(within()),
            _ => Err(format!("Enter a distance in miles as a number, such as 10. {}", within())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Near;
    use crate::config::Distances;

    const DISTANCES: Distances = Distances { default_radius_miles: 10, max_within_miles: 50 };

    #[test]
    fn a_search_needs_a_postcode_and_takes_the_default_distance() {
        let near = Near::read(Some("ls1 4ap"), None, DISTANCES).unwrap().unwrap();
        assert_eq!((near.area.district(), near.within_miles), ("LS1", 25.0));
        assert_eq!(Near::read(Some("LS1"), Some(" 5 "), DISTANCES).unwrap().unwrap().within_miles, 5.0);
        assert_eq!(Near::read(None, None, DISTANCES), Ok(None));
        assert_eq!(Near::read(Some(" \u{a0}"), Some(""), DISTANCES), Ok(None));
        assert_eq!(Near::read(None, Some("10"), DISTANCES), Ok(None));
    }

    #[test]
    fn each_field_says_what_is_wrong_with_it() {
        assert_eq!(Near::read(None, Some("ten"), DISTANCES).unwrap_err()[0].0, "within");
        let both = Near::read(Some("BT1 1AA"), Some("99"), DISTANCES).unwrap_err();
        assert_eq!(
            both,
            [("within", "Enter a distance from 1 to 50 miles.".to_owned()), ("near", "Distance search does not cover Northern Ireland yet".to_owned())]
        );
        assert_eq!(Near::read(Some("ZZ9 9ZZ"), None, DISTANCES), Err(vec![("near", "We don't know that postcode area".to_owned())]));
    }

    #[test]
    fn a_distance_is_a_number_of_miles_from_1_to_the_most_allowed() {
        assert_eq!(Near::parse_within("10", 50), Ok(10.0));
        assert_eq!(Near::parse_within(" 2.5 ", 50), Ok(2.5));
        assert_eq!(Near::parse_within("50", 50), Ok(50.0));
        assert_eq!(Near::parse_within("1", 50), Ok(1.0));
        for (raw, message) in [
            ("0", "Enter a distance from 1 to 50 miles."),
            ("0.5", "Enter a distance from 1 to 50 miles."),
            ("51", "Enter a distance from 1 to 50 miles."),
            ("-5", "Enter a distance from 1 to 50 miles."),
            ("ten", "Enter a distance in miles as a number, such as 10. Enter a distance from 1 to 50 miles."),
            ("NaN", "Enter a distance in miles as a number, such as 10. Enter a distance from 1 to 50 miles."),
            ("inf", "Enter a distance in miles as a number, such as 10. Enter a distance from 1 to 50 miles."),
        ] {
            assert_eq!(Near::parse_within(raw, 50), Err(message.to_owned()), "{raw}");
        }
    }
}
