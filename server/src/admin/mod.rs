//! The back office: staff sign in with a second factor, then run the company from `/admin`
//! (server-rendered pages) or the staff API under `/api/admin/` (the same functions). Every
//! change is one transaction with its notifications, mail and audit log row.

mod api;
pub mod audit;
mod bookings;
mod catalogue;
mod contact;
mod dashboard;
mod jobs;
mod members;
mod pages;
mod payments;
mod provider_applications;
mod recruitment;
mod reviews;
pub mod second_factor;
pub mod session;
mod sign_in;
mod talent;

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
        .routes(routes!(api::provider_applications))
        .routes(routes!(api::decide))
        .routes(routes!(api::booking_list))
        .routes(routes!(api::booking_action))
        .routes(routes!(api::member_list))
        .routes(routes!(api::member))
        .routes(routes!(api::member_action))
        .routes(routes!(api::member_data))
        .routes(routes!(api::member_erase))
        .routes(routes!(api::category_list, api::category_create))
        .routes(routes!(api::category_update))
        .routes(routes!(api::service_list, api::service_create))
        .routes(routes!(api::service_show, api::service_update))
        .routes(routes!(api::website_info, api::website_info_update))
        .routes(routes!(api::review_list))
        .routes(routes!(api::review_moderation))
        .routes(routes!(api::payment_list))
        .routes(routes!(api::payment))
        .routes(routes!(api::payment_refund))
        .routes(routes!(api::recruitment_list))
        .routes(routes!(api::recruitment_update))
        .routes(routes!(api::contact_list))
        .routes(routes!(api::contact_update))
        .routes(routes!(api::talent_list))
        .routes(routes!(api::job_list))
        .routes(routes!(api::job_action))
        .routes(routes!(api::job_applications))
        .routes(routes!(api::application_status))
        .routes(routes!(api::audit_log))
}
