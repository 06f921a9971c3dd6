//! The API's public answers, kept like pages: a read that is the same for every visitor (the
//! website info, categories, lists and details of services, reviews and jobs) is answered from
//! memory, compressed, with an ETag, until a write touches one of the tags it was made from.
//! A request that carries credentials is never answered from here and its answer never kept,
//! so nothing a member's token changes (`is_owner`, `application_count`, `mine=true`) is shared.

use super::Site;
use super::encoded::Encoded;
use app::routes::Tag;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use parking_lot::RwLock;
use prometheus_client::metrics::counter::Counter;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A handler's answer that is the same for every visitor, and the tags it was made from when
/// it is worth keeping.
pub struct Shared<T> {
    made_from: Option<Vec<Tag>>,
    answer: T,
}

impl<T> Shared<T> {
    /// An answer to keep until a write touches one of `tags`.
    pub fn made_from(tags: impl Into<Vec<Tag>>, answer: T) -> Self {
        Shared { made_from: Some(tags.into()), answer }
    }

    /// A list's answer: kept until a write touches one of `tags`, unless it answers a search or
    /// asks what is near a postcode (within some distance): either would rarely be asked again,
    /// and kept would crowd out the answers that are.
    pub fn list(query: &crate::http::list::ListQuery, tags: impl Into<Vec<Tag>>, answer: T) -> Self {
        let asked_again = query.text("search").is_none() && query.text("near").is_none();
        Shared { made_from: asked_again.then(|| tags.into()), answer }
    }
}

impl<T: IntoResponse> IntoResponse for Shared<T> {
    fn into_response(self) -> Response {
        let mut response = self.answer.into_response();
        if let Some(tags) = self.made_from {
            response.extensions_mut().insert(MadeFrom(tags));
        }
        response
    }
}

#[derive(Clone)]
struct MadeFrom(Vec<Tag>);

/// How long an answer is kept at most, whatever happens: answers carry signed links to service
/// images that work for 15 minutes, so a kept answer's links work for 10 minutes more at least.
/// Counted from when it was made (weighing it again after it made another encoding of itself
/// would start moka's own clock again).
const LIFETIME: Duration = Duration::from_secs(5 * 60);

/// The largest answer kept (a list of 100 services is tens of kilobytes; 100 jobs of long
/// descriptions can be several megabytes).
const MOST_KEPT_BYTES: usize = 1024 * 1024;

struct Kept {
    body: Arc<Encoded>,
    /// The API route that made it, which it is counted under when served (`http::front`).
    route: MatchedPath,
    made_at: Instant,
    /// The version of each tag the answer was made from, when it was made.
    made_from: Box<[(Tag, u64)]>,
}

/// How many times each tag has been touched, and every touch counted: an answer made from a
/// tag touched since is stale, and one being made while any tag is touched is not kept.
#[derive(Default)]
struct Versions {
    every: u64,
    by_tag: HashMap<Tag, u64>,
}

impl Versions {
    fn of(&self, tag: &Tag) -> u64 {
        self.by_tag.get(tag).copied().unwrap_or(0)
    }
}

type Memory = moka::sync::Cache<Box<str>, Arc<Kept>>;

pub struct AnswerCache {
    memory: Memory,
    versions: RwLock<Versions>,
    pub found: Counter,
    pub missed: Counter,
}

impl AnswerCache {
    /// A cache holding at most `budget` bytes of answers.
    pub fn new(budget: u64) -> Self {
        let memory = Memory::builder()
            .max_capacity(budget)
            .time_to_live(LIFETIME)
            .weigher(|key, kept| u32::try_from(key.len() + kept.body.weight() + 128).unwrap_or(u32::MAX))
            .build();
        AnswerCache { memory, versions: RwLock::new(Versions::default()), found: Counter::default(), missed: Counter::default() }
    }

    /// To be read before an answer's data is, and handed to [`AnswerCache::put`].
    fn generation(&self) -> u64 {
        self.versions.read().every
    }

    fn get(&self, key: &str) -> Option<Arc<Kept>> {
        let kept = self.memory.get(key)?;
        let current = kept.made_at.elapsed() < LIFETIME && {
            let versions = self.versions.read();
            kept.made_from.iter().all(|(tag, version)| versions.of(tag) == *version)
        };
        if current {
            return Some(kept);
        }
        self.memory.invalidate(key);
        None
    }

    /// Keeps an answer made from `tags` with data read at `generation`, unless a tag was
    /// touched since.
    fn put(&self, key: Box<str>, route: MatchedPath, tags: &[Tag], body: Arc<Encoded>, generation: u64) {
        // Held while inserting, so that a touch cannot slip between the check and the insert.
        let versions = self.versions.read();
        if versions.every != generation {
            return;
        }
        let made_from = tags.iter().map(|tag| (*tag, versions.of(tag))).collect();
        self.memory.insert(key, Arc::new(Kept { body, route, made_at: Instant::now(), made_from }));
    }

    /// Makes every answer made from any of `tags` stale.
    pub fn invalidate(&self, tags: &[Tag]) {
        let mut versions = self.versions.write();
        versions.every += 1;
        for tag in tags {
            *versions.by_tag.entry(*tag).or_insert(0) += 1;
        }
    }

    /// Bytes of answers kept in memory.
    pub fn weighed_bytes(&self) -> u64 {
        self.memory.run_pending_tasks();
        self.memory.weighted_size()
    }

