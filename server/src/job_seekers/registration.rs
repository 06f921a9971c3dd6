//! `POST /api/job-seekers/`: a person (signed in or not) registers with the agency.

use super::links::{confirm_url, unsubscribe_url};
use super::texts::{self, AlertsLink};
use super::wanted_work::{WantedWork, WantedWorkForm};
use crate::accounts::signed_in::Viewer;
use crate::domain::UkPhone;
use crate::http::AppError;
use crate::http::extract::{ClientAddress, FieldErrors, MultipartForm, NO_FILE};
use crate::http::openapi::{ErrorBody, Invalid, RateLimited, Unauthenticated, WRITTEN_TYPES};
use crate::http::upload::{FileField, FormFields, WRITTEN_KINDS};
use crate::platform::change::Change;
use crate::platform::mail::outbox::Mail;
use crate::platform::rate_limit::Limit;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use entity::job_seeker;
use entity::words::JobAlerts;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

const NAME_MAX_CHARS: usize = 150;

/// The multipart form of `POST /api/job-seekers/`. Roles and towns are one a line (or
/// comma-separated); no town means anywhere, no employment type means any. Job alerts start
/// once the address is confirmed from a mail, at once for a signed-in member whose verified
/// address it is.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only its OpenAPI schema is used: the multipart form is read field by field")]
pub struct JobSeekerForm {
    #[schema(value_type = crate::domain::Text<{ NAME_MAX_CHARS }>)]
    full_name: String,
    #[schema(value_type = crate::domain::Email)]
    email: String,
    #[schema(value_type = crate::domain::UkPhone)]
    phone_number: String,
    /// At most 10, each at most 80 characters.
    #[schema(value_type = String, min_length = 1, pattern = r"[^\s,\u0000]")]
    roles: String,
    #[schema(required = false, value_type = String)]
    locations: Option<String>,
    /// Alerts only for jobs near this postcode of Great Britain (`LS1 4AP`) or district
    /// (`LS1`); only its district is kept.
    #[schema(required = false, value_type = crate::places::PostcodeArea)]
    near: Option<String>,
    /// With `near`: how far, in miles; 25 unless said, at most `NEAR_MAX_MILES` (50 unless configured).
    #[schema(required = false, value_type = f64, minimum = 1, maximum = 50)]
    within: Option<String>,
    /// Comma-separated: `full_time`, `part_time`, `contract`, `temporary`.
    #[schema(required = false, value_type = String, pattern = r"^ *((full_time|part_time|contract|temporary) *(, *(full_time|part_time|contract|temporary) *)*)?$")]
    employment_types: Option<String>,
    /// `true` to get job alerts.
    #[schema(required = false, value_type = String, pattern = "^(true|false)$")]
    job_alerts: Option<String>,
    #[schema(value_type = String, format = Binary)]
    cv: Vec<u8>,
}

#[derive(Serialize, ToSchema)]
pub struct JobSeekerRegistered {
    id: i32,
    message: String,
}

