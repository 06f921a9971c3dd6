//! Money: pounds sterling held in pence.

use std::fmt;

/// An amount of pounds sterling, held in pence; written as `"120.00"`. Made only by parsing
/// what a person wrote or what the database holds, never from a bare number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pence(i64);

impl Pence {
    /// An amount as the database stores it (a `*_pence` column, written through [`Pence::pence`]).
    pub fn from_stored(pence: i64) -> Self {
        Pence(pence)
    }

    /// The amount in pence, to store.
    pub fn pence(self) -> i64 {
        self.0
    }

    /// Parses `"120"`, `"120.5"` or `"120.00"`; negative amounts and more than two decimals are refused.
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        const MESSAGE: &str = "Enter an amount in pounds, like 120.00.";
        let raw = raw.trim().trim_start_matches('£');
        let (pounds, pence) = raw.split_once('.').unwrap_or((raw, ""));
        let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        if !digits(pounds) || pence.len() > 2 || (!pence.is_empty() && !digits(pence)) || pounds.len() > 12 {
            return Err(MESSAGE);
        }
        let pounds: i64 = pounds.parse().map_err(|_| MESSAGE)?;
        let pence: i64 = if pence.is_empty() { 0 } else { format!("{pence:0<2}").parse().map_err(|_| MESSAGE)? };
        Ok(Pence(pounds * 100 + pence))
    }
}

impl fmt::Display for Pence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pence_round_trip_through_decimal_strings() {
        assert_eq!(Pence::parse("120.00").unwrap().pence(), 12000);
        assert_eq!(Pence::parse("12.5").unwrap().pence(), 1250);
        assert_eq!(Pence::parse("7").unwrap().to_string(), "7.00");
        assert_eq!(Pence::from_stored(1205).to_string(), "12.05");
        for bad in ["", "-1", "1.234", "abc", "1.x"] {
            assert!(Pence::parse(bad).is_err(), "{bad}");
        }
    }
}
