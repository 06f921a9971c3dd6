//! Request extractors that fail with the contract's error body instead of axum's plain text.

use crate::http::AppError;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Multipart, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// A JSON body; a malformed one is a 400 that says so.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => Err(AppError::BadRequest(match rejection {
                axum::extract::rejection::JsonRejection::MissingJsonContentType(_) => "Send the body as JSON (Content-Type: application/json).".into(),
                other => format!("The request body is not valid JSON: {}", other.body_text()),
            })),
        }
    }
}

/// The `{id}` of a record's path. An id that is not a positive whole number names no record,
/// so it answers 404 like one that does not exist.
pub struct RecordId(pub i32);

impl<S: Send + Sync> FromRequestParts<S> for RecordId {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let axum::extract::Path(raw) = axum::extract::Path::<String>::from_request_parts(parts, state).await.map_err(|_| AppError::NotFound)?;
        raw.parse::<i32>().ok().filter(|id| *id > 0).map(RecordId).ok_or(AppError::NotFound)
    }
}

/// The contract's error for a field left out or blank.
pub const REQUIRED: &str = "This field is required.";
/// The contract's error for a file field left out.
pub const NO_FILE: &str = "No file was submitted.";

/// The contract's error for an id that names no record.
pub fn no_such_record(id: impl std::fmt::Display) -> String {
    format!("Invalid pk \"{id}\" - object does not exist.")
}

/// The contract's error for a word that is none of `choices` (the word cut to 50 characters).
pub fn not_a_choice<W: entity::words::Word>(raw: &str) -> String {
    format!("\"{}\" is not a valid choice: use {}.", raw.chars().take(50).collect::<String>(), W::choices())
}

/// The record a request body names by `id` in `field`, or the contract's field error when there
/// is none (`Invalid pk "N" - object does not exist.`, as Django REST framework words it).
pub async fn named_record<E: sea_orm::EntityTrait>(
    db: &impl sea_orm::ConnectionTrait,
    errors: &mut FieldErrors,
    field: &str,
    id: Option<i64>,
) -> Result<Option<E::Model>, sea_orm::DbErr>
where
    <E::PrimaryKey as sea_orm::PrimaryKeyTrait>::ValueType: From<i32>,
{
    let Some(id) = id else { return Ok(None) };
    let found = match i32::try_from(id) {
        Ok(id) => E::find_by_id(id).one(db).await?,
        Err(_) => None,
    };
    if found.is_none() {
        errors.add(field, no_such_record(id));
    }
    Ok(found)
}

/// A multipart form with one document (a CV, a job's attachment) and text fields; a body that is
/// not one is a 400 that says so. Its weight is capped here, from `UPLOAD_MAX_MIB`, so that
/// every upload route takes the documented file size: those routes lift axum's 2 MB default
/// with [`uploads_limited_by_the_form`].
pub struct MultipartForm(pub Multipart);

impl FromRequest<Arc<AppState>> for MultipartForm {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        multipart(request, state, state.config().limits.document_form_bytes()).await.map(MultipartForm)
    }
}

/// The profile's multipart form: several documents, certificates and a picture at once.
pub struct ProfileForm(pub Multipart);

impl FromRequest<Arc<AppState>> for ProfileForm {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        multipart(request, state, state.config().limits.profile_form_bytes()).await.map(ProfileForm)
    }
}

async fn multipart(request: Request, state: &Arc<AppState>, limit: usize) -> Result<Multipart, AppError> {
    let request = request.map(|body| axum::body::Body::new(http_body_util::Limited::new(body, limit)));
    Multipart::from_request(request, state).await.map_err(|_| AppError::BadRequest("Send the form as multipart/form-data.".into()))
}

/// For the routes that take a [`MultipartForm`] or a [`ProfileForm`]: axum's default body limit
/// (2 MB) off, as the form caps itself by the configured upload size.
pub fn uploads_limited_by_the_form() -> axum::extract::DefaultBodyLimit {
    axum::extract::DefaultBodyLimit::disable()
}

/// A multipart form that could not be read: too large (413), or malformed or cut off (400).
pub fn form_error(what: &str, error: axum::extract::multipart::MultipartError) -> AppError {
    if error.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge("The form is too large.".into())
    } else {
        AppError::BadRequest(format!("{what}: {}", error.body_text()))
    }
}

