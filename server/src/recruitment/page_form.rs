//! The recruitment form of `/recruitment-post` and `/form/hire-talent`, posted without
//! JavaScript: the page answers the post itself, server-rendered, with the confirmation or
//! with each field's message beside it and what was typed kept. Other methods go to the site.

use super::handlers::{SENT, record};
use super::request::{FIELDS, RecruitmentRequest};
use crate::http::AppError;
use crate::http::extract::ClientAddress;
use crate::platform::rate_limit::Limit;
use crate::site::handlers::failed_page;
use crate::state::AppState;
use app::data::RecruitmentOutcome;
use app::routes::{PageData, Route};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::post;
use std::collections::BTreeMap;
use std::sync::Arc;

const PAGES: [&str; 2] = ["/recruitment-post", "/form/hire-talent"];
/// What is kept of a value to show it again: enough for any valid one.
const KEPT_CHARS: usize = 5000;

/// POST on the two pages; every other method falls through to `pages`, the site.
pub fn routes(pages: Router) -> Router<Arc<AppState>> {
    PAGES.iter().fold(Router::new(), |router, path| router.route(path, post(send).fallback_service(pages.clone())))
}

fn page_data(route: &Route, outcome: RecruitmentOutcome) -> PageData {
    match route {
        Route::FormHireTalent => PageData::FormHireTalent(outcome),
        _ => PageData::RecruitmentPost(outcome),
    }
}

async fn send(State(state): State<Arc<AppState>>, client: ClientAddress, uri: Uri, body: Bytes) -> Response {
    let route = if uri.path() == PAGES[1] { Route::FormHireTalent } else { Route::RecruitmentPost };
    let values: BTreeMap<String, String> = form_urlencoded::parse(&body)
        .filter(|(name, _)| FIELDS.contains(&name.as_ref()))
        .map(|(name, value)| (name.into_owned(), value.chars().take(KEPT_CHARS).collect()))
        .collect();
    let (status, outcome) = match outcome(&state, &client, &values).await {
        Ok(outcome) => outcome,
        Err(error) => return error.into_response(),
    };
    match state.site.page_html(&route, page_data(&route, outcome)).await {
        Ok(html) => (status, Html(html)).into_response(),
        Err(error) => failed_page(&state.site, error, uri.path()).await,
    }
}

/// The request recorded and the confirmation, or why not, beside the values as typed.
async fn outcome(state: &AppState, client: &ClientAddress, values: &BTreeMap<String, String>) -> Result<(StatusCode, RecruitmentOutcome), AppError> {
    let refused = |status: StatusCode, errors: BTreeMap<String, Vec<String>>| Ok((status, RecruitmentOutcome { sent: None, errors, values: values.clone() }));
    if let Err(AppError::TooManyRequests { message, .. }) =
        state.limiter.check("recruitment", &client.key(), Limit::per_hour(state.config().limits.recruitment_per_hour)).await
    {
        return refused(StatusCode::TOO_MANY_REQUESTS, BTreeMap::from([("message".to_string(), vec![message])]));
    }
    let fields = values.iter().map(|(name, value)| (name.clone(), serde_json::Value::String(value.clone()))).collect();
    match RecruitmentRequest::parse(&fields) {
        Ok(request) => {
            record(state, request, None).await?;
            Ok((StatusCode::OK, RecruitmentOutcome { sent: Some(SENT.to_string()), ..Default::default() }))
        }
        Err(errors) => refused(StatusCode::BAD_REQUEST, errors.into_fields()),
    }
}
