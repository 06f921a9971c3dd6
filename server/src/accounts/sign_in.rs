//! `/api/auth/`: registration, email verification, sign-in, token refresh, sign-out and
//! password reset.

use super::texts::{self, password_reset_code, verification_code};
use crate::accounts::codes::{self, Purpose};
use crate::accounts::members;
use crate::accounts::tokens::{self, TokenPair};
use crate::domain::{Email, UkPhone};
use crate::http::AppError;
use crate::http::extract::{ClientAddress, FieldErrors, JsonBody, REQUIRED};
use crate::http::openapi::{ErrorBody, Invalid, MessageAnswer, RateLimited, RegisterAnswer};
use crate::platform::change::Change;
use crate::platform::db::is_unique_violation;
use crate::platform::passwords;
use crate::platform::rate_limit::Limit;
use crate::platform::security_events::{self, SecurityEvent};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use entity::user;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, IntoActiveModel};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::ToSchema;

type Answer = Result<Json<MessageAnswer>, AppError>;

/// The longest full name taken, here and in the profile.
pub const NAME_MAX_CHARS: usize = 150;

fn message(text: &str) -> Json<MessageAnswer> {
    Json(MessageAnswer::new(text))
}

async fn find_user(state: &AppState, email: &Email) -> Result<Option<user::Model>, AppError> {
    Ok(members::find_by_email(state.db(), email).await?)
}

/// Sends a code mail with `change`, logged too when mail goes to files.
async fn queue_code(state: &AppState, change: &mut Change<'_>, user: &user::Model, purpose: Purpose) -> Result<(), AppError> {
    let code = state.codes.issue(change.db(), user.id, purpose).await?;
    let brand = state.brand().await;
    let first_name = texts::first_name(&user.full_name);
    let mail = match purpose {
        Purpose::VerifyEmail => verification_code(&user.email, &brand, first_name, &code),
        Purpose::PasswordReset => password_reset_code(&user.email, &brand, first_name, &code),
    };
    change.mail(mail).await?;
    if state.log_codes {
        tracing::info!(email = %user.email, ?purpose, %code, "one-time code (mail is written to files, not sent)");
    }
    Ok(())
}

#[derive(Deserialize, ToSchema)]
pub struct RegisterBody {
    #[schema(required, value_type = crate::domain::Text<{ NAME_MAX_CHARS }>)]
    full_name: Option<String>,
    #[schema(required, value_type = crate::domain::Email)]
    email: Option<String>,
    #[schema(required, value_type = crate::domain::UkPhone)]
    phone_number: Option<String>,
    /// At least 8 characters, not all digits, not the email.
    #[schema(required, value_type = String, min_length = 8, max_length = 128, pattern = "[^0-9]")]
    password: Option<String>,
}

#[utoipa::path(post, path = "/api/auth/register/", tag = "accounts", request_body = RegisterBody, responses((status = 201, description = "Registered; a 6-digit code is emailed", body = RegisterAnswer), Invalid, RateLimited))]
pub async fn register(
    State(state): State<Arc<AppState>>,
    client: ClientAddress,
    JsonBody(body): JsonBody<RegisterBody>,
) -> Result<(StatusCode, Json<RegisterAnswer>), AppError> {
    state.limiter.check("register", &client.key(), Limit::per_hour(state.config().limits.register_per_hour)).await?;
    let mut errors = FieldErrors::default();
    let full_name = errors.text::<NAME_MAX_CHARS>("full_name", body.full_name.as_deref());
    let email = errors.email("email", body.email.as_deref());
    let phone = errors.required("phone_number", body.phone_number.as_deref());
    let phone = if phone.is_empty() { None } else { UkPhone::parse(&phone).map_err(|e| errors.add("phone_number", e)).ok() };
    let password = errors.new_password("password", body.password, email.as_ref());
    if let Some(email) = &email
        && find_user(&state, email).await?.is_some()
    {
        errors.add("email", texts::EMAIL_TAKEN);
    }
    errors.finish()?;
    let (email, phone) = (email.expect("validated"), phone.expect("validated"));

    let password_hash = passwords::hash_blocking(password).await;
    let mut change = Change::begin(&state).await?;
    let member = members::NewMember { email: &email, password_hash, full_name, phone: Some(&phone), is_verified: false, is_staff: false };
    let created = members::insert(change.db(), member).await;
    let created = match created {
        Ok(user) => user,
        // Two registrations of one address at once: the unique index decides.
        Err(error) if is_unique_violation(&error) => {
            return Err(AppError::field("email", texts::EMAIL_TAKEN));
        }
        Err(error) => return Err(error.into()),
    };
    queue_code(&state, &mut change, &created, Purpose::VerifyEmail).await?;
    change.commit().await?;
    Ok((StatusCode::CREATED, Json(RegisterAnswer::new(texts::REGISTERED, created.email))))
}

