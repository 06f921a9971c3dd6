//! The API's description, assembled from the routes (see `api.rs`): the shared schemas, the
//! document's head, and a readable page at `/api/docs`, rendered here so that it needs no
//! script from elsewhere.

use axum::response::Html;
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

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

#[derive(Serialize, ToSchema)]
pub struct MessageAnswer {
    message: String,
}

#[derive(Serialize, ToSchema)]
pub struct RegisterAnswer {
    message: String,
    email: String,
}

/// The multipart form of `PATCH /api/auth/profile/`: any text field, and files (jpg, png or
/// webp up to 2 MiB for the picture; pdf, doc, docx, jpg or png up to 5 MiB for documents,
/// checked by content). Each `certificates` file adds a certificate.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ProfileUpdateForm {
    full_name: Option<String>,
    phone_number: Option<String>,
    address_line_1: Option<String>,
    postcode: Option<String>,
    city: Option<String>,
    country: Option<String>,
    /// `YYYY-MM-DD`.
    date_of_birth: Option<String>,
    #[schema(value_type = Option<String>, format = Binary)]
    profile_picture: Option<Vec<u8>>,
    #[schema(value_type = Option<String>, format = Binary)]
    resume: Option<Vec<u8>>,
    #[schema(value_type = Option<String>, format = Binary)]
    passport: Option<Vec<u8>>,
    #[schema(value_type = Option<String>, format = Binary)]
    utility_bill: Option<Vec<u8>>,
    #[schema(value_type = Option<String>, format = Binary)]
    other_documents: Option<Vec<u8>>,
    #[schema(value_type = Option<Vec<String>>, format = Binary)]
    certificates: Option<Vec<Vec<u8>>>,
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

fn fields_table(document: &Value, schema: &Value) -> String {
    let schema = resolve(document, schema);
    let required: Vec<&str> = schema["required"].as_array().map(|r| r.iter().filter_map(|v| v.as_str()).collect()).unwrap_or_default();
    let Some(properties) = schema["properties"].as_object() else { return String::new() };
    let mut rows = String::new();
    for (name, property) in properties {
        let kind = property["format"].as_str().or(property["type"].as_str()).or_else(|| property["type"].as_array().and_then(|t| t.first()).and_then(|t| t.as_str())).unwrap_or("object");
        rows.push_str(&format!(
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(name),
            escape(kind),
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
