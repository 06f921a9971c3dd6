//! The answer of a page a signed link from a mail opens (a booking's messages, a review
//! invitation's form, a job offer): its address works without signing in, so it is a key.

use axum::http::{HeaderValue, header};
use axum::response::Response;

/// Kept by no browser or proxy, and its address (which opens the page) sent to no other
/// site. (`same-origin`, not `no-referrer`: with no referrer at all a browser sends its form's
/// post with `Origin: null`, which the form's own check must refuse.)
pub fn private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    response
}
