//! Background work done every so often: booking reminders, job expiry, job alerts, document
//! retention. Several servers may share one database, so each round is claimed in it first
//! (a daily job runs once a day, however many servers run), and on PostgreSQL it runs under
//! an advisory lock, so a round never overlaps another server's. Each job still claims its
//! own work with conditional updates, so nothing is done twice either way.

use crate::state::AppState;
use chrono::{DateTime, Utc};
use entity::periodic_run;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, EntityTrait, QueryFilter, Set, Statement, TransactionTrait};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// Runs `round` at start (unless a server ran it within `interval`) and then every
/// `interval`, for as long as the server runs.
pub fn every<Round, Done>(state: Arc<AppState>, job: &'static str, interval: Duration, round: Round)
where
    Round: Fn(Arc<AppState>) -> Done + Send + Sync + 'static,
    Done: Future<Output = Result<(), DbErr>> + Send,
{
    tokio::spawn(async move {
        loop {
            let db = state.db();
            let ran = exclusively(db, job, async {
                if !claim_round(db, job, interval, Utc::now()).await? {
                    return Ok(false);
                }
                round(state.clone()).await.map(|()| true)
            })
            .await;
            match ran {
                Ok(Some(true)) => {}
                Ok(Some(false) | None) => tracing::debug!(job, "another server ran this round"),
                Err(error) => tracing::error!(job, %error, "a periodic job failed"),
            }
            tokio::time::sleep(interval).await;
        }
    });
}

/// Claims this round of `job` if none started within `interval` of `now`, on any server: one
/// conditional update, which only one server's can win.
pub async fn claim_round(db: &impl ConnectionTrait, job: &str, interval: Duration, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let never = DateTime::<Utc>::UNIX_EPOCH;
    periodic_run::Entity::insert(periodic_run::ActiveModel { job: Set(job.to_string()), started_at: Set(never) })
        .on_conflict(OnConflict::column(periodic_run::Column::Job).do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    let claimed = periodic_run::Entity::update_many()
        .col_expr(periodic_run::Column::StartedAt, Expr::value(now))
        .filter(periodic_run::Column::Job.eq(job))
        .filter(periodic_run::Column::StartedAt.lte(chrono::Duration::from_std(interval).ok().and_then(|interval| now.checked_sub_signed(interval)).unwrap_or(never)))
        .exec(db)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// Does `work` unless another server is doing the job named `job` (PostgreSQL's
/// `pg_try_advisory_xact_lock`, held by a transaction of its own until `work` is done, and
/// released by the database if this server dies); `None` when it was skipped.
pub async fn exclusively<T>(db: &DatabaseConnection, job: &str, work: impl Future<Output = Result<T, DbErr>>) -> Result<Option<T>, DbErr> {
    if db.get_database_backend() != DatabaseBackend::Postgres {
        // One SQLite file, one server.
        return work.await.map(Some);
    }
    let lock = db.begin().await?;
    let statement = Statement::from_sql_and_values(DatabaseBackend::Postgres, "SELECT pg_try_advisory_xact_lock($1) AS taken", [lock_key(job).into()]);
    let taken = match lock.query_one_raw(statement).await? {
        Some(row) => row.try_get::<bool>("", "taken")?,
        None => false,
    };
    if !taken {
        lock.rollback().await?;
        return Ok(None);
    }
    let outcome = work.await;
    lock.commit().await?;
    outcome.map(Some)
}

/// The advisory lock's number for a job: its name's FNV-1a hash, the same on every server.
fn lock_key(job: &str) -> i64 {
    let hash = job.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
    i64::from_ne_bytes(hash.to_ne_bytes())
}
