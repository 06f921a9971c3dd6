//! Keeping documents no longer than needed: once a day, CVs of applications to jobs closed
//! (or removed) more than the retention period ago, job-seeker registrations older than it,
//! and the identity documents of accounts deactivated and untouched for it, are deleted from
//! storage with the records that name them. The period is `DOCUMENT_RETENTION_MONTHS`
//! (12 by default), and the privacy policy states it.

use crate::platform::change::Change;
use crate::platform::periodic;
use crate::state::AppState;
use chrono::{DateTime, Months, Utc};
use entity::words::ListingStatus;
use entity::{job, job_application, job_seeker, user};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::sync::Arc;

const EVERY: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

/// Runs the sweep once a day, on one server, for as long as the server runs.
pub fn start(state: Arc<AppState>) {
    periodic::every(state, "document retention", EVERY, |state| async move {
        let removed = sweep(&state, Utc::now()).await?;
        if removed.any() {
            tracing::info!(?removed, "documents past their retention period removed");
        }
        Ok(())
    });
}

/// What one sweep removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Removed {
    pub applications: usize,
    pub registrations: usize,
    pub identity_documents: usize,
}

impl Removed {
    fn any(&self) -> bool {
        self.applications + self.registrations + self.identity_documents > 0
    }
}

pub async fn sweep(state: &AppState, now: DateTime<Utc>) -> Result<Removed, DbErr> {
    let months = state.config().document_retention_months;
    let before = now.checked_sub_months(Months::new(months)).unwrap_or(now);
    let db = state.db();

    // Jobs whose applications are closed: removed, closed by a date, or marked Closed, all before the cut-off.
    let closed_jobs = Condition::any()
        .add(job::Column::RemovedAt.lt(before))
        .add(job::Column::ClosesAt.lt(before.date_naive()))
        .add(Condition::all().add(job::Column::Status.eq(ListingStatus::Closed)).add(job::Column::UpdatedAt.lt(before)));
    let job_ids: Vec<i32> = job::Entity::find().filter(closed_jobs).select_only().column(job::Column::Id).into_tuple().all(db).await?;
    let applications: Vec<(i32, String)> = job_application::Entity::find()
        .filter(job_application::Column::JobId.is_in(job_ids))
        .select_only()
        .column(job_application::Column::Id)
        .column(job_application::Column::Resume)
        .into_tuple()
        .all(db)
        .await?;
    let registrations: Vec<(i32, String)> = job_seeker::Entity::find()
        .filter(job_seeker::Column::CreatedAt.lt(before))
        .select_only()
        .column(job_seeker::Column::Id)
        .column(job_seeker::Column::Cv)
        .into_tuple()
        .all(db)
        .await?;
    let dormant: Vec<user::Model> = user::Entity::find()
        .filter(user::Column::IsActive.eq(false))
        .filter(user::Column::UpdatedAt.lt(before))
        .filter(
            Condition::any()
                .add(user::Column::Passport.is_not_null())
                .add(user::Column::UtilityBill.is_not_null())
                .add(user::Column::OtherDocuments.is_not_null()),
        )
        .all(db)
        .await?;

    let application_ids: Vec<i32> = applications.iter().map(|(id, _)| *id).collect();
    let registration_ids: Vec<i32> = registrations.iter().map(|(id, _)| *id).collect();
    let dormant_ids: Vec<i32> = dormant.iter().map(|u| u.id).collect();
    let mut files: Vec<String> = applications.into_iter().map(|(_, key)| key).chain(registrations.into_iter().map(|(_, key)| key)).collect();
    files.extend(dormant.into_iter().flat_map(|u| [u.passport, u.utility_bill, u.other_documents]).flatten());
    let removed = Removed { applications: application_ids.len(), registrations: registration_ids.len(), identity_documents: dormant_ids.len() };

    let change = Change::begin(state).await?;
    job_application::Entity::delete_many().filter(job_application::Column::Id.is_in(application_ids)).exec(change.db()).await?;
    job_seeker::Entity::delete_many().filter(job_seeker::Column::Id.is_in(registration_ids)).exec(change.db()).await?;
    user::Entity::update_many()
        .col_expr(user::Column::Passport, Expr::value(Option::<String>::None))
        .col_expr(user::Column::UtilityBill, Expr::value(Option::<String>::None))
        .col_expr(user::Column::OtherDocuments, Expr::value(Option::<String>::None))
        .filter(user::Column::Id.is_in(dormant_ids))
        // Still deactivated and untouched: one reactivated meanwhile keeps its documents.
        .filter(user::Column::IsActive.eq(false))
        .filter(user::Column::UpdatedAt.lt(before))
        .exec(change.db())
        .await?;
    change.commit().await?;

    // The records are gone first, so no record can point at a missing file.
    for key in &files {
        state.storage.delete(key).await;
    }
    Ok(removed)
}
