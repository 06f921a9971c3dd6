//! The headers every answer carries: pages run only our own scripts, cannot be framed, and
//! tell browsers not to guess types or leak full addresses to other sites.

use axum::http::Response;
use axum::http::{HeaderName, HeaderValue, header};

pub struct SecurityHeaders(Vec<(HeaderName, HeaderValue)>);

impl SecurityHeaders {
    /// `public_url`: where file links point (they are absolute), and whether to ask for HTTPS.
    pub fn new(public_url: &str) -> Self {
        let origin = public_url.trim_end_matches('/');
        let policy = format!(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' {origin} data: blob:; \
             font-src 'self'; connect-src 'self' {origin}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
        let mut headers = vec![
            (header::CONTENT_SECURITY_POLICY, HeaderValue::from_str(&policy).expect("a valid header")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
        ];
        if origin.starts_with("https://") {
            headers.push((header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=63072000; includeSubDomains")));
        }
        SecurityHeaders(headers)
    }
}

impl SecurityHeaders {
    /// Adds the headers `response` does not set itself (a file link keeps its stricter
    /// referrer policy). A plain function over the answer, run as a `MapResponseLayer`: the
    /// middleware form boxed every request and cost a few per cent of serving a cached page.
    pub fn add<B>(&self, mut response: Response<B>) -> Response<B> {
        let headers = response.headers_mut();
        for (name, value) in &self.0 {
            headers.entry(name).or_insert_with(|| value.clone());
        }
        response
    }
}
