//! HTTP handlers of the site: pages, their payloads, the build files, sitemap and robots.

use super::build::Build;
use super::encoded::{Encoded, Undecodable};
use super::{PageError, Site, sitemap};
use app::routes::{BadQuery, Route, parse_query};
use app::routes::{Body, page_of};
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;
use tower::ServiceExt;
use tower_http::services::ServeDir;

pub fn router(site: Arc<Site>) -> Router {
    let assets = ServeDir::new(site.config.islands_dir.join("assets")).precompressed_br().precompressed_gzip();
    Router::new()
        .route("/builds/latest.json", get(build_file_route))
        .route("/builds/meta/{file}", get(build_file_route))
        .route("/sitemap.xml", get(sitemap_index))
        .route("/sitemaps/{file}", get(sitemap_part))
        .route("/robots.txt", get(robots))
        .nest_service(
            "/assets",
            tower::ServiceBuilder::new()
                .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static(ASSETS_CACHE_CONTROL)))
                .service(assets),
        )
        .fallback(page_or_file)
        .with_state(site)
}

pub(crate) const HTML: &str = "text/html; charset=utf-8";
/// Asset names carry their content's hash: a browser keeps them for a year without asking.
const ASSETS_CACHE_CONTROL: &str = "public, max-age=31536000, immutable";
pub(crate) const JSON: &str = "application/json";

/// The page for a page that could not be made: 400 showing what to correct, 410 for one taken
/// down, 503 with `Retry-After` while the database cannot be reached, else 500 (and the failure
/// goes to the log).
pub(crate) async fn failed_page(site: &Site, error: PageError, path: &str) -> Response {
    match error {
        PageError::Invalid { route, page, .. } => match site.page_html(&route, *page).await {
            Ok(html) => html_never_kept(StatusCode::BAD_REQUEST, html),
            Err(error) => Box::pin(failed_page(site, error, path)).await,
        },
        PageError::NotFound => not_found(site, path, false).await,
        PageError::Gone => error_page(site, StatusCode::GONE, path).await,
        PageError::Unavailable => {
            let mut response = error_page(site, StatusCode::SERVICE_UNAVAILABLE, path).await;
            response.headers_mut().insert(header::RETRY_AFTER, crate::http::error::RETRY_UNAVAILABLE_AFTER_SECONDS.into());
            response
        }
        PageError::Internal(error) => {
            tracing::error!(%path, error = format!("{error:#}"), "page failed");
            error_page(site, StatusCode::INTERNAL_SERVER_ERROR, path).await
        }
    }
}

pub(crate) async fn error_page(site: &Site, status: StatusCode, path: &str) -> Response {
    html_never_kept(status, site.error_html(status.as_u16(), path).await)
}

/// A page made for this request alone.
fn html_never_kept(status: StatusCode, html: String) -> Response {
    let mut response = (status, html).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(HTML));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Pages, `_payload.json` files, then the files of `public/`, else the 404 page. Takes the
/// whole request: the `HeaderMap` extractor copies every header.
async fn page_or_file(State(site): State<Arc<Site>>, request: Request) -> Response {
    let (method, uri, headers) = (request.method(), request.uri(), request.headers());
    let path = uri.path();
    let (page_path, kind) = page_of(path);
    let want_payload = kind == Body::Payload;
    let query = parse_query(uri.query());
    match Route::parse(page_path, &query) {
        Some(Ok(route)) => {
            if method != Method::GET && method != Method::HEAD {
                let mut response = StatusCode::METHOD_NOT_ALLOWED.into_response();
                response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
                return response;
            }
            let url = route.url();
            match site.page(&route, &url, kind).await {
                Ok(body) => match page_response(&site, &url, kind, &body, route.indexable(), headers) {
                    Ok(response) => response,
                    Err(error) => failed_page(&site, PageError::Internal(error.into()), path).await,
                },
                Err(PageError::NotFound) => not_found(&site, path, want_payload).await,
                Err(error) if want_payload => crate::http::AppError::from(error).into_response(),
                Err(error) => failed_page(&site, error, path).await,
            }
        }
        Some(Err(BadQuery)) => not_found(&site, path, want_payload).await,
        None => {
            // The method and address only: a range or precondition the files would answer with
            // 416 or 412 is no reason to call a file that exists not found.
            let files = ServeDir::new(&site.config.public_dir);
            let file_request = axum::http::Request::builder().method(method.clone()).uri(uri.clone()).body(axum::body::Body::empty()).expect("a valid request");
            match files.oneshot(file_request).await {
                Ok(response) if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED => response.into_response(),
                _ => not_found(&site, path, want_payload).await,
            }
        }
    }
}

/// A visitor's read of a page kept in the cache, asked for by its canonical address (the one
/// its links use): answered before the router (`http::front`, which asks only for a visitor's
/// read), which with its layers and the route's parsing took two thirds of the time of serving
/// it. `None` for anything else, which the router answers (`page_or_file` finds the same pages
/// from their route).
pub fn kept_page<B>(site: &Site, request: &axum::http::Request<B>) -> Option<Response> {
    let uri = request.uri();
    let path = uri.path();
    let (page_path, kind) = page_of(path);
    let access = Route::access_of(page_path)?;
    let url = match (kind, uri.query()) {
        (Body::Html, _) => std::borrow::Cow::Borrowed(uri.path_and_query()?.as_str()),
        (Body::Payload, None) => std::borrow::Cow::Borrowed(page_path),
        (Body::Payload, Some(query)) => std::borrow::Cow::Owned(format!("{page_path}?{query}")),
    };
    let body = site.cache.find(&url, kind)?;
    page_response(site, &url, kind, &body, access.indexable(), request.headers())
        .map_err(|error| tracing::error!(%error, %url, "a kept page is left to the router"))
        .ok()
}

