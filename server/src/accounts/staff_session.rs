//! The staff session: opened when a staff member's second factor matches, named by an
//! HttpOnly, SameSite=Strict cookie (so the back office's server-rendered pages know who asks,
//! and no other site can make a browser use it), short-lived, and tied to the member sign-in it
//! was opened from: logging out, a password change or deactivation end it at once.

use crate::accounts::tokens::family_is_live;
use crate::http::credentials::{STAFF_COOKIE, staff_cookie};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, HeaderValue};
use chrono::{DateTime, Utc};
use entity::{staff_session, user};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use sha2::{Digest, Sha256};
use std::time::Duration;

fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A signed-in staff member, as the session cookie names them.
pub struct StaffSession {
    pub user: user::Model,
    pub session_id: i32,
}

/// Opens a session for `user_id`'s sign-in `family`; returns the cookie's token.
pub async fn open(db: &impl ConnectionTrait, user_id: i32, family: &str, lasts: Duration) -> Result<(String, DateTime<Utc>), DbErr> {
    let token = hex::encode(rand::random::<[u8; 32]>());
    let now = Utc::now();
    let expires_at = now + chrono::Duration::from_std(lasts).unwrap_or(chrono::Duration::hours(8));
    staff_session::Entity::insert(staff_session::ActiveModel {
        user_id: Set(user_id),
        token_hash: Set(token_hash(&token)),
        family: Set(family.to_string()),
        created_at: Set(now),
        expires_at: Set(expires_at),
        ended_at: Set(None),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok((token, expires_at))
}

/// The staff member whose live session `headers`' cookie names: not ended or expired, still
/// staff and active, and their sign-in not revoked.
pub async fn find(db: &impl ConnectionTrait, headers: &HeaderMap) -> Result<Option<StaffSession>, DbErr> {
    let Some(token) = staff_cookie(headers) else { return Ok(None) };
    let found = staff_session::Entity::find()
        .filter(staff_session::Column::TokenHash.eq(token_hash(&token)))
        .filter(staff_session::Column::EndedAt.is_null())
        .filter(staff_session::Column::ExpiresAt.gt(Utc::now()))
        .one(db)
        .await?;
    let Some(session) = found else { return Ok(None) };
    let Some(user) = user::Entity::find_by_id(session.user_id).one(db).await? else { return Ok(None) };
    if !user.is_staff || !user.is_active || !family_is_live(db, user.id, &session.family).await? {
        return Ok(None);
    }
    Ok(Some(StaffSession { user, session_id: session.id }))
}

/// Ends the session `headers`' cookie names, if any.
pub async fn end(db: &impl ConnectionTrait, headers: &HeaderMap) -> Result<(), DbErr> {
    if let Some(token) = staff_cookie(headers) {
        staff_session::Entity::update_many()
            .col_expr(staff_session::Column::EndedAt, Expr::value(Utc::now()))
            .filter(staff_session::Column::TokenHash.eq(token_hash(&token)))
            .filter(staff_session::Column::EndedAt.is_null())
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Ends every staff session of a member (deactivated, no longer staff, or a new password).
pub async fn end_all(db: &impl ConnectionTrait, user_id: i32) -> Result<(), DbErr> {
    staff_session::Entity::update_many()
        .col_expr(staff_session::Column::EndedAt, Expr::value(Utc::now()))
        .filter(staff_session::Column::UserId.eq(user_id))
        .filter(staff_session::Column::EndedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// The `Set-Cookie` that names a session (`secure` when the site is served over HTTPS).
pub fn set_cookie(headers: &mut HeaderMap, token: &str, lasts: Duration, secure: bool) {
    let secure = if secure { "; Secure" } else { "" };
    let value = format!("{STAFF_COOKIE}={token}; Path=/; Max-Age={}; HttpOnly; SameSite=Strict{secure}", lasts.as_secs());
    headers.append(SET_COOKIE, HeaderValue::from_str(&value).expect("a hex token is a valid header"));
}

/// The `Set-Cookie` that removes the session's cookie.
pub fn clear_cookie(headers: &mut HeaderMap, secure: bool) {
    let secure = if secure { "; Secure" } else { "" };
    let value = format!("{STAFF_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict{secure}");
    headers.append(SET_COOKIE, HeaderValue::from_str(&value).expect("a valid header"));
}
