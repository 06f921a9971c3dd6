//! What a request carries that says who sends it: a member's token or the staff cookie. Only a
//! visitor's read (neither) may be answered or kept by a shared cache.

use axum::http::HeaderMap;
use axum::http::header::{AUTHORIZATION, COOKIE};

/// The staff session's cookie (`accounts::staff_session`).
pub const STAFF_COOKIE: &str = "bw_staff";

/// The staff session cookie's token, if the request carries one (live or not).
pub fn staff_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == STAFF_COOKIE && !value.is_empty())
        .map(|(_, value)| value.to_string())
}

/// Whether a request carries credentials: a member's token, or the staff cookie (another
/// cookie, say a load balancer's, is none).
pub fn carries_credentials(headers: &HeaderMap) -> bool {
    headers.contains_key(AUTHORIZATION) || staff_cookie(headers).is_some()
}

/// Whether a request is a visitor's read (GET or HEAD, no credentials): the only kind a shared
/// cache may answer (`http::front`) or keep (`site::answers::keep_answers`).
pub fn is_visitor_read<B>(request: &axum::http::Request<B>) -> bool {
    matches!(*request.method(), axum::http::Method::GET | axum::http::Method::HEAD) && !carries_credentials(request.headers())
}
