//! The headers every answer carries: pages run only our own scripts, cannot be framed, and
//! tell browsers not to guess types or leak full addresses to other sites. Anything but a page
//! (a script, an image, an API answer) gets the shortest policy, which lets it load nothing: a
//! policy acts on documents only, and a page view makes a dozen such requests.

use axum::http::Response;
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};

/// The policy of an answer that is not a page (OWASP's for an API): it loads nothing and is never framed.
const RESOURCE_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

pub struct SecurityHeaders {
    /// A page's policy: our own scripts, styles, images and calls only.
    document_policy: HeaderValue,
    resource_policy: HeaderValue,
    others: Vec<(HeaderName, HeaderValue)>,
}

impl SecurityHeaders {
    /// `public_url`: where file links point (they are absolute), and whether to ask for HTTPS.
    pub fn new(public_url: &str) -> Self {
        let origin = public_url.trim_end_matches('/');
        let policy = format!(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' {origin} data: blob:; \
             font-src 'self'; connect-src 'self' {origin}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
        let mut others = vec![
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
        ];
        if origin.starts_with("https://") {
            others.push((header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=63072000; includeSubDomains")));
        }
        SecurityHeaders {
            document_policy: HeaderValue::from_str(&policy).expect("a valid header"),
            resource_policy: HeaderValue::from_static(RESOURCE_POLICY),
            others,
        }
    }
}

impl SecurityHeaders {
    /// Adds the headers `response` does not set itself (a file link keeps its stricter
    /// referrer policy). A plain function over the answer, run as a `MapResponseLayer`: the
    /// middleware form boxed every request and cost a few per cent of serving a kept page.
    pub fn add<B>(&self, mut response: Response<B>) -> Response<B> {
        self.add_to(response.headers_mut());
        response
    }

    /// Adds them to an answer's `headers`.
    pub fn add_to(&self, headers: &mut HeaderMap) {
        // A page, or an answer that says no type (a 304, a redirect): the page's policy, which
        // is as good as none where no document comes of it.
        let document = headers.get(header::CONTENT_TYPE).is_none_or(|kind| kind.as_bytes().starts_with(b"text/html"));
        let policy = if document { &self.document_policy } else { &self.resource_policy };
        headers.entry(header::CONTENT_SECURITY_POLICY).or_insert_with(|| policy.clone());
        for (name, value) in &self.others {
            headers.entry(name).or_insert_with(|| value.clone());
        }
    }
}
