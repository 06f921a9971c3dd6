//! A staff member's second factor, asked for after their password on the ordinary login page:
//! enrolment (a secret shown as a QR code, confirmed by a first code, then ten recovery codes),
//! and signing in with a code or a recovery code, which opens the staff session.

use super::second_factor;
use super::texts;
use crate::accounts::signed_in::StaffAccount;
use crate::accounts::staff_session as session;
use crate::http::AppError;
use crate::http::extract::JsonBody;
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, Unauthenticated};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::platform::rate_limit::Limit;
use crate::platform::security_events::{self, SecurityEvent};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use entity::{staff_recovery_code, user};
use sea_orm::Condition;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::ToSchema;

/// Where a staff member stands with the second factor.
#[derive(Serialize, ToSchema)]
pub struct SecondFactorState {
    /// Whether an authenticator app is set up; if not, enrol first.
    enrolled: bool,
    /// Whether this browser holds a live staff session.
    signed_in: bool,
}

/// Whether the staff member has enrolled an authenticator, and is signed in to the back office.
#[utoipa::path(get, path = "/api/admin/session/", tag = "back office", security(("bearer" = [])), responses((status = 200, body = SecondFactorState), Unauthenticated, (status = 404, description = "Not a staff account", body = ErrorBody)))]
pub async fn state(State(state): State<Arc<AppState>>, StaffAccount(member): StaffAccount, headers: HeaderMap) -> Result<Json<SecondFactorState>, AppError> {
    let signed_in = session::find(state.db(), &headers).await?.is_some_and(|s| s.user.id == member.user.id);
    Ok(Json(SecondFactorState { enrolled: member.user.totp_enrolled_at.is_some(), signed_in }))
}

/// A new authenticator secret, to scan or type into an app.
#[derive(Serialize, ToSchema)]
pub struct Enrolment {
    /// Base32, for typing in by hand.
    secret: String,
    /// The `otpauth://` address the QR code holds.
    otpauth_url: String,
    /// The QR code, as an SVG document drawn by this server.
    qr_svg: String,
}

/// Starts setting up the authenticator: a new secret, replacing one not yet confirmed.
#[utoipa::path(post, path = "/api/admin/enrolment/", tag = "back office", security(("bearer" = [])), responses((status = 201, body = Enrolment), (status = 400, description = "Already set up", body = ErrorBody), Unauthenticated, (status = 404, description = "Not a staff account", body = ErrorBody)))]
pub async fn enrol(State(state): State<Arc<AppState>>, StaffAccount(member): StaffAccount) -> Result<(StatusCode, Json<Enrolment>), AppError> {
    let secret = second_factor::new_secret();
    let change = Change::begin(&state).await?;
    let started = user::Entity::update_many()
        .col_expr(user::Column::TotpSecret, Expr::value(secret.clone()))
        .filter(user::Column::Id.eq(member.user.id))
        .filter(user::Column::TotpEnrolledAt.is_null())
        .exec(change.db())
        .await?;
    change.commit().await?;
    if started.rows_affected == 0 {
        return Err(AppError::BadRequest(texts::ALREADY_ENROLLED.into()));
    }
    let otpauth_url = second_factor::otpauth_url(&secret, &member.user.email, &state.brand().await);
    let qr_svg = second_factor::qr_svg(&otpauth_url);
    Ok((StatusCode::CREATED, Json(Enrolment { secret, otpauth_url, qr_svg })))
}

#[derive(Deserialize, ToSchema)]
pub struct CodeBody {
    /// The 6 digits the authenticator app shows.
    #[schema(required, value_type = String, pattern = r"^\s*\d{3}\s?\d{3}\s*$")]
    code: Option<String>,
}

/// The recovery codes, shown once.
#[derive(Serialize, ToSchema)]
pub struct EnrolmentDone {
    recovery_codes: Vec<String>,
    #[schema(format = DateTime)]
    session_expires_at: String,
}