/// Registers a job seeker with a private CV; rate limited per client address.
#[utoipa::path(post, path = "/api/job-seekers/", operation_id = "register_job_seeker", tag = "job seekers", security((), ("bearer" = [])), request_body(content = JobSeekerForm, content_type = "multipart/form-data", encoding(("cv" = (content_type = WRITTEN_TYPES)))), responses((status = 201, body = JobSeekerRegistered), Invalid, Unauthenticated, (status = 413, description = "The CV is over the upload limit (UPLOAD_MAX_MIB, 5 MiB by default)", body = ErrorBody), (status = 415, description = "The CV is not a PDF or Word document", body = ErrorBody), RateLimited))]
pub async fn register(
    State(state): State<Arc<AppState>>,
    client: ClientAddress,
    viewer: Viewer,
    form: MultipartForm,
) -> Result<(StatusCode, Json<JobSeekerRegistered>), AppError> {
    state.limiter.check("job-seeker", &client.key(), Limit::per_hour(state.config().limits.job_seekers_per_hour)).await?;
    let mut fields = FormFields::read(form, &[FileField::one("cv", state.config().limits.document_bytes, WRITTEN_KINDS)]).await?;
    let mut errors = FieldErrors::default();
    let full_name = errors.text::<NAME_MAX_CHARS>("full_name", fields.text("full_name"));
    let email = errors.email("email", fields.text("email"));
    let phone = errors.required("phone_number", fields.text("phone_number"));
    let phone = if phone.is_empty() { None } else { UkPhone::parse(&phone).map_err(|problem| errors.add("phone_number", problem)).ok() };
    let form = WantedWorkForm {
        roles: fields.text("roles"),
        locations: fields.text("locations"),
        employment_types: fields.text("employment_types"),
        near: fields.text("near"),
        within: fields.text("within"),
    };
    let wanted = WantedWork::parse(&mut errors, form, state.config().distances);
    let wants_alerts = match fields.text("job_alerts").unwrap_or("") {
        "true" | "on" => true,
        "false" | "" => false,
        _ => {
            errors.add("job_alerts", texts::NOT_A_BOOLEAN);
            false
        }
    };
    let cv = fields.take_file("cv");
    if cv.is_none() {
        errors.add("cv", NO_FILE);
    }
    errors.finish()?;
    let (email, phone, cv) = (email.expect("validated"), phone.expect("validated"), cv.expect("validated"));
    // A member's verified address needs no confirming; anyone else's does before any alert.
    let verified = viewer.0.as_ref().is_some_and(|member| member.user.is_verified && member.user.email == email.as_str());
    let alerts = match (wants_alerts, verified) {
        (false, _) => JobAlerts::Off,
        (true, true) => JobAlerts::On,
        (true, false) => JobAlerts::Unconfirmed,
    };

    let key = state.storage.put("job-seekers", cv.kind, cv.bytes).await?;
    let brand = state.brand().await;
    let saved = async {
        let mut change = Change::begin(&state).await?;
        let now = Utc::now();
        let saved = job_seeker::ActiveModel {
            user_id: Set(viewer.user_id()),
            full_name: Set(full_name),
            email: Set(email.as_str().to_string()),
            phone_number: Set(phone.as_str().to_string()),
            roles: Set(wanted.roles.join("\n")),
            locations: Set(wanted.locations.join("\n")),
            near_district: Set(wanted.near.as_ref().map(|near| near.area.district().to_owned())),
            within_miles: Set(wanted.near.as_ref().map(|near| near.within_miles)),
            employment_types: Set(wanted.employment_types_text()),
            cv: Set(key.clone()),
            alerts: Set(alerts),
            alerted_until: Set(now),
            last_alert_at: Set(None),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(change.db())
        .await?;
        if alerts == JobAlerts::On {
            // One person, one alert: an earlier registration of the address stops its alerts.
            job_seeker::Entity::update_many()
                .col_expr(job_seeker::Column::Alerts, Expr::value(JobAlerts::Off))
                .filter(job_seeker::Column::Email.eq(saved.email.clone()))
                .filter(job_seeker::Column::Id.ne(saved.id))
                .exec(change.db())
                .await?;
        }
        change.mail(welcome(&state, &brand, &saved, &wanted)).await?;
        change.commit().await?;
        Ok::<_, AppError>(saved)
    }
    .await;
    let saved = state.storage.unless_failed(&[key], saved).await?;
    Ok((StatusCode::CREATED, Json(JobSeekerRegistered { id: saved.id, message: texts::registered(alerts).into() })))
}

/// The mail that confirms a registration: with the link that starts alerts when they wait for
/// it, or the link that stops them when they are on.
fn welcome(state: &AppState, brand: &str, seeker: &job_seeker::Model, wanted: &WantedWork) -> Mail {
    let link = match seeker.alerts {
        JobAlerts::Unconfirmed => AlertsLink::Confirm(confirm_url(state, seeker.id)),
        JobAlerts::On => AlertsLink::Stop(unsubscribe_url(state, seeker.id)),
        JobAlerts::Off => AlertsLink::None,
    };
    texts::welcome(&seeker.email, &seeker.full_name, brand, &wanted.roles, link)
}
