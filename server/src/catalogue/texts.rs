//! What the catalogue says: the starts of its list filters' errors.

pub const STATUS_EXPECTED: &str = "A status is Open or Closed;";
pub const ORDERING_EXPECTED: &str = "An ordering is priority, -priority, price_from, -price_from or title;";
