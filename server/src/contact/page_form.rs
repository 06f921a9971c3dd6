//! The contact form of `/contact`, posted without JavaScript: once the message is in, the
//! answer redirects to `/contact?sent=1` (post, redirect, get: reloading does not send it
//! again); otherwise the page answers the post itself, server-rendered, with each field's
//! message beside it and what was typed kept. Other methods go to the site.

use super::handlers::{check_limit, record};
use super::message::{ContactMessage, FIELDS};
use crate::http::extract::ClientAddress;
use crate::site::page_form::{FromThisSite, answer_with_page, as_json, page_taking_posts, posted_values, refusal};
use crate::state::AppState;
use app::data::FormOutcome;
use app::routes::{PageData, Route};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use std::sync::Arc;

/// POST on `/contact`; every other method falls through to `pages`, the site.
pub fn routes(pages: Router) -> Router<Arc<AppState>> {
    Router::new().route("/contact", page_taking_posts(send, pages))
}

async fn send(State(state): State<Arc<AppState>>, _: FromThisSite, client: ClientAddress, body: Bytes) -> Response {
    let values = posted_values(&body, &FIELDS);
    let sent = async {
        // A mistyped form costs no try: only a message that would be sent counts.
        let message = ContactMessage::parse(&as_json(&values)).map_err(|errors| errors.finish().expect_err("parse fails with errors"))?;
        check_limit(&state, &client).await?;
        // A form posted without JavaScript carries no session (it lives in the browser's script).
        record(&state, message, None).await
    };
    match sent.await.map_err(refusal) {
        Ok(_) => Redirect::to("/contact?sent=1").into_response(),
        Err(Ok((status, errors))) => {
            let page = PageData::Contact(FormOutcome { sent: None, errors, values });
            answer_with_page(&state, status, &Route::Contact { sent: false }, page).await
        }
        Err(Err(fault)) => fault.into_response(),
    }
}
