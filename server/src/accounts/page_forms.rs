//! The account pages' own forms, posted without JavaScript (post, redirect, get): signing up
//! goes on to `/user/verify?email=...`, verifying to `/user/login?verified=1`, asking for a
//! reset code to `/user/forgot-password?email=...` (its second step) and resetting to
//! `/user/login?reset=1`. Each calls the API's own handler, so the rules, limits and messages
//! are the same; a refusal answers the page again with each field's message and what was typed
//! (never a password). Logging in and changing the password keep the session in the
//! browser's script, so without it their page answers that they need JavaScript.

use super::sign_in::{self, EmailBody, RegisterBody, ResetConfirmBody, VerifyBody};
use super::texts::{self, CHANGE_PASSWORD_NEEDS_JAVASCRIPT, LOGIN_NEEDS_JAVASCRIPT};
use crate::http::AppError;
use crate::http::extract::{ClientAddress, JsonBody};
use crate::site::page_form::{FORM_WIDE, FromThisSite, answer_with_page, as_json, page_taking_posts, posted_values, refusal};
use crate::state::AppState;
use app::data::{FormOutcome, VerifyData};
use app::routes::{PageData, Route};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::sync::Arc;

/// POST on the account pages; every other method falls through to `pages`, the site.
pub fn routes(pages: Router) -> Router<Arc<AppState>> {
    Router::new()
        .route("/user/register", page_taking_posts(register, pages.clone()))
        .route("/user/verify", page_taking_posts(verify, pages.clone()))
        .route("/user/forgot-password", page_taking_posts(forgot_password, pages.clone()))
        .route("/user/login", page_taking_posts(login, pages.clone()))
        .route("/user/change-password", page_taking_posts(change_password, pages))
}

/// The API's body made of the posted values (all text, as the API also takes).
fn body_of<Body: DeserializeOwned>(values: &BTreeMap<String, String>) -> Result<Body, AppError> {
    serde_json::from_value(serde_json::Value::Object(as_json(values))).map_err(|_| AppError::BadRequest(texts::PAGE_FORM_UNREADABLE.into()))
}

/// What was typed, to fill the form again: everything but secrets (a password, a code).
fn kept(mut values: BTreeMap<String, String>) -> BTreeMap<String, String> {
    values.remove("password");
    values.remove("otp");
    values
}

/// Redirects to `to` when `answer` went through; else answers the page `page` makes of the
/// refusal's status and messages.
async fn redirect_or_refuse<T>(
    state: &AppState,
    answer: Result<T, AppError>,
    to: impl FnOnce(T) -> String,
    route: Route,
    page: impl FnOnce(BTreeMap<String, Vec<String>>) -> PageData,
) -> Response {
    match answer.map_err(refusal) {
        Ok(done) => Redirect::to(&to(done)).into_response(),
        Err(Ok((status, errors))) => answer_with_page(state, status, &route, page(errors)).await,
        Err(Err(fault)) => fault.into_response(),
    }
}

fn query_value(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

async fn register(State(state): State<Arc<AppState>>, _: FromThisSite, client: ClientAddress, body: Bytes) -> Response {
    let values = posted_values(&body, &["full_name", "email", "phone_number", "password"]);
    let answer = match body_of::<RegisterBody>(&values) {
        Ok(body) => sign_in::register(State(state.clone()), client, JsonBody(body)).await.map(|(_, answer)| answer.0.email),
        Err(error) => Err(error),
    };
    let to = |email: String| format!("/user/verify?email={}", query_value(&email));
    redirect_or_refuse(&state, answer, to, Route::UserRegister, |errors| PageData::UserRegister(FormOutcome { sent: None, errors, values: kept(values) })).await
}

async fn verify(State(state): State<Arc<AppState>>, _: FromThisSite, client: ClientAddress, body: Bytes) -> Response {
    let values = posted_values(&body, &["email", "otp"]);
    let answer = match body_of::<VerifyBody>(&values) {
        Ok(body) => sign_in::verify_email(State(state.clone()), client, JsonBody(body)).await,
        Err(error) => Err(error),
    };
    let email = values.get("email").cloned().unwrap_or_default();
    let route = Route::UserVerify { email: email.clone() };
    let page = |errors| PageData::UserVerify(VerifyData { email, outcome: FormOutcome { sent: None, errors, values: kept(values) } });
    redirect_or_refuse(&state, answer, |_| "/user/login?verified=1".to_string(), route, page).await
}

/// Step one (the email) asks for a code; step two (with the code and a new password) sets it.
async fn forgot_password(State(state): State<Arc<AppState>>, _: FromThisSite, client: ClientAddress, body: Bytes) -> Response {
    let values = posted_values(&body, &["email", "otp", "password"]);
    let email = values.get("email").cloned().unwrap_or_default();
    if !values.contains_key("otp") {
        let answer = match body_of::<EmailBody>(&values) {
            Ok(body) => sign_in::password_reset(State(state.clone()), client, JsonBody(body)).await,
            Err(error) => Err(error),
        };
        let to = |_| format!("/user/forgot-password?email={}", query_value(email.trim()));
        let page = |errors| PageData::UserForgotPassword(FormOutcome { sent: None, errors, values: kept(values) });
        return redirect_or_refuse(&state, answer, to, Route::UserForgotPassword { email: String::new() }, page).await;
    }
    let answer = match body_of::<ResetConfirmBody>(&values) {
        Ok(body) => sign_in::password_reset_confirm(State(state.clone()), client, JsonBody(body)).await,
        Err(error) => Err(error),
    };
    // A refusal stays on the second step, for the same address.
    let page = |errors| PageData::UserForgotPassword(FormOutcome { sent: Some(texts::RESET_CODE_SENT.to_string()), errors, values: kept(values) });
    redirect_or_refuse(&state, answer, |_| "/user/login?reset=1".to_string(), Route::UserForgotPassword { email }, page).await
}

async fn login(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let values = kept(posted_values(&body, &["email"]));
    let errors = BTreeMap::from([(FORM_WIDE.to_string(), vec![LOGIN_NEEDS_JAVASCRIPT.to_string()])]);
    let page = PageData::UserLogin(FormOutcome { sent: None, errors, values });
    answer_with_page(&state, StatusCode::OK, &Route::UserLogin { verified: false, reset: false }, page).await
}

async fn change_password(State(state): State<Arc<AppState>>) -> Response {
    let errors = BTreeMap::from([(FORM_WIDE.to_string(), vec![CHANGE_PASSWORD_NEEDS_JAVASCRIPT.to_string()])]);
    let page = PageData::UserChangePassword(FormOutcome { errors, ..Default::default() });
    answer_with_page(&state, StatusCode::OK, &Route::UserChangePassword, page).await
}