/// The client's address, for rate limits. Behind `TRUSTED_PROXIES` proxies of our own, each
/// appends the address it saw to `X-Forwarded-For`, so the client is the hop just left of
/// theirs; whatever stands further left was written by the client itself and is ignored.
pub struct ClientAddress(pub IpAddr);

impl ClientAddress {
    /// What rate limits count under. An IPv6 client is given a whole /64 and can change
    /// addresses within it at will, so the /64 counts as one client.
    pub fn key(&self) -> String {
        match self.0 {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => {
                    let s = v6.segments();
                    format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
                }
            },
        }
    }
}

/// The client of a request that reached us from `peer` through `trusted_proxies` proxies.
fn client_address(peer: IpAddr, forwarded_for: &[&str], trusted_proxies: usize) -> IpAddr {
    if trusted_proxies == 0 {
        return peer;
    }
    let hops: Vec<&str> = forwarded_for.iter().flat_map(|value| value.split(',')).map(str::trim).filter(|hop| !hop.is_empty()).collect();
    // The peer is the last proxy; the hops it and the proxies before it appended are theirs.
    let from_right = trusted_proxies - 1;
    let hop = if from_right < hops.len() { hops[hops.len() - 1 - from_right] } else { hops.first().copied().unwrap_or("") };
    hop.parse().unwrap_or(peer)
}

impl FromRequestParts<Arc<AppState>> for ClientAddress {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ConnectInfo(address)| address.ip());
        let forwarded_for: Vec<&str> = parts.headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).collect();
        Ok(ClientAddress(client_address(peer, &forwarded_for, state.config().trusted_proxies)))
    }
}

pub use crate::domain::text::NULL_CHARACTERS;

