//! The member's own data rights: download everything we hold, and delete the account.

use super::erasure::{self, ErasedBy};
use super::export;
use super::texts;
use crate::accounts::signed_in::Member;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody};
use crate::http::openapi::{Invalid, MessageAnswer, RateLimited, Unauthenticated};
use crate::platform::passwords;
use crate::platform::rate_limit::Limit;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// A JSON document as a file to save, never cached.
pub fn download(data: serde_json::Value, name: &str) -> Response {
    let mut response = Json(data).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// Everything we hold about the signed-in member, as a JSON file: account, documents (signed
/// links that work 15 minutes), bookings, payments, job posts and applications, provider
/// records, reviews, notifications, bookmarks, and the recruitment requests, contact messages
/// and job-seeker registrations the account proves are theirs (sent signed in, or confirmed
/// through the link mailed to the address).
#[utoipa::path(get, path = "/api/auth/my-data/", tag = "accounts", security(("bearer" = [])), responses((status = 200, description = "The member's data, as an attachment", content_type = "application/json", body = Object), Unauthenticated))]
pub async fn my_data(State(state): State<Arc<AppState>>, member: Member) -> Result<Response, AppError> {
    let data = export::member_data(&state, &member.user, super::Reach::Account).await?;
    Ok(download(data, &format!("my-data-{}.json", crate::domain::uk_time::today())))
}

#[derive(Deserialize, ToSchema)]
pub struct DeleteAccountBody {
    /// The account's password, to confirm.
    #[schema(required, value_type = String, min_length = 1)]
    password: Option<String>,
}

/// Deletes the signed-in member's account: documents and CVs leave storage, personal fields
/// are erased, every sign-in ends. Bookings and payments stay, anonymised; reviews stay as
/// "Former member".
#[utoipa::path(post, path = "/api/auth/delete-account/", tag = "accounts", security(("bearer" = [])), request_body = DeleteAccountBody, responses((status = 200, body = MessageAnswer), Invalid, Unauthenticated, RateLimited))]
pub async fn delete_account(
    State(state): State<Arc<AppState>>,
    member: Member,
    JsonBody(body): JsonBody<DeleteAccountBody>,
) -> Result<Json<MessageAnswer>, AppError> {
    // A stolen access token must not become a fast oracle for the account's password.
    state.limiter.check("delete-account", &member.user.id.to_string(), Limit::per_minute(state.config().limits.login_per_minute)).await?;
    let mut errors = FieldErrors::default();
    let password = errors.required("password", body.password.as_deref());
    errors.finish()?;
    if !passwords::verify_blocking(password, Some(member.user.password_hash.clone())).await {
        return Err(AppError::field("password", texts::WRONG_PASSWORD));
    }
    erasure::erase(&state, &member.user, ErasedBy::Member).await?;
    Ok(Json(MessageAnswer::new(texts::ACCOUNT_DELETED)))
}
