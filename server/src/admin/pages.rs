//! The back office's pages under `/admin`: for a signed-in staff member (their staff session
//! cookie), the site's own 404 page for anyone else. Rendered per request, `no-store` and
//! `noindex`; their forms post back here and land on the page again (post, redirect, get).

use super::api::{ContactUpdate, RecruitmentUpdate, parse_contact_update, parse_job_action, parse_recruitment_update, set_application_status, talent_filter};
use super::api::{DecisionBody, parse_booking_action, parse_decision, parse_moderation};
use super::bookings::{self, BookingFilter};
use super::catalogue::{self, Fields};
use super::jobs;
use super::members::{self, AccountChange};
use super::payments;
use super::reviews;
use super::session::{self, StaffSession};
use super::{audit, dashboard, provider_applications};
use super::{contact, recruitment, talent};
use crate::http::AppError;
use crate::http::list::{DEFAULT_PAGE_SIZE, PageRequest};
use crate::http::member::refuse_changes_from_elsewhere;
use crate::site::handlers::{error_page, failed_page};
use crate::state::AppState;
use app::admin::{AdminPage, AdminView, BookingRow, Listing, ProviderApplication, ReviewRow, ServiceRow};
use axum::Router;
use axum::extract::{Form, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{any, get, post};
use entity::words::{BookingStatus, ContactStatus, Filter, ProviderStatus, RecruitmentStatus, ReviewState, Word};
use sea_orm::EntityTrait;
use std::collections::HashMap;
use std::sync::Arc;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/admin", get(dashboard_page))
        .route("/admin/", get(dashboard_page))
        .route("/admin/providers", get(providers_page))
        .route("/admin/providers/{id}/decision", post(decide))
        .route("/admin/bookings", get(bookings_page))
        .route("/admin/bookings/{id}/{action}", post(booking_action))
        .route("/admin/catalogue", get(catalogue_page))
        .route("/admin/categories", post(category_save))
        .route("/admin/categories/{id}", post(category_save))
        .route("/admin/categories/{id}/{visibility}", post(category_visibility))
        .route("/admin/services", post(service_save))
        .route("/admin/services/new", get(service_page))
        .route("/admin/services/{id}", get(service_page).post(service_save))
        .route("/admin/website-info", get(website_info_page).post(website_info_save))
        .route("/admin/payments", get(payments_page))
        .route("/admin/payments/{id}/refund", post(payment_refund))
        .route("/admin/jobs", get(jobs_page))
        .route("/admin/jobs/{id}/applications", get(job_applications_page))
        .route("/admin/jobs/{id}/{action}", post(job_action))
        .route("/admin/applications/{id}", post(application_status))
        .route("/admin/recruitment", get(recruitment_page))
        .route("/admin/recruitment/{id}", post(recruitment_save))
        .route("/admin/contact", get(contact_page))
        .route("/admin/contact/{id}", post(contact_save))
        .route("/admin/talent", get(talent_page))
        .route("/admin/reviews", get(reviews_page))
        .route("/admin/reviews/{id}/{action}", post(review_action))
        .route("/admin/members", get(members_page))
        .route("/admin/members/{id}", get(member_page))
        .route("/admin/members/{id}/data", get(member_data))
        .route("/admin/members/{id}/{action}", post(member_action))
        .route("/admin/audit", get(audit_page))
        .route("/admin/sign-out", post(sign_out))
        .route("/admin/{*rest}", any(not_found))
}

type Params = Query<HashMap<String, String>>;

/// The staff member the cookie names, for a back-office page; to anyone else the site's 404
/// page (the back office does not exist for them). A form post must also come from our own
/// pages (the cookie is SameSite=Strict as well).
struct StaffPage(StaffSession);

impl FromRequestParts<Arc<AppState>> for StaffPage {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Response> {
        match session::find(state.db(), &parts.headers).await {
            Err(error) => Err(AppError::from(error).into_response()),
            Ok(Some(staff)) => match refuse_changes_from_elsewhere(parts, &state.config().public_url, staff.user.id) {
                Ok(()) => Ok(StaffPage(staff)),
                Err(refused) => Err(refused.into_response()),
            },
            Ok(None) => Err(error_page(&state.site, StatusCode::NOT_FOUND, parts.uri.path()).await),
        }
    }
}