/// Collects field errors; `finish` turns them into one 400 whose message is the first.
#[derive(Default)]
pub struct FieldErrors(std::collections::BTreeMap<String, Vec<String>>, Option<String>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        let message = message.into();
        self.1.get_or_insert_with(|| message.clone());
        self.0.entry(field.to_string()).or_default().push(message);
    }

    /// `value` trimmed, or a "required" error for `field`.
    pub fn required(&mut self, field: &str, value: Option<&str>) -> String {
        let value = value.map(str::trim).unwrap_or_default();
        if value.is_empty() {
            self.add(field, REQUIRED);
        }
        value.to_string()
    }

    /// A whole number: a JSON number, or a string of digits as HTML forms send; `None` (with
    /// the field's error) when missing or not one.
    pub fn whole_number(&mut self, field: &str, value: Option<&serde_json::Value>) -> Option<i64> {
        let number = match value {
            None | Some(serde_json::Value::Null) => {
                self.add(field, REQUIRED);
                return None;
            }
            Some(serde_json::Value::Number(n)) => n.as_i64(),
            Some(serde_json::Value::String(text)) if text.trim().is_empty() => {
                self.add(field, REQUIRED);
                return None;
            }
            Some(serde_json::Value::String(text)) => text.trim().parse::<i64>().ok(),
            Some(_) => None,
        };
        if number.is_none() {
            self.add(field, "A valid integer is required.");
        }
        number
    }

    /// A text field of a body read as a map: a JSON string, or a number written as one (a
    /// form's values are all text); `None` when absent, and an error for any other JSON.
    pub fn text_of(&mut self, fields: &serde_json::Map<String, serde_json::Value>, field: &str) -> Option<String> {
        match fields.get(field) {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(text)) => Some(text.clone()),
            Some(serde_json::Value::Number(number)) => Some(number.to_string()),
            Some(_) => {
                self.add(field, "Not a valid string.");
                Some(String::new())
            }
        }
    }

    /// A string field of a body read as a map; `None` when absent, and an error for any other
    /// JSON, a number included.
    pub fn string_of(&mut self, fields: &serde_json::Map<String, serde_json::Value>, field: &str) -> Option<String> {
        match fields.get(field) {
            Some(serde_json::Value::Number(_)) => {
                self.add(field, "Not a valid string.");
                Some(String::new())
            }
            _ => self.text_of(fields, field),
        }
    }

    /// `value` as [`Text<MAX>`](crate::domain::Text), trimmed, or the field's error ("required" when missing or blank).
    pub fn text<const MAX: usize>(&mut self, field: &str, value: Option<&str>) -> String {
        let raw = value.unwrap_or_default();
        crate::domain::Text::<MAX>::parse(raw).map(|text| text.into_string()).unwrap_or_else(|problem| {
            self.add(field, problem.message());
            raw.trim().to_string()
        })
    }

    /// `value` as an [`Email`](crate::domain::Email), parsed as sent (its maximum counts the
    /// white space around it), or the field's error: "required" when missing or blank.
    pub fn email(&mut self, field: &str, value: Option<&str>) -> Option<crate::domain::Email> {
        let raw = value.unwrap_or_default();
        if raw.trim().is_empty() {
            self.add(field, REQUIRED);
            return None;
        }
        crate::domain::Email::parse(raw).map_err(|problem| self.add(field, problem)).ok()
    }

    /// `value` as [`TextOrEmpty<MAX>`](crate::domain::TextOrEmpty), trimmed (empty when missing), or the field's error.
    pub fn text_or_empty<const MAX: usize>(&mut self, field: &str, value: Option<&str>) -> String {
        let raw = value.unwrap_or_default();
        crate::domain::TextOrEmpty::<MAX>::parse(raw).map(|text| text.into_string()).unwrap_or_else(|problem| {
            self.add(field, problem.message());
            raw.trim().to_string()
        })
    }

    /// Text of at most `max` characters (a maximum known at run time), by the rule of
    /// [`Text`](crate::domain::Text): trimmed, or the field's error.
    pub fn required_text(&mut self, field: &str, value: Option<&str>, max: usize) -> String {
        let raw = value.unwrap_or_default();
        crate::domain::text::check(raw, max, false).map(str::to_string).unwrap_or_else(|problem| {
            self.add(field, problem.message());
            raw.trim().to_string()
        })
    }

    /// A new password for `field`, checked against the contract's rules.
    pub fn new_password(&mut self, field: &str, value: Option<String>, email: Option<&crate::domain::Email>) -> String {
        let password = value.unwrap_or_default();
        if password.is_empty() {
            self.add(field, REQUIRED);
        } else if let Err(problem) = crate::domain::password::check_password(&password, email) {
            self.add(field, problem);
        }
        password
    }

    pub fn is_empty(&self) -> bool {
        self.1.is_none()
    }

    /// Each field's messages, for a page that shows them beside its fields.
    pub fn into_fields(self) -> std::collections::BTreeMap<String, Vec<String>> {
        self.0
    }

    pub fn finish(self) -> Result<(), AppError> {
        match self.1 {
            None => Ok(()),
            Some(message) => Err(AppError::Validation { message, fields: self.0 }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        assert_eq!(client_address(ip("203.0.113.9"), &["198.51.100.1"], 0), ip("203.0.113.9"));
    }

    #[test]
    fn the_client_is_the_hop_left_of_our_proxies_whatever_it_wrote_itself() {
        let peer = ip("10.0.0.2");
        // One proxy (nginx) appended the address it saw; the client wrote the first hop itself.
        assert_eq!(client_address(peer, &["1.1.1.1, 203.0.113.9"], 1), ip("203.0.113.9"));
        // Two proxies: a CDN appended the client, our load balancer appended the CDN.
        assert_eq!(client_address(peer, &["1.1.1.1, 203.0.113.9, 198.51.100.7"], 2), ip("203.0.113.9"));
        // The header may come split over several lines.
        assert_eq!(client_address(peer, &["1.1.1.1", "203.0.113.9"], 1), ip("203.0.113.9"));
        // Fewer hops than proxies: the leftmost one there is.
        assert_eq!(client_address(peer, &["203.0.113.9"], 3), ip("203.0.113.9"));
        // Garbage where the client should be: the peer.
        assert_eq!(client_address(peer, &["not an address"], 1), peer);
    }

    #[test]
    fn an_ipv6_client_counts_as_its_slash_64() {
        let a = ClientAddress(ip("2001:db8:1:2:aaaa::1")).key();
        let b = ClientAddress(ip("2001:db8:1:2:bbbb::9")).key();
        assert_eq!(a, b);
        assert_eq!(a, "2001:db8:1:2::/64");
        assert_ne!(a, ClientAddress(ip("2001:db8:1:3::1")).key());
        assert_eq!(ClientAddress(ip("::ffff:203.0.113.9")).key(), "203.0.113.9");
    }
}
