//! Values parsed once at the edge, so the inside never checks them again.

use std::fmt;

/// An email address, trimmed and lower-cased.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let value = raw.trim().to_lowercase();
        let (local, domain) = value.split_once('@').ok_or("Enter a valid email address.")?;
        let valid = !local.is_empty()
            && local.len() <= 64
            && value.len() <= 254
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && !value.chars().any(|c| c.is_whitespace() || c.is_control())
            && !domain.contains('@');
        if valid { Ok(Email(value)) } else { Err("Enter a valid email address.") }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A UK phone number, kept in international form: `+44 7700 900123`, `+44 20 7946 0000`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UkPhone(String);

impl UkPhone {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        const MESSAGE: &str = "Enter a valid UK phone number.";
        let digits: String = raw.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
        let national = if let Some(rest) = digits.strip_prefix("+44") {
            rest.strip_prefix('0').unwrap_or(rest).to_string()
        } else if let Some(rest) = digits.strip_prefix("0044") {
            rest.to_string()
        } else if let Some(rest) = digits.strip_prefix('0') {
            rest.to_string()
        } else {
            return Err(MESSAGE);
        };
        // UK numbers are 10 digits after the leading 0 (a few old areas have 9), starting 1-3, 5, 7, 8.
        let valid = national.chars().all(|c| c.is_ascii_digit())
            && (9..=10).contains(&national.len())
            && matches!(national.as_bytes()[0], b'1' | b'2' | b'3' | b'5' | b'7' | b'8');
        if !valid {
            return Err(MESSAGE);
        }
        Ok(UkPhone(format!("+44 {}", group_national(&national))))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Spaces a national number the way people write it: `20 7946 0000`, `7700 900123`, `161 496 0000`.
fn group_national(national: &str) -> String {
    let split = |at: &[usize]| {
        let mut parts = Vec::new();
        let mut start = 0;
        for &end in at {
            parts.push(&national[start..end]);
            start = end;
        }
        parts.push(&national[start..]);
        parts.join(" ")
    };
    match national.as_bytes()[0] {
        b'2' if national.len() == 10 => split(&[2, 6]),
        b'1' if national.len() == 10 && national.as_bytes()[1] != b'1' && national.as_bytes()[2] != b'1' => split(&[4]),
        b'1' if national.len() == 10 => split(&[3, 6]),
        _ if national.len() == 10 => split(&[4]),
        _ => national.to_string(),
    }
}

/// A UK postcode, upper-cased with one space before the inward code: `SW1A 1AA`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UkPostcode(String);

impl UkPostcode {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        const MESSAGE: &str = "Enter a valid UK postcode.";
        let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
        if !(5..=7).contains(&compact.len()) || !compact.is_ascii() {
            return Err(MESSAGE);
        }
        let (outward, inward) = compact.split_at(compact.len() - 3);
        let inward_ok = {
            let b = inward.as_bytes();
            b[0].is_ascii_digit() && b[1].is_ascii_alphabetic() && b[2].is_ascii_alphabetic()
        };
        let o = outward.as_bytes();
        let outward_ok = o[0].is_ascii_alphabetic()
            && o.iter().all(|c| c.is_ascii_alphanumeric())
            && o.iter().any(|c| c.is_ascii_digit())
            && (2..=4).contains(&o.len());
        if inward_ok && outward_ok { Ok(UkPostcode(format!("{outward} {inward}"))) } else { Err(MESSAGE) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An amount of pounds sterling, held in pence; written as `"120.00"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pence(pub i64);

impl Pence {
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

/// A review rating: 1 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating(u8);

impl Rating {
    pub fn new(value: i64) -> Result<Self, &'static str> {
        if (1..=5).contains(&value) { Ok(Rating(value as u8)) } else { Err("Rating must be between 1 and 5.") }
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(Email::parse("  Demo@Brightway.Example ").unwrap().as_str(), "demo@brightway.example");
        for bad in ["", "no-at", "a@b", "a@.b", "a b@c.uk", "@c.uk", "a@b..uk"] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn uk_phones_take_any_common_form() {
        assert_eq!(UkPhone::parse("07700 900123").unwrap().as_str(), "+44 7700 900123");
        assert_eq!(UkPhone::parse("+44 (0)20 7946 0000").unwrap().as_str(), "+44 20 7946 0000");
        assert_eq!(UkPhone::parse("0161 496 0000").unwrap().as_str(), "+44 161 496 0000");
        assert_eq!(UkPhone::parse("+447700900000").unwrap().as_str(), "+44 7700 900000");
        for bad in ["", "12345", "+1 202 555 0100", "07700 9001234567", "0900 abc def", "04700 900123"] {
            assert!(UkPhone::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn uk_postcodes_are_spaced_and_upper_case() {
        assert_eq!(UkPostcode::parse("sw1a1aa").unwrap().as_str(), "SW1A 1AA");
        assert_eq!(UkPostcode::parse("M1 1AE").unwrap().as_str(), "M1 1AE");
        assert_eq!(UkPostcode::parse("w1a 1aa").unwrap().as_str(), "W1A 1AA");
        for bad in ["", "12345", "SW1A", "SW1A 1A1", "ZZZZ ZZZ"] {
            assert!(UkPostcode::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn pence_round_trip_through_decimal_strings() {
        assert_eq!(Pence::parse("120.00").unwrap(), Pence(12000));
        assert_eq!(Pence::parse("12.5").unwrap(), Pence(1250));
        assert_eq!(Pence::parse("7").unwrap().to_string(), "7.00");
        assert_eq!(Pence(1205).to_string(), "12.05");
        for bad in ["", "-1", "1.234", "abc", "1.x"] {
            assert!(Pence::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn ratings_are_one_to_five() {
        assert!(Rating::new(0).is_err());
        assert!(Rating::new(6).is_err());
        assert_eq!(Rating::new(5).unwrap().get(), 5);
    }
}
