//! A point on the Earth and the great-circle distance between two.

/// The Earth's mean radius (IUGG), in statute miles: 6,371.0088 km.
const EARTH_RADIUS_MILES: f64 = 3958.7613;

/// A latitude and longitude in degrees (WGS 84, as the ONS postcode lookup gives them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub latitude: f64,
    pub longitude: f64,
}

impl Point {
    /// The great-circle distance to `other` in miles (haversine; within 0.5% of the ellipsoid's
    /// distance, far finer than a district's centroid).
    pub fn miles_to(self, other: Point) -> f64 {
        let (lat1, lat2) = (self.latitude.to_radians(), other.latitude.to_radians());
        let half_dlat = (lat2 - lat1) / 2.0;
        let half_dlon = (other.longitude - self.longitude).to_radians() / 2.0;
        let h = half_dlat.sin().powi(2) + lat1.cos() * lat2.cos() * half_dlon.sin().powi(2);
        2.0 * EARTH_RADIUS_MILES * h.sqrt().min(1.0).asin()
    }

    /// South, north, west and east edges of a box holding every point within `miles` (a degree
    /// of latitude is at least 68.7 miles; a degree of longitude shrinks with the cosine of the
    /// latitude farthest from the equator in the box): what an index on the coordinates reads.
    pub fn bounding_box(self, miles: f64) -> (f64, f64, f64, f64) {
        let dlat = miles / 68.7;
        let widest_latitude = (self.latitude.abs() + dlat).min(89.0);
        let dlon = miles / (69.2 * widest_latitude.to_radians().cos());
        (self.latitude - dlat, self.latitude + dlat, self.longitude - dlon, self.longitude + dlon)
    }
}

/// Miles as the API gives them: to one decimal.
pub fn round_miles(miles: f64) -> f64 {
    (miles * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::Point;
    use crate::places::district_point;

    #[test]
    fn the_box_holds_every_point_within_reach() {
        let centre = district_point("LS1").unwrap();
        let (south, north, west, east) = centre.bounding_box(25.0);
        // Points 24.9 miles away in eight directions lie inside.
        for bearing in (0..360).step_by(45) {
            let (dy, dx) = (f64::from(bearing).to_radians().cos(), f64::from(bearing).to_radians().sin());
            let mut step = 0.0;
            let mut at = centre;
            while centre.miles_to(at) < 24.9 {
                step += 0.001;
                at = Point { latitude: centre.latitude + dy * step, longitude: centre.longitude + dx * step * 1.7 };
            }
            assert!((south..=north).contains(&at.latitude) && (west..=east).contains(&at.longitude), "bearing {bearing}: {at:?}");
        }
    }

    const fn at(latitude: f64, longitude: f64) -> Point {
        Point { latitude, longitude }
    }

    #[test]
    fn distances_match_known_pairs() {
        // Straight-line distances as atlases give them, to the nearest mile.
        let cases = [
            // Westminster (SW1A) to Leeds city centre (LS1).
            (at(51.5014, -0.1419), at(53.7965, -1.5478), 169.0),
            // London (Charing Cross) to Edinburgh (Waverley): 534 km.
            (at(51.5073, -0.1276), at(55.9521, -3.1893), 332.0),
            // Cardiff to Bristol: 41 km.
            (at(51.4816, -3.1791), at(51.4545, -2.5879), 25.5),
        ];
        for (from, to, miles) in cases {
            let measured = from.miles_to(to);
            assert!((measured - miles).abs() < 1.0, "{from:?} to {to:?}: {measured} miles, expected about {miles}");
            assert!((to.miles_to(from) - measured).abs() < 1e-9, "the same both ways");
        }
        assert_eq!(at(53.8, -1.55).miles_to(at(53.8, -1.55)), 0.0);
    }
}