    fn reweigh(&self, key: &str, kept: &Arc<Kept>) {
        if self.memory.get(key).is_some_and(|now| Arc::ptr_eq(&now, kept)) {
            self.memory.insert(key.into(), kept.clone());
        }
    }
}

/// A visitor's read of the API answered from the cache, with the route that made the answer:
/// served ahead of the router (`http::front`, which asks only for a visitor's read), like a
/// kept page. `None` for an answer not kept.
pub fn kept_api_answer<B>(site: &Site, request: &axum::http::Request<B>) -> Option<(Response, MatchedPath)> {
    let key = key_of(request.uri());
    let answers = &site.answers;
    let kept = answers.get(key)?;
    answers.found.inc();
    let (response, made) = match kept.body.respond(&site.kept_headers.api, request.headers()) {
        Ok(answered) => answered,
        Err(error) => {
            tracing::error!(%error, path = key, "a kept API answer is left to the router");
            return None;
        }
    };
    if made {
        answers.reweigh(key, &kept);
    }
    Some((response, kept.route.clone()))
}

/// An answer is kept under its path and query as asked.
fn key_of(uri: &Uri) -> &str {
    uri.path_and_query().map_or_else(|| uri.path(), |whole| whole.as_str())
}

/// The API's layer: keeps the [`Shared`] answers a visitor's read made, for [`kept_api_answer`]
/// to serve.
pub async fn keep_answers(State(site): State<Arc<Site>>, request: Request, next: Next) -> Response {
    let Some(route) = request.extensions().get::<MatchedPath>().cloned().filter(|_| crate::http::credentials::is_visitor_read(&request)) else {
        return next.run(request).await;
    };
    let key: Box<str> = key_of(request.uri()).into();
    let answers = &site.answers;
    let generation = answers.generation();
    // What the answer depends on of the request, which the handler consumes.
    let mut asked = HeaderMap::new();
    for name in [header::IF_NONE_MATCH, header::ACCEPT_ENCODING] {
        if let Some(value) = request.headers().get(&name) {
            asked.insert(name, value.clone());
        }
    }
    let response = next.run(request).await;
    let Some(MadeFrom(tags)) = response.extensions().get::<MadeFrom>().cloned() else {
        return response;
    };
    // An answer too big to keep (or of a size not known before reading it) goes out as it is.
    let small = axum::body::HttpBody::size_hint(response.body()).upper().is_some_and(|bytes| bytes <= MOST_KEPT_BYTES as u64);
    if response.status() != StatusCode::OK || !small {
        return response;
    }
    answers.missed.inc();
    let body = match axum::body::to_bytes(response.into_body(), MOST_KEPT_BYTES).await {
        Ok(body) => body,
        Err(error) => {
            tracing::error!(%error, path = &*key, "an answer to keep could not be read");
            return crate::http::AppError::Internal(anyhow::anyhow!("an answer could not be read")).into_response();
        }
    };
    let encoded = match tokio::task::spawn_blocking(move || Encoded::compressed(&body)).await {
        Ok(encoded) => Arc::new(encoded),
        Err(error) => return crate::http::AppError::Internal(anyhow::anyhow!("compressing an answer panicked: {error}")).into_response(),
    };
    let response = match encoded.respond(&site.kept_headers.api, &asked) {
        Ok((response, _)) => response,
        Err(error) => return crate::http::AppError::Internal(error.into()).into_response(),
    };
    answers.put(key, route, &tags, encoded, generation);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> Arc<Encoded> {
        Arc::new(Encoded::compressed(text.as_bytes()))
    }

    /// The route `/api/service/{id}/` as the router names it to a handler.
    fn service_route() -> MatchedPath {
        use tower::ServiceExt;
        let named = Arc::new(parking_lot::Mutex::new(None));
        let keep = named.clone();
        let router = axum::Router::new().route("/api/service/{id}/", axum::routing::get(move |route: MatchedPath| async move { *keep.lock() = Some(route) }));
        let answered = router.oneshot(Request::get("/api/service/7/").body(axum::body::Body::empty()).unwrap());
        futures::FutureExt::now_or_never(answered).expect("answered at once").unwrap();
        named.lock().take().expect("the route matched")
    }

    #[test]
    fn an_answer_is_stale_once_a_tag_it_was_made_from_is_touched() {
        let cache = AnswerCache::new(1 << 20);
        cache.put("/api/service/7/".into(), service_route(), &[Tag::Site, Tag::Service(7)], body("seven"), cache.generation());
        cache.put("/api/service/8/".into(), service_route(), &[Tag::Site, Tag::Service(8)], body("eight"), cache.generation());
        cache.invalidate(&[Tag::Service(7)]);
        assert!(cache.get("/api/service/7/").is_none());
        assert!(cache.get("/api/service/8/").is_some(), "made from other tags");
        cache.invalidate(&[Tag::Site]);
        assert!(cache.get("/api/service/8/").is_none());
    }

    #[test]
    fn an_answer_made_while_data_changed_is_not_kept() {
        let cache = AnswerCache::new(1 << 20);
        let before = cache.generation();
        cache.invalidate(&[Tag::Jobs]);
        cache.put("/api/service/7/".into(), service_route(), &[Tag::Site, Tag::Service(7)], body("seven"), before);
        assert!(cache.get("/api/service/7/").is_none(), "its data may be older than the touch");
    }
}
