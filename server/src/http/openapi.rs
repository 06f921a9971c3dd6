//! The API's description, assembled from the routes (see `api.rs`): the shared schemas, the
//! document's head, and a readable page at `/api/docs`, rendered here so that it needs no
//! script from elsewhere.

use axum::response::Html;
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{IntoResponses, Modify, OpenApi, ToSchema};

/// The contract's error body.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always `true`.
    error: bool,
    /// A sentence for people.
    message: String,
    /// Authentication failures repeat the sentence here.
    detail: Option<String>,
    /// Validation errors add one list of messages per field, e.g. `"email": ["Enter a valid email address."]`.
    #[schema(additional_properties)]
    #[serde(flatten)]
    fields: std::collections::BTreeMap<String, Vec<String>>,
}

/// A sentence saying what was done.
#[derive(Serialize, ToSchema)]
pub struct MessageAnswer {
    message: String,
}

impl MessageAnswer {
    pub fn new(message: &str) -> Self {
        MessageAnswer { message: message.into() }
    }
}

#[derive(Serialize, ToSchema)]
pub struct RegisterAnswer {
    message: String,
    /// The address as stored: trimmed and lower-cased.
    #[schema(value_type = crate::domain::Email)]
    pub email: String,
}

impl RegisterAnswer {
    pub fn new(message: &str, email: String) -> Self {
        RegisterAnswer { message: message.into(), email }
    }
}

/// Errors that several operations answer, each with the contract's error body.
#[derive(IntoResponses)]
#[response(status = 400, description = "A field is refused (one list of messages per field), or the body is not the JSON or form the operation takes")]
pub struct Invalid(pub ErrorBody);

#[derive(IntoResponses)]
#[response(status = 401, description = "No valid access token; `detail` says why")]
pub struct Unauthenticated(pub ErrorBody);

#[derive(IntoResponses)]
#[response(status = 429, description = "Rate limited", headers(("Retry-After" = u64, description = "Seconds to wait")))]
pub struct RateLimited(pub ErrorBody);

/// The multipart form of `PATCH /api/auth/profile/`: any text field, and files (jpg, png or
/// webp up to 2 MiB for the picture; pdf, doc, docx, jpg or png up to 5 MiB for documents,
/// checked by content). Each `certificates` file adds a certificate. Text is trimmed; an
/// empty `postcode` clears it.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only its OpenAPI schema is used: the multipart form is read field by field")]
pub struct ProfileUpdateForm {
    #[schema(required = false, value_type = crate::domain::Text<{ crate::accounts::sign_in::NAME_MAX_CHARS }>)]
    full_name: Option<String>,
    #[schema(required = false, value_type = crate::domain::UkPhone)]
    phone_number: Option<String>,
    #[schema(required = false, value_type = crate::domain::TextOrEmpty<{ crate::accounts::profile::ADDRESS_MAX_CHARS }>)]
    address_line_1: Option<String>,
    #[schema(required = false, value_type = crate::domain::UkPostcodeOrEmpty)]
    postcode: Option<String>,
    #[schema(required = false, value_type = crate::domain::TextOrEmpty<{ crate::accounts::profile::ADDRESS_MAX_CHARS }>)]
    city: Option<String>,
    #[schema(required = false, value_type = crate::domain::TextOrEmpty<{ crate::accounts::profile::ADDRESS_MAX_CHARS }>)]
    country: Option<String>,
    #[schema(required = false, schema_with = date_or_empty)]
    date_of_birth: Option<String>,
    #[schema(required = false, value_type = String, format = Binary)]
    profile_picture: Option<Vec<u8>>,
    #[schema(required = false, value_type = String, format = Binary)]
    resume: Option<Vec<u8>>,
    #[schema(required = false, value_type = String, format = Binary)]
    passport: Option<Vec<u8>>,
    #[schema(required = false, value_type = String, format = Binary)]
    utility_bill: Option<Vec<u8>>,
    #[schema(required = false, value_type = String, format = Binary)]
    other_documents: Option<Vec<u8>>,
    #[schema(required = false, value_type = Vec<String>, format = Binary)]
    certificates: Option<Vec<Vec<u8>>>,
}

/// Kinds of file the server takes, told by content: the picture, and documents.
pub const PICTURE_TYPES: &str = "image/jpeg, image/png, image/webp";
/// CVs and job attachments.
pub const WRITTEN_TYPES: &str = "application/pdf, application/msword, application/vnd.openxmlformats-officedocument.wordprocessingml.document";
pub const DOCUMENT_TYPES: &str =
    "application/pdf, application/msword, application/vnd.openxmlformats-officedocument.wordprocessingml.document, image/jpeg, image/png";