/// Confirms the authenticator with a first code: answers ten single-use recovery codes and
/// opens the staff session (its cookie).
#[utoipa::path(post, path = "/api/admin/enrolment/confirm/", tag = "back office", security(("bearer" = [])), request_body = CodeBody, responses((status = 200, body = EnrolmentDone, headers(("set-cookie" = String, description = "The staff session"))), Invalid, Unauthenticated, (status = 404, description = "Not a staff account", body = ErrorBody), RateLimited))]
pub async fn confirm_enrolment(
    State(state): State<Arc<AppState>>,
    StaffAccount(member): StaffAccount,
    JsonBody(body): JsonBody<CodeBody>,
) -> Result<Response, AppError> {
    let user = &member.user;
    let limit = failure_limit(&state);
    let key = user.id.to_string();
    let Some(secret) = user.totp_secret.clone().filter(|_| user.totp_enrolled_at.is_none()) else {
        return Err(AppError::BadRequest(texts::ENROL_FIRST.into()));
    };
    // The try is taken before the code is compared, and given back if it is right: a burst
    // of simultaneous codes cannot all be compared.
    state.limiter.check("staff-code", &key, limit).await?;
    let code = body.code.unwrap_or_default();
    let Some(step) = second_factor::accepted_step(&secret, &code, None, unix_now()) else {
        security_events::record(SecurityEvent::WrongStaffCode, Some(user.id));
        return Err(AppError::field("code", texts::WRONG_CODE));
    };
    let codes = second_factor::new_recovery_codes();
    let mut change = Change::begin(&state).await?;
    let confirmed = user::Entity::update_many()
        .col_expr(user::Column::TotpEnrolledAt, Expr::value(Utc::now()))
        .col_expr(user::Column::TotpLastStep, Expr::value(step))
        .filter(user::Column::Id.eq(user.id))
        .filter(user::Column::TotpEnrolledAt.is_null())
        .filter(user::Column::TotpSecret.eq(secret))
        .exec(change.db())
        .await?;
    if confirmed.rows_affected == 0 {
        return Err(AppError::BadRequest(texts::ENROL_AGAIN.into()));
    }
    replace_recovery_codes(change.db(), user.id, &codes).await?;
    let (token, expires_at) = session::open(change.db(), user.id, &member.family, state.config().staff_session).await?;
    change.audit(user, Action::new("staff.enrol", "user", Some(user.id), texts::ENROLLED_ENTRY)).await?;
    change.commit().await?;
    state.limiter.give_back("staff-code", &key).await?;
    let answer = EnrolmentDone { recovery_codes: codes, session_expires_at: crate::http::timestamp(expires_at) };
    Ok(with_session_cookie(&state, &token, Json(answer).into_response()))
}

async fn replace_recovery_codes(db: &impl ConnectionTrait, user_id: i32, codes: &[String]) -> Result<(), sea_orm::DbErr> {
    staff_recovery_code::Entity::delete_many().filter(staff_recovery_code::Column::UserId.eq(user_id)).exec(db).await?;
    let now = Utc::now();
    let rows = codes.iter().map(|code| staff_recovery_code::ActiveModel {
        user_id: Set(user_id),
        code_hash: Set(second_factor::recovery_code_hash(code)),
        used_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    });
    staff_recovery_code::Entity::insert_many(rows).exec_without_returning(db).await?;
    Ok(())
}

