//! A search near a postcode: its district's point and how far from it to look.

use super::PostcodeArea;

/// A search near a point: `near=LS1 4AP&within=10`.
#[derive(Clone, Debug, PartialEq)]
pub struct Near {
    pub area: PostcodeArea,
    /// The farthest a found thing may be, in miles.
    pub within_miles: f64,
}

impl Near {
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
