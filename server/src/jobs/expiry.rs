//! Closing jobs whose closing date has passed. Lists and pages already count such a job as
//! Closed when they read it; this periodic task also marks it Closed in the database and drops
//! the kept pages that still show it open, so the site agrees within a minute of midnight.

use super::queries::open_on;
use crate::domain::uk_time;
use crate::platform::change::Change;
use crate::platform::periodic;
use crate::state::AppState;
use app::routes::Tag;
use chrono::Utc;
use entity::job;
use entity::words::ListingStatus;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::sync::Arc;

const EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Looks for expired jobs every minute, for as long as the server runs.
pub fn start(state: Arc<AppState>) {
    periodic::every(state, "job expiry", EVERY, |state| async move { close_expired(&state).await.map(drop) });
}

/// Marks every Open job past its closing date Closed; returns how many.
pub async fn close_expired(state: &AppState) -> Result<usize, DbErr> {
    let today = uk_time::today();
    let expired = Condition::all().add(job::Column::Status.eq(ListingStatus::Open)).add(open_on(today).not());
    let ids: Vec<i32> = job::Entity::find().filter(expired.clone()).select_only().column(job::Column::Id).into_tuple().all(state.db()).await?;
    if ids.is_empty() {
        return Ok(0);
    }
    let mut change = Change::begin(state).await?;
    job::Entity::update_many()
        .col_expr(job::Column::Status, Expr::value(ListingStatus::Closed))
        .col_expr(job::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(job::Column::Id.is_in(ids.iter().copied()))
        .filter(expired)
        .exec(change.db())
        .await?;
    change.touches(ids.iter().map(|id| Tag::Job(*id)).chain([Tag::Jobs]));
    change.commit().await?;
    Ok(ids.len())
}
