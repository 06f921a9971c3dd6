//! An email address, parsed once at the edge.

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
}
