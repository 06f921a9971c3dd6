//! The headers of the answers made from kept bodies, made once for each kind of body and each
//! way it goes out (in each encoding, or as a 304), the security headers included: an answer
//! clones its set and sets its ETag. Inserting a dozen headers one at a time for every request
//! was a few per cent of serving a kept page.

use super::encoded::Encoding;
use super::handlers::{HTML, JSON};
use crate::http::security_headers::SecurityHeaders;
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};

/// What else than the encoding an answer depends on, for caches between us and the browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vary {
    /// A page: the same for everyone.
    Encoding,
    /// An API answer: kept for visitors only, as a member's token may change it.
    EncodingAndCredentials,
}

impl Vary {
    fn header(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Vary::Encoding => "accept-encoding",
            Vary::EncodingAndCredentials => "accept-encoding, authorization",
        })
    }
}

/// Kept bodies change when the data does: browsers and CDNs may keep them, and revalidate with
/// the ETag every time.
const REVALIDATE: &str = "public, max-age=0, must-revalidate";

/// The most headers a kept body's answer carries: its own six, the security headers' five and
/// the request id. A map made with room for them, and its clones, are not rehashed as the
/// request id goes in (the clone's list of entries grows by one, a copy).
const ANSWER_HEADERS: usize = 12;

/// The headers of one kind of kept body's answers.
pub struct AnswerHeaders {
    br: HeaderMap,
    gzip: HeaderMap,
    identity: HeaderMap,
    not_modified: HeaderMap,
}

impl AnswerHeaders {
    /// For bodies of `content_type`, with `extra` on every answer (a page's `X-Robots-Tag`).
    fn new(content_type: &'static str, vary: Vary, extra: Option<(HeaderName, HeaderValue)>, security: &SecurityHeaders) -> Self {
        let made = |body: Option<Encoding>| {
            let mut headers = HeaderMap::with_capacity(ANSWER_HEADERS);
            if let Some(encoding) = body {
                if let Some(name) = encoding.header() {
                    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
                }
                headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
            }
            headers.insert(header::VARY, vary.header());
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
            // Its place, which each answer's own ETag takes: set in place, it moves nothing.
            headers.insert(header::ETAG, HeaderValue::from_static("\"\""));
            if let Some((name, value)) = extra.clone() {
                headers.insert(name, value);
            }
            security.add_to(&mut headers);
            headers
        };
        AnswerHeaders { br: made(Some(Encoding::Brotli)), gzip: made(Some(Encoding::Gzip)), identity: made(Some(Encoding::Identity)), not_modified: made(None) }
    }

    /// The headers of an answer whose body is in `encoding`, or of a 304 (`None`), with `etag`.
    pub fn of(&self, body: Option<Encoding>, etag: &HeaderValue) -> HeaderMap {
        let mut headers = match body {
            Some(Encoding::Brotli) => self.br.clone(),
            Some(Encoding::Gzip) => self.gzip.clone(),
            Some(Encoding::Identity) => self.identity.clone(),
            None => self.not_modified.clone(),
        };
        headers.insert(header::ETAG, etag.clone());
        headers
    }
}

/// The kinds of kept bodies.
pub struct KeptHeaders {
    pub page: AnswerHeaders,
    /// A page search engines are asked to leave out (a search, a member's page).
    pub unindexed_page: AnswerHeaders,
    /// A page's payload, and the build files.
    pub json: AnswerHeaders,
    /// A visitor's API answer.
    pub api: AnswerHeaders,
}

impl KeptHeaders {
    pub fn new(security: &SecurityHeaders) -> Self {
        let noindex = (HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex"));
        KeptHeaders {
            page: AnswerHeaders::new(HTML, Vary::Encoding, None, security),
            unindexed_page: AnswerHeaders::new(HTML, Vary::Encoding, Some(noindex), security),
            json: AnswerHeaders::new(JSON, Vary::Encoding, None, security),
            api: AnswerHeaders::new(JSON, Vary::EncodingAndCredentials, None, security),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_carries_its_etag_its_type_and_the_security_headers() {
        let kept = KeptHeaders::new(&SecurityHeaders::new("https://brightway.example"));
        let etag = HeaderValue::from_static("\"0123456789abcdef\"");
        let page = kept.page.of(Some(Encoding::Brotli), &etag);
        assert_eq!(page[header::ETAG], etag);
        assert_eq!(page[header::CONTENT_ENCODING], "br");
        assert_eq!(page[header::CONTENT_TYPE], HTML);
        assert!(page[header::CONTENT_SECURITY_POLICY].to_str().unwrap().starts_with("default-src 'self'"));
        assert!(page.contains_key(header::STRICT_TRANSPORT_SECURITY) && !page.contains_key("x-robots-tag"));
        assert!(page.len() < ANSWER_HEADERS, "room is left for the request id");

        let plain = kept.api.of(Some(Encoding::Identity), &etag);
        assert!(!plain.contains_key(header::CONTENT_ENCODING));
        assert_eq!(plain[header::CONTENT_SECURITY_POLICY], "default-src 'none'; frame-ancestors 'none'");
        assert_eq!(plain[header::VARY], "accept-encoding, authorization");

        // A 304 updates the headers a browser kept with the page: the page's policy, not the shortest.
        let not_modified = kept.unindexed_page.of(None, &etag);
        assert!(!not_modified.contains_key(header::CONTENT_TYPE));
        assert!(not_modified[header::CONTENT_SECURITY_POLICY].to_str().unwrap().starts_with("default-src 'self'"));
        assert_eq!(not_modified["x-robots-tag"], "noindex");
        assert_eq!(not_modified[header::ETAG], etag);
    }
}
