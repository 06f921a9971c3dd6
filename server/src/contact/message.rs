//! What a contact message must be, parsed once: from the API's JSON and from the page's own
//! form (posted without JavaScript) alike. The limits are the recruitment form's.

use crate::domain::{Email, UkPhone};
use crate::http::extract::FieldErrors;
use serde_json::Value;

pub const SHORT_MAX_CHARS: usize = 150;
pub const BODY_MAX_CHARS: usize = 5000;

/// The fields, in the order the form shows them.
/// The text is `body`: an error answer's `message` is its sentence (the contract's error body).
pub const FIELDS: [&str; 5] = ["full_name", "email", "phone_number", "subject", "body"];

/// A contact message that passed every rule.
pub struct ContactMessage {
    pub full_name: String,
    pub email: Email,
    pub phone: Option<UkPhone>,
    pub subject: String,
    pub body: String,
}

impl ContactMessage {
    /// Every rule checked at once; the errors name each bad field.
    pub fn parse(fields: &serde_json::Map<String, Value>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let full_name = errors.string_of(fields, "full_name");
        let full_name = errors.text::<SHORT_MAX_CHARS>("full_name", full_name.as_deref());
        let email = errors.string_of(fields, "email");
        let phone = errors.string_of(fields, "phone_number").unwrap_or_default().trim().to_string();
        let subject = errors.string_of(fields, "subject");
        let subject = errors.text::<SHORT_MAX_CHARS>("subject", subject.as_deref());
        let body = errors.string_of(fields, "body");
        let body = errors.text::<BODY_MAX_CHARS>("body", body.as_deref());
        let email = errors.email("email", email.as_deref());
        let phone = match phone.as_str() {
            "" => Ok(None),
            given => UkPhone::parse(given).map(Some).map_err(|problem| errors.add("phone_number", problem)),
        };
        match (email, phone) {
            (Some(email), Ok(phone)) if errors.is_empty() => Ok(ContactMessage { full_name, email, phone, subject, body }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(body: Value) -> Result<ContactMessage, std::collections::BTreeMap<String, Vec<String>>> {
        ContactMessage::parse(body.as_object().unwrap()).map_err(FieldErrors::into_fields)
    }

    #[test]
    fn a_message_needs_a_name_an_address_a_subject_and_words_and_may_leave_out_the_phone() {
        let sent = parse(json!({"full_name": " Ann Lee ", "email": "ann@example.co.uk", "subject": "Invoices", "body": "Where is my invoice?"})).ok().unwrap();
        assert_eq!((sent.full_name.as_str(), sent.phone.is_none()), ("Ann Lee", true));
        let errors = parse(json!({"email": "ann@", "phone_number": "12345", "subject": "x".repeat(151), "body": " "})).err().unwrap();
        assert_eq!(errors["full_name"], ["This field is required."]);
        assert_eq!(errors["body"], ["This field is required."]);
        assert_eq!(errors["subject"], ["Ensure this field has no more than 150 characters."]);
        assert!(errors.contains_key("email") && errors.contains_key("phone_number"), "{errors:?}");
        let errors =
            parse(json!({"full_name": "Ann", "email": "ann@example.co.uk", "subject": 0, "body": "Hello", "phone_number": 7700900456u64})).err().unwrap();
        assert_eq!((errors["subject"][0].as_str(), errors["phone_number"][0].as_str()), ("Not a valid string.", "Not a valid string."), "numbers are not text");
    }
}
