//! The back office's pages under `/admin`: for a signed-in staff member (their staff session
//! cookie), the site's own 404 page for anyone else. Rendered per request, `no-store` and
//! `noindex`; their forms post back here and land on the page again (post, redirect, get).

use crate::accounts::staff_session::{self as session, StaffSession};
use crate::admin::{audit, bookings, catalogue, contact, dashboard, jobs, members, payments, provider_applications, recruitment, reviews};
use crate::http::AppError;
use crate::http::list::{DEFAULT_PAGE_SIZE, PageRequest};
use crate::http::origin::refuse_changes_from_elsewhere;
use crate::site::handlers::{error_page, failed_page};
use crate::state::AppState;
use app::admin::{AdminPage, AdminView, Listing};
use axum::Router;
use axum::extract::{FromRequestParts, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{any, get, post};
use entity::words::{Filter, Word};
use std::collections::HashMap;
use std::sync::Arc;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/admin", get(dashboard_page))
        .route("/admin/", get(dashboard_page))
        .route("/admin/audit", get(audit_page))
        .route("/admin/sign-out", post(sign_out))
        .merge(provider_applications::pages::routes())
        .merge(bookings::pages::routes())
        .merge(bookings::messages::routes())
        .merge(members::pages::routes())
        .merge(catalogue::pages::routes())
        .merge(reviews::pages::routes())
        .merge(payments::pages::routes())
        .merge(recruitment::pages::routes())
        .merge(contact::pages::routes())
        .merge(jobs::pages::routes())
        .route("/admin/{*rest}", any(not_found))
}

pub(in crate::admin) type Params = Query<HashMap<String, String>>;

/// The staff member the cookie names, for a back-office page; to anyone else the site's 404
/// page (the back office does not exist for them). A form post must also come from our own
/// pages (the cookie is SameSite=Strict as well).
pub(in crate::admin) struct StaffPage(pub(in crate::admin) StaffSession);

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

pub(in crate::admin) async fn render(state: &AppState, status: StatusCode, page: AdminPage) -> Response {
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

pub(in crate::admin) fn page_of(params: &HashMap<String, String>) -> PageRequest {
    let page = params.get("page").and_then(|p| p.parse::<u64>().ok()).filter(|p| (1..=100_000).contains(p)).unwrap_or(1);
    PageRequest { page, size: DEFAULT_PAGE_SIZE }
}

pub(in crate::admin) fn listing<Row, Chosen>(
    filters: Vec<(&str, String)>,
    chosen: Chosen,
    rows: Vec<Row>,
    count: u64,
    request: PageRequest,
) -> Listing<Row, Chosen> {
    let filters = filters.into_iter().map(|(name, value)| (name.to_string(), value)).collect();
    Listing { filters, chosen, rows, count, page: request.page, pages: count.div_ceil(request.size).max(1) }
}

/// The list's filter `name` from the address: `default` when left out or blank; `None` when it
/// is none of the choices.
pub(in crate::admin) fn chosen<W: Word>(params: &HashMap<String, String>, name: &str, default: Filter<W>) -> Option<Filter<W>> {
    let text = param(params, name);
    if text.is_empty() { Some(default) } else { Filter::parse(&text) }
}

pub(in crate::admin) fn url_of(path: &str, params: &HashMap<String, String>) -> String {
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

/// The answer to a form, given the `outcome` of its action (the act is the caller's; this is
/// the "then redirect"): on success, the page `to` names, with a `done` code that says what
/// was done (post, redirect, get); on a refusal, the form's page `again`, under the refusal's
/// status and saying why; a record gone, the site's 404 page for `missing` (when the form's
/// page cannot show the record's absence itself); an internal error as such.
pub(in crate::admin) async fn act_then_redirect<T, Shown: Future<Output = Response>>(
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

/// What the `done` code in the address says, after a form's redirect: the subject's `done`
/// lookup (its `texts.rs`) names the codes its forms redirect with.
pub(in crate::admin) fn done_notice(params: &HashMap<String, String>, done: fn(&str) -> Option<&'static str>) -> Option<String> {
    params.get("done").and_then(|code| done(code)).map(String::from)
}

/// A filter's text from the address: trimmed, at most 100 characters.
pub(in crate::admin) fn param(params: &HashMap<String, String>, name: &str) -> String {
    params.get(name).map(|v| v.trim().chars().take(100).collect()).unwrap_or_default()
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

pub(in crate::admin) fn record_id(raw: &str) -> Option<i32> {
    raw.parse::<i32>().ok().filter(|id| *id > 0)
}

/// What a refused form says at the top of its page: every field's message.
pub(in crate::admin) fn error_text(error: &AppError) -> String {
    match error {
        AppError::Validation { fields, .. } => {
            fields.iter().map(|(field, messages)| format!("{}: {}", field.replace('_', " "), messages.join(" "))).collect::<Vec<_>>().join(" · ")
        }
        other => other.to_string(),
    }
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
