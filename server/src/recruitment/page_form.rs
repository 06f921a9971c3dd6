//! The recruitment form of `/recruitment-post` and `/form/hire-talent`, posted without
//! JavaScript: the page answers the post itself, server-rendered, with the confirmation or
//! with each field's message beside it and what was typed kept. Other methods go to the site.

use super::handlers::record;
use super::request::{FIELDS, RecruitmentRequest};
use super::texts::SENT;
use crate::http::AppError;
use crate::http::extract::ClientAddress;
use crate::platform::rate_limit::Limit;
use crate::site::page_form::{FromThisSite, answer_with_page, as_json, page_taking_posts, posted_values, refusal};
use crate::state::AppState;
use app::data::FormOutcome;
use app::routes::{PageData, Route};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

const PAGES: [&str; 2] = ["/recruitment-post", "/form/hire-talent"];

/// POST on the two pages; every other method falls through to `pages`, the site.
pub fn routes(pages: Router) -> Router<Arc<AppState>> {
    PAGES.iter().fold(Router::new(), |router, path| router.route(path, page_taking_posts(send, pages.clone())))
}

async fn send(State(state): State<Arc<AppState>>, _: FromThisSite, client: ClientAddress, uri: Uri, body: Bytes) -> Response {
    let route = if uri.path() == PAGES[1] { Route::FormHireTalent } else { Route::RecruitmentPost };
    let values = posted_values(&body, &FIELDS);
    let (status, outcome) = match outcome(&state, &client, &values).await {
        Ok(()) => (StatusCode::OK, FormOutcome { sent: Some(SENT.to_string()), ..Default::default() }),
        Err(error) => match refusal(error) {
            Ok((status, errors)) => (status, FormOutcome { sent: None, errors, values }),
            Err(fault) => return fault.into_response(),
        },
    };
    let page = match route {
        Route::FormHireTalent => PageData::FormHireTalent(outcome),
        _ => PageData::RecruitmentPost(outcome),
    };
    answer_with_page(&state, status, &route, page).await
}

/// The request recorded, or why not.
async fn outcome(state: &AppState, client: &ClientAddress, values: &std::collections::BTreeMap<String, String>) -> Result<(), AppError> {
    state.limiter.check("recruitment", &client.key(), Limit::per_hour(state.config().limits.recruitment_per_hour)).await?;
    let request = RecruitmentRequest::parse(&as_json(values)).map_err(|errors| errors.finish().expect_err("parse fails with errors"))?;
    record(state, request, None).await?;
    Ok(())
}
