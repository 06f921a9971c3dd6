//! The back office's JSON calls: thin handlers over the same functions its pages use.

use super::bookings::{self, BookingAction, BookingFilter};
use super::catalogue::{self, Fields};
use super::contact;
use super::jobs::{self, JobAction};
use super::members::{self, AccountChange};
use super::payments;
use super::provider_applications::{self, Decision, REASON_MAX_CHARS};
use super::recruitment;
use super::reviews::{self, Moderation};
use super::talent::{self, TalentFilter};
use super::{audit, dashboard};
use crate::http::AppError;
use crate::http::extract::{FieldErrors, JsonBody, RecordId};
use crate::http::list::{ListQuery, Paginated};
use crate::http::member::Staff;
use crate::http::openapi::{Invalid, StaffOnly};
use crate::state::AppState;
use app::admin::{
    AuditRow, BookingRow, CategoryRow, ContactRow, Dashboard, JobRow, MemberRow, PaymentRow, ProviderApplication, RecruitmentRow, ReviewRow, ServiceRow,
    TalentRow, WebsiteInfoForm,
};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use entity::words::{BookingStatus, ContactStatus, EmploymentType, Filter, JobPostStatus, PaymentStatus, ProviderStatus, RecruitmentStatus, ReviewState, Word};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

// Named, as the OpenAPI macros take a generic type only through a name.
type BookingStatusFilter = Filter<BookingStatus>;
type ContactStatusFilter = Filter<ContactStatus>;
type JobPostStatusFilter = Filter<JobPostStatus>;
type PaymentStatusFilter = Filter<PaymentStatus>;
type ProviderStatusFilter = Filter<ProviderStatus>;
type RecruitmentStatusFilter = Filter<RecruitmentStatus>;
type ReviewStateFilter = Filter<ReviewState>;

/// What waits for staff.
#[utoipa::path(get, path = "/api/admin/dashboard/", tag = "back office", responses((status = 200, body = Dashboard), StaffOnly))]
pub async fn dashboard(State(state): State<Arc<AppState>>, _staff: Staff) -> Result<Json<Dashboard>, AppError> {
    Ok(Json(dashboard::counts(state.db()).await?))
}

/// Provider applications, oldest first.
#[utoipa::path(get, path = "/api/admin/providers/", tag = "back office", params(
    ("status" = inline(Option<ProviderStatusFilter>), Query, description = "Pending (the default), Approved, Rejected or All"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
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
    let (count, rows) = provider_applications::list(state.db(), status.word(), request).await?;
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
            errors.add("decision", "Choose approve or reject.");
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
    Ok(Json(provider_applications::decide(&state, &staff.user, id, decision).await?))
}

/// The audit log, newest first.
#[utoipa::path(get, path = "/api/admin/audit/", tag = "back office", params(
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Matches the staff member, the action, the subject's type or the summary"),
    ("subject_type" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "With subject_id: one record's history, e.g. provider"),
    ("subject_id" = Option<i32>, Query, minimum = 1),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<AuditRow>), Invalid, StaffOnly))]
pub async fn audit_log(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<AuditRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let subject_id = query.parsed(&mut errors, "subject_id", "A subject id is a whole number from 1;", |raw| raw.parse::<i32>().ok().filter(|id| *id > 0));
    let subject = match (query.text("subject_type"), subject_id) {
        (Some(kind), Some(id)) => Some((kind, id)),
        (None, None) => None,
        _ => {
            errors.add("subject_type", "Give subject_type and subject_id together.");
            None
        }
    };
    errors.finish()?;
    let (count, rows) = audit::search(state.db(), query.text("search"), subject, request).await?;
    Ok(Json(query.page(request, count, rows.into_iter().map(audit::row).collect())?))
}

/// The booking filters of a list request, or their field errors.
pub fn booking_filter(query: &ListQuery, errors: &mut FieldErrors) -> BookingFilter {
    let date = query.parsed(errors, "date", "A date is YYYY-MM-DD;", |raw| chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok());
    let status = query.filter(errors, "status", Filter::All).word();
    let member = query.text("member").map(|text| text.chars().take(100).collect());
    BookingFilter { date, status, member }
}

