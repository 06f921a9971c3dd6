//! One-time codes sent by mail: 6 digits from a secure source, kept as a keyed hash, valid
//! 10 minutes, single use, dead after 5 wrong tries; a new code replaces the old one.

use super::texts::{CODE_FORMAT, INVALID_CODE, TOO_MANY_WRONG_CODES};
use crate::http::AppError;
use crate::platform::secrets::constant_time_eq;
use crate::platform::security_events::{self, SecurityEvent};
use chrono::{Duration, Utc};
use entity::one_time_code;
use hmac::{Hmac, Mac};
use rand::Rng;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use sha2::Sha256;

pub const LIFETIME: Duration = Duration::minutes(10);
/// Tries a code allows: a right code still works on the fifth try, after four wrong ones.
pub const MAX_TRIES: i32 = 5;
/// A member may ask for a new code once a minute.
pub const RESEND_INTERVAL: Duration = Duration::minutes(1);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    VerifyEmail,
    PasswordReset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verify_email",
            Purpose::PasswordReset => "password_reset",
        }
    }
}

/// Hashes codes with a server secret, so a copy of the database cannot be brute-forced.
pub struct Codes {
    key: Vec<u8>,
}

impl Codes {
    pub fn new(key: &[u8]) -> Self {
        Codes { key: key.to_vec() }
    }

    fn digest(&self, user_id: i32, purpose: Purpose, code: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(format!("{user_id}:{}:{code}", purpose.as_str()).as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    /// Seconds to wait before another code may be sent, if any.
    pub async fn wait_before_next(&self, db: &impl ConnectionTrait, user_id: i32, purpose: Purpose) -> Result<Option<i64>, DbErr> {
        let latest = latest(db, user_id, purpose).await?;
        Ok(latest.and_then(|code| {
            let ready = code.created_at + RESEND_INTERVAL;
            let now = Utc::now();
            (ready > now).then(|| Ord::max((ready - now).num_seconds(), 1))
        }))
    }

    /// How many codes of `purpose` the member was sent in the last hour. The rate limiter
    /// forgets least used keys first; this count, kept in the database, cannot be flushed.
    pub async fn issued_in_last_hour(&self, db: &impl ConnectionTrait, user_id: i32, purpose: Purpose) -> Result<u64, DbErr> {
        one_time_code::Entity::find()
            .filter(one_time_code::Column::UserId.eq(user_id))
            .filter(one_time_code::Column::Purpose.eq(purpose.as_str()))
            .filter(one_time_code::Column::CreatedAt.gt(Utc::now() - Duration::hours(1)))
            .count(db)
            .await
    }

    /// A fresh code; earlier ones of the same purpose stop working.
    pub async fn issue(&self, db: &impl ConnectionTrait, user_id: i32, purpose: Purpose) -> Result<String, DbErr> {
        let code = format!("{:06}", rand::rng().random_range(0..1_000_000));
        let now = Utc::now();
        one_time_code::Entity::update_many()
            .col_expr(one_time_code::Column::UsedAt, Expr::value(now))
            .filter(one_time_code::Column::UserId.eq(user_id))
            .filter(one_time_code::Column::Purpose.eq(purpose.as_str()))
            .filter(one_time_code::Column::UsedAt.is_null())
            .exec(db)
            .await?;
        one_time_code::Entity::insert(one_time_code::ActiveModel {
            user_id: Set(user_id),
            purpose: Set(purpose.as_str().into()),
            code_hash: Set(self.digest(user_id, purpose, &code)),
            attempts: Set(0),
            expires_at: Set(now + LIFETIME),
            used_at: Set(None),
            created_at: Set(now),
            ..Default::default()
        })
        .exec_without_returning(db)
        .await?;
        Ok(code)
    }

    /// Checks `given` against the member's current code. Each try is counted before the
    /// comparison, in one conditional update outside any transaction, so a burst of
    /// simultaneous guesses gets no more than `MAX_TRIES` comparisons between them, and a wrong
    /// try counts even though its request fails. A match is used up by [`use_up`], inside the
    /// transaction of what the code allows.
    pub async fn check(&self, db: &impl ConnectionTrait, user_id: i32, purpose: Purpose, given: &str) -> Result<MatchedCode, AppError> {
        let wrong = |message: &str| {
            security_events::record(SecurityEvent::WrongEmailCode, Some(user_id));
            AppError::field("otp", message)
        };
        let given = given.trim();
        if given.len() != 6 || !given.chars().all(|c| c.is_ascii_digit()) {
            return Err(wrong(CODE_FORMAT));
        }
        let Some(code) = latest(db, user_id, purpose).await?.filter(|c| c.used_at.is_none() && c.expires_at > Utc::now()) else {
            return Err(wrong(INVALID_CODE));
        };
        let counted = one_time_code::Entity::update_many()
            .col_expr(one_time_code::Column::Attempts, Expr::col(one_time_code::Column::Attempts).add(1))
            .filter(one_time_code::Column::Id.eq(code.id))
            .filter(one_time_code::Column::Attempts.lt(MAX_TRIES))
            .filter(one_time_code::Column::UsedAt.is_null())
            .exec(db)
            .await?;
        if counted.rows_affected == 0 {
            // Used meanwhile by another request, or out of tries: the row says which.
            let tried_out = one_time_code::Entity::find_by_id(code.id).one(db).await?.is_some_and(|c| c.used_at.is_none() && c.attempts >= MAX_TRIES);
            return Err(wrong(if tried_out { TOO_MANY_WRONG_CODES } else { INVALID_CODE }));
        }
        let expected = self.digest(user_id, purpose, given);
        if !constant_time_eq(expected.as_bytes(), code.code_hash.as_bytes()) {
            return Err(wrong(INVALID_CODE));
        }
        Ok(MatchedCode(code.id))
    }
}

/// A code that matched; [`use_up`] spends it.
#[must_use = "a matched code must be used up in the transaction of what it allows"]
pub struct MatchedCode(i32);

/// Marks a matched code used, in the transaction of what it allows: both happen or neither.
/// A code used meanwhile by another request is refused.
pub async fn use_up(txn: &impl ConnectionTrait, code: MatchedCode) -> Result<(), AppError> {
    let used = one_time_code::Entity::update_many()
        .col_expr(one_time_code::Column::UsedAt, Expr::value(Utc::now()))
        .filter(one_time_code::Column::Id.eq(code.0))
        .filter(one_time_code::Column::UsedAt.is_null())
        .exec(txn)
        .await?;
    if used.rows_affected == 0 {
        return Err(AppError::field("otp", INVALID_CODE));
    }
    Ok(())
}

async fn latest(db: &impl ConnectionTrait, user_id: i32, purpose: Purpose) -> Result<Option<one_time_code::Model>, DbErr> {
    one_time_code::Entity::find()
        .filter(one_time_code::Column::UserId.eq(user_id))
        .filter(one_time_code::Column::Purpose.eq(purpose.as_str()))
        .order_by_desc(one_time_code::Column::CreatedAt)
        .order_by_desc(one_time_code::Column::Id)
        .one(db)
        .await
}
