//! Job alerts: for each job seeker whose alerts are on, a mail of the jobs posted since their
//! last alert that match what they want, at most once per `JOB_ALERTS_EVERY_SECONDS` (a day).
//! Each alert is claimed with one conditional update, so it goes once however many servers run.

use super::links::unsubscribe_url;
use super::texts;
use crate::domain::uk_time;
use crate::jobs::queries::{in_box_around, listed, open_on};
use crate::places::{Point, district_point};
use crate::platform::change::Change;
use crate::platform::mail::outbox::Mail;
use crate::platform::periodic;
use crate::platform::search::{Searched, contains_ignoring_case, matching};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use entity::words::{EmploymentType, JobAlerts, Word};
use entity::{job, job_seeker};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::sync::Arc;

/// The most jobs one alert lists; the mail links to the rest.
const MOST_JOBS: u64 = 20;

/// Sends due alerts every minute (or more often when alerts may go more often), for as long as
/// the server runs.
pub fn start(state: Arc<AppState>) {
    let every = state.config().job_alerts_every.min(std::time::Duration::from_secs(60));
    periodic::every(state, "job alerts", every, |state| async move { send_due(&state, Utc::now()).await.map(drop) });
}

/// The jobs posted after the seeker's last alert that are open and match their roles (the
/// full-text index), towns, kinds of employment and distance of a postcode district.
async fn new_matches(db: &impl ConnectionTrait, seeker: &job_seeker::Model) -> Result<Vec<job::Model>, DbErr> {
    let backend = db.get_database_backend();
    let roles = seeker.roles.lines().filter(|r| !r.trim().is_empty()).fold(Condition::any(), |any, role| any.add(matching(backend, Searched::Jobs, role)));
    let mut query = listed().filter(open_on(uk_time::today())).filter(job::Column::CreatedAt.gt(seeker.alerted_until)).filter(roles);
    let towns: Vec<&str> = seeker.locations.lines().map(str::trim).filter(|t| !t.is_empty()).collect();
    if !towns.is_empty() {
        query = query.filter(towns.iter().fold(Condition::any(), |any, town| any.add(contains_ignoring_case((job::Entity, job::Column::Location), town))));
    }
    let kinds: Vec<EmploymentType> = seeker.employment_types.split(',').filter_map(|k| EmploymentType::parse(k.trim())).collect();
    if !kinds.is_empty() {
        query = query.filter(job::Column::EmploymentType.is_in(kinds));
    }
    let query = query.order_by_desc(job::Column::CreatedAt);
    let Some((point, within)) = seeker.near_district.as_deref().and_then(district_point).zip(seeker.within_miles) else {
        return query.limit(MOST_JOBS).all(db).await;
    };
    let boxed = in_box_around(query, point, within).all(db).await?;
    let near = |job: &job::Model| job.latitude.zip(job.longitude).is_some_and(|(latitude, longitude)| point.miles_to(Point { latitude, longitude }) <= within);
    Ok(boxed.into_iter().filter(near).take(MOST_JOBS as usize).collect())
}

/// Queues the alert of every seeker who is due one and has new matching jobs; returns how many.
pub async fn send_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let due_before = now - chrono::Duration::from_std(state.config().job_alerts_every).unwrap_or(chrono::Duration::days(1));
    let seekers = job_seeker::Entity::find()
        .filter(job_seeker::Column::Alerts.eq(JobAlerts::On))
        .filter(Condition::any().add(job_seeker::Column::LastAlertAt.is_null()).add(job_seeker::Column::LastAlertAt.lte(due_before)))
        .all(state.db())
        .await?;
    let brand = state.brand().await;
    let mut queued = 0;
    for seeker in seekers {
        let jobs = new_matches(state.db(), &seeker).await?;
        if jobs.is_empty() {
            continue;
        }
        let mut change = Change::begin(state).await?;
        let claimed = job_seeker::Entity::update_many()
            .col_expr(job_seeker::Column::LastAlertAt, Expr::value(now))
            .col_expr(job_seeker::Column::AlertedUntil, Expr::value(now))
            .filter(job_seeker::Column::Id.eq(seeker.id))
            .filter(job_seeker::Column::Alerts.eq(JobAlerts::On))
            .filter(job_seeker::Column::AlertedUntil.eq(seeker.alerted_until))
            .exec(change.db())
            .await?;
        if claimed.rows_affected == 0 {
            continue;
        }
        change.mail(alert_mail(state, &brand, &seeker, &jobs)).await?;
        change.commit().await?;
        queued += 1;
    }
    Ok(queued)
}

fn alert_mail(state: &AppState, brand: &str, seeker: &job_seeker::Model, jobs: &[job::Model]) -> Mail {
    texts::alert(&seeker.email, &seeker.full_name, brand, &state.config().public_url, jobs, unsubscribe_url(state, seeker.id))
}