/// Bookings, soonest first.
#[utoipa::path(get, path = "/api/admin/bookings/", tag = "back office", params(
    ("date" = Option<String>, Query, format = Date, description = "The booked day"),
    ("status" = inline(Option<BookingStatusFilter>), Query, description = "Pending, Confirmed, Completed, Cancelled or All (the default)"),
    ("member" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of the member's name or email address"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<BookingRow>), Invalid, StaffOnly))]
pub async fn booking_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<BookingRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let filter = booking_filter(&query, &mut errors);
    errors.finish()?;
    let (count, rows) = bookings::list(state.db(), &filter, request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct BookingActionBody {
    /// `confirm` (a Pending booking), `complete` (a Confirmed one) or `cancel`.
    #[schema(required, value_type = String, pattern = "^(confirm|complete|cancel)$")]
    pub action: Option<String>,
    /// Why, for a cancellation (the member is told); required then.
    #[schema(value_type = String, max_length = 1000)]
    pub reason: Option<String>,
}

/// What a body asks staff to do to a booking, or its field errors.
pub fn parse_booking_action(action: Option<&str>, reason: Option<&str>) -> Result<BookingAction, AppError> {
    let mut errors = FieldErrors::default();
    let parsed = match action.map(str::trim) {
        Some("confirm") => Some(BookingAction::Confirm),
        Some("complete") => Some(BookingAction::Complete),
        Some("cancel") => Some(BookingAction::Cancel { reason: errors.required_text("reason", reason, bookings::REASON_MAX_CHARS) }),
        _ => {
            errors.add("action", "Choose confirm, complete or cancel.");
            None
        }
    };
    errors.finish()?;
    Ok(parsed.expect("validated"))
}

/// Confirms a booking, marks it completed, or cancels it with a reason (a paid booking is
/// refunded in full through the payment provider); the member is told by notification and email.
#[utoipa::path(post, path = "/api/admin/bookings/{id}/action/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = BookingActionBody, responses(
    (status = 200, body = BookingRow), Invalid, StaffOnly,
    (status = 409, description = "Someone else changed the booking meanwhile", body = crate::http::openapi::ErrorBody),
    (status = 502, description = "The payment provider could not refund now; nothing changed, try again", body = crate::http::openapi::ErrorBody),
))]
pub async fn booking_action(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<BookingActionBody>,
) -> Result<Json<BookingRow>, AppError> {
    let action = parse_booking_action(body.action.as_deref(), body.reason.as_deref())?;
    Ok(Json(bookings::act(&state, &staff.user, id, action).await?))
}