#[derive(Deserialize, ToSchema)]
pub struct VerifyBody {
    #[schema(required, value_type = crate::domain::Email)]
    email: Option<String>,
    /// The 6-digit code from the email.
    #[schema(required, value_type = String, min_length = 1, pattern = "^[0-9]{6}$")]
    otp: Option<String>,
}

#[utoipa::path(post, path = "/api/auth/verify-email/", tag = "accounts", request_body = VerifyBody, responses((status = 200, body = MessageAnswer), Invalid, RateLimited))]
pub async fn verify_email(State(state): State<Arc<AppState>>, client: ClientAddress, JsonBody(body): JsonBody<VerifyBody>) -> Answer {
    let limit = Limit::per_minute(state.config().limits.login_per_minute);
    state.limiter.check("verify", &client.key(), limit).await?;
    let mut errors = FieldErrors::default();
    let email = errors.email("email", body.email.as_deref());
    let otp = errors.required("otp", body.otp.as_deref());
    errors.finish()?;
    let email = email.expect("validated");
    // Guesses spread over many addresses still count against the one account they target.
    state.limiter.check("verify-account", email.as_str(), limit).await?;
    let Some(user) = find_user(&state, &email).await? else {
        return Err(AppError::field("otp", texts::INVALID_CODE));
    };
    if user.is_verified {
        return Err(AppError::BadRequest(texts::ALREADY_VERIFIED.into()));
    }
    let code = state.codes.check(state.db(), user.id, Purpose::VerifyEmail, &otp).await?;
    let change = Change::begin(&state).await?;
    codes::use_up(change.db(), code).await?;
    let mut row = user.into_active_model();
    row.is_verified = Set(true);
    row.updated_at = Set(Utc::now());
    row.update(change.db()).await?;
    change.commit().await?;
    Ok(message(texts::VERIFIED))
}

#[derive(Deserialize, ToSchema)]
pub struct EmailBody {
    #[schema(required, value_type = crate::domain::Email)]
    email: Option<String>,
}

fn wait_message(seconds: i64) -> AppError {
    AppError::TooManyRequests { message: texts::wait_for_code(seconds), retry_after_seconds: seconds as u64 }
}

#[utoipa::path(post, path = "/api/auth/resend-otp/", tag = "accounts", request_body = EmailBody, responses((status = 200, description = "The same answer whether or not the account exists", body = MessageAnswer), Invalid, RateLimited))]
pub async fn resend_otp(State(state): State<Arc<AppState>>, client: ClientAddress, JsonBody(body): JsonBody<EmailBody>) -> Answer {
    let mut errors = FieldErrors::default();
    let email = errors.email("email", body.email.as_deref());
    errors.finish()?;
    let email = email.expect("validated");
    let limit = Limit::per_hour(state.config().limits.resend_per_hour);
    state.limiter.check("resend", &client.key(), limit).await?;
    state.limiter.check("resend-account", email.as_str(), limit).await?;
    let sent = MessageAnswer::new(texts::CODE_RESENT);
    let Some(user) = find_user(&state, &email).await? else {
        // Unknown addresses get the same answer: the endpoint does not reveal who has an account.
        return Ok(Json(sent));
    };
    if user.is_verified {
        return Err(AppError::BadRequest(texts::ALREADY_VERIFIED.into()));
    }
    if let Some(seconds) = state.codes.wait_before_next(state.db(), user.id, Purpose::VerifyEmail).await? {
        return Err(wait_message(seconds));
    }
    if state.codes.issued_in_last_hour(state.db(), user.id, Purpose::VerifyEmail).await? >= u64::from(limit.count) {
        return Err(AppError::TooManyRequests { message: crate::http::error::TOO_MANY_REQUESTS.into(), retry_after_seconds: 3600 });
    }
    let mut change = Change::begin(&state).await?;
    queue_code(&state, &mut change, &user, Purpose::VerifyEmail).await?;
    change.commit().await?;
    Ok(Json(sent))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginBody {
    #[schema(required, value_type = crate::domain::Email)]
    email: Option<String>,
    #[schema(required, value_type = String, min_length = 1, pattern = r"\S")]
    password: Option<String>,
}

/// What a staff account is asked for after its password, before the back office opens.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SecondFactor {
    /// Set up an authenticator app (`POST /api/admin/enrolment/`).
    Enrol,
    /// Give its code (`POST /api/admin/session/`).
    Code,
}