fn date_or_empty() -> Schema {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))))
        .item(ObjectBuilder::new().schema_type(Type::String).max_length(Some(0)))
        .description(Some("A date in the past, not before 1900, as `YYYY-MM-DD`; empty clears it."))
        .build()
        .into()
}

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()));
    }
}

/// The document's head; the paths come from the routes themselves.
#[derive(OpenApi)]
#[openapi(
    info(title = "Brightway marketplace API", description = "Accounts, services, jobs and recruitment. Errors always carry `error: true` and a `message`."),
    components(schemas(ErrorBody, MessageAnswer, RegisterAnswer, ProfileUpdateForm)),
    modifiers(&BearerAuth),
    tags((name = "accounts", description = "Registration, sign-in and the member's profile")),
)]
pub struct ApiDoc;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Resolves `{"$ref": "#/components/schemas/X"}` to X's schema.
fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(|r| r.as_str()).and_then(|r| r.strip_prefix("#/components/schemas/")) {
        Some(name) => &document["components"]["schemas"][name],
        None => schema,
    }
}

/// What a property holds: its format, else its type; for a choice, its first branch.
fn kind(property: &Value) -> &str {
    if let Some(first) = property["oneOf"].get(0) {
        return kind(first);
    }
    property["format"]
        .as_str()
        .or(property["type"].as_str())
        .or_else(|| property["type"].as_array().and_then(|t| t.first()).and_then(|t| t.as_str()))
        .unwrap_or("object")
}

fn fields_table(document: &Value, schema: &Value) -> String {
    let schema = resolve(document, schema);
    let required: Vec<&str> = schema["required"].as_array().map(|r| r.iter().filter_map(|v| v.as_str()).collect()).unwrap_or_default();
    let Some(properties) = schema["properties"].as_object() else { return String::new() };
    let mut rows = String::new();
    for (name, property) in properties {
        rows.push_str(&format!(
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(name),
            escape(kind(property)),
            if required.contains(&name.as_str()) { "yes" } else { "" },
            escape(property["description"].as_str().unwrap_or(""))
        ));
    }
    format!("<table><thead><tr><th>field</th><th>type</th><th>required</th><th>notes</th></tr></thead><tbody>{rows}</tbody></table>")
}

/// Every operation with its body fields and answers, as plain HTML.
pub fn page(document: &Value) -> Html<String> {
    let mut body = String::new();
    if let Some(paths) = document["paths"].as_object() {
        for (path, operations) in paths {
            for (method, operation) in operations.as_object().into_iter().flatten() {
                body.push_str(&format!("<section><h2><span class=\"method\">{}</span> <code>{}</code></h2>", method.to_uppercase(), escape(path)));
                if operation.get("security").is_some() {
                    body.push_str("<p>Needs <code>Authorization: Bearer &lt;access&gt;</code>.</p>");
                }
                if let Some(content) = operation["requestBody"]["content"].as_object() {
                    for (media, spec) in content {
                        body.push_str(&format!("<h3>Body ({})</h3>{}", escape(media), fields_table(document, &spec["schema"])));
                    }
                }
                body.push_str("<h3>Answers</h3><ul>");
                for (status, answer) in operation["responses"].as_object().into_iter().flatten() {
                    body.push_str(&format!("<li><strong>{}</strong> {}</li>", escape(status), escape(answer["description"].as_str().unwrap_or(""))));
                }
                body.push_str("</ul></section>");
            }
        }
    }
    Html(format!(
        "<!DOCTYPE html><html lang=\"en-GB\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>API - Brightway UK</title><meta name=\"description\" content=\"The Brightway marketplace HTTP API\"><meta name=\"robots\" content=\"noindex\">\
         <style>body{{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1d2b30}}table{{border-collapse:collapse;width:100%}}td,th{{border:1px solid #cdd8db;padding:.35rem;text-align:left}}.method{{color:#0b5563}}section{{border-top:1px solid #cdd8db;margin-top:1.5rem}}</style></head>\
         <body><main><h1>Brightway marketplace API</h1><p>The machine-readable description is at <a href=\"/api/openapi.json\">/api/openapi.json</a> (OpenAPI {}).</p>{body}</main></body></html>",
        escape(document["openapi"].as_str().unwrap_or("3.1"))
    ))
}

/// What every back-office call answers to anyone but a signed-in member of staff.
#[derive(IntoResponses)]
pub enum StaffOnly {
    #[response(status = 401, description = "A visitor: no valid access token or staff session")]
    Visitor(ErrorBody),
    #[response(status = 403, description = "A staff member who has not given the second factor yet, or a change sent from another site")]
    NoSecondFactor(ErrorBody),
    #[response(status = 404, description = "A member who is not staff: the back office does not exist for them")]
    Member(ErrorBody),
}
