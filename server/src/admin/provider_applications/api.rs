//! The back office's JSON calls about provider applications: thin handlers over this subject's functions, which its pages use too.

use super::{Decision, REASON_MAX_CHARS, texts};
use crate::accounts::signed_in::Staff;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::ProviderApplication;
use axum::Json;
use axum::extract::State;
use entity::words::{Filter, ProviderStatus};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

type ProviderStatusFilter = Filter<ProviderStatus>;

/// Provider applications, oldest first.
#[utoipa::path(get, path = "/api/admin/providers/", tag = "back office", params(
    ("status" = inline(Option<ProviderStatusFilter>), Query, description = "Pending (the default), Approved, Rejected or All"),
    crate::http::list::PageParams,
), responses((status = 200, body = Paginated<ProviderApplication>), Invalid, StaffOnly))]
pub async fn provider_applications(
    State(state): State<Arc<AppState>>,
    _staff: Staff,
    query: ListQuery,
) -> Result<Json<Paginated<ProviderApplication>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.filter(&mut errors, "status", Filter::Only(ProviderStatus::Pending));
    errors.finish()?;
    let (count, rows) = super::list(state.db(), status.word(), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct DecisionBody {
    /// `approve` or `reject`.
    #[schema(required, value_type = String, pattern = "^(approve|reject)$")]
    pub decision: Option<String>,
    /// Why, for a rejection (the member is told); required then.
    #[schema(value_type = String, max_length = 1000)]
    pub reason: Option<String>,
}

/// The decision a body asks for, or its field errors.
pub fn parse_decision(body: &DecisionBody) -> Result<Decision, AppError> {
    let mut errors = FieldErrors::default();
    let decision = match body.decision.as_deref().map(str::trim) {
        Some("approve") => Some(Decision::Approve),
        Some("reject") => {
            let reason = errors.required_text("reason", body.reason.as_deref(), REASON_MAX_CHARS);
            Some(Decision::Reject(reason))
        }
        _ => {
            errors.add("decision", texts::CHOOSE_DECISION);
            None
        }
    };
    errors.finish()?;
    Ok(decision.expect("validated"))
}

/// Approves a provider application, or rejects it with a reason; the member is told by
/// notification and email.
#[utoipa::path(post, path = "/api/admin/providers/{id}/decision/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = DecisionBody, responses(
    (status = 200, body = ProviderApplication), Invalid, StaffOnly,
    (status = 409, description = "Someone else decided meanwhile", body = crate::http::openapi::ErrorBody),
))]
pub async fn decide(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<DecisionBody>,
) -> Result<Json<ProviderApplication>, AppError> {
    let decision = parse_decision(&body)?;
    Ok(Json(super::decide(&state, &staff.user, id, decision).await?))
}