/// A page body in the client's encoding, with every header it goes out with; one that had to
/// make that encoding is weighed again by the cache that keeps it.
fn page_response(site: &Site, url: &str, kind: Body, body: &Arc<Encoded>, indexable: bool, headers: &HeaderMap) -> Result<Response, Undecodable> {
    let answer_headers = match (kind, indexable) {
        (Body::Html, true) => &site.kept_headers.page,
        (Body::Html, false) => &site.kept_headers.unindexed_page,
        (Body::Payload, _) => &site.kept_headers.json,
    };
    let (response, made) = body.respond(answer_headers, headers)?;
    if made {
        site.cache.reweigh(url, kind, body);
    }
    Ok(response)
}

async fn not_found(site: &Site, path: &str, as_json: bool) -> Response {
    if as_json { crate::http::AppError::NotFound.into_response() } else { error_page(site, StatusCode::NOT_FOUND, path).await }
}

/// `/builds/latest.json`: the running build.
pub fn latest_build_json(build: &Build) -> serde_json::Value {
    serde_json::json!({ "id": build.id, "timestamp": build.timestamp })
}

/// The build files, made once: they hold nothing that changes while the server runs.
pub struct BuildFiles {
    latest: Encoded,
    meta: Encoded,
}

impl BuildFiles {
    pub fn new(build: &Build) -> Self {
        let compressed = |json: serde_json::Value| Encoded::compressed(json.to_string().as_bytes());
        BuildFiles { latest: compressed(latest_build_json(build)), meta: compressed(build_meta_json(build)) }
    }
}

/// A read of `/builds/latest.json` or of this build's `/builds/meta/{id}.json`, with its route;
/// `None` for any other file. Served ahead of the router (`http::front`) like a kept page, and
/// by the router's GET routes.
pub fn build_file<B>(site: &Site, request: &axum::http::Request<B>) -> Option<(Response, &'static str)> {
    let path = request.uri().path();
    let (file, route) = if path == "/builds/latest.json" {
        (&site.build_files.latest, "/builds/latest.json")
    } else if path.strip_prefix("/builds/meta/").and_then(|file| file.strip_suffix(".json")) == Some(site.build.id.as_str()) {
        (&site.build_files.meta, "/builds/meta/{file}")
    } else {
        return None;
    };
    match file.respond(&site.kept_headers.json, request.headers()) {
        Ok((answer, _)) => Some((answer, route)),
        Err(error) => {
            tracing::error!(%error, path, "a build file could not be answered");
            None
        }
    }
}

async fn build_file_route(State(site): State<Arc<Site>>, request: Request) -> Response {
    build_file(&site, &request).map_or_else(|| crate::http::AppError::NotFound.into_response(), |(file, _)| file)
}

/// `/builds/meta/{id}.json`, `{id, timestamp, matcher, prerendered}`: the route rules and the
/// prerendered paths; paths, not every query of them, so its size does not grow with the catalogue.
pub fn build_meta_json(build: &Build) -> serde_json::Value {
    let mut rules = serde_json::Map::new();
    for path in app::routes::PATHS {
        let route = Route::parse(path, &parse_query(None)).and_then(Result::ok).expect("every listed path parses");
        rules.insert(path.to_string(), serde_json::json!({ "prerender": true, "index": route.indexable() }));
    }
    serde_json::json!({
        "id": build.id,
        "timestamp": build.timestamp,
        "matcher": {
            "static": rules,
            "wildcard": { "/assets/": { "headers": { "cache-control": ASSETS_CACHE_CONTROL } } },
            "dynamic": {},
        },
        "prerendered": app::routes::PATHS,
    })
}

/// `/robots.txt`: everything but the API, members' pages, forms and payloads; and the sitemap.
pub fn robots_txt(public_url: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /user/\nDisallow: /form/\nDisallow: /notifications\nDisallow: /bookmarks\nDisallow: /payment\nDisallow: /*/_payload.json\n\nSitemap: {public_url}/sitemap.xml\n"
    )
}

async fn robots(State(site): State<Arc<Site>>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], robots_txt(&site.config.public_url)).into_response()
}

const XML: &str = "application/xml; charset=utf-8";

/// `/sitemap.xml`: the index of the sitemap's parts.
async fn sitemap_index(State(site): State<Arc<Site>>, uri: Uri) -> Response {
    match sitemap::entries(&site).await {
        Ok(entries) => ([(header::CONTENT_TYPE, XML)], sitemap::index(&site.config.public_url, &entries)).into_response(),
        Err(error) => failed_page(&site, error, uri.path()).await,
    }
}

/// `/sitemaps/N.xml`: one part of the sitemap.
async fn sitemap_part(State(site): State<Arc<Site>>, Path(file): Path<String>, uri: Uri) -> Response {
    let Some(number) = file.strip_suffix(".xml").and_then(|n| n.parse::<usize>().ok()) else {
        return not_found(&site, uri.path(), false).await;
    };
    match sitemap::entries(&site).await {
        Ok(entries) => match sitemap::part(&site.config.public_url, &entries, number) {
            Some(xml) => ([(header::CONTENT_TYPE, XML)], xml).into_response(),
            None => not_found(&site, uri.path(), false).await,
        },
        Err(error) => failed_page(&site, error, uri.path()).await,
    }
}
