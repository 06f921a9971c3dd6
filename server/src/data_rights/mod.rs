//! A member's data rights under UK GDPR: a copy of everything we hold (export), and erasure
//! where no other law says keep (the account deleted, financial records anonymised). Members
//! use them from their profile; staff run them for a person who asks by email.

pub mod erasure;
pub mod export;
mod handlers;
pub mod retention;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use handlers::download;

use sea_orm::{ColumnTrait, Condition};

/// Rows of a member, or sent from their address while signed out (a recruitment request, a
/// job-seeker registration); never a row another signed-in member sent giving this address.
fn sent_by<C: ColumnTrait>(user_column: C, email_column: C, id: i32, email: &str) -> Condition {
    Condition::any().add(user_column.eq(id)).add(Condition::all().add(user_column.is_null()).add(email_column.eq(email)))
}

/// `/api/auth/my-data/` and `/api/auth/delete-account/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::my_data)).routes(routes!(handlers::delete_account))
}
