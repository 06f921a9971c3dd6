//! The shipped tables, read once: postcode district → centroid, post town → point, and the
//! places that are no post town (a town served by a bigger one's, such as Keynsham by
//! Bristol's) at the centre of the districts that serve them (`localities.csv`, kept by hand).

use super::Point;
use std::collections::HashMap;
use std::sync::LazyLock;

const DISTRICTS_CSV: &str = include_str!("../../data/postcode-districts.csv");
const TOWNS_CSV: &str = include_str!("../../data/post-towns.csv");
const LOCALITIES_CSV: &str = include_str!("../../data/localities.csv");

/// `key,latitude,longitude[,…]` rows after a header, keyed by `key_of(key)`.
fn read_points(csv: &'static str, key_of: impl Fn(&str) -> String) -> HashMap<String, Point> {
    csv.lines()
        .skip(1)
        .filter(|line| !line.is_empty())
        .map(|line| {
            let mut fields = line.split(',');
            let mut next = || fields.next().unwrap_or_else(|| panic!("a short row in the shipped postcode data: {line}"));
            let key = key_of(next());
            let mut degrees = || next().parse::<f64>().unwrap_or_else(|_| panic!("a bad coordinate in the shipped postcode data: {line}"));
            (key, Point { latitude: degrees(), longitude: degrees() })
        })
        .collect()
}

/// A place name as it is looked up: without regard to case, full stops or hyphens, so that
/// "ST ALBANS" is St. Albans and "Stoke on Trent" is Stoke-on-Trent.
fn place_key(name: &str) -> String {
    name.to_lowercase().replace('.', "").replace('-', " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

static DISTRICTS: LazyLock<HashMap<String, Point>> = LazyLock::new(|| read_points(DISTRICTS_CSV, str::to_owned));
static TOWNS: LazyLock<HashMap<String, Point>> = LazyLock::new(|| {
    let mut towns = read_points(TOWNS_CSV, place_key);
    for line in LOCALITIES_CSV.lines().skip(1).filter(|line| !line.is_empty()) {
        let (place, districts) = line.split_once(',').unwrap_or_else(|| panic!("a short row in the shipped localities: {line}"));
        let points: Vec<Point> =
            districts.split_whitespace().map(|district| district_point(district).unwrap_or_else(|| panic!("{place}: no district {district}"))).collect();
        let count = points.len() as f64;
        let centre =
            Point { latitude: points.iter().map(|p| p.latitude).sum::<f64>() / count, longitude: points.iter().map(|p| p.longitude).sum::<f64>() / count };
        towns.entry(place_key(place)).or_insert(centre);
    }
    towns
});

/// The centroid of a postcode district (an outward code in capitals, `SE15`), if it is one of
/// Great Britain's.
pub fn district_point(district: &str) -> Option<Point> {
    DISTRICTS.get(district).copied()
}

/// Where a post town, a city or a listed locality is (any case, spaces, full stops and hyphens
/// aside), if it is in Great Britain.
pub fn town_point(name: &str) -> Option<Point> {
    TOWNS.get(&place_key(name)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_district_of_great_britain_is_there_and_nowhere_else() {
        assert!(DISTRICTS.len() >= 2_800, "{} districts", DISTRICTS.len());
        for (district, point) in DISTRICTS.iter() {
            assert!((49.8..60.9).contains(&point.latitude) && (-8.7..1.8).contains(&point.longitude), "{district} at {point:?}");
            assert!(
                !["BT", "GY", "JE", "IM"].iter().any(|area| district.starts_with(area) && district[area.len()..].starts_with(|c: char| c.is_ascii_digit())),
                "{district}"
            );
        }
    }

    #[test]
    fn well_known_districts_are_where_they_are() {
        // A landmark at the heart of each, from general reference coordinates (not the ONS
        // lookup the table comes from): a centroid more than 2 km away would be a wrong table.
        let known = [
            ("SW1A", 51.5014, -0.1419), // Buckingham Palace
            ("LS1", 53.7997, -1.5492),  // Leeds Town Hall
            ("M1", 53.4794, -2.2453),   // Manchester, St Peter's Square
            ("EH1", 55.9533, -3.1883),  // Edinburgh, Princes Street
            ("CF10", 51.4816, -3.1791), // Cardiff city centre
            ("B1", 52.4796, -1.9088),   // Birmingham, Centenary Square
            ("G1", 55.8611, -4.2502),   // Glasgow, George Square
            ("BS1", 51.4545, -2.5879),  // Bristol city centre
            ("NE1", 54.9738, -1.6131),  // Newcastle, Grey's Monument
            ("YO1", 53.9623, -1.0819),  // York Minster
        ];
        for (district, latitude, longitude) in known {
            let point = district_point(district).unwrap_or_else(|| panic!("{district} is in the table"));
            let km = point.miles_to(Point { latitude, longitude }) * 1.609_344;
            assert!(km < 2.0, "{district} is {km:.2} km from where it is known to be");
        }
    }

    #[test]
    fn towns_are_placed_at_their_districts_and_read_in_any_case() {
        let leeds = town_point("Leeds").expect("Leeds is placed");
        assert!(leeds.miles_to(district_point("LS1").unwrap()) < 5.0, "{leeds:?}");
        assert_eq!(town_point("  NEWCASTLE UPON TYNE "), town_point("Newcastle upon Tyne"));
        assert_eq!(town_point("St Albans"), town_point("St. Albans"));
        assert!(town_point("Stoke on Trent").is_some());
        // A locality is placed at the districts that serve it: Keynsham at BS31, not at Bristol.
        assert_eq!(town_point("Keynsham"), district_point("BS31"));
        // Newport is Gwent's (five districts), not the Isle of Wight's or Shropshire's.
        assert!(town_point("Newport").unwrap().miles_to(district_point("NP20").unwrap()) < 5.0);
        assert_eq!(town_point("Belfast"), None, "Northern Ireland is left out");
        assert_eq!(town_point("Atlantis"), None);
    }

    #[test]
    fn every_town_the_fixtures_name_outside_northern_ireland_is_placed() {
        // The fixtures' only town in Northern Ireland, which the data leaves out.
        const NORTHERN_IRELAND: [&str; 1] = ["Belfast"];
        let bench = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/bench.json");
        let bench = std::fs::read_to_string(&bench).unwrap_or_else(|error| panic!("{}: {error}", bench.display()));
        let shared_demo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/demo.json");
        let shared_demo = std::fs::read_to_string(&shared_demo).unwrap_or_else(|error| panic!("{}: {error}", shared_demo.display()));
        for fixture in [crate::import::DEMO_FIXTURE, &shared_demo, &bench] {
            let fixture: serde_json::Value = serde_json::from_str(fixture).expect("a fixture");
            let areas = fixture["services"].as_array().unwrap().iter().flat_map(|service| service["areas"].as_array().unwrap());
            let locations = fixture["jobs"].as_array().unwrap().iter().map(|job| &job["location"]);
            let towns: std::collections::BTreeSet<&str> = areas.chain(locations).map(|town| town.as_str().unwrap()).collect();
            assert!(towns.len() > 20, "{towns:?}");
            for town in towns {
                assert_eq!(town_point(town).is_some(), !NORTHERN_IRELAND.contains(&town), "{town}");
            }
        }
    }
}
