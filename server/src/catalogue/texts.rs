//! What the catalogue says: the starts of its list filters' errors.

use entity::words::{ListingStatus, Word};

/// The start of the error for a `status` filter that is no status: "A status is Open or Closed;".
pub fn status_expected() -> String {
    format!("A status is {};", ListingStatus::choices())
}
pub const ORDERING_EXPECTED: &str = "An ordering is priority, -priority, price_from, -price_from or title;";
