//! A list's filter by one of the words: `All`, or one word; spelt as the word is.

use crate::Word;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Filter<W> {
    All,
    Only(W),
}

impl<W: Word> Filter<W> {
    /// `All` or a word, spelt exactly.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "All" => Some(Filter::All),
            word => W::parse(word).map(Filter::Only),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Filter::All => "All",
            Filter::Only(word) => word.as_str(),
        }
    }

    /// The word chosen; `None` for all.
    pub fn word(self) -> Option<W> {
        match self {
            Filter::All => None,
            Filter::Only(word) => Some(word),
        }
    }

    /// The choices, as a sentence offers them: "All, Pending or Paid".
    pub fn choices_text() -> String {
        crate::or_list(Self::choices().map(Filter::as_str))
    }

    /// Every choice, `All` first: a filter's options.
    pub fn choices() -> impl Iterator<Item = Self> {
        std::iter::once(Filter::All).chain(W::ALL.iter().copied().map(Filter::Only))
    }
}

impl<W: Word> std::fmt::Display for Filter<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<W: Word> serde::Serialize for Filter<W> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de, W: Word> serde::Deserialize<'de> for Filter<W> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Filter::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("expected {}", Filter::<W>::choices_text())))
    }
}

#[cfg(feature = "schema")]
impl<W: Word> utoipa::PartialSchema for Filter<W> {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let choices: Vec<&str> = Filter::<W>::choices().map(Filter::as_str).collect();
        ObjectBuilder::new().schema_type(Type::String).enum_values(Some(choices)).into()
    }
}

#[cfg(feature = "schema")]
impl<W: Word> utoipa::ToSchema for Filter<W> {
    fn name() -> std::borrow::Cow<'static, str> {
        format!("{}Filter", W::NAME).into()
    }
}

#[cfg(test)]
mod tests {
    use super::Filter;
    use crate::BookingStatus;

    #[test]
    fn a_filter_is_all_or_one_word_spelt_exactly() {
        assert_eq!(Filter::<BookingStatus>::parse("All"), Some(Filter::All));
        assert_eq!(Filter::parse("Confirmed"), Some(Filter::Only(BookingStatus::Confirmed)));
        assert_eq!(Filter::<BookingStatus>::parse("confirmed"), None);
        assert_eq!(Filter::<BookingStatus>::parse(""), None);
        let choices: Vec<&str> = Filter::<BookingStatus>::choices().map(Filter::as_str).collect();
        assert_eq!(choices, ["All", "Pending", "Confirmed", "Completed", "Cancelled"]);
        assert_eq!(serde_json::to_string(&Filter::Only(BookingStatus::Pending)).unwrap(), "\"Pending\"");
        assert!(serde_json::from_str::<Filter<BookingStatus>>("\"Lost\"").is_err());
    }
}
