//! `/api/auth/profile/`, certificates and password change: the signed-in member's own data.
//! Documents are stored under random names and shown only as signed, expiring links.

use crate::accounts::sign_in::NAME_MAX_CHARS;
use crate::accounts::signed_in::Member;
use crate::accounts::texts;
use crate::accounts::tokens;
use crate::domain::text::TextProblem;
use crate::domain::{Email, Text, TextOrEmpty, UkPhone, UkPostcode};
use crate::http::extract::{FieldErrors, JsonBody, ProfileForm, REQUIRED, RecordId, form_error};
use crate::http::openapi::{DOCUMENT_TYPES, ErrorBody, Invalid, MessageAnswer, PICTURE_TYPES, ProfileUpdateForm, RateLimited, Unauthenticated};
use crate::http::upload::{DOCUMENT_KINDS, FileRefusal, PICTURE_KINDS, PICTURE_LIMIT};
use crate::http::{AppError, timestamp};
use crate::platform::change::Change;
use crate::platform::passwords;
use crate::platform::photo_metadata;
use crate::platform::rate_limit::Limit;
use crate::platform::storage::{FileKind, Storage};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bytes::Bytes;
use chrono::{NaiveDate, Utc};
use entity::{certificate, user};
use sea_orm::{
    ActiveModelTrait, ActiveValue, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::ToSchema;

/// The longest address line, city or country taken.
pub const ADDRESS_MAX_CHARS: usize = 200;

/// A certificate as the API shows it.
#[derive(Serialize, ToSchema)]
pub struct CertificateView {
    id: i32,
    name: String,
    /// A signed link that works for 15 minutes.
    file: String,
    #[schema(format = DateTime)]
    uploaded_at: String,
}

/// The contract's user object; file fields are signed links that work for 15 minutes.
#[derive(Serialize, ToSchema)]
pub struct UserView {
    id: i32,
    full_name: String,
    #[schema(value_type = crate::domain::Email)]
    email: String,
    phone_number: String,
    address_line_1: String,
    postcode: String,
    city: String,
    country: String,
    #[schema(required)]
    profile_picture: Option<String>,
    #[schema(required)]
    resume: Option<String>,
    #[schema(required)]
    passport: Option<String>,
    #[schema(required)]
    utility_bill: Option<String>,
    #[schema(required, format = Date)]
    date_of_birth: Option<String>,
    #[schema(required)]
    other_documents: Option<String>,
    is_verified: bool,
    certificates: Vec<CertificateView>,
    #[schema(format = DateTime)]
    date_joined: String,
}

pub async fn user_view(state: &AppState, user: &user::Model) -> Result<UserView, AppError> {
    let link = |key: &Option<String>| key.as_deref().map(|k| state.storage.signed_url(k));
    let certificates = certificate::Entity::find()
        .filter(certificate::Column::UserId.eq(user.id))
        .order_by_asc(certificate::Column::Id)
        .all(state.db())
        .await?
        .into_iter()
        .map(|c| CertificateView { id: c.id, name: c.name, file: state.storage.signed_url(&c.file), uploaded_at: timestamp(c.uploaded_at) })
        .collect();
    Ok(UserView {
        id: user.id,
        full_name: user.full_name.clone(),
        email: user.email.clone(),
        phone_number: user.phone_number.clone(),
        address_line_1: user.address_line_1.clone(),
        postcode: user.postcode.clone(),
        city: user.city.clone(),
        country: user.country.clone(),
        profile_picture: link(&user.profile_picture),
        resume: link(&user.resume),
        passport: link(&user.passport),
        utility_bill: link(&user.utility_bill),
        date_of_birth: user.date_of_birth.map(|d| d.format("%Y-%m-%d").to_string()),
        other_documents: link(&user.other_documents),
        is_verified: user.is_verified,
        certificates,
        date_joined: timestamp(user.date_joined),
    })
}

#[utoipa::path(get, path = "/api/auth/profile/", operation_id = "show_profile", tag = "accounts", security(("bearer" = [])), responses((status = 200, body = UserView), Unauthenticated))]
pub async fn show(State(state): State<Arc<AppState>>, member: Member) -> Result<Json<UserView>, AppError> {
    Ok(Json(user_view(&state, &member.user).await?))
}

/// A readable name for a certificate: the uploaded file's name without its folder.
fn certificate_name(file_name: Option<&str>) -> String {
    let name: String = file_name.unwrap_or("").rsplit(['/', '\\']).next().unwrap_or("").chars().filter(|c| !c.is_control()).take(120).collect();
    if name.trim().is_empty() { texts::CERTIFICATE.into() } else { name.trim().to_string() }
}

struct Upload {
    field: &'static str,
    kind: FileKind,
    bytes: Bytes,
    file_name: Option<String>,
}

#[utoipa::path(patch, path = "/api/auth/profile/", operation_id = "update_profile", tag = "accounts", security(("bearer" = [])), request_body(content = ProfileUpdateForm, content_type = "multipart/form-data", encoding(("profile_picture" = (content_type = PICTURE_TYPES)), ("resume" = (content_type = DOCUMENT_TYPES)), ("passport" = (content_type = DOCUMENT_TYPES)), ("utility_bill" = (content_type = DOCUMENT_TYPES)), ("other_documents" = (content_type = DOCUMENT_TYPES)), ("certificates" = (content_type = DOCUMENT_TYPES)))), responses((status = 200, body = UserView), Invalid, Unauthenticated, (status = 413, description = "A file is over its size limit", body = ErrorBody), (status = 415, description = "A file is not of an allowed type", body = ErrorBody)))]
pub async fn update(State(state): State<Arc<AppState>>, member: Member, ProfileForm(mut form): ProfileForm) -> Result<Json<UserView>, AppError> {
    let mut errors = FieldErrors::default();
    let mut row = member.user.clone().into_active_model();
    let mut uploads = Vec::new();
    let limits = state.config().limits;
    let mut certificates = 0;
    let mut refusal = FileRefusal::default();
    while let Some(mut field) = form.next_field().await.map_err(|e| form_error(texts::FORM_UNREADABLE, e))? {
        let name = field.name().unwrap_or("").to_string();
        let file_field: Option<(&'static str, usize, &[FileKind])> = match name.as_str() {
            "profile_picture" => Some(("profile_picture", PICTURE_LIMIT, PICTURE_KINDS)),
            "resume" => Some(("resume", limits.document_bytes, DOCUMENT_KINDS)),
            "passport" => Some(("passport", limits.document_bytes, DOCUMENT_KINDS)),
            "utility_bill" => Some(("utility_bill", limits.document_bytes, DOCUMENT_KINDS)),
            "other_documents" => Some(("other_documents", limits.document_bytes, DOCUMENT_KINDS)),
            "certificates" => Some(("certificates", limits.document_bytes, DOCUMENT_KINDS)),
            _ => None,
        };
        if let Some((field_name, limit, kinds)) = file_field {
            if field_name == "certificates" {
                certificates += 1;
                if certificates > limits.certificates_per_request {
                    return Err(AppError::field("certificates", texts::certificates_per_request(limits.certificates_per_request)));
                }
            }
            let file_name = field.file_name().map(str::to_string);
            if let Some(upload) = refusal.read(&mut field, field_name, limit, kinds).await? {
                // A photo is stored without the place it was taken: no link can hand out the original.
                let bytes = match field_name {
                    "profile_picture" => match photo_metadata::strip(upload.kind, &upload.bytes) {
                        Ok(cleaned) => Bytes::from(cleaned),
                        Err(photo_metadata::Unreadable) => {
                            errors.add("profile_picture", texts::PICTURE_UNREADABLE);
                            continue;
                        }
                    },
                    _ => upload.bytes,
                };
                uploads.push(Upload { field: field_name, kind: upload.kind, bytes, file_name });
            }
            continue;
        }
        let raw = field.text().await.map_err(|e| form_error(&texts::field_unreadable(&name), e))?;
        let value = raw.trim().to_string();
        match name.as_str() {
            "full_name" => match Text::<NAME_MAX_CHARS>::parse(&raw) {
                Ok(full_name) => row.full_name = Set(full_name.into_string()),
                Err(TextProblem::Blank) => errors.add("full_name", texts::NAME_BLANK),
                Err(problem) => errors.add("full_name", problem.message()),
            },
            "email" => match Email::parse(&value) {
                Ok(email) if email.as_str() == member.user.email => {}
                Ok(_) => errors.add("email", texts::EMAIL_UNCHANGEABLE),
                Err(problem) => errors.add("email", problem),
            },
            "phone_number" => match UkPhone::parse(&value) {
                Ok(phone) => row.phone_number = Set(phone.as_str().to_string()),
                Err(problem) => errors.add("phone_number", problem),
            },
            "postcode" if value.is_empty() => row.postcode = Set(String::new()),
            "postcode" => match UkPostcode::parse(&value) {
                Ok(postcode) => row.postcode = Set(postcode.as_str().to_string()),
                Err(problem) => errors.add("postcode", problem),
            },
            "address_line_1" | "city" | "country" => match TextOrEmpty::<ADDRESS_MAX_CHARS>::parse(&raw) {
                Ok(text) if name == "address_line_1" => row.address_line_1 = Set(text.into_string()),
                Ok(text) if name == "city" => row.city = Set(text.into_string()),
                Ok(text) => row.country = Set(text.into_string()),
                Err(problem) => errors.add(&name, problem.message()),
            },
            "date_of_birth" if value.is_empty() => row.date_of_birth = Set(None),
            "date_of_birth" => match NaiveDate::parse_from_str(&value, "%Y-%m-%d") {
                Ok(date) if date < Utc::now().date_naive() && date.format("%Y").to_string().as_str() >= "1900" => row.date_of_birth = Set(Some(date)),
                Ok(_) => errors.add("date_of_birth", texts::BIRTH_NOT_PAST),
                Err(_) => errors.add("date_of_birth", texts::BIRTH_FORMAT),
            },
            "id" | "is_verified" | "date_joined" | "is_staff" | "password" => errors.add(&name, texts::NOT_CHANGED_HERE),
            _ => {}
        }
    }
    refusal.answer()?;
    errors.finish()?;

    let too_many_certificates = || AppError::field("certificates", texts::certificates_per_member(limits.certificates_per_member));
    // Refused before any file is stored; counted again inside the transaction, which
    // decides when two updates race.
    if certificates > 0 && certificates_kept(state.db(), member.user.id).await? + certificates > limits.certificates_per_member {
        return Err(too_many_certificates());
    }

    // Files first, then the records that point at them, in one transaction; a failure
    // removes the new files, and the files they replaced go only once the change is in.
    let mut stored = Vec::new();
    let mut replaced = Vec::new();
    let mut new_certificates = Vec::new();
    for upload in uploads {
        let key = match state.storage.put(upload.field, upload.kind, upload.bytes).await {
            Ok(key) => key,
            Err(error) => {
                delete_files(&state.storage, stored).await;
                return Err(error.into());
            }
        };
        stored.push(key.clone());
        let old = match upload.field {
            "profile_picture" => swap(&mut row.profile_picture, key),
            "resume" => swap(&mut row.resume, key),
            "passport" => swap(&mut row.passport, key),
            "utility_bill" => swap(&mut row.utility_bill, key),
            "other_documents" => swap(&mut row.other_documents, key),
            _ => {
                new_certificates.push((key, certificate_name(upload.file_name.as_deref())));
                None
            }
        };
        replaced.extend(old);
    }
    row.updated_at = Set(Utc::now());
    // A provider's first name and photo are on their profile and their services' pages; a
    // reviewer's name is on the pages showing their reviews.
    let (renamed, new_photo) = (row.full_name.is_set(), row.profile_picture.is_set());
    let saved = async {
        let mut change = Change::begin(&state).await?;
        if renamed || new_photo {
            change.touches(crate::providers::profile::pages_of(change.db(), member.user.id).await?);
        }
        if renamed {
            change.touches(crate::reviews::queries::pages_naming(change.db(), member.user.id).await?);
        }
        let updated = row.update(change.db()).await?;
        for (file, name) in new_certificates {
            certificate::ActiveModel { user_id: Set(updated.id), name: Set(name), file: Set(file), uploaded_at: Set(Utc::now()), ..Default::default() }
                .insert(change.db())
                .await?;
        }
        if certificates > 0 && certificates_kept(change.db(), member.user.id).await? > limits.certificates_per_member {
            return Err(too_many_certificates());
        }
        change.commit().await?;
        Ok::<_, AppError>(updated)
    }
    .await;
    let updated = match saved {
        Ok(updated) => updated,
        Err(error) => {
            delete_files(&state.storage, stored).await;
            return Err(error);
        }
    };
    delete_files(&state.storage, replaced).await;
    Ok(Json(user_view(&state, &updated).await?))
}

async fn certificates_kept(db: &impl sea_orm::ConnectionTrait, user_id: i32) -> Result<usize, sea_orm::DbErr> {
    Ok(certificate::Entity::find().filter(certificate::Column::UserId.eq(user_id)).count(db).await? as usize)
}

/// Puts `key` in a file slot; returns the key it held before.
fn swap(slot: &mut ActiveValue<Option<String>>, key: String) -> Option<String> {
    match std::mem::replace(slot, Set(Some(key))) {
        ActiveValue::Set(old) | ActiveValue::Unchanged(old) => old,
        ActiveValue::NotSet => None,
    }
}

async fn delete_files(storage: &Storage, keys: Vec<String>) {
    for key in keys {
        storage.delete(&key).await;
    }
}

#[utoipa::path(delete, path = "/api/auth/certificate/{id}/", tag = "accounts", security(("bearer" = [])), params(("id" = i32, Path, description = "The certificate")), responses((status = 204, description = "Removed"), Unauthenticated, (status = 404, description = "Not one of yours", body = ErrorBody)))]
pub async fn delete_certificate(State(state): State<Arc<AppState>>, member: Member, RecordId(id): RecordId) -> Result<StatusCode, AppError> {
    // Someone else's certificate is as missing as one that never existed.
    let found = certificate::Entity::find_by_id(id).filter(certificate::Column::UserId.eq(member.user.id)).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let change = Change::begin(&state).await?;
    certificate::Entity::delete_by_id(found.id).exec(change.db()).await?;
    change.commit().await?;
    state.storage.delete(&found.file).await;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordChange {
    #[schema(required, value_type = String, min_length = 1)]
    old_password: Option<String>,
    /// At least 8 characters, not all digits, not the email.
    #[schema(required, value_type = String, min_length = 8, max_length = 128, pattern = "[^0-9]")]
    new_password: Option<String>,
}

#[utoipa::path(put, path = "/api/auth/update-password/", tag = "accounts", security(("bearer" = [])), request_body = PasswordChange, responses((status = 200, body = MessageAnswer), Invalid, Unauthenticated, RateLimited))]
pub async fn update_password(
    State(state): State<Arc<AppState>>,
    member: Member,
    JsonBody(body): JsonBody<PasswordChange>,
) -> Result<Json<MessageAnswer>, AppError> {
    // A stolen access token must not become a fast oracle for the account's password.
    state.limiter.check("update-password", &member.user.id.to_string(), Limit::per_minute(state.config().limits.login_per_minute)).await?;
    let mut errors = FieldErrors::default();
    let old = body.old_password.unwrap_or_default();
    if old.is_empty() {
        errors.add("old_password", REQUIRED);
    }
    let email = Email::parse(&member.user.email).ok();
    let new = errors.new_password("new_password", body.new_password, email.as_ref());
    errors.finish()?;
    let stored = member.user.password_hash.clone();
    let old_matches = passwords::verify_blocking(old, Some(stored)).await;
    if !old_matches {
        return Err(AppError::field("old_password", texts::WRONG_OLD_PASSWORD));
    }
    let hash = passwords::hash_blocking(new).await;
    let user_id = member.user.id;
    let mut row = member.user.into_active_model();
    row.password_hash = Set(hash);
    row.updated_at = Set(Utc::now());
    let change = Change::begin(&state).await?;
    row.update(change.db()).await?;
    // Every other sign-in ends; this one goes on, but out of the back office: a staff session,
    // from this sign-in or another, needs the second factor again.
    tokens::revoke_all(change.db(), user_id, Some(&member.family)).await?;
    crate::accounts::staff_session::end_all(change.db(), user_id).await?;
    change.commit().await?;
    Ok(Json(MessageAnswer::new(texts::PASSWORD_UPDATED)))
}

/// The storage keys of every member's profile picture.
pub async fn picture_keys(db: &impl ConnectionTrait) -> Result<Vec<String>, DbErr> {
    let keys: Vec<Option<String>> =
        user::Entity::find().select_only().column(user::Column::ProfilePicture).filter(user::Column::ProfilePicture.is_not_null()).into_tuple().all(db).await?;
    Ok(keys.into_iter().flatten().collect())
}
