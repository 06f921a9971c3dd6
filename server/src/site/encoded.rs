//! One page body (HTML or `_payload.json`) and its encodings. A prerendered body is kept as
//! brotli alone, which nearly every client takes; gzip and the uncompressed body are made from
//! it the first time a client asks for them, and kept beside it from then on.

use super::answer_headers::AnswerHeaders;
use super::compression::{SharedPart, brotli, gzip, unbrotli};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use bytes::Bytes;
use std::sync::{Arc, OnceLock};

/// What a client takes, best first: brotli, then gzip, then none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The `Content-Encoding` header's value; `None` for an uncompressed body.
    pub fn header(self) -> Option<&'static str> {
        match self {
            Encoding::Brotli => Some("br"),
            Encoding::Gzip => Some("gzip"),
            Encoding::Identity => None,
        }
    }
}

impl Encoding {
    /// The encoding to answer `request` in: brotli, then gzip, then none.
    pub fn accepted_by(request: &HeaderMap) -> Encoding {
        let accepted = request.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
        let accepts = |name: &str| {
            accepted.split(',').any(|part| {
                let mut pieces = part.trim().split(';');
                pieces.next().is_some_and(|n| n.trim().eq_ignore_ascii_case(name)) && !pieces.any(|q| q.trim().replace(' ', "") == "q=0")
            })
        };
        if accepts("br") {
            Encoding::Brotli
        } else if accepts("gzip") {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }
}

/// A body in the encodings made so far, with the ETag of its uncompressed bytes (as the header
/// it is sent in, made once).
pub struct Encoded {
    pub etag: HeaderValue,
    br: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
    identity: OnceLock<Bytes>,
    /// For a body served once: the part it shares with every page's, to compress it faster.
    shared_part: Option<Arc<SharedPart>>,
}

/// The ETag of a body: its 64-bit XXH3 hash. A validator only tells one version of a URL from
/// the next, so it needs no cryptographic hash, and a prerender pass hashes every page.
pub type EtagBytes = [u8; 8];

pub fn etag_of(body: &[u8]) -> HeaderValue {
    etag_header(xxhash_rust::xxh3::xxh3_64(body).to_be_bytes())
}

pub fn etag_header(etag: EtagBytes) -> HeaderValue {
    HeaderValue::try_from(format!("\"{}\"", hex::encode(etag))).expect("hex is a valid header value")
}

/// The bytes of an ETag this module made, to keep them in 8 bytes rather than a header;
/// `None` for one it did not make.
pub fn etag_bytes(etag: &HeaderValue) -> Option<EtagBytes> {
    hex::decode(etag.as_bytes().get(1..17)?).ok()?.try_into().ok()
}

/// A kept body that could not be turned into the encoding asked for.
#[derive(Debug, thiserror::Error)]
#[error("a kept body could not be decoded: {0}")]
pub struct Undecodable(#[from] std::io::Error);

impl Encoded {
    /// A body to keep: compressed now, once.
    pub fn compressed(body: &[u8]) -> Self {
        Encoded::stored(brotli(body), etag_of(body))
    }

    /// A body to keep that holds a part every page's body shares (an HTML document's
    /// stylesheet, a payload's site data): compressed now, once, around that part.
    pub fn compressed_around(body: &[u8], shared: &SharedPart) -> Self {
        Encoded::stored(shared.brotli(body), etag_of(body))
    }

    /// A body as it was kept: its brotli bytes and ETag.
    pub fn stored(br: Bytes, etag: HeaderValue) -> Self {
        Encoded { etag, br: OnceLock::from(br), gzip: OnceLock::new(), identity: OnceLock::new(), shared_part: None }
    }

    /// A body served once (a search): compressed only into the encoding its client takes. It
    /// is never weighed by a cache, so its bytes are not copied into an exact allocation.
    pub fn fresh(body: Vec<u8>) -> Self {
        Encoded { etag: etag_of(&body), br: OnceLock::new(), gzip: OnceLock::new(), identity: OnceLock::from(Bytes::from(body)), shared_part: None }
    }

    /// A body served once (a search) that holds a part every page's body shares, compressed
    /// like [`Encoded::fresh`], around that part.
    pub fn fresh_around(body: Vec<u8>, shared: Arc<SharedPart>) -> Self {
        Encoded { shared_part: Some(shared), ..Encoded::fresh(body) }
    }

    /// The brotli bytes as kept, if any.
    pub fn brotli_bytes(&self) -> Option<&Bytes> {
        self.br.get()
    }

    /// The body in `encoding`, and whether it had to be made now (so its keeper can weigh it again).
    pub fn bytes(&self, encoding: Encoding) -> Result<(Bytes, bool), Undecodable> {
        let slot = match encoding {
            Encoding::Brotli => &self.br,
            Encoding::Gzip => &self.gzip,
            Encoding::Identity => return self.identity(),
        };
        if let Some(bytes) = slot.get() {
            return Ok((bytes.clone(), false));
        }
        let (identity, _) = self.identity()?;
        let made = match (encoding, &self.shared_part) {
            (Encoding::Brotli, Some(shared)) => shared.brotli(&identity),
            (Encoding::Brotli, None) => brotli(&identity),
            _ => gzip(&identity),
        };
        Ok((slot.get_or_init(|| made).clone(), true))
    }

    fn identity(&self) -> Result<(Bytes, bool), Undecodable> {
        if let Some(bytes) = self.identity.get() {
            return Ok((bytes.clone(), false));
        }
        let br = self.br.get().ok_or_else(|| std::io::Error::other("a kept body holds no encoding"))?;
        let identity = unbrotli(br)?;
        Ok((self.identity.get_or_init(|| identity).clone(), true))
    }

    /// The answer to `request`, with `headers`: 304 when it names this ETag, else the body in
    /// the encoding it takes; and whether that encoding had to be made now (so its keeper can
    /// weigh it again).
    pub fn respond(&self, headers: &AnswerHeaders, request: &HeaderMap) -> Result<(Response, bool), Undecodable> {
        let not_modified = request
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|tags| tags.split(',').any(|t| t.trim().as_bytes() == self.etag.as_bytes()));
        if not_modified {
            let mut response = Response::new(axum::body::Body::empty());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            *response.headers_mut() = headers.of(None, &self.etag);
            return Ok((response, false));
        }
        let encoding = Encoding::accepted_by(request);
        let (bytes, made) = self.bytes(encoding)?;
        let mut response = Response::new(axum::body::Body::from(bytes));
        *response.headers_mut() = headers.of(Some(encoding), &self.etag);
        Ok((response, made))
    }

    /// The bytes it holds, for the memory cache's budget.
    pub fn weight(&self) -> usize {
        [&self.br, &self.gzip, &self.identity].iter().filter_map(|slot| slot.get()).map(Bytes::len).sum::<usize>() + self.etag.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_encoding_gives_back_the_body() {
        let body = "<h1>Cleaning</h1>".repeat(2000);
        let kept = Encoded::compressed(body.as_bytes());
        let br = kept.brotli_bytes().unwrap().clone();
        assert!(br.len() < body.len() / 10);
        assert_eq!(kept.weight(), br.len() + kept.etag.len(), "only brotli is kept at first");
        assert_eq!(kept.bytes(Encoding::Identity).unwrap(), (Bytes::from(body.clone()), true));
        assert!(!kept.bytes(Encoding::Identity).unwrap().1, "made once, then kept");
        let (gz, made) = kept.bytes(Encoding::Gzip).unwrap();
        assert!(made);
        let mut inflated = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut inflated).unwrap();
        assert_eq!(inflated, body);
        assert_eq!(kept.weight(), br.len() + body.len() + gz.len() + kept.etag.len());
        assert_eq!(Encoded::fresh(body.clone().into_bytes()).etag, kept.etag, "the ETag is the uncompressed body's");
        assert_eq!(etag_header(etag_bytes(&kept.etag).unwrap()), kept.etag);
        assert_eq!(etag_bytes(&HeaderValue::from_static("W/\"another's\"")), None);
        // A body damaged on disk is an error to answer, never a panic.
        assert!(Encoded::stored(Bytes::from_static(b"not brotli"), kept.etag.clone()).bytes(Encoding::Gzip).is_err());
    }

    fn accepting(encodings: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(encodings).unwrap());
        headers
    }

    #[test]
    fn encodings_follow_what_the_client_accepts() {
        assert_eq!(Encoding::accepted_by(&accepting("gzip, deflate, br, zstd")), Encoding::Brotli);
        assert_eq!(Encoding::accepted_by(&accepting("gzip")), Encoding::Gzip);
        assert_eq!(Encoding::accepted_by(&accepting("br;q=0, gzip")), Encoding::Gzip);
        assert_eq!(Encoding::accepted_by(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn a_fresh_body_is_compressed_into_what_its_client_takes() {
        let fresh = Encoded::fresh(b"<p>results</p>".repeat(100));
        let (br, made) = fresh.bytes(Encoding::Brotli).unwrap();
        assert!(made);
        assert_eq!(unbrotli(&br).unwrap(), Bytes::from(b"<p>results</p>".repeat(100)));
    }
}
