//! JWT sessions. An access token lives 15 minutes; a refresh token 7 days and is single use:
//! each refresh rotates it within its family (one sign-in). Presenting a used refresh token
//! means it was stolen or replayed, so the whole family is revoked. Access tokens name their
//! family, so revoking a family (logout, password change or reset) ends them too.

use super::texts::{self, TOKEN_NOT_VALID};
use crate::http::AppError;
use crate::platform::change::Change;
use crate::state::AppState;
use chrono::{Duration, Utc};
use entity::{refresh_token, user};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};

pub const ACCESS_LIFETIME: Duration = Duration::minutes(15);
pub const REFRESH_LIFETIME: Duration = Duration::days(7);

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Kind {
    Access,
    Refresh,
}

#[derive(Serialize, Deserialize, Debug)]
struct Claims {
    /// The member's id.
    sub: String,
    typ: Kind,
    /// The sign-in this token belongs to.
    fam: String,
    /// Unique per token; the key of a refresh token's row.
    jti: String,
    iat: i64,
    exp: i64,
}

/// What a valid access token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessClaims {
    pub user_id: i32,
    pub family: String,
}

/// What signing in or refreshing answers.
#[derive(Serialize, Debug, utoipa::ToSchema)]
pub struct TokenPair {
    /// A JWT for `Authorization: Bearer`, valid 15 minutes.
    pub access: String,
    /// Single use, valid 7 days; trade it at `token/refresh/` for a new pair.
    pub refresh: String,
}

pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

fn random_id() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

impl Tokens {
    pub fn new(secret: &[u8]) -> Self {
        Tokens { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret) }
    }

    fn sign(&self, claims: &Claims) -> String {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding).expect("HS256 signing cannot fail")
    }

    fn decode(&self, token: &str, kind: Kind) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).ok()?.claims;
        (claims.typ == kind).then_some(claims)
    }

    /// A new access and refresh token; `family` continues a sign-in, `None` starts one.
    pub async fn issue(&self, db: &impl ConnectionTrait, user_id: i32, family: Option<String>) -> Result<TokenPair, DbErr> {
        let now = Utc::now();
        let family = family.unwrap_or_else(random_id);
        let refresh = Claims {
            sub: user_id.to_string(),
            typ: Kind::Refresh,
            fam: family.clone(),
            jti: random_id(),
            iat: now.timestamp(),
            exp: (now + REFRESH_LIFETIME).timestamp(),
        };
        refresh_token::Entity::insert(refresh_token::ActiveModel {
            user_id: Set(user_id),
            jti: Set(refresh.jti.clone()),
            family: Set(family.clone()),
            expires_at: Set(now + REFRESH_LIFETIME),
            used_at: Set(None),
            revoked_at: Set(None),
            created_at: Set(now),
            ..Default::default()
        })
        .exec_without_returning(db)
        .await?;
        let access = Claims {
            sub: user_id.to_string(),
            typ: Kind::Access,
            fam: family,
            jti: random_id(),
            iat: now.timestamp(),
            exp: (now + ACCESS_LIFETIME).timestamp(),
        };
        Ok(TokenPair { access: self.sign(&access), refresh: self.sign(&refresh) })
    }

    /// Checks an access token's signature, expiry and that its sign-in is still live.
    pub async fn verify_access(&self, db: &impl ConnectionTrait, token: &str) -> Result<AccessClaims, AppError> {
        let invalid = || AppError::Unauthorized(TOKEN_NOT_VALID.into());
        let claims = self.decode(token, Kind::Access).ok_or_else(invalid)?;
        let user_id = claims.sub.parse().map_err(|_| invalid())?;
        if !family_is_live(db, user_id, &claims.fam).await? {
            return Err(invalid());
        }
        Ok(AccessClaims { user_id, family: claims.fam })
    }

    /// Trades a refresh token for a new pair, in one transaction: the old token is marked used
    /// and the new one written together, and a family that has been revoked (even while this
    /// ran) is never extended. A token used before revokes its family.
    pub async fn refresh(&self, state: &AppState, token: &str) -> Result<TokenPair, AppError> {
        let invalid = || AppError::Unauthorized(texts::TOKEN_INVALID.into());
        let claims = self.decode(token, Kind::Refresh).ok_or_else(invalid)?;
        let now = Utc::now();
        let change = Change::begin(state).await?;
        // The transaction's first statement writes: SQLite then waits for its write lock (a
        // read first would fail at once with "database is locked" when another connection
        // writes in between). Marked only if nobody did yet: two racing refreshes cannot both win.
        let marked = refresh_token::Entity::update_many()
            .col_expr(refresh_token::Column::UsedAt, Expr::value(now))
            .filter(refresh_token::Column::Jti.eq(&claims.jti))
            .filter(refresh_token::Column::UsedAt.is_null())
            .filter(refresh_token::Column::RevokedAt.is_null())
            .filter(refresh_token::Column::ExpiresAt.gt(now))
            .exec(change.db())
            .await?;
        let row = refresh_token::Entity::find().filter(refresh_token::Column::Jti.eq(&claims.jti)).one(change.db()).await?.ok_or_else(invalid)?;
        if marked.rows_affected == 0 {
            if row.revoked_at.is_none() && row.expires_at > now {
                tracing::warn!(user_id = row.user_id, "a used refresh token was presented again; revoking its sign-in");
                revoke_family(change.db(), &row.family).await?;
                change.commit().await?;
            }
            return Err(invalid());
        }
        let pair = self.issue(change.db(), row.user_id, Some(row.family.clone())).await?;
        if !family_is_live(change.db(), row.user_id, &row.family).await? {
            return Err(invalid());
        }
        change.commit().await?;
        Ok(pair)
    }

    /// The family of a refresh token, if the token is genuine (whether or not still usable).
    pub fn family_of(&self, token: &str) -> Option<(i32, String)> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.set_required_spec_claims(&["sub"]);
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).ok()?.claims;
        (claims.typ == Kind::Refresh).then(|| claims.sub.parse().ok().map(|id| (id, claims.fam))).flatten()
    }
}