/// Members, newest first.
#[utoipa::path(get, path = "/api/admin/members/", tag = "back office", params(
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of a name or an email address"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<MemberRow>), Invalid, StaffOnly))]
pub async fn member_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<MemberRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let (count, rows) = members::search(state.db(), query.text("search"), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

/// One member's account.
#[utoipa::path(get, path = "/api/admin/members/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = MemberRow), StaffOnly))]
pub async fn member(State(state): State<Arc<AppState>>, _staff: Staff, RecordId(id): RecordId) -> Result<Json<MemberRow>, AppError> {
    Ok(Json(members::row_of(state.db(), members::find(state.db(), id).await?).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct AccountChangeBody {
    /// `deactivate` (every sign-in ends at once), `reactivate`, `grant_staff`, `remove_staff` or
    /// `reset_second_factor` (a lost authenticator: set up anew at the next sign-in).
    #[schema(required, value_type = String, pattern = "^(deactivate|reactivate|grant_staff|remove_staff|reset_second_factor)$")]
    pub action: Option<String>,
}

/// Deactivates or reactivates an account, or grants or removes staff rights.
#[utoipa::path(post, path = "/api/admin/members/{id}/action/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = AccountChangeBody, responses((status = 200, body = MemberRow), Invalid, StaffOnly))]
pub async fn member_action(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<AccountChangeBody>,
) -> Result<Json<MemberRow>, AppError> {
    let change = body
        .action
        .as_deref()
        .map(str::trim)
        .and_then(AccountChange::parse)
        .ok_or_else(|| AppError::field("action", "Choose deactivate, reactivate, grant_staff, remove_staff or reset_second_factor."))?;
    Ok(Json(members::change(&state, &staff.user, id, change).await?))
}

/// A copy of everything we hold about a member, for their subject access request (the day it
/// arrived goes in the audit log).
#[utoipa::path(get, path = "/api/admin/members/{id}/data/", tag = "back office", params(("id" = i32, Path, minimum = 1), ("requested_on" = String, Query, format = Date, description = "The day the request arrived")), responses((status = 200, description = "The member's data, as an attachment", content_type = "application/json", body = Object), Invalid, StaffOnly))]
pub async fn member_data(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    query: ListQuery,
) -> Result<axum::response::Response, AppError> {
    let requested_on = members::requested_on(query.text("requested_on"))?;
    let data = members::export_for_request(&state, &staff.user, id, requested_on).await?;
    Ok(crate::data_rights::download(data, &format!("member-{id}-data-{requested_on}.json")))
}

#[derive(Deserialize, ToSchema)]
pub struct ErasureBody {
    /// The day the request arrived.
    #[schema(required, value_type = String, format = Date)]
    pub requested_on: Option<String>,
    /// The member's email address, typed again to confirm.
    #[schema(required, value_type = String, format = Email)]
    pub confirm_email: Option<String>,
}

/// Erases a member's personal data on their request, as "Delete my account" does.
#[utoipa::path(post, path = "/api/admin/members/{id}/erase/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = ErasureBody, responses((status = 200, body = MemberRow), Invalid, StaffOnly))]
pub async fn member_erase(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ErasureBody>,
) -> Result<Json<MemberRow>, AppError> {
    let requested_on = members::requested_on(body.requested_on.as_deref())?;
    Ok(Json(members::erase_for_request(&state, &staff.user, id, requested_on, body.confirm_email.as_deref().unwrap_or("")).await?))
}

/// Every category, hidden ones included, by priority.
#[utoipa::path(get, path = "/api/admin/categories/", tag = "back office", responses((status = 200, body = Vec<CategoryRow>), StaffOnly))]
pub async fn category_list(State(state): State<Arc<AppState>>, _staff: Staff) -> Result<Json<Vec<CategoryRow>>, AppError> {
    Ok(Json(catalogue::categories(state.db()).await?))
}

/// Adds a category: `name`, `slug` (unique), `icon`, `priority`, `description`, `hidden`.
#[utoipa::path(post, path = "/api/admin/categories/", tag = "back office", request_body = Fields, responses((status = 201, body = CategoryRow), Invalid, StaffOnly))]
pub async fn category_create(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<(StatusCode, Json<CategoryRow>), AppError> {
    Ok((StatusCode::CREATED, Json(catalogue::save_category(&state, &staff.user, None, &fields).await?)))
}

/// Edits a category, or hides it from the site (`hidden: true`); fields left out stay.
#[utoipa::path(patch, path = "/api/admin/categories/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = Fields, responses((status = 200, body = CategoryRow), Invalid, StaffOnly))]
pub async fn category_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<Json<CategoryRow>, AppError> {
    Ok(Json(catalogue::save_category(&state, &staff.user, Some(id), &fields).await?))
}

/// Services by title, every status; `search` in the title.
#[utoipa::path(get, path = "/api/admin/services/", tag = "back office", params(
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<ServiceRow>), Invalid, StaffOnly))]
pub async fn service_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<ServiceRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let (count, rows) = catalogue::services(state.db(), query.text("search"), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

/// Adds a service: `title`, `slug`, `category`, `summary`, `description`, `price_from`
/// (pounds), `price_unit`, `areas` (a list, or towns one a line), `priority`, `status`.
#[utoipa::path(post, path = "/api/admin/services/", tag = "back office", request_body = Fields, responses((status = 201, body = ServiceRow), Invalid, StaffOnly))]
pub async fn service_create(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<(StatusCode, Json<ServiceRow>), AppError> {
    Ok((StatusCode::CREATED, Json(catalogue::save_service(&state, &staff.user, None, &fields).await?)))
}

/// One service, as staff edit it.
#[utoipa::path(get, path = "/api/admin/services/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = ServiceRow), StaffOnly))]
pub async fn service_show(State(state): State<Arc<AppState>>, _staff: Staff, RecordId(id): RecordId) -> Result<Json<ServiceRow>, AppError> {
    Ok(Json(catalogue::service(state.db(), id).await?))
}

/// Edits a service (close it with `status: Closed`); fields left out stay.
#[utoipa::path(patch, path = "/api/admin/services/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = Fields, responses((status = 200, body = ServiceRow), Invalid, StaffOnly))]
pub async fn service_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<Json<ServiceRow>, AppError> {
    Ok(Json(catalogue::save_service(&state, &staff.user, Some(id), &fields).await?))
}

/// The website info, as its form edits it.
#[utoipa::path(get, path = "/api/admin/website-info/", operation_id = "admin_website_info", tag = "back office", responses((status = 200, body = WebsiteInfoForm), StaffOnly))]
pub async fn website_info(State(state): State<Arc<AppState>>, _staff: Staff) -> Result<Json<WebsiteInfoForm>, AppError> {
    Ok(Json(catalogue::website_info(&state).await?))
}

/// Replaces the website info: `brand`, `email`, `phones` (one a line, or a list), `address`,
/// `opening_hours`, `socials` (lines of a name and an address).
#[utoipa::path(put, path = "/api/admin/website-info/", tag = "back office", request_body = Fields, responses((status = 200, body = WebsiteInfoForm), Invalid, StaffOnly))]
pub async fn website_info_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    JsonBody(fields): JsonBody<Fields>,
) -> Result<Json<WebsiteInfoForm>, AppError> {
    Ok(Json(catalogue::save_website_info(&state, &staff.user, &fields).await?))
}

/// Reviews to moderate, newest first.
#[utoipa::path(get, path = "/api/admin/reviews/", tag = "back office", params(
    ("show" = inline(Option<ReviewStateFilter>), Query, description = "Reported (the default: shown reviews with open reports), Hidden or All"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<ReviewRow>), Invalid, StaffOnly))]
