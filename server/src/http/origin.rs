//! Where a change comes from: browsers send the page's origin with every change, and a change
//! made with the staff cookie must come from the site's own pages.

use crate::http::AppError;
use crate::platform::security_events::{self, SecurityEvent};
use axum::http::request::Parts;

/// Whether the request's `Origin` (sent by browsers with every change) is the site's own
/// (`PUBLIC_URL`), or absent (a client that is not a browser, which carries no ambient cookie
/// of ours anyway). Never the request's own `Host`: whoever sends the request chooses it (a
/// rebound DNS name reaches this server with its own name in both).
pub(crate) fn same_origin(headers: &axum::http::HeaderMap, public_url: &str) -> bool {
    let origin = headers.get(axum::http::header::ORIGIN).and_then(|v| v.to_str().ok());
    origin.is_none_or(|origin| origin_of(origin).is_some_and(|origin| Some(origin) == origin_of(public_url)))
}

/// The origin of `url` as browsers send it: scheme and host in lower case, the port only when
/// it is not the scheme's own (`https://Example.org:443/` is `https://example.org`).
fn origin_of(url: &str) -> Option<String> {
    let uri: axum::http::Uri = url.parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let host = uri.host()?.to_ascii_lowercase();
    match uri.port_u16() {
        Some(port) if !matches!((scheme.as_str(), port), ("http", 80) | ("https", 443)) => Some(format!("{scheme}://{host}:{port}")),
        _ => Some(format!("{scheme}://{host}")),
    }
}

/// A staff change by `account` (the cookie is SameSite=Strict) must also come from the site's
/// own pages.
pub(crate) fn refuse_changes_from_elsewhere(parts: &Parts, public_url: &str, account: i32) -> Result<(), AppError> {
    if parts.method.is_safe() || same_origin(&parts.headers, public_url) {
        return Ok(());
    }
    security_events::record(SecurityEvent::StaffCallRefused, Some(account));
    Err(AppError::Forbidden(format!("This change must come from the back office's own pages, at {public_url}.")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_compare_as_browsers_send_them() {
        let from = |origin: &str| {
            let mut headers = axum::http::HeaderMap::new();
            headers.insert(axum::http::header::ORIGIN, origin.parse().unwrap());
            headers
        };
        assert!(same_origin(&from("https://www.brightway.example"), "https://WWW.Brightway.example:443"));
        assert!(same_origin(&from("http://127.0.0.1:3000"), "http://127.0.0.1:3000"));
        assert!(same_origin(&axum::http::HeaderMap::new(), "https://www.brightway.example"), "no Origin: not a browser");
        assert!(!same_origin(&from("http://www.brightway.example"), "https://www.brightway.example"), "another scheme");
        assert!(!same_origin(&from("https://www.brightway.example:8443"), "https://www.brightway.example"), "another port");
        assert!(!same_origin(&from("https://brightway.example.evil.test"), "https://brightway.example"));
        assert!(!same_origin(&from("null"), "https://www.brightway.example"), "an opaque origin");
    }
}
