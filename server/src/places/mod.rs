//! Where things are, from open data the product ships (`server/data/`, rebuilt by
//! `scripts/postcode-data.py`): the postcode districts of Great Britain and the post towns, each
//! placed at a point, and the distance between two points. No map service is asked anything.

mod coverage;
mod gazetteer;
mod near;
mod point;
mod postcode_area;

pub use coverage::{Base, CoverageEntry, MAX_RADIUS_MILES, place_point};
pub use gazetteer::{district_point, town_point};
pub use near::Near;
pub use point::{Point, round_miles};
pub use postcode_area::{NOT_COVERED_NORTHERN_IRELAND, PostcodeArea, UNKNOWN_POSTCODE_AREA};
