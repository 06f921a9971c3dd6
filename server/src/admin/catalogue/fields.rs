//! The fields of a staff form or JSON body, read into checked values with the current one
//! kept where a field is left out, and the changed fields for the audit log.

use super::texts;
use crate::domain::text::check;
use crate::http::extract::FieldErrors;
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;
use utoipa::ToSchema;

/// The fields of a form or a JSON body by name (numbers are taken as they are typed); which
/// fields each call reads is in its description.
#[derive(Deserialize, ToSchema, Default)]
#[schema(value_type = Object)]
pub struct Fields(pub HashMap<String, Value>);

impl Fields {
    /// The fields of a page's posted form, each as the text typed.
    pub(super) fn posted(form: HashMap<String, String>) -> Fields {
        Fields(form.into_iter().map(|(key, value)| (key, Value::String(value))).collect())
    }

    /// Field `name` as text: trimmed, a number as typed, a list one item a line.
    pub(super) fn text(&self, name: &str) -> Option<String> {
        match self.0.get(name)? {
            Value::String(text) => Some(text.trim().to_string()),
            Value::Number(number) => Some(number.to_string()),
            Value::Array(items) => Some(items.iter().filter_map(|v| v.as_str()).collect::<Vec<_>>().join("\n")),
            _ => None,
        }
    }
}

/// Field `name`, or its `current` value when left out, by the rule of
/// [`Text`](crate::domain::Text) of at most `max` characters; trimmed, or the field's error.
pub(super) fn required(errors: &mut FieldErrors, fields: &Fields, name: &str, current: Option<String>, max: usize) -> String {
    text_field(errors, fields, name, current, max, false)
}

/// As [`required`], by the rule of [`TextOrEmpty`](crate::domain::TextOrEmpty).
pub(super) fn optional(errors: &mut FieldErrors, fields: &Fields, name: &str, current: Option<String>, max: usize) -> String {
    text_field(errors, fields, name, current, max, true)
}

fn text_field(errors: &mut FieldErrors, fields: &Fields, name: &str, current: Option<String>, max: usize, may_be_blank: bool) -> String {
    let value = fields.text(name).or(current).unwrap_or_default();
    match check(&value, max, may_be_blank) {
        Ok(text) => text.to_string(),
        Err(problem) => {
            errors.add(name, problem.message());
            value
        }
    }
}

pub(super) fn slug(errors: &mut FieldErrors, fields: &Fields, current: Option<String>) -> String {
    let value = required(errors, fields, "slug", current, 100).to_lowercase();
    let valid = value.split('-').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
    if !value.is_empty() && !valid {
        errors.add("slug", texts::SLUG_FORM);
    }
    value
}

pub(super) fn priority(errors: &mut FieldErrors, fields: &Fields, current: Option<i32>) -> i32 {
    match fields.text("priority") {
        None => current.unwrap_or(100),
        Some(text) => text.parse::<i32>().ok().filter(|p| (0..=1_000_000).contains(p)).unwrap_or_else(|| {
            errors.add("priority", texts::PRIORITY_RANGE);
            0
        }),
    }
}

/// The fields that changed, before and after, for the audit log.
pub(super) fn changes(before: Value, after: Value) -> (Value, Value) {
    let (Value::Object(before), Value::Object(after)) = (before, after) else { return (Value::Null, Value::Null) };
    let changed: Vec<&String> = after.keys().filter(|key| before.get(*key) != after.get(*key)).collect();
    let pick = |map: &serde_json::Map<String, Value>| {
        Value::Object(changed.iter().map(|key| ((*key).clone(), map.get(*key).cloned().unwrap_or(Value::Null))).collect())
    };
    (pick(&before), pick(&after))
}