#[derive(Serialize, ToSchema)]
pub struct LoginAnswer {
    #[serde(flatten)]
    tokens: TokenPair,
    /// Staff accounts only: the second factor the back office asks for.
    #[serde(skip_serializing_if = "Option::is_none")]
    second_factor: Option<SecondFactor>,
}

#[utoipa::path(post, path = "/api/auth/login/", tag = "accounts", request_body = LoginBody, responses((status = 200, body = LoginAnswer), Invalid, (status = 401, description = "Wrong email or password; `detail` says so", body = ErrorBody), (status = 403, description = "The email is not verified yet", body = ErrorBody), RateLimited))]
pub async fn login(State(state): State<Arc<AppState>>, client: ClientAddress, JsonBody(body): JsonBody<LoginBody>) -> Result<Json<LoginAnswer>, AppError> {
    let mut errors = FieldErrors::default();
    let email = errors.email("email", body.email.as_deref());
    let password = body.password.unwrap_or_default();
    if password.trim().is_empty() {
        errors.add("password", REQUIRED);
    }
    errors.finish()?;
    let email = email.expect("validated");
    let limit = Limit::per_minute(state.config().limits.login_per_minute);
    let address = client.key();
    state.limiter.check("login", &address, limit).await?;
    // Wrong passwords count per account and address together: someone guessing from
    // elsewhere slows themselves down, never the owner signing in from their own address.
    let failures = format!("{email}|{address}");
    let failure_limit = Limit::per_quarter_hour(state.config().limits.login_failures_per_quarter_hour);
    // The try is taken before the password is compared and given back if it matches, so
    // that a burst of simultaneous guesses cannot all be compared.
    state.limiter.check("login-failure", &failures, failure_limit).await?;

    let user = find_user(&state, &email).await?;
    let matches = passwords::verify_blocking(password, user.as_ref().map(|u| u.password_hash.clone())).await;
    let user = match user {
        Some(user) if matches && user.is_active => user,
        user => {
            security_events::record(SecurityEvent::SignInFailed, user.map(|user| user.id));
            return Err(AppError::Unauthorized(texts::WRONG_CREDENTIALS.into()));
        }
    };
    state.limiter.give_back("login-failure", &failures).await?;
    if !user.is_verified {
        return Err(AppError::Forbidden(texts::NOT_VERIFIED.into()));
    }
    let tokens = state.tokens.issue(state.db(), user.id, None).await?;
    let second_factor = user.is_staff.then(|| if user.totp_enrolled_at.is_some() { SecondFactor::Code } else { SecondFactor::Enrol });
    Ok(Json(LoginAnswer { tokens, second_factor }))
}

#[derive(Deserialize, ToSchema)]
pub struct RefreshBody {
    #[schema(required, value_type = String, min_length = 1, pattern = r"\S")]
    refresh: Option<String>,
}

fn refresh_token(body: RefreshBody) -> Result<String, AppError> {
    let mut errors = FieldErrors::default();
    let token = errors.required("refresh", body.refresh.as_deref());
    errors.finish()?;
    Ok(token)
}

#[utoipa::path(post, path = "/api/auth/token/refresh/", tag = "accounts", request_body = RefreshBody, responses((status = 200, description = "A new pair; the refresh token rotates", body = TokenPair), Invalid, (status = 401, description = "The refresh token is invalid, expired, used or revoked", body = ErrorBody)))]
pub async fn refresh(State(state): State<Arc<AppState>>, JsonBody(body): JsonBody<RefreshBody>) -> Result<Json<TokenPair>, AppError> {
    Ok(Json(state.tokens.refresh(&state, &refresh_token(body)?).await?))
}

