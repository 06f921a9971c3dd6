//! Who a request comes from: the signed-in member, from the `Authorization: Bearer` access
//! token; a staff account (the first factor only); and the `Staff` guard of the back office.

use crate::admin::session::StaffSession;
use crate::http::AppError;
use crate::platform::security_events::{self, SecurityEvent};
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use entity::user;
use sea_orm::EntityTrait;
use std::sync::Arc;

/// The contract's answer to a call that needs a signed-in member and has no token.
pub const NO_CREDENTIALS: &str = "Authentication credentials were not provided.";

pub struct Member {
    pub user: user::Model,
    /// The sign-in the token belongs to.
    pub family: String,
}

impl FromRequestParts<Arc<AppState>> for Member {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        let header = parts.headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or("");
        let token = header.strip_prefix("Bearer ").map(str::trim).filter(|t| !t.is_empty()).ok_or_else(|| AppError::Unauthorized(NO_CREDENTIALS.into()))?;
        let claims = state.tokens.verify_access(state.db(), token).await?;
        let user = user::Entity::find_by_id(claims.user_id).one(state.db()).await?.ok_or_else(|| AppError::Unauthorized("User not found".into()))?;
        if !user.is_active {
            return Err(AppError::Unauthorized("This account has been deactivated.".into()));
        }
        Ok(Member { user, family: claims.family })
    }
}

/// A member whose account is staff, signed in with their password only: what the second
/// factor's own calls need. To anyone else they do not exist: a member gets 404.
pub struct StaffAccount(pub Member);

impl FromRequestParts<Arc<AppState>> for StaffAccount {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        let member = Member::from_request_parts(parts, state).await?;
        if !member.user.is_staff {
            security_events::record(SecurityEvent::StaffCallRefused, Some(member.user.id));
            return Err(AppError::NotFound);
        }
        Ok(StaffAccount(member))
    }
}

/// A member of staff in the back office: their staff session cookie (opened by the second
/// factor) names them. To anyone else the back office does not exist: a member gets 404 and a
/// visitor 401, like any signed-in call; a staff member without the second factor 403.
pub struct Staff(pub StaffSession);

impl FromRequestParts<Arc<AppState>> for Staff {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        if let Some(session) = crate::admin::session::find(state.db(), &parts.headers).await? {
            refuse_changes_from_elsewhere(parts, &state.config().public_url, session.user.id)?;
            return Ok(Staff(session));
        }
        let staff = StaffAccount::from_request_parts(parts, state).await?;
        security_events::record(SecurityEvent::StaffCallRefused, Some(staff.0.user.id));
        Err(AppError::Forbidden("Confirm your sign-in with your authenticator code on the login page first.".into()))
    }
}

/// Whether the request's `Origin` (sent by browsers with every change) is the site's own
/// (`PUBLIC_URL`), or absent (a client that is not a browser, which carries no ambient cookie
/// of ours anyway). Never the request's own `Host`: whoever sends the request chooses it (a
/// rebound DNS name reaches this server with its own name in both).
pub(crate) fn same_origin(headers: &axum::http::HeaderMap, public_url: &str) -> bool {
    let origin = headers.get(axum::http::header::ORIGIN).and_then(|v| v.to_str().ok());
    origin.is_none_or(|origin| origin_of(origin).is_some_and(|origin| Some(origin) == origin_of(public_url)))
}

/// The origin of `url` as browsers send it: scheme and host in lower case, the port only when
/// it is not the scheme's own (`https://Example.org:443/` is `https://example.org`).
fn origin_of(url: &str) -> Option<String> {
    let uri: axum::http::Uri = url.parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let host = uri.host()?.to_ascii_lowercase();
    match uri.port_u16() {
        Some(port) if !matches!((scheme.as_str(), port), ("http", 80) | ("https", 443)) => Some(format!("{scheme}://{host}:{port}")),
        _ => Some(format!("{scheme}://{host}")),
    }
}

/// A staff change by `account` (the cookie is SameSite=Strict) must also come from the site's
/// own pages.
pub(crate) fn refuse_changes_from_elsewhere(parts: &Parts, public_url: &str, account: i32) -> Result<(), AppError> {
    if parts.method.is_safe() || same_origin(&parts.headers, public_url) {
        return Ok(());
    }
    security_events::record(SecurityEvent::StaffCallRefused, Some(account));
    Err(AppError::Forbidden(format!("This change must come from the back office's own pages, at {public_url}.")))
}

/// Whether a request carries credentials: a member's token, or the staff cookie (another
/// cookie, say a load balancer's, is none).
pub fn carries_credentials(headers: &axum::http::HeaderMap) -> bool {
    headers.contains_key(AUTHORIZATION) || crate::admin::session::carries_session_cookie(headers)
}

/// Whether a request is a visitor's read (GET or HEAD, no credentials): the only kind a shared
/// cache may answer (`http::front`) or keep (`site::answers::keep_answers`).
pub fn is_visitor_read<B>(request: &axum::http::Request<B>) -> bool {
    matches!(*request.method(), axum::http::Method::GET | axum::http::Method::HEAD) && !carries_credentials(request.headers())
}

/// Whoever is asking: the signed-in member when the request carries a token, else a visitor.
/// A token that is there but not valid is refused as on any signed-in call, not ignored.
pub struct Viewer(pub Option<Member>);

impl Viewer {
    pub fn user_id(&self) -> Option<i32> {
        self.0.as_ref().map(|member| member.user.id)
    }
}

impl FromRequestParts<Arc<AppState>> for Viewer {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        if !parts.headers.contains_key(AUTHORIZATION) {
            return Ok(Viewer(None));
        }
        Member::from_request_parts(parts, state).await.map(|member| Viewer(Some(member)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_compare_as_browsers_send_them() {
        let from = |origin: &str| {
            let mut headers = axum::http::HeaderMap::new();
            headers.insert(axum::http::header::ORIGIN, origin.parse().unwrap());
            headers
        };
        assert!(same_origin(&from("https://www.brightway.example"), "https://WWW.Brightway.example:443"));
        assert!(same_origin(&from("http://127.0.0.1:3000"), "http://127.0.0.1:3000"));
        assert!(same_origin(&axum::http::HeaderMap::new(), "https://www.brightway.example"), "no Origin: not a browser");
        assert!(!same_origin(&from("http://www.brightway.example"), "https://www.brightway.example"), "another scheme");
        assert!(!same_origin(&from("https://www.brightway.example:8443"), "https://www.brightway.example"), "another port");
        assert!(!same_origin(&from("https://brightway.example.evil.test"), "https://brightway.example"));
        assert!(!same_origin(&from("null"), "https://www.brightway.example"), "an opaque origin");
    }
}
