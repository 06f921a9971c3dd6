//! Who a request comes from: the signed-in member, from the `Authorization: Bearer` access
//! token; a staff account (the first factor only); and the `Staff` guard of the back office.

use crate::accounts::staff_session::StaffSession;
use crate::http::AppError;
use crate::http::origin::refuse_changes_from_elsewhere;
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
        if let Some(session) = crate::accounts::staff_session::find(state.db(), &parts.headers).await? {
            refuse_changes_from_elsewhere(parts, &state.config().public_url, session.user.id)?;
            return Ok(Staff(session));
        }
        let staff = StaffAccount::from_request_parts(parts, state).await?;
        security_events::record(SecurityEvent::StaffCallRefused, Some(staff.0.user.id));
        Err(AppError::Forbidden("Confirm your sign-in with your authenticator code on the login page first.".into()))
    }
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
