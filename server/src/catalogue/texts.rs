//! What the catalogue says: the starts of its list filters' errors.

/// What the `status` filter's error calls its value: "A status is Open or Closed; ...".
pub const A_STATUS: &str = "A status";
pub const ORDERING_EXPECTED: &str = "An ordering is priority, -priority, price_from, -price_from, title or, near a postcode, distance;";
