//! A review rating.

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
    fn ratings_are_one_to_five() {
        assert!(Rating::new(0).is_err());
        assert!(Rating::new(6).is_err());
        assert_eq!(Rating::new(5).unwrap().get(), 5);
    }
}