pub async fn review_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<ReviewRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let show = query.filter(&mut errors, "show", Filter::Only(ReviewState::Reported));
    errors.finish()?;
    let (count, rows) = reviews::list(state.db(), show, request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct ModerationBody {
    /// `hide` (with a reason), `restore` or `keep` (closes its reports).
    #[schema(required, value_type = String, pattern = "^(hide|restore|keep)$")]
    pub action: Option<String>,
    #[schema(value_type = String, max_length = 1000)]
    pub reason: Option<String>,
}

/// A moderation decision from a body or a form, or its field errors.
pub fn parse_moderation(action: Option<&str>, reason: Option<&str>) -> Result<Moderation, AppError> {
    let mut errors = FieldErrors::default();
    let parsed = match action.map(str::trim) {
        Some("hide") => Some(Moderation::Hide { reason: errors.required_text("reason", reason, reviews::REASON_MAX_CHARS) }),
        Some("restore") => Some(Moderation::Restore),
        Some("keep") => Some(Moderation::Keep),
        _ => {
            errors.add("action", "Choose hide, restore or keep.");
            None
        }
    };
    errors.finish()?;
    Ok(parsed.expect("validated"))
}

/// Hides a review (it leaves every page and its service's average at once), restores it, or
/// keeps it; its open reports close.
#[utoipa::path(post, path = "/api/admin/reviews/{id}/moderation/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = ModerationBody, responses((status = 200, body = ReviewRow), Invalid, StaffOnly))]
pub async fn review_moderation(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ModerationBody>,
) -> Result<Json<ReviewRow>, AppError> {
    let decision = parse_moderation(body.action.as_deref(), body.reason.as_deref())?;
    Ok(Json(reviews::moderate(&state, &staff.user, id, decision).await?))
}

/// Payments, newest first.
#[utoipa::path(get, path = "/api/admin/payments/", tag = "back office", params(
    ("status" = inline(Option<PaymentStatusFilter>), Query, description = "A status, or All (the default)"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<PaymentRow>), Invalid, StaffOnly))]
