//! A UK postcode, parsed once at the edge.

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
        let outward_ok =
            o[0].is_ascii_alphabetic() && o.iter().all(|c| c.is_ascii_alphanumeric()) && o.iter().any(|c| c.is_ascii_digit()) && (2..=4).contains(&o.len());
        if inward_ok && outward_ok { Ok(UkPostcode(format!("{outward} {inward}"))) } else { Err(MESSAGE) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uk_postcodes_are_spaced_and_upper_case() {
        assert_eq!(UkPostcode::parse("sw1a1aa").unwrap().as_str(), "SW1A 1AA");
        assert_eq!(UkPostcode::parse("M1 1AE").unwrap().as_str(), "M1 1AE");
        assert_eq!(UkPostcode::parse("w1a 1aa").unwrap().as_str(), "W1A 1AA");
        for bad in ["", "12345", "SW1A", "SW1A 1A1", "ZZZZ ZZZ"] {
            assert!(UkPostcode::parse(bad).is_err(), "{bad}");
        }
    }
}
