//! `POST /api/contact/`, and the one write path it shares with the page's own form.

use super::message::{BODY_MAX_CHARS, ContactMessage, SHORT_MAX_CHARS};
use super::texts;
use crate::accounts::signed_in::Viewer;
use crate::catalogue::website_info::website_info;
use crate::http::AppError;
use crate::http::extract::{ClientAddress, JsonBody};
use crate::http::openapi::{Invalid, RateLimited, Unauthenticated};
use crate::platform::change::Change;
use crate::platform::rate_limit::Limit;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use entity::words::ContactStatus;
use entity::{contact_message, user};
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// A message to the company. Open to visitors.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only its OpenAPI schema is used: the body is read as a map, as the page's form without JavaScript is")]
pub struct ContactBody {
    #[schema(value_type = crate::domain::Text<{ SHORT_MAX_CHARS }>)]
    full_name: String,
    #[schema(value_type = crate::domain::Email)]
    email: String,
    #[schema(required = false, value_type = Option<crate::domain::UkPhoneOrEmpty>)]
    phone_number: Option<String>,
    #[schema(value_type = crate::domain::Text<{ SHORT_MAX_CHARS }>)]
    subject: String,
    /// The message itself.
    #[schema(value_type = crate::domain::Text<{ BODY_MAX_CHARS }>)]
    body: String,
}

#[derive(Serialize, ToSchema)]
pub struct ContactSent {
    id: i32,
    message: String,
}

/// The rate limit of contact messages, per client address.
pub async fn check_limit(state: &AppState, client: &ClientAddress) -> Result<(), AppError> {
    Ok(state.limiter.check("contact", &client.key(), Limit::per_hour(state.config().limits.contact_per_hour)).await?)
}

/// Stores a message and queues its two mails in one transaction: the company's copy to the
/// address in the website info (staff answer from the inbox's "Reply by email"), and the
/// sender's: a copy of what they wrote when `sender`, a signed-in member with a verified
/// address, gave that address, else a receipt that quotes nothing of it.
/// Returns the message's id.
pub async fn record(state: &AppState, sent: ContactMessage, sender: Option<&user::Model>) -> Result<i32, AppError> {
    let info = website_info(state.db(), state.config().brand.as_deref()).await?;
    let brand = &info.brand;
    let phone = sent.phone.as_ref().map(|phone| phone.as_str().to_string()).unwrap_or_default();
    let company_mail = texts::company_copy(&info.email, brand, &sent);
    let verified_own = sender.filter(|member| member.is_verified && member.email.eq_ignore_ascii_case(sent.email.as_str()));
    let mut change = Change::begin(state).await?;
    let saved = contact_message::ActiveModel {
        user_id: Set(sender.map(|member| member.id)),
        full_name: Set(sent.full_name.clone()),
        email: Set(sent.email.as_str().to_string()),
        phone_number: Set(phone),
        subject: Set(sent.subject.clone()),
        message: Set(sent.body.clone()),
        status: Set(ContactStatus::New),
        staff_notes: Set(String::new()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(change.db())
    .await?;
    let senders_mail = match verified_own {
        Some(member) => texts::member_copy(&member.email, brand, &sent, saved.id),
        None => texts::receipt(sent.email.as_str(), brand, saved.id),
    };
    change.mail(company_mail).await?;
    change.mail(senders_mail).await?;
    change.commit().await?;
    Ok(saved.id)
}

/// Sends the company a message from the contact page; rate limited per client address.
#[utoipa::path(post, path = "/api/contact/", operation_id = "send_contact_message", tag = "contact", security((), ("bearer" = [])), request_body = ContactBody, responses((status = 201, body = ContactSent), Invalid, Unauthenticated, RateLimited))]
pub async fn send(
    State(state): State<Arc<AppState>>,
    client: ClientAddress,
    viewer: Viewer,
    JsonBody(body): JsonBody<serde_json::Map<String, serde_json::Value>>,
) -> Result<(StatusCode, Json<ContactSent>), AppError> {
    // A mistyped form costs no try: only a message that would be sent counts.
    let sent = ContactMessage::parse(&body).map_err(|errors| errors.finish().expect_err("parse fails with errors"))?;
    check_limit(&state, &client).await?;
    let id = record(&state, sent, viewer.0.as_ref().map(|member| &member.user)).await?;
    Ok((StatusCode::CREATED, Json(ContactSent { id, message: texts::SENT.into() })))
}