pub async fn payment_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<PaymentRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.filter(&mut errors, "status", Filter::All);
    errors.finish()?;
    let (count, rows) = payments::list(state.db(), status.word(), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

/// One payment.
#[utoipa::path(get, path = "/api/admin/payments/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), responses((status = 200, body = PaymentRow), StaffOnly))]
pub async fn payment(State(state): State<Arc<AppState>>, _staff: Staff, RecordId(id): RecordId) -> Result<Json<PaymentRow>, AppError> {
    Ok(Json(payments::one(state.db(), id).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct RefundBody {
    /// Why (the member is told).
    #[schema(required, value_type = String, min_length = 1, max_length = 1000)]
    pub reason: Option<String>,
}

/// Refunds a paid payment in full through the payment provider; the member is told.
#[utoipa::path(post, path = "/api/admin/payments/{id}/refund/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = RefundBody, responses(
    (status = 200, body = PaymentRow), Invalid, StaffOnly,
    (status = 502, description = "The payment provider could not refund now; nothing changed, try again", body = crate::http::openapi::ErrorBody),
))]
pub async fn payment_refund(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<RefundBody>,
) -> Result<Json<PaymentRow>, AppError> {
    let mut errors = FieldErrors::default();
    let reason = errors.required_text("reason", body.reason.as_deref(), payments::REASON_MAX_CHARS);
    errors.finish()?;
    Ok(Json(payments::refund(&state, &staff.user, id, reason).await?))
}

/// The recruitment inbox, newest first.
#[utoipa::path(get, path = "/api/admin/recruitment/", tag = "back office", params(
    ("status" = inline(Option<RecruitmentStatusFilter>), Query, description = "New (the default), Contacted, Closed or All"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<RecruitmentRow>), Invalid, StaffOnly))]
pub async fn recruitment_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<RecruitmentRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.filter(&mut errors, "status", Filter::Only(RecruitmentStatus::New));
    errors.finish()?;
    let (count, rows) = recruitment::list(state.db(), status.word(), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct RecruitmentUpdate {
    /// Left out, it stays.
    #[schema(value_type = RecruitmentStatus)]
    pub status: Option<String>,
    /// Only staff read them; left out, they stay.
    #[schema(value_type = String, max_length = 5000)]
    pub staff_notes: Option<String>,
}

/// Parses a status and notes change, or its field errors.
fn parse_inbox_update<Status: Word>(status: Option<&str>, notes: Option<&str>) -> Result<(Option<Status>, Option<String>), AppError> {
    let mut errors = FieldErrors::default();
    let status = status.map(str::trim).and_then(|text| {
        let status = Status::parse(text);
        if status.is_none() {
            let choices: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
            let (last, rest) = choices.split_last().expect("a word has variants");
            errors.add("status", format!("Choose {} or {last}.", rest.join(", ")));
        }
        status
    });
    let notes = notes.map(str::trim).map(str::to_string);
    if notes.as_ref().is_some_and(|n| n.chars().count() > INBOX_NOTES_MAX_CHARS || n.contains('\0')) {
        errors.add("staff_notes", format!("Ensure this field has no more than {INBOX_NOTES_MAX_CHARS} characters."));
    }
    errors.finish()?;
    Ok((status, notes))
}

/// The most staff may write in an inbox item's notes.
pub const INBOX_NOTES_MAX_CHARS: usize = 5000;

/// Parses a recruitment request's status and notes change, or its field errors.
pub fn parse_recruitment_update(body: &RecruitmentUpdate) -> Result<(Option<RecruitmentStatus>, Option<String>), AppError> {
    parse_inbox_update(body.status.as_deref(), body.staff_notes.as_deref())
}

/// Moves a request along and keeps notes on it.
#[utoipa::path(patch, path = "/api/admin/recruitment/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = RecruitmentUpdate, responses((status = 200, body = RecruitmentRow), Invalid, StaffOnly))]
pub async fn recruitment_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<RecruitmentUpdate>,
) -> Result<Json<RecruitmentRow>, AppError> {
    let (status, notes) = parse_recruitment_update(&body)?;
    Ok(Json(recruitment::update(&state, &staff.user, id, status, notes).await?))
}