async fn render(state: &AppState, status: StatusCode, page: AdminPage) -> Response {
    match state.site.admin_html(page).await {
        Ok(html) => {
            let mut response = (status, html).into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            headers.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
            response
        }
        Err(error) => failed_page(&state.site, error, "/admin").await,
    }
}

fn page_of(params: &HashMap<String, String>) -> PageRequest {
    let page = params.get("page").and_then(|p| p.parse::<u64>().ok()).filter(|p| (1..=100_000).contains(p)).unwrap_or(1);
    PageRequest { page, size: DEFAULT_PAGE_SIZE }
}

fn listing<Row, Chosen>(filters: Vec<(&str, String)>, chosen: Chosen, rows: Vec<Row>, count: u64, request: PageRequest) -> Listing<Row, Chosen> {
    let filters = filters.into_iter().map(|(name, value)| (name.to_string(), value)).collect();
    Listing { filters, chosen, rows, count, page: request.page, pages: count.div_ceil(request.size).max(1) }
}

/// The list's filter `name` from the address: `default` when left out or blank; `None` when it
/// is none of the choices.
fn chosen<W: Word>(params: &HashMap<String, String>, name: &str, default: Filter<W>) -> Option<Filter<W>> {
    let text = param(params, name);
    if text.is_empty() { Some(default) } else { Filter::parse(&text) }
}

fn url_of(path: &str, params: &HashMap<String, String>) -> String {
    let query: String = form_urlencoded::Serializer::new(String::new()).extend_pairs(params.iter().filter(|(k, _)| *k != "done")).finish();
    if query.is_empty() { path.to_string() } else { format!("{path}?{query}") }
}

