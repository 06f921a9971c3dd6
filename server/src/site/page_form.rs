//! A page's own form posted without JavaScript: the posted values read like the API's JSON,
//! and a refusal answered with the page again, each field's message beside it and what was
//! typed kept. A form that went through redirects instead (post, redirect, get), so that
//! reloading the page does not send it again.

use super::handlers::failed_page;
use crate::http::AppError;
use crate::http::origin::same_origin;
use crate::state::AppState;
use app::routes::{PageData, Route};
use axum::extract::FromRequestParts;
use axum::handler::Handler;
use axum::http::request::Parts;
use axum::http::{StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::MethodRouter;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A page that takes its form's post: `post` answers the POST, `pages` every other method (the
/// page itself for GET and HEAD, without the `Allow` a fallback would add to it).
pub fn page_taking_posts<H, T>(post: H, pages: axum::Router) -> MethodRouter<Arc<AppState>>
where
    H: Handler<T, Arc<AppState>>,
    T: 'static,
{
    axum::routing::post(post).get_service(pages.clone()).fallback_service(pages)
}

/// A page form's post, refused when the browser says it was sent from another site's page:
/// another site could otherwise make its visitors send messages, sign-ups or reset codes. With
/// `PUBLIC_URL` set, the page must be there: a page on a rebound DNS name reaches this server
/// with its own name as both `Origin` and `Host`, so the `Host` proves nothing. With
/// `PUBLIC_URL` left to its default (a site opened by its IP address, say), the page may also
/// be at the address the request came to.
pub struct FromThisSite;

impl FromRequestParts<Arc<AppState>> for FromThisSite {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        let public_url = &state.config().public_url;
        let host = parts.headers.get(header::HOST).and_then(|host| host.to_str().ok());
        let origin = parts.headers.get(header::ORIGIN).and_then(|origin| origin.to_str().ok());
        let from_host = match (origin.and_then(|origin| origin.parse::<Uri>().ok()), host) {
            (Some(origin), Some(host)) => origin.authority().is_some_and(|authority| authority.as_str().eq_ignore_ascii_case(host)),
            _ => false,
        };
        match same_origin(&parts.headers, public_url) || (from_host && !state.config().public_url_configured) {
            true => Ok(FromThisSite),
            false => Err(AppError::Forbidden(format!("This form must be sent from this site's own pages, at {public_url}."))),
        }
    }
}

/// What is kept of a value to show it again: enough for any valid one.
const KEPT_CHARS: usize = 5000;

/// Where a reason that belongs to no field goes among the messages by field.
pub const FORM_WIDE: &str = "non_field_errors";

/// The posted values of `fields` (others are ignored), by name.
pub fn posted_values(body: &[u8], fields: &[&str]) -> BTreeMap<String, String> {
    form_urlencoded::parse(body)
        .filter(|(name, _)| fields.contains(&name.as_ref()))
        .map(|(name, value)| (name.into_owned(), value.chars().take(KEPT_CHARS).collect()))
        .collect()
}

/// The values as the API's JSON body reads them.
pub fn as_json(values: &BTreeMap<String, String>) -> serde_json::Map<String, serde_json::Value> {
    values.iter().map(|(name, value)| (name.clone(), serde_json::Value::String(value.clone()))).collect()
}

/// A refusal as a page shows it: its status and the messages by field (a reason for the whole
/// form under [`FORM_WIDE`]); a fault is no refusal and stays an error.
pub fn refusal(error: AppError) -> Result<(StatusCode, BTreeMap<String, Vec<String>>), AppError> {
    let status = error.status();
    match error {
        AppError::Validation { fields, .. } => Ok((status, fields)),
        AppError::TooManyRequests { message, .. } => Ok((status, BTreeMap::from([(FORM_WIDE.to_string(), vec![message])]))),
        AppError::BadRequest(message) | AppError::Unauthorized(message) | AppError::Forbidden(message) | AppError::Conflict(message) => {
            Ok((status, BTreeMap::from([(FORM_WIDE.to_string(), vec![message])])))
        }
        other => Err(other),
    }
}

/// `route`'s page made from `page`, answered with `status`.
pub async fn answer_with_page(state: &AppState, status: StatusCode, route: &Route, page: PageData) -> Response {
    match state.site.page_html(route, page).await {
        Ok(html) => (status, Html(html)).into_response(),
        Err(error) => failed_page(&state.site, error, &route.url()).await,
    }
}