/// The contact inbox, newest first.
#[utoipa::path(get, path = "/api/admin/contact-messages/", tag = "back office", params(
    ("status" = inline(Option<ContactStatusFilter>), Query, description = "New (the default), Answered, Closed or All"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<ContactRow>), Invalid, StaffOnly))]
pub async fn contact_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<ContactRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let status = query.filter(&mut errors, "status", Filter::Only(ContactStatus::New));
    errors.finish()?;
    let (count, rows) = contact::list(state.db(), status.word(), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct ContactUpdate {
    /// Left out, it stays.
    #[schema(value_type = ContactStatus)]
    pub status: Option<String>,
    /// Only staff read them; left out, they stay.
    #[schema(value_type = String, max_length = 5000)]
    pub staff_notes: Option<String>,
}

/// Parses a contact message's status and notes change, or its field errors.
pub fn parse_contact_update(body: &ContactUpdate) -> Result<(Option<ContactStatus>, Option<String>), AppError> {
    parse_inbox_update(body.status.as_deref(), body.staff_notes.as_deref())
}

/// Moves a contact message along and keeps notes on it.
#[utoipa::path(patch, path = "/api/admin/contact-messages/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = ContactUpdate, responses((status = 200, body = ContactRow), Invalid, StaffOnly))]
pub async fn contact_update(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ContactUpdate>,
) -> Result<Json<ContactRow>, AppError> {
    let (status, notes) = parse_contact_update(&body)?;
    Ok(Json(contact::update(&state, &staff.user, id, status, notes).await?))
}

/// The talent filters of a request, or their field errors.
pub fn talent_filter(role: Option<&str>, location: Option<&str>, kind: Option<&str>, errors: &mut FieldErrors) -> TalentFilter {
    let kind = kind.map(str::trim).filter(|k| !k.is_empty()).and_then(|k| {
        let kind = EmploymentType::parse(k);
        if kind.is_none() {
            errors.add("employment_type", "Choose full_time, part_time, contract or temporary.");
        }
        kind
    });
    let text = |value: Option<&str>| value.map(str::trim).filter(|v| !v.is_empty()).map(|v| v.chars().take(100).collect());
    TalentFilter { role: text(role), location: text(location), employment_type: kind }
}

/// The talent pool, newest first.
#[utoipa::path(get, path = "/api/admin/talent/", tag = "back office", params(
    ("role" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of a role they look for"),
    ("location" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of a town they would work in"),
    ("employment_type" = inline(Option<EmploymentType>), Query),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<TalentRow>), Invalid, StaffOnly))]
pub async fn talent_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<TalentRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let filter = talent_filter(query.text("role"), query.text("location"), query.text("employment_type"), &mut errors);
    errors.finish()?;
    let (count, rows) = talent::search(state.db(), &filter, &state.storage, request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

/// Job posts, newest first, removed ones included.
#[utoipa::path(get, path = "/api/admin/jobs/", tag = "back office", params(
    ("status" = inline(Option<JobPostStatusFilter>), Query, description = "All (the default), Open, Closed or Removed"),
    ("search" = Option<String>, Query, max_length = 200, pattern = r"^[^\u0000]*$", description = "Part of the title or company"),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<JobRow>), Invalid, StaffOnly))]
pub async fn job_list(State(state): State<Arc<AppState>>, _staff: Staff, query: ListQuery) -> Result<Json<Paginated<JobRow>>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    let show = query.filter(&mut errors, "status", Filter::All);
    errors.finish()?;
    let (count, rows) = jobs::list(state.db(), show, query.text("search"), request).await?;
    Ok(Json(query.page(request, count, rows)?))
}