/// A sign-in is live while none of its tokens has been revoked: revoking marks every token of
/// the family, and one revoked token is enough, so a token written by a racing refresh after
/// the revocation cannot bring the family back.
pub async fn family_is_live(db: &impl ConnectionTrait, user_id: i32, family: &str) -> Result<bool, DbErr> {
    let (tokens, revoked) = refresh_token::Entity::find()
        .filter(refresh_token::Column::Family.eq(family))
        .filter(refresh_token::Column::UserId.eq(user_id))
        .select_only()
        .column_as(refresh_token::Column::Id.count(), "tokens")
        .column_as(refresh_token::Column::RevokedAt.count(), "revoked")
        .into_tuple::<(i64, i64)>()
        .one(db)
        .await?
        .unwrap_or((0, 0));
    Ok(tokens > 0 && revoked == 0)
}

pub async fn revoke_family(db: &impl ConnectionTrait, family: &str) -> Result<(), DbErr> {
    refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(refresh_token::Column::Family.eq(family))
        .filter(refresh_token::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Ends every sign-in of a member, but `keep` (the one changing the password, say), and every
/// signed link to their pages already sent (a mail's link to a booking's thread): whoever
/// held their sign-in may hold those too.
pub async fn revoke_all(db: &impl ConnectionTrait, user_id: i32, keep: Option<&str>) -> Result<(), DbErr> {
    user::Entity::update_many()
        .col_expr(user::Column::LinkVersion, Expr::col(user::Column::LinkVersion).add(1))
        .filter(user::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    let mut update = refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(refresh_token::Column::UserId.eq(user_id))
        .filter(refresh_token::Column::RevokedAt.is_null());
    if let Some(family) = keep {
        update = update.filter(refresh_token::Column::Family.ne(family));
    }
    update.exec(db).await?;
    Ok(())
}