#[utoipa::path(post, path = "/api/auth/logout/", tag = "accounts", request_body = RefreshBody, responses((status = 200, body = MessageAnswer), Invalid, (status = 401, description = "The refresh token is invalid or expired", body = ErrorBody)))]
pub async fn logout(State(state): State<Arc<AppState>>, JsonBody(body): JsonBody<RefreshBody>) -> Answer {
    let token = refresh_token(body)?;
    let (_, family) = state.tokens.family_of(&token).ok_or_else(|| AppError::Unauthorized(texts::TOKEN_INVALID.into()))?;
    tokens::revoke_family(state.db(), &family).await?;
    Ok(message(texts::LOGGED_OUT))
}

#[utoipa::path(post, path = "/api/auth/password-reset/", tag = "accounts", request_body = EmailBody, responses((status = 200, description = "The same answer whether or not the account exists", body = MessageAnswer), Invalid, RateLimited))]
pub async fn password_reset(State(state): State<Arc<AppState>>, client: ClientAddress, JsonBody(body): JsonBody<EmailBody>) -> Answer {
    let mut errors = FieldErrors::default();
    let email = errors.email("email", body.email.as_deref());
    errors.finish()?;
    let email = email.expect("validated");
    let limit = Limit::per_hour(state.config().limits.reset_per_hour);
    state.limiter.check("reset", &client.key(), limit).await?;
    state.limiter.check("reset-account", email.as_str(), limit).await?;
    if let Some(user) = find_user(&state, &email).await? {
        // Within a minute of the last code, or past the hour's limit, nothing is sent, but
        // the answer stays the same.
        let waiting = state.codes.wait_before_next(state.db(), user.id, Purpose::PasswordReset).await?.is_some();
        if !waiting && state.codes.issued_in_last_hour(state.db(), user.id, Purpose::PasswordReset).await? < u64::from(limit.count) {
            let mut change = Change::begin(&state).await?;
            queue_code(&state, &mut change, &user, Purpose::PasswordReset).await?;
            change.commit().await?;
        }
    }
    Ok(message(texts::RESET_CODE_SENT))
}

#[derive(Deserialize, ToSchema)]
pub struct ResetConfirmBody {
    #[schema(required, value_type = crate::domain::Email)]
    email: Option<String>,
    /// The 6-digit code from the email.
    #[schema(required, value_type = String, min_length = 1, pattern = "^[0-9]{6}$")]
    otp: Option<String>,
    /// The new password: at least 8 characters, not all digits, not the email.
    #[schema(required, value_type = String, min_length = 8, max_length = 128, pattern = "[^0-9]")]
    password: Option<String>,
}

#[utoipa::path(post, path = "/api/auth/password-reset-confirm/", tag = "accounts", request_body = ResetConfirmBody, responses((status = 200, body = MessageAnswer), Invalid, RateLimited))]
pub async fn password_reset_confirm(State(state): State<Arc<AppState>>, client: ClientAddress, JsonBody(body): JsonBody<ResetConfirmBody>) -> Answer {
    let limit = Limit::per_minute(state.config().limits.login_per_minute);
    state.limiter.check("reset-confirm", &client.key(), limit).await?;
    let mut errors = FieldErrors::default();
    let email = errors.email("email", body.email.as_deref());
    let otp = errors.required("otp", body.otp.as_deref());
    let password = errors.new_password("password", body.password, email.as_ref());
    errors.finish()?;
    let email = email.expect("validated");
    state.limiter.check("reset-confirm-account", email.as_str(), limit).await?;
    let Some(user) = find_user(&state, &email).await? else {
        return Err(AppError::field("otp", texts::INVALID_CODE));
    };
    let code = state.codes.check(state.db(), user.id, Purpose::PasswordReset, &otp).await?;
    let password_hash = passwords::hash_blocking(password).await;
    let change = Change::begin(&state).await?;
    codes::use_up(change.db(), code).await?;
    let user_id = user.id;
    let mut row = user.into_active_model();
    row.password_hash = Set(password_hash);
    // The code came by mail, so the address is proven too.
    row.is_verified = Set(true);
    row.updated_at = Set(Utc::now());
    row.update(change.db()).await?;
    tokens::revoke_all(change.db(), user_id, None).await?;
    change.commit().await?;
    Ok(message(texts::PASSWORD_RESET))
}
