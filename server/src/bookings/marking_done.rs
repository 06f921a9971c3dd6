//! The provider marks a visit done, from their schedule: the API route under `/api/schedule/`,
//! with the booking's completion (`completion`) behind it.

use super::completion::{self, CompletedBy, Report};
use crate::accounts::signed_in::Member;
use crate::http::AppError;
use crate::http::extract::{FieldErrors, MultipartForm, RecordId};
use crate::http::openapi::{ErrorBody, Invalid, Unauthenticated};
use crate::http::upload::{FileField, FormFields};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use std::sync::Arc;
use utoipa::ToSchema;

/// The photos a completion takes: a before and an after (the form's weight allows two files).
const COMPLETION_PHOTOS: usize = 2;

/// What the provider says of a job they mark done.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only its OpenAPI schema is used: the multipart form is read field by field")]
pub struct CompletionForm {
    /// Shown to the customer on the booking's messages.
    #[schema(required = false, value_type = crate::domain::TextOrEmpty<{ crate::messages::texts::BODY_MAX_CHARS }>)]
    notes: Option<String>,
    /// Up to two JPEG, PNG or WebP photos (each at most `UPLOAD_MAX_MIB`), sent as repeated `photo`
    /// fields and stored without the place they were taken.
    #[schema(value_type = Option<Vec<String>>, format = Binary)]
    photo: Option<Vec<Vec<u8>>>,
}

/// The provider marks a job they took done, once it has started, with optional notes and
/// photos (posted on the booking's messages): the booking is Completed, and its customer
/// invited to review it.
#[utoipa::path(post, path = "/api/schedule/jobs/{id}/complete/", operation_id = "complete_job", tag = "scheduling", security(("bearer" = [])),
    params(("id" = i32, Path, minimum = 1, description = "The booking's id")),
    request_body(content = CompletionForm, content_type = "multipart/form-data", encoding(("photo" = (content_type = crate::messages::handlers::PHOTO_TYPES)))),
    responses(
        (status = 204, description = "Marked done"), Invalid, Unauthenticated,
        (status = 404, description = "Not a job of yours", body = ErrorBody),
        (status = 409, description = "Changed meanwhile", body = ErrorBody),
        (status = 413, description = "A photo is over its size limit", body = ErrorBody),
        (status = 415, description = "A photo is not a JPEG, PNG or WebP", body = ErrorBody),
    ))]
pub async fn complete_visit(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId, form: MultipartForm) -> Result<StatusCode, AppError> {
    // Refused before the photos are read.
    completion::completable(&state, id, CompletedBy::Provider(&member.user)).await?;
    let photos = FileField { most: COMPLETION_PHOTOS, ..FileField::one("photo", state.config().limits.document_bytes, crate::messages::handlers::PHOTO_KINDS) };
    let mut fields = FormFields::read(form, &[photos]).await?;
    let mut errors = FieldErrors::default();
    let notes = errors.text_or_empty::<{ crate::messages::texts::BODY_MAX_CHARS }>("notes", fields.text("notes"));
    errors.finish()?;
    let report = Report { notes, photos: fields.take_files("photo") };
    completion::complete(&state, id, CompletedBy::Provider(&member.user), report).await?;
    Ok(StatusCode::NO_CONTENT)
}
