//! Who a request comes from: the signed-in member, from the `Authorization: Bearer` access
//! token, and the `Staff` guard of the back office.

use crate::http::AppError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use entity::user;
use sea_orm::EntityTrait;
use std::sync::Arc;

pub struct Member {
    pub user: user::Model,
    /// The sign-in the token belongs to.
    pub family: String,
}

impl FromRequestParts<Arc<AppState>> for Member {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        let header = parts.headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or("");
        let token = header
            .strip_prefix("Bearer ")
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| AppError::Unauthorized("Authentication credentials were not provided.".into()))?;
        let claims = state.tokens.verify_access(state.db(), token).await?;
        let user = user::Entity::find_by_id(claims.user_id)
            .one(state.db())
            .await?
            .ok_or_else(|| AppError::Unauthorized("User not found".into()))?;
        Ok(Member { user, family: claims.family })
    }
}

/// A signed-in member of staff. To anyone else the back office does not exist: a member gets
/// 404, and a visitor 401 like any signed-in call.
pub struct Staff(pub Member);

impl FromRequestParts<Arc<AppState>> for Staff {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        let member = Member::from_request_parts(parts, state).await?;
        if member.user.is_staff { Ok(Staff(member)) } else { Err(AppError::NotFound) }
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
