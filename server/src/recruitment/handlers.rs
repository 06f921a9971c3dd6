//! `POST /api/send-recruitment/`, and the one write path it shares with the pages' own form.

use super::request::{DETAILS_MAX_CHARS, RecruitmentRequest, SHORT_MAX_CHARS};
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
use entity::recruitment_request;
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// The contract's recruitment body. Open to visitors.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only its OpenAPI schema is used: the body is read as a map, as the pages' form without JavaScript is")]
pub struct RecruitmentBody {
    #[schema(value_type = crate::domain::Text<{ SHORT_MAX_CHARS }>)]
    company_name: String,
    #[schema(value_type = crate::domain::Text<{ SHORT_MAX_CHARS }>)]
    contact_name: String,
    #[schema(value_type = crate::domain::Email)]
    email: String,
    #[schema(value_type = crate::domain::UkPhone)]
    phone_number: String,
    #[schema(value_type = crate::domain::Text<{ SHORT_MAX_CHARS }>)]
    role: String,
    #[schema(minimum = 1, maximum = 10000)]
    number_of_staff: i32,
    #[schema(value_type = crate::domain::Text<{ SHORT_MAX_CHARS }>)]
    location: String,
    /// Today or later (UK time).
    #[schema(format = Date)]
    start_date: String,
    #[schema(required = false, value_type = Option<crate::domain::TextOrEmpty<{ DETAILS_MAX_CHARS }>>)]
    details: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RecruitmentSent {
    id: i32,
    message: String,
}

/// Stores a request and queues its two mails in one transaction: the company's copy to the
/// address in the website info, and the sender's confirmation. Returns the request's id.
pub async fn record(state: &AppState, request: RecruitmentRequest, user_id: Option<i32>) -> Result<i32, AppError> {
    let info = website_info(state.db(), state.config().brand.as_deref()).await?;
    let brand = &info.brand;
    let company_mail = texts::company_copy(&info.email, brand, &request);
    let confirmation = texts::confirmation(brand, &request);
    let mut change = Change::begin(state).await?;
    let saved = recruitment_request::ActiveModel {
        user_id: Set(user_id),
        company_name: Set(request.company_name),
        contact_name: Set(request.contact_name),
        email: Set(request.email.as_str().to_string()),
        phone_number: Set(request.phone.as_str().to_string()),
        role: Set(request.role),
        number_of_staff: Set(request.number_of_staff),
        location: Set(request.location),
        start_date: Set(Some(request.start_date)),
        details: Set(request.details),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(change.db())
    .await?;
    change.mail(company_mail).await?;
    change.mail(confirmation).await?;
    change.commit().await?;
    Ok(saved.id)
}

/// Sends the company a recruitment request; rate limited per client address.
#[utoipa::path(post, path = "/api/send-recruitment/", tag = "recruitment", security((), ("bearer" = [])), request_body = RecruitmentBody, responses((status = 201, body = RecruitmentSent), Invalid, Unauthenticated, RateLimited))]
pub async fn send(
    State(state): State<Arc<AppState>>,
    client: ClientAddress,
    viewer: Viewer,
    JsonBody(body): JsonBody<serde_json::Map<String, serde_json::Value>>,
) -> Result<(StatusCode, Json<RecruitmentSent>), AppError> {
    state.limiter.check("recruitment", &client.key(), Limit::per_hour(state.config().limits.recruitment_per_hour)).await?;
    let request = RecruitmentRequest::parse(&body).map_err(|errors| errors.finish().expect_err("parse fails with errors"))?;
    let id = record(&state, request, viewer.user_id()).await?;
    Ok((StatusCode::CREATED, Json(RecruitmentSent { id, message: texts::SENT.into() })))
}