#[derive(Deserialize, ToSchema)]
pub struct SecondFactorBody {
    /// The 6 digits the authenticator app shows; or give `recovery_code`.
    #[schema(value_type = String)]
    code: Option<String>,
    /// One of the ten recovery codes, for a lost phone; each works once.
    #[schema(value_type = String)]
    recovery_code: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct StaffSessionAnswer {
    #[schema(format = DateTime)]
    session_expires_at: String,
    /// Recovery codes not used yet.
    recovery_codes_left: u64,
}

/// The second factor a sign-in gives.
enum Given<'a> {
    Code(&'a str),
    RecoveryCode(&'a str),
}

/// Gives the second factor: opens the staff session (its cookie) for this sign-in. A code
/// works once; so does a recovery code.
#[utoipa::path(post, path = "/api/admin/session/", tag = "back office", security(("bearer" = [])), request_body = SecondFactorBody, responses((status = 200, body = StaffSessionAnswer, headers(("set-cookie" = String, description = "The staff session"))), Invalid, Unauthenticated, (status = 404, description = "Not a staff account", body = ErrorBody), RateLimited))]
pub async fn sign_in(
    State(state): State<Arc<AppState>>,
    StaffAccount(member): StaffAccount,
    JsonBody(body): JsonBody<SecondFactorBody>,
) -> Result<Response, AppError> {
    let user = &member.user;
    let (Some(secret), Some(_)) = (user.totp_secret.clone(), user.totp_enrolled_at) else {
        return Err(AppError::BadRequest(texts::SET_UP_FIRST.into()));
    };
    let limit = failure_limit(&state);
    let key = user.id.to_string();
    let code = body.code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let recovery = body.recovery_code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let given = match (code, recovery) {
        (Some(code), _) => Given::Code(code),
        (None, Some(recovery)) => Given::RecoveryCode(recovery),
        (None, None) => return Err(AppError::field("code", texts::CODE_MISSING)),
    };
    // The try is taken before the code is compared, and given back if it is right: a burst
    // of simultaneous codes cannot all be compared. An empty form takes none.
    state.limiter.check("staff-code", &key, limit).await?;
    let mut change = Change::begin(&state).await?;
    let (accepted, how, field, wrong) = match given {
        Given::Code(code) => {
            let step = second_factor::accepted_step(&secret, code, user.totp_last_step, unix_now());
            // Conditional on the last step, so one code cannot open two sessions at once.
            let accepted = match step {
                Some(step) => {
                    user::Entity::update_many()
                        .col_expr(user::Column::TotpLastStep, Expr::value(step))
                        .filter(user::Column::Id.eq(user.id))
                        .filter(Condition::any().add(user::Column::TotpLastStep.is_null()).add(user::Column::TotpLastStep.lt(step)))
                        .exec(change.db())
                        .await?
                        .rows_affected
                        == 1
                }
                None => false,
            };
            (accepted, "an authenticator code", "code", texts::WRONG_CODE)
        }
        Given::RecoveryCode(recovery) => {
            let used = staff_recovery_code::Entity::update_many()
                .col_expr(staff_recovery_code::Column::UsedAt, Expr::value(Utc::now()))
                .filter(staff_recovery_code::Column::UserId.eq(user.id))
                .filter(staff_recovery_code::Column::CodeHash.eq(second_factor::recovery_code_hash(recovery)))
                .filter(staff_recovery_code::Column::UsedAt.is_null())
                .exec(change.db())
                .await?;
            (used.rows_affected == 1, "a recovery code", "recovery_code", texts::WRONG_RECOVERY_CODE)
        }
    };
    if !accepted {
        security_events::record(SecurityEvent::WrongStaffCode, Some(user.id));
        return Err(AppError::field(field, wrong));
    }
    let (token, expires_at) = session::open(change.db(), user.id, &member.family, state.config().staff_session).await?;
    let left = staff_recovery_code::Entity::find()
        .filter(staff_recovery_code::Column::UserId.eq(user.id))
        .filter(staff_recovery_code::Column::UsedAt.is_null())
        .count(change.db())
        .await?;
    change.audit(user, Action::new("staff.sign_in", "user", Some(user.id), texts::signed_in_entry(how))).await?;
    change.commit().await?;
    state.limiter.give_back("staff-code", &key).await?;
    let answer = StaffSessionAnswer { session_expires_at: crate::http::timestamp(expires_at), recovery_codes_left: left };
    Ok(with_session_cookie(&state, &token, Json(answer).into_response()))
}

/// Signs out of the back office (the member stays signed in to the site).
#[utoipa::path(delete, path = "/api/admin/session/", tag = "back office", responses((status = 204, description = "Signed out; the cookie is cleared")))]
pub async fn sign_out(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, AppError> {
    session::end(state.db(), &headers).await?;
    let mut response = StatusCode::NO_CONTENT.into_response();
    session::clear_cookie(response.headers_mut(), secure(&state));
    Ok(response)
}

fn failure_limit(state: &AppState) -> Limit {
    Limit::per_quarter_hour(state.config().limits.staff_code_failures_per_quarter_hour)
}

fn unix_now() -> u64 {
    Utc::now().timestamp().max(0) as u64
}

/// Whether the site is served over HTTPS, so that the cookie is marked `Secure`.
pub(super) fn secure(state: &AppState) -> bool {
    state.config().public_url.starts_with("https://")
}

fn with_session_cookie(state: &AppState, token: &str, mut response: Response) -> Response {
    session::set_cookie(response.headers_mut(), token, state.config().staff_session, secure(state));
    response
}