#[derive(Deserialize, ToSchema)]
pub struct JobActionBody {
    /// `close`, `reopen` or `remove` (with a reason the poster is told).
    #[schema(required, value_type = String, pattern = "^(close|reopen|remove)$")]
    pub action: Option<String>,
    #[schema(value_type = String, max_length = 1000)]
    pub reason: Option<String>,
}

/// A job action from a body or a form, or its field errors.
pub fn parse_job_action(action: Option<&str>, reason: Option<&str>) -> Result<JobAction, AppError> {
    let mut errors = FieldErrors::default();
    let parsed = match action.map(str::trim) {
        Some("close") => Some(JobAction::Close),
        Some("reopen") => Some(JobAction::Reopen),
        Some("remove") => Some(JobAction::Remove { reason: errors.required_text("reason", reason, jobs::REASON_MAX_CHARS) }),
        _ => {
            errors.add("action", "Choose close, reopen or remove.");
            None
        }
    };
    errors.finish()?;
    Ok(parsed.expect("validated"))
}

/// Closes or reopens a job post, or removes it with a reason its poster is told (its
/// applicants are told it was withdrawn; their applications stay).
#[utoipa::path(post, path = "/api/admin/jobs/{id}/action/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = JobActionBody, responses((status = 200, body = JobRow), Invalid, StaffOnly))]
pub async fn job_action(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<JobActionBody>,
) -> Result<Json<JobRow>, AppError> {
    let action = parse_job_action(body.action.as_deref(), body.reason.as_deref())?;
    Ok(Json(jobs::act(&state, &staff.user, id, action).await?))
}

/// The applications to any job (removed ones included), newest first, with CVs by links that
/// work 15 minutes.
#[utoipa::path(get, path = "/api/admin/jobs/{id}/applications/", tag = "back office", params(
    ("id" = i32, Path, minimum = 1),
    ("page" = Option<u64>, Query, minimum = 1),
    ("page_size" = Option<u64>, Query, minimum = 1, description = "Default 20, at most 100"),
), responses((status = 200, body = Paginated<crate::jobs::views::JobApplicationView>), Invalid, StaffOnly))]
pub async fn job_applications(
    State(state): State<Arc<AppState>>,
    _staff: Staff,
    RecordId(id): RecordId,
    query: ListQuery,
) -> Result<Json<Paginated<crate::jobs::views::JobApplicationView>>, AppError> {
    jobs::one(state.db(), id).await?;
    crate::jobs::applications::page_of_applications(
        &state,
        &query,
        entity::job_application::Entity::find().filter(entity::job_application::Column::JobId.eq(id)),
    )
    .await
}

#[derive(Deserialize, ToSchema)]
pub struct ApplicationStatusBody {
    /// Reviewed, Shortlisted or Rejected.
    #[schema(required, value_type = String, pattern = "^(Reviewed|Shortlisted|Rejected)$")]
    pub status: Option<String>,
}

/// Moves any application along; the applicant is told.
#[utoipa::path(patch, path = "/api/admin/applications/{id}/", tag = "back office", params(("id" = i32, Path, minimum = 1)), request_body = ApplicationStatusBody, responses((status = 200, body = crate::jobs::views::JobApplicationView), Invalid, StaffOnly))]
pub async fn application_status(
    State(state): State<Arc<AppState>>,
    Staff(staff): Staff,
    RecordId(id): RecordId,
    JsonBody(body): JsonBody<ApplicationStatusBody>,
) -> Result<Json<crate::jobs::views::JobApplicationView>, AppError> {
    let status = crate::jobs::applications::parse_status(body.status.as_deref())?;
    Ok(Json(set_application_status(&state, &staff.user, id, status).await?))
}

/// The staff side of an application's status change, shared by the API and the page.
pub async fn set_application_status(
    state: &AppState,
    staff: &entity::user::Model,
    id: i32,
    status: entity::words::ApplicationStatus,
) -> Result<crate::jobs::views::JobApplicationView, AppError> {
    let row = entity::job_application::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let (job, _) = jobs::one(state.db(), row.job_id).await?;
    crate::jobs::applications::change_status(state, row, &job, status, Some(staff)).await
}
