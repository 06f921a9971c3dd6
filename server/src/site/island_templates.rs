//! Island markup rendered once per shape and filled in per card. An island may declare (its
//! `serverTemplate`, see `islands/src/lib/server/server-template.ts`) props that its server
//! markup holds only as text: an id shown as its digits, a title shown escaped. Such an island
//! is rendered with stand-ins for those props and for its id prefix, and each card's values
//! are put where the stand-ins came out: a card costs a copy instead of a React render, which
//! on the benchmark's 7,300 pages were 17,500 renders and two fifths of the prerender's time.

use serde::Deserialize;
use std::collections::BTreeMap;

/// How a declared prop appears in the markup.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Slot {
    /// A positive whole number, written as its digits.
    Id,
    /// A non-empty string, escaped as React escapes text.
    Text,
}

/// An island's declaration: its props that are only shown.
pub type Declaration = BTreeMap<String, Slot>;

/// Stand-ins: a text is `\u{E000}N\u{E001}` (private-use characters, which React leaves as
/// they are), an id is `ID_STAND_IN + N`, thirteen digits beginning `ID_STAND_IN_DIGITS`
/// then N in two. Props that hold either already are rendered as they are.
const TEXT_OPEN: &str = "\u{E000}";
const TEXT_CLOSE: &str = "\u{E001}";
const ID_STAND_IN: u64 = 9_007_100_000_000;
const ID_STAND_IN_DIGITS: &str = "90071000000";
/// JavaScript's largest safe integer: a bigger id would not be shown as its own digits.
const MAX_SAFE_ID: u64 = (1 << 53) - 1;
const _: () = assert!(ID_STAND_IN + 99 < MAX_SAFE_ID);
/// A stand-in the island percent-encoded (put in a URL) cannot be filled in: that markup is
/// not used.
const ENCODED_TEXT_OPEN: &str = "%EE%80%80";
/// The most stand-ins of one render, the prefix's included: an id stand-in holds its index in
/// two digits.
const MAX_STAND_INS: usize = 100;

/// One render of an island, split into the props to render its template with and the values
/// to fill in.
pub struct Stencil {
    /// The props with every declared value replaced by its stand-in: the template's memo key.
    pub props: String,
    /// The id prefix's stand-in.
    pub prefix: String,
    /// What each stand-in stands for, as it goes into the markup; the prefix is the first.
    values: Vec<String>,
}

impl Stencil {
    /// The stencil of `props` (a JSON object), or `None` when no declared prop has a value
    /// of its kind (then a template would save nothing) or the props hold something that looks
    /// like a stand-in (then filling in could not tell them apart).
    pub fn of(declaration: &Declaration, props: &str, prefix: &str) -> Option<Stencil> {
        // The private-use characters also as JSON may write them, escaped.
        let looks_like_a_stand_in = [TEXT_OPEN, TEXT_CLOSE, "\\ue00", "\\uE00", ID_STAND_IN_DIGITS];
        if looks_like_a_stand_in.iter().any(|marker| props.contains(marker) || prefix.contains(marker)) {
            return None;
        }
        let serde_json::Value::Object(mut object) = serde_json::from_str(props).ok()? else {
            return None;
        };
        let mut values = vec![escape_as_react(prefix)];
        let text_stand_in = |index: usize| format!("{TEXT_OPEN}{index}{TEXT_CLOSE}");
        for (name, slot) in declaration {
            let Some(value) = object.get_mut(name) else { continue };
            let index = values.len();
            match (slot, &*value) {
                (Slot::Id, serde_json::Value::Number(id)) if id.as_u64().is_some_and(|id| (1..=MAX_SAFE_ID).contains(&id)) => {
                    values.push(id.to_string());
                    *value = (ID_STAND_IN + index as u64).into();
                }
                (Slot::Text, serde_json::Value::String(text)) if !text.is_empty() => {
                    values.push(escape_as_react(text));
                    *value = text_stand_in(index).into();
                }
                _ => {}
            }
        }
        if values.len() == 1 || values.len() > MAX_STAND_INS {
            return None;
        }
        Some(Stencil { props: serde_json::Value::Object(object).to_string(), prefix: text_stand_in(0), values })
    }