async fn dashboard_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage) -> Response {
    match dashboard::counts(state.db()).await {
        Ok(counts) => {
            render(&state, StatusCode::OK, AdminPage { url: "/admin".into(), staff_email: staff.user.email, notice: None, view: AdminView::Dashboard(counts) })
                .await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

/// After a form's action: on success, the page `to` names, with a `done` code that says what
/// was done (post, redirect, get); on a refusal, the form's page `again`, under the refusal's
/// status and saying why; a record gone, the site's 404 page for `missing` (when the form's
/// page cannot show the record's absence itself); an internal error as such.
async fn act_then_redirect<T, Shown: Future<Output = Response>>(
    state: &AppState,
    missing: Option<&str>,
    outcome: Result<T, AppError>,
    to: impl FnOnce(T) -> String,
    again: impl FnOnce(StatusCode, String) -> Shown,
) -> Response {
    match (outcome, missing) {
        (Ok(done), _) => Redirect::to(&to(done)).into_response(),
        (Err(error @ AppError::Internal(_)), _) => error.into_response(),
        (Err(AppError::NotFound), Some(path)) => error_page(&state.site, StatusCode::NOT_FOUND, path).await,
        (Err(error), _) => again(error.status(), error_text(&error)).await,
    }
}

/// What a `done` code in the address says, after a form's redirect.
fn done_notice(params: &HashMap<String, String>) -> Option<String> {
    let text = match params.get("done").map(String::as_str)? {
        "approved" => "Application approved. The member has been told by notification and email.",
        "rejected" => "Application rejected. The member has been told why by notification and email.",
        "confirmed" => "Booking confirmed. The member has been told, with a calendar update.",
        "completed" => "Booking marked completed. The member has been invited to review the service.",
        "cancelled" => "Booking cancelled, and any payment refunded. The member has been told why.",
        "deactivated" => "Account deactivated: every sign-in has ended.",
        "reactivated" => "Account reactivated.",
        "staff-granted" => "Staff rights granted. They set up an authenticator app at their next sign-in.",
        "staff-removed" => "Staff rights removed; their back-office session has ended.",
        "factor-reset" => "Authenticator reset: they set up a new one at their next sign-in.",
        "erased" => "Personal data erased. Bookings and payments are kept, anonymised.",
        "category-saved" => "Category saved. The site shows it now.",
        "service-saved" => "Service saved. The site shows it now.",
        "info-saved" => "Website info saved. Every page shows it now.",
        "job-changed" => "Job post updated. The site shows it now.",
        "application-saved" => "Application updated. The applicant has been told.",
        "request-saved" => "Recruitment request saved.",
        "message-saved" => "Contact message saved.",
        "refunded" => "Payment refunded in full. The member has been told why.",
        "review-hidden" => "Review hidden: it has left the service's page and average.",
        "review-restored" => "Review restored to the service's page.",
        "review-kept" => "Review kept; its reports are closed.",
        _ => return None,
    };
    Some(text.into())
}

async fn providers_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_providers(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_providers(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(wanted) = chosen(&params, "status", Filter::Only(ProviderStatus::Pending)) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/providers").await;
    };
    let request = page_of(&params);
    match provider_applications::list(state.db(), wanted.word(), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/providers", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::ProviderApplications(listing(vec![("status", wanted.to_string())], wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn decide(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Form(body): Form<DecisionBody>) -> Response {
    let Some(id) = id.parse::<i32>().ok().filter(|id| *id > 0) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/providers").await;
    };
    let outcome = match parse_decision(&body) {
        Ok(decision) => provider_applications::decide(&state, &staff.user, id, decision).await,
        Err(error) => Err(error),
    };
    let to = |application: ProviderApplication| {
        let done = if application.status == ProviderStatus::Approved { "approved" } else { "rejected" };
        format!("/admin/providers?done={done}")
    };
    act_then_redirect(&state, None, outcome, to, |status, why| show_providers(&state, staff, HashMap::new(), status, Some(why))).await
}

/// A filter's text from the address: trimmed, at most 100 characters.
fn param(params: &HashMap<String, String>, name: &str) -> String {
    params.get(name).map(|v| v.trim().chars().take(100).collect()).unwrap_or_default()
}

async fn bookings_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_bookings(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_bookings(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let (date, member) = (param(&params, "date"), param(&params, "member"));
    let Some(wanted) = chosen(&params, "status", Filter::All) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/bookings").await;
    };
    let filter = BookingFilter {
        date: chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d").ok(),
        status: wanted.word(),
        member: Some(member.clone()).filter(|m| !m.is_empty()),
    };
    let request = page_of(&params);
    match bookings::list(state.db(), &filter, request).await {
        Ok((count, rows)) => {
            let filters = vec![("date", date), ("status", wanted.to_string()), ("member", member)];
            let page = AdminPage {
                url: url_of("/admin/bookings", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Bookings(listing(filters, wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn booking_action(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = id.parse::<i32>().ok().filter(|id| *id > 0) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/bookings").await;
    };
    let outcome = match parse_booking_action(Some(&action), form.get("reason").map(String::as_str)) {
        Ok(action) => bookings::act(&state, &staff.user, id, action).await,
        Err(error) => Err(error),
    };
    let to = |booking: BookingRow| {
        let done = match booking.status {
            BookingStatus::Confirmed => "confirmed",
            BookingStatus::Completed => "completed",
            BookingStatus::Pending | BookingStatus::Cancelled => "cancelled",
        };
        format!("/admin/bookings?done={done}")
    };
    act_then_redirect(&state, None, outcome, to, |status, why| show_bookings(&state, staff, HashMap::new(), status, Some(why))).await
}

async fn audit_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let search = param(&params, "q");
    let (subject_type, subject_id) = (param(&params, "subject_type"), param(&params, "subject_id"));
    let subject = subject_id.parse::<i32>().ok().filter(|_| !subject_type.is_empty()).map(|id| (subject_type.as_str(), id));
    let request = page_of(&params);
    match audit::search(state.db(), Some(search.as_str()).filter(|s| !s.is_empty()), subject, request).await {
        Ok((count, rows)) => {
            let rows = rows.into_iter().map(audit::row).collect();
            let page = AdminPage {
                url: url_of("/admin/audit", &params),
                staff_email: staff.user.email,
                notice: None,
                view: AdminView::AuditLog(listing(
                    vec![("q", search), ("subject_type", subject_type.clone()), ("subject_id", subject_id.clone())],
                    (),
                    rows,
                    count,
                    request,
                )),
            };
            render(&state, StatusCode::OK, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn members_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let search = param(&params, "q");
    let request = page_of(&params);
    match members::search(state.db(), Some(search.as_str()).filter(|s| !s.is_empty()), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/members", &params),
                staff_email: staff.user.email,
                notice: None,
                view: AdminView::Members(listing(vec![("q", search)], (), rows, count, request)),
            };
            render(&state, StatusCode::OK, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

fn record_id(raw: &str) -> Option<i32> {
    raw.parse::<i32>().ok().filter(|id| *id > 0)
}

async fn member_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_member(&state, staff, &id, StatusCode::OK, notice).await
}

async fn show_member(state: &AppState, staff: StaffSession, id: &str, status: StatusCode, notice: Option<String>) -> Response {
    let path = format!("/admin/members/{id}");
    let Some(id) = record_id(id) else { return error_page(&state.site, StatusCode::NOT_FOUND, &path).await };
    let row = match members::find(state.db(), id).await {
        Ok(member) => members::row_of(state.db(), member).await.map_err(AppError::from),
        Err(error) => Err(error),
    };
    match row {
        Ok(row) => render(state, status, AdminPage { url: path, staff_email: staff.user.email, notice, view: AdminView::Member(row) }).await,
        Err(AppError::NotFound) => error_page(&state.site, StatusCode::NOT_FOUND, &path).await,
        Err(error) => error.into_response(),
    }
}

/// The member's data as a file, for their emailed request.
async fn member_data(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Query(params): Params) -> Response {
    let path = format!("/admin/members/{id}");
    let Some(member) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, &path).await };
    let outcome = match members::requested_on(params.get("requested_on").map(String::as_str)) {
        Ok(day) => members::export_for_request(&state, &staff.user, member, day)
            .await
            .map(|data| crate::data_rights::download(data, &format!("member-{member}-data-{day}.json"))),
        Err(error) => Err(error),
    };
    match outcome {
        Ok(response) => response,
        Err(error @ AppError::Internal(_)) => error.into_response(),
        Err(error) => show_member(&state, staff, &id, error.status(), Some(error_text(&error))).await,
    }
}

async fn member_action(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let path = format!("/admin/members/{id}");
    let Some(member) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, &path).await };
    let outcome = if action == "erase" {
        match members::requested_on(form.get("requested_on").map(String::as_str)) {
            Ok(day) => {
                members::erase_for_request(&state, &staff.user, member, day, form.get("confirm_email").map_or("", String::as_str)).await.map(|_| "erased")
            }
            Err(error) => Err(error),
        }
    } else {
        match AccountChange::parse(&action) {
            Some(change) => members::change(&state, &staff.user, member, change).await.map(|_| match change {
                AccountChange::Deactivate => "deactivated",
                AccountChange::Reactivate => "reactivated",
                AccountChange::GrantStaff => "staff-granted",
                AccountChange::RemoveStaff => "staff-removed",
                AccountChange::ResetSecondFactor => "factor-reset",
            }),
            None => return error_page(&state.site, StatusCode::NOT_FOUND, &path).await,
        }
    };
    act_then_redirect(&state, None, outcome, |done| format!("{path}?done={done}"), |status, why| show_member(&state, staff, &id, status, Some(why))).await
}

async fn payments_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_payments(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_payments(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(wanted) = chosen(&params, "status", Filter::All) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/payments").await };
    let request = page_of(&params);
    match payments::list(state.db(), wanted.word(), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/payments", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Payments(listing(vec![("status", wanted.to_string())], wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn payment_refund(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path(id): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/payments").await };
    let mut errors = crate::http::extract::FieldErrors::default();
    let reason = errors.required_text("reason", form.get("reason").map(String::as_str), payments::REASON_MAX_CHARS);
    let outcome = match errors.finish() {
        Ok(()) => payments::refund(&state, &staff.user, id, reason).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        Some("/admin/payments"),
        outcome,
        |_| "/admin/payments?done=refunded".to_string(),
        |status, why| show_payments(&state, staff, HashMap::new(), status, Some(why)),
    )
    .await
}

async fn jobs_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_jobs(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_jobs(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let search = param(&params, "q");
    let Some(show) = chosen(&params, "status", Filter::All) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/jobs").await };
    let request = page_of(&params);
    match jobs::list(state.db(), show, Some(search.as_str()).filter(|s| !s.is_empty()), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/jobs", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Jobs(listing(vec![("status", show.to_string()), ("q", search)], show, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn job_action(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/jobs").await };
    let outcome = match parse_job_action(Some(&action), form.get("reason").map(String::as_str)) {
        Ok(action) => jobs::act(&state, &staff.user, id, action).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        Some("/admin/jobs"),
        outcome,
        |_| "/admin/jobs?done=job-changed".to_string(),
        |status, why| show_jobs(&state, staff, HashMap::new(), status, Some(why)),
    )
    .await
}

async fn job_applications_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Query(params): Params) -> Response {
    let path = format!("/admin/jobs/{id}/applications");
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, &path).await };
    show_job_applications(&state, staff, id, StatusCode::OK, done_notice(&params)).await
}

async fn show_job_applications(state: &AppState, staff: StaffSession, id: i32, status: StatusCode, notice: Option<String>) -> Response {
    let path = format!("/admin/jobs/{id}/applications");
    let job = match jobs::one(state.db(), id).await {
        Ok((_, job)) => job,
        Err(AppError::NotFound) => return error_page(&state.site, StatusCode::NOT_FOUND, &path).await,
        Err(error) => return error.into_response(),
    };
    match jobs::applications(state, id).await {
        Ok(applications) => {
            render(state, status, AdminPage { url: path, staff_email: staff.user.email, notice, view: AdminView::JobApplications { job, applications } }).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn application_status(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path(id): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/jobs").await };
    let application = match entity::job_application::Entity::find_by_id(id).one(state.db()).await {
        Ok(Some(application)) => application,
        Ok(None) => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/jobs").await,
        Err(error) => return AppError::from(error).into_response(),
    };
    let outcome = match crate::jobs::applications::parse_status(form.get("status").map(String::as_str)) {
        Ok(status) => set_application_status(&state, &staff.user, id, status).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        None,
        outcome,
        |_| format!("/admin/jobs/{}/applications?done=application-saved", application.job_id),
        |status, why| show_job_applications(&state, staff, application.job_id, status, Some(why)),
    )
    .await
}

async fn recruitment_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_recruitment(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_recruitment(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(wanted) = chosen(&params, "status", Filter::Only(RecruitmentStatus::New)) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/recruitment").await;
    };
    let request = page_of(&params);
    match recruitment::list(state.db(), wanted.word(), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/recruitment", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Recruitment(listing(vec![("status", wanted.to_string())], wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn recruitment_save(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path(id): Path<String>,
    Form(body): Form<RecruitmentUpdate>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/recruitment").await };
    let outcome = match parse_recruitment_update(&body) {
        Ok((status, notes)) => recruitment::update(&state, &staff.user, id, status, notes).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        Some("/admin/recruitment"),
        outcome,
        |row| format!("/admin/recruitment?status={}&done=request-saved", row.status),
        |status, why| show_recruitment(&state, staff, HashMap::new(), status, Some(why)),
    )
    .await
}

async fn contact_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_contact(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_contact(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(wanted) = chosen(&params, "status", Filter::Only(ContactStatus::New)) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/contact").await;
    };
    let request = page_of(&params);
    match contact::list(state.db(), wanted.word(), request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/contact", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Contact(listing(vec![("status", wanted.to_string())], wanted, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn contact_save(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path(id): Path<String>, Form(body): Form<ContactUpdate>) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/contact").await };
    let outcome = match parse_contact_update(&body) {
        Ok((status, notes)) => contact::update(&state, &staff.user, id, status, notes).await,
        Err(error) => Err(error),
    };
    act_then_redirect(
        &state,
        Some("/admin/contact"),
        outcome,
        |row| format!("/admin/contact?status={}&done=message-saved", row.status),
        |status, why| show_contact(&state, staff, HashMap::new(), status, Some(why)),
    )
    .await
}

async fn talent_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let (role, location, kind) = (param(&params, "role"), param(&params, "location"), param(&params, "employment_type"));
    let mut errors = crate::http::extract::FieldErrors::default();
    let filter = talent_filter(Some(&role), Some(&location), Some(&kind), &mut errors);
    let notice = errors.finish().err().map(|error| error_text(&error));
    let filter = if notice.is_some() { talent::TalentFilter { employment_type: None, ..filter } } else { filter };
    let request = page_of(&params);
    match talent::search(state.db(), &filter, &state.storage, request).await {
        Ok((count, rows)) => {
            let filters = vec![("role", role), ("location", location), ("employment_type", kind)];
            let page = AdminPage {
                url: url_of("/admin/talent", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::TalentPool(listing(filters, filter.employment_type, rows, count, request)),
            };
            render(&state, StatusCode::OK, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn reviews_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_reviews(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_reviews(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let Some(show) = chosen(&params, "show", Filter::Only(ReviewState::Reported)) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/reviews").await;
    };
    let request = page_of(&params);
    match reviews::list(state.db(), show, request).await {
        Ok((count, rows)) => {
            let page = AdminPage {
                url: url_of("/admin/reviews", &params),
                staff_email: staff.user.email,
                notice,
                view: AdminView::Reviews(listing(vec![("show", show.to_string())], show, rows, count, request)),
            };
            render(state, status, page).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn review_action(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(id) = record_id(&id) else { return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/reviews").await };
    let outcome = match parse_moderation(Some(&action), form.get("reason").map(String::as_str)) {
        Ok(decision) => reviews::moderate(&state, &staff.user, id, decision).await,
        Err(error) => Err(error),
    };
    let to = |row: ReviewRow| {
        let done = match (row.hidden, action.as_str()) {
            (true, _) => "review-hidden",
            (false, "restore") => "review-restored",
            _ => "review-kept",
        };
        format!("/admin/reviews?done={done}")
    };
    act_then_redirect(&state, Some("/admin/reviews"), outcome, to, |status, why| show_reviews(&state, staff, HashMap::new(), status, Some(why))).await
}

/// What a refused form says at the top of its page: every field's message.
fn error_text(error: &AppError) -> String {
    match error {
        AppError::Validation { fields, .. } => {
            fields.iter().map(|(field, messages)| format!("{}: {}", field.replace('_', " "), messages.join(" "))).collect::<Vec<_>>().join(" · ")
        }
        other => other.to_string(),
    }
}

fn form_fields(form: HashMap<String, String>) -> Fields {
    Fields(form.into_iter().map(|(key, value)| (key, serde_json::Value::String(value))).collect())
}

async fn catalogue_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    let notice = done_notice(&params);
    show_catalogue(&state, staff, params, StatusCode::OK, notice).await
}

async fn show_catalogue(state: &AppState, staff: StaffSession, params: HashMap<String, String>, status: StatusCode, notice: Option<String>) -> Response {
    let search = param(&params, "q");
    let request = page_of(&params);
    let loaded = async {
        let categories = catalogue::categories(state.db()).await?;
        let (count, rows) = catalogue::services(state.db(), Some(search.as_str()).filter(|s| !s.is_empty()), request).await?;
        Ok::<_, sea_orm::DbErr>((categories, count, rows))
    };
    match loaded.await {
        Ok((categories, count, rows)) => {
            let view = AdminView::Catalogue { categories, services: listing(vec![("q", search.clone())], (), rows, count, request) };
            render(state, status, AdminPage { url: url_of("/admin/catalogue", &params), staff_email: staff.user.email, notice, view }).await
        }
        Err(error) => AppError::from(error).into_response(),
    }
}

async fn category_save(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    id: Option<Path<String>>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let id = match id {
        Some(Path(raw)) => match record_id(&raw) {
            Some(id) => Some(id),
            None => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/catalogue").await,
        },
        None => None,
    };
    let outcome = catalogue::save_category(&state, &staff.user, id, &form_fields(form)).await;
    finish(&state, staff, outcome.map(|_| "/admin/catalogue?done=category-saved".to_string())).await
}

async fn category_visibility(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Path((id, visibility)): Path<(String, String)>) -> Response {
    let (Some(id), Some(hidden)) = (
        record_id(&id),
        match visibility.as_str() {
            "hide" => Some(true),
            "show" => Some(false),
            _ => None,
        },
    ) else {
        return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/catalogue").await;
    };
    let fields = Fields([("hidden".to_string(), serde_json::Value::Bool(hidden))].into_iter().collect());
    let outcome = catalogue::save_category(&state, &staff.user, Some(id), &fields).await;
    finish(&state, staff, outcome.map(|_| "/admin/catalogue?done=category-saved".to_string())).await
}

/// After a catalogue form: back to where it was, or the catalogue again saying what was refused.
async fn finish(state: &AppState, staff: StaffSession, outcome: Result<String, AppError>) -> Response {
    act_then_redirect(state, Some("/admin/catalogue"), outcome, |to| to, |status, why| show_catalogue(state, staff, HashMap::new(), status, Some(why))).await
}

async fn service_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, id: Option<Path<String>>, Query(params): Params) -> Response {
    let id = match id {
        Some(Path(raw)) => match record_id(&raw) {
            Some(id) => Some(id),
            None => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/catalogue").await,
        },
        None => None,
    };
    show_service(&state, staff, id, StatusCode::OK, done_notice(&params)).await
}

async fn show_service(state: &AppState, staff: StaffSession, id: Option<i32>, status: StatusCode, notice: Option<String>) -> Response {
    let service = match id {
        Some(id) => match catalogue::service(state.db(), id).await {
            Ok(service) => Some(service),
            Err(AppError::NotFound) => return error_page(&state.site, StatusCode::NOT_FOUND, &format!("/admin/services/{id}")).await,
            Err(error) => return error.into_response(),
        },
        None => None,
    };
    let categories = match catalogue::categories(state.db()).await {
        Ok(categories) => categories,
        Err(error) => return AppError::from(error).into_response(),
    };
    let url = id.map_or("/admin/services/new".to_string(), |id| format!("/admin/services/{id}"));
    render(state, status, AdminPage { url, staff_email: staff.user.email, notice, view: AdminView::ServiceForm { service, categories } }).await
}

async fn service_save(
    State(state): State<Arc<AppState>>,
    StaffPage(staff): StaffPage,
    id: Option<Path<String>>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let id = match id {
        Some(Path(raw)) => match record_id(&raw) {
            Some(id) => Some(id),
            None => return error_page(&state.site, StatusCode::NOT_FOUND, "/admin/catalogue").await,
        },
        None => None,
    };
    let outcome = catalogue::save_service(&state, &staff.user, id, &form_fields(form)).await;
    let to = |saved: ServiceRow| format!("/admin/services/{}?done=service-saved", saved.id);
    act_then_redirect(&state, Some("/admin/catalogue"), outcome, to, |status, why| show_service(&state, staff, id, status, Some(why))).await
}

async fn website_info_page(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Query(params): Params) -> Response {
    show_website_info(&state, staff, StatusCode::OK, done_notice(&params)).await
}

async fn show_website_info(state: &AppState, staff: StaffSession, status: StatusCode, notice: Option<String>) -> Response {
    match catalogue::website_info(state).await {
        Ok(info) => {
            render(state, status, AdminPage { url: "/admin/website-info".into(), staff_email: staff.user.email, notice, view: AdminView::WebsiteInfo(info) })
                .await
        }
        Err(error) => error.into_response(),
    }
}

async fn website_info_save(State(state): State<Arc<AppState>>, StaffPage(staff): StaffPage, Form(form): Form<HashMap<String, String>>) -> Response {
    let outcome = catalogue::save_website_info(&state, &staff.user, &form_fields(form)).await;
    act_then_redirect(
        &state,
        None,
        outcome,
        |_| "/admin/website-info?done=info-saved".to_string(),
        |status, why| show_website_info(&state, staff, status, Some(why)),
    )
    .await
}

/// Ends the staff session; the member stays signed in to the site.
async fn sign_out(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    if let Err(error) = session::end(state.db(), &headers).await {
        return AppError::from(error).into_response();
    }
    let mut response = Redirect::to("/").into_response();
    session::clear_cookie(response.headers_mut(), super::sign_in::secure(&state));
    response
}

async fn not_found(State(state): State<Arc<AppState>>, request: Request) -> Response {
    error_page(&state.site, StatusCode::NOT_FOUND, request.uri().path()).await
}
