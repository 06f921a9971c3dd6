//! The JSON API under `/api/`. Each feature declares its routes once, with their OpenAPI
//! description (utoipa-axum), so the document at `/api/openapi.json` is made from the router
//! itself and cannot drift from it.

use super::{AppError, files, health, metrics, openapi};
use crate::state::AppState;
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::{any, get};
use std::sync::Arc;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

/// Every feature's routes, and the API's description made from them.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(crate::accounts::routes())
        .merge(crate::catalogue::routes())
        .merge(crate::bookings::routes())
        .merge(crate::jobs::routes())
        .merge(crate::recruitment::routes())
        .merge(crate::contact::routes())
        .merge(crate::job_seekers::routes())
        .merge(crate::bookmarks::routes())
        .merge(crate::providers::routes())
        .merge(crate::scheduling::routes())
        .merge(crate::messages::routes())
        .merge(crate::reviews::routes())
        .merge(crate::notifications::routes())
        .merge(crate::payments::routes())
        .merge(crate::admin::routes())
        .merge(crate::data_rights::routes())
}

/// The OpenAPI document, pretty-printed: what `/api/openapi.json` serves.
pub fn document_json() -> String {
    serde_json::to_string_pretty(&routes().split_for_parts().1).expect("the OpenAPI document serialises")
}

/// The API, and the few page addresses that take a POST; their other methods go to `pages`.
pub fn router(state: Arc<AppState>, pages: Router) -> Router {
    let (api, document) = routes().split_for_parts();
    let document = Arc::new(serde_json::to_value(document).expect("the OpenAPI document serialises"));
    let page = Arc::new(openapi::page(&document));
    api.layer(axum::middleware::from_fn_with_state(state.site.clone(), crate::site::answers::keep_answers))
        .method_not_allowed_fallback(|| async { AppError::MethodNotAllowed })
        .route("/api/openapi.json", get(move || async move { axum::Json(document.as_ref().clone()) }))
        .route("/api/docs", get(move || async move { page.as_ref().clone() }))
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .route("/files/{*key}", get(files::download))
        .merge(health::routes())
        .merge(metrics::routes())
        .merge(crate::job_seekers::pages())
        .merge(crate::scheduling::pages())
        .merge(crate::messages::pages())
        .merge(crate::reviews::pages())
        .merge(crate::providers::pages())
        .merge(crate::admin::pages())
        .merge(crate::recruitment::page_form::routes(pages.clone()))
        .merge(crate::contact::page_form::routes(pages.clone()))
        .merge(crate::accounts::page_forms::routes(pages))
        .layer(axum::middleware::from_fn(kept_by_no_one_when_signed_in))
        .with_state(state)
}

/// An answer to a request that carries credentials (a member's token, the staff cookie) may
/// hold that person's data (bookings, payments, CV links, the back office): no browser or
/// proxy may keep it. Public reads asked without credentials keep their own caching.
async fn kept_by_no_one_when_signed_in(request: Request, next: Next) -> Response {
    let signed_in = super::credentials::carries_credentials(request.headers());
    let mut response = next.run(request).await;
    let kept_by_no_one = response.headers().get(header::CACHE_CONTROL).and_then(|value| value.to_str().ok()).is_some_and(|value| value.contains("no-store"));
    if signed_in && !kept_by_no_one {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// Unknown API paths answer the contract's JSON error, not the site's 404 page.
async fn api_not_found() -> AppError {
    AppError::NotFound
}
