//! Where a service works, as its `areas` say it, one entry each: a base (a town, a postcode
//! district or a full postcode) with the radius around it, or a list of districts covered
//! exactly. The fixtures' towns are bases with the default radius.
//!
//! - `Leeds`, `LS6`, `LS1 4AP`: a base, the default radius around it;
//! - `Leeds within 15 miles`: a base with its own radius;
//! - `Districts: LS1, LS2, LS6`: those districts, whatever their distance.

use super::{Point, PostcodeArea, district_point, town_point};

/// The largest radius a base may have, in miles.
pub const MAX_RADIUS_MILES: u32 = 100;
const DISTRICTS_PREFIX: &str = "districts:";

/// One entry of a service's areas.
#[derive(Clone, Debug, PartialEq)]
pub enum CoverageEntry {
    Base(Base),
    /// Postcode districts of Great Britain (outward codes), covered whatever the distance.
    Districts(Vec<String>),
}

/// A place and the radius around it a service covers.
#[derive(Clone, Debug, PartialEq)]
pub struct Base {
    /// Where it is; `None` for a place the shipped data leaves out (a town in Northern
    /// Ireland): the service is then found by words, never by distance.
    pub point: Option<Point>,
    /// Miles; `None` for the configured default.
    pub radius_miles: Option<u32>,
}

impl CoverageEntry {
    /// Parses one entry. A place the data does not know is a base without a point (the fixtures
    /// name Belfast); a radius or a district that cannot be read is an error.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let entry = raw.trim();
        if entry.len() >= DISTRICTS_PREFIX.len() && entry[..DISTRICTS_PREFIX.len()].eq_ignore_ascii_case(DISTRICTS_PREFIX) {
            return districts(&entry[DISTRICTS_PREFIX.len()..]).map(CoverageEntry::Districts);
        }
        let (place, radius_miles) = match split_radius(entry) {
            Some((place, radius)) => (place, Some(radius?)),
            None => (entry, None),
        };
        if place.is_empty() {
            return Err(format!("“{entry}” names no place: write a town, a postcode district such as LS1, or a postcode."));
        }
        Ok(CoverageEntry::Base(Base { point: place_point(place), radius_miles }))
    }
}

/// `PLACE within N miles` as the place and the radius, if the entry says one.
fn split_radius(entry: &str) -> Option<(&str, Result<u32, String>)> {
    // A space before, so that an entry starting with "within" has no place.
    let lower = format!(" {}", entry.to_ascii_lowercase());
    let at = lower.rfind(" within ")?;
    let said = lower[at + " within ".len()..].trim();
    let number = said.strip_suffix("miles").or_else(|| said.strip_suffix("mile")).unwrap_or(said).trim();
    let radius = match number.parse::<u32>() {
        Ok(miles) if (1..=MAX_RADIUS_MILES).contains(&miles) => Ok(miles),
        _ => Err(format!("“{entry}”: say the radius in whole miles from 1 to {MAX_RADIUS_MILES}, as in “Leeds within 15 miles”.")),
    };
    Some((entry[..at.saturating_sub(1)].trim(), radius))
}

/// Where a place someone names is: a town, else a postcode or district; `None` where the data
/// has neither.
pub fn place_point(place: &str) -> Option<Point> {
    town_point(place).or_else(|| PostcodeArea::parse(place).ok().map(|area| area.point()))
}

fn districts(list: &str) -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    for code in list.split(',').map(str::trim).filter(|code| !code.is_empty()) {
        let district = code.to_ascii_uppercase();
        if district_point(&district).is_none() {
            return Err(format!("“{code}” is not a postcode district of Great Britain that we know."));
        }
        if !found.contains(&district) {
            found.push(district);
        }
    }
    if found.is_empty() {
        return Err("List the districts after “Districts:”, separated by commas, as in “Districts: LS1, LS2”.".to_owned());
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(raw: &str) -> Base {
        match CoverageEntry::parse(raw) {
            Ok(CoverageEntry::Base(base)) => base,
            other => panic!("{raw}: {other:?}"),
        }
    }

    #[test]
    fn a_town_a_district_or_a_postcode_is_a_base_with_the_default_radius_unless_said() {
        assert_eq!(base("Leeds"), Base { point: town_point("Leeds"), radius_miles: None });
        assert_eq!(base(" newcastle upon tyne "), Base { point: town_point("Newcastle upon Tyne"), radius_miles: None });
        assert_eq!(base("LS6"), Base { point: district_point("LS6"), radius_miles: None });
        assert_eq!(base("ls1 4ap"), Base { point: district_point("LS1"), radius_miles: None });
        assert_eq!(base("Leeds within 15 miles"), Base { point: town_point("Leeds"), radius_miles: Some(15) });
        assert_eq!(base("SE15 WITHIN 1 mile"), Base { point: district_point("SE15"), radius_miles: Some(1) });
        assert_eq!(base("York within 30"), Base { point: town_point("York"), radius_miles: Some(30) });
        // Named, but not in the shipped data: found by words only.
        assert_eq!(base("Belfast"), Base { point: None, radius_miles: None });
    }

    #[test]
    fn a_list_of_districts_is_covered_exactly() {
        assert_eq!(CoverageEntry::parse("Districts: ls1, LS2,LS6, ls1"), Ok(CoverageEntry::Districts(vec!["LS1".into(), "LS2".into(), "LS6".into()])));
    }

    #[test]
    fn what_cannot_be_read_says_why() {
        for raw in ["Leeds within 0 miles", "Leeds within 101 miles", "Leeds within ten miles", "Districts: LS1, Leeds", "districts:", " within 5 miles"] {
            assert!(CoverageEntry::parse(raw).is_err(), "{raw}");
        }
    }
}