    /// `template` (the markup rendered from `props` and `prefix`) with the values in place of
    /// their stand-ins; `None` if the template holds a stand-in this cannot fill (changed, cut
    /// or encoded).
    pub fn fill(&self, template: &str) -> Option<String> {
        if template.contains(ENCODED_TEXT_OPEN) {
            return None;
        }
        let mut html = String::with_capacity(template.len() + self.values.iter().map(String::len).sum::<usize>());
        let mut rest = template;
        loop {
            let text = rest.find(TEXT_OPEN);
            let id = rest.find(ID_STAND_IN_DIGITS);
            let (at, is_text) = match (text, id) {
                (None, None) => break,
                (Some(text), Some(id)) if id < text => (id, false),
                (Some(text), _) => (text, true),
                (None, Some(id)) => (id, false),
            };
            html.push_str(&rest[..at]);
            let after = &rest[at..];
            let (index, length) = if is_text {
                let inside = &after[TEXT_OPEN.len()..];
                let close = inside.find(TEXT_CLOSE)?;
                (inside[..close].parse::<usize>().ok()?, TEXT_OPEN.len() + close + TEXT_CLOSE.len())
            } else {
                let digits = after.get(ID_STAND_IN_DIGITS.len()..ID_STAND_IN_DIGITS.len() + 2)?;
                (digits.parse::<usize>().ok()?, ID_STAND_IN_DIGITS.len() + 2)
            };
            html.push_str(self.values.get(index)?);
            rest = &after[length..];
        }
        html.push_str(rest);
        // A close without its open: the island cut a stand-in (no value holds one).
        (!html.contains(TEXT_CLOSE)).then_some(html)
    }
}

/// Text as React (`escapeTextForBrowser`) writes it into markup, in an element or an
/// attribute: `'` too, which the site's own escaping leaves.
fn escape_as_react(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#x27;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declaration() -> Declaration {
        [("service".to_string(), Slot::Id), ("title".to_string(), Slot::Text)].into()
    }

    #[test]
    fn fills_ids_texts_and_the_prefix_where_their_stand_ins_came_out() {
        let stencil = Stencil::of(&declaration(), r#"{"service":42,"title":"Tom & Jerry's <\"clean\">","other":7}"#, "b-3-").unwrap();
        let props: serde_json::Value = serde_json::from_str(&stencil.props).unwrap();
        assert_eq!(props, serde_json::json!({"service": 9_007_100_000_001_u64, "title": "\u{E000}2\u{E001}", "other": 7}));
        let template = "<a id=\"\u{E000}0\u{E001}x\" href=\"/s?id=9007100000001\" aria-label=\"Save \u{E000}2\u{E001}\">9007100000001</a>";
        assert_eq!(
            stencil.fill(template).unwrap(),
            "<a id=\"b-3-x\" href=\"/s?id=42\" aria-label=\"Save Tom &amp; Jerry&#x27;s &lt;&quot;clean&quot;&gt;\">42</a>"
        );
    }

    #[test]
    fn the_id_stand_in_begins_with_its_digits() {
        let digits = ID_STAND_IN.to_string();
        assert_eq!(digits.len(), ID_STAND_IN_DIGITS.len() + 2);
        assert!(digits.starts_with(ID_STAND_IN_DIGITS) && digits.ends_with("00"));
    }

    #[test]
    fn props_that_look_like_stand_ins_are_rendered_as_they_are() {
        for props in [
            "{\"service\":5,\"title\":\"\u{E000}0\u{E001}\"}",
            r#"{"service":5,"title":"\ue0000\ue001"}"#,
            r#"{"service":5,"title":"Room 9007100000001"}"#,
            r#"{"service":5,"other":"\u{E001}"}"#,
        ] {
            assert!(Stencil::of(&declaration(), props, "p-").is_none(), "{props}");
        }
        assert!(Stencil::of(&declaration(), r#"{"service":5}"#, "p-\u{E000}").is_none());
    }

    #[test]
    fn values_not_of_their_kind_stay_in_the_props() {
        assert!(Stencil::of(&declaration(), r#"{"service":"5","title":""}"#, "p-").is_none(), "nothing to fill in");
        let stencil = Stencil::of(&declaration(), r#"{"service":0,"title":"Bath"}"#, "p-").unwrap();
        assert!(stencil.props.contains(r#""service":0"#), "{}", stencil.props);
        assert!(Stencil::of(&declaration(), r#"{"service":9007199254740992}"#, "p-").is_none(), "not a safe integer");
        assert!(Stencil::of(&declaration(), "[1]", "p-").is_none());
    }

    #[test]
    fn a_stand_in_the_island_changed_is_not_filled() {
        let stencil = Stencil::of(&declaration(), r#"{"title":"Bath"}"#, "p-").unwrap();
        assert!(stencil.fill("/login?next=%EE%80%801%EE%80%81").is_none(), "percent-encoded");
        assert!(stencil.fill("\u{E000}1").is_none(), "cut");
        assert!(stencil.fill("1\u{E001}").is_none(), "cut");
        assert!(stencil.fill("\u{E000}7\u{E001}").is_none(), "unknown");
    }
}
