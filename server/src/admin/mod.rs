//! The back office: staff sign in with a second factor, then run the company from `/admin`
//! (server-rendered pages) or the staff API under `/api/admin/` (the same functions). Every
//! change is one transaction with its notifications, mail and audit log row.
//!
//! One folder a subject (bookings, payments, jobs, members, catalogue, reviews, recruitment,
//! contact, provider applications), each with its queries and rules (`mod.rs`), its JSON
//! calls (`api.rs`), its pages (`pages.rs`) and what it says (`texts.rs`: refusals, notices,
//! the done notices its pages show after a form); `pages.rs`, `api.rs` and `texts.rs` here hold
//! what the subjects share (the staff page, a form's "act, then redirect") and the dashboard,
//! the audit log and staff sign-in.

mod api;
pub mod audit;
mod bookings;
mod catalogue;
mod contact;
mod dashboard;
mod inbox;
mod jobs;
mod members;
mod pages;
mod payments;
mod provider_applications;
mod recruitment;
mod reviews;
pub mod second_factor;
mod sign_in;
mod texts;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use pages::routes as pages;

use sea_orm::sea_query::{Expr, ExprTrait, Func, IntoColumnRef, LikeExpr};

/// `column` contains `text`, ignoring case: the back office's text filters (a plain scan; staff
/// lists are small). `%`, `_` and `\` in `text` stand for themselves.
fn contains(column: impl IntoColumnRef, text: &str) -> Expr {
    let pattern = format!("%{}%", text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(pattern).escape('\\'))
}

/// `/api/admin/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(sign_in::state, sign_in::sign_in, sign_in::sign_out))
        .routes(routes!(sign_in::enrol))
        .routes(routes!(sign_in::confirm_enrolment))
        .routes(routes!(api::dashboard))
        .routes(routes!(provider_applications::api::provider_applications))
        .routes(routes!(provider_applications::api::decide))
        .routes(routes!(bookings::api::booking_list))
        .routes(routes!(bookings::api::booking_action))
        .routes(routes!(members::api::member_list))
        .routes(routes!(members::api::member))
        .routes(routes!(members::api::member_action))
        .routes(routes!(members::api::member_data))
        .routes(routes!(members::api::member_erase))
        .routes(routes!(catalogue::api::category_list, catalogue::api::category_create))
        .routes(routes!(catalogue::api::category_update))
        .routes(routes!(catalogue::api::service_list, catalogue::api::service_create))
        .routes(routes!(catalogue::api::service_show, catalogue::api::service_update))
        .routes(routes!(catalogue::api::website_info, catalogue::api::website_info_update))
        .routes(routes!(reviews::api::review_list))
        .routes(routes!(reviews::api::review_moderation))
        .routes(routes!(reviews::api::answer_moderation))
        .routes(routes!(payments::api::payment_list))
        .routes(routes!(payments::api::payment))
        .routes(routes!(payments::api::payment_refund))
        .routes(routes!(recruitment::api::recruitment_list))
        .routes(routes!(recruitment::api::recruitment_update))
        .routes(routes!(contact::api::contact_list))
        .routes(routes!(contact::api::contact_update))
        .routes(routes!(recruitment::api::talent_list))
        .routes(routes!(jobs::api::job_list))
        .routes(routes!(jobs::api::job_action))
        .routes(routes!(jobs::api::job_applications))
        .routes(routes!(jobs::api::application_status))
        .routes(routes!(api::audit_log))
}
