//! Background work done every so often: booking reminders, job expiry, job alerts, document
//! retention, the sweep of old rate-limit windows. Several servers may share one database, so
//! each round is claimed in it first (a daily task runs once a day, however many servers run),
//! and on PostgreSQL it runs under an advisory lock, so a round never overlaps another
//! server's. Each task still claims its own work with conditional updates, so nothing is done
//! twice either way.

use crate::platform::change::Change;
use crate::platform::host::Host;
use chrono::{DateTime, Utc};
use entity::periodic_run;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, Set, Statement};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// Runs `round` every `interval`, on whichever server claims it first, for as long as the
/// server runs: it looks every minute (or every `interval`, if shorter), so a daily round is
/// not put off by a restart.
pub fn every<H, Round, Done>(state: Arc<H>, task: &'static str, interval: Duration, round: Round)
where
    H: Host + 'static,
    Round: Fn(Arc<H>) -> Done + Send + Sync + 'static,
    Done: Future<Output = Result<(), DbErr>> + Send,
{
    let look_every = interval.min(Duration::from_secs(60));
    tokio::spawn(async move {
        loop {
            match run_round(&state, task, interval, &round).await {
                Ok(true) => {}
                Ok(false) => tracing::debug!(task, "another server ran this round"),
                Err(error) => tracing::error!(task, %error, "a periodic task failed"),
            }
            tokio::time::sleep(look_every).await;
        }
    });
}

/// Runs `work` once for the database, in the background, unless a server did it before
/// ([`run_once`]).
pub fn once<H, Work, Done, Failure>(state: Arc<H>, task: &'static str, work: Work)
where
    H: Host + 'static,
    Work: FnOnce(Arc<H>) -> Done + Send + 'static,
    Done: Future<Output = Result<(), Failure>> + Send,
    Failure: From<DbErr> + std::fmt::Display + Send,
{
    tokio::spawn(async move {
        match run_once(&state, task, work).await {
            Ok(true) => tracing::info!(task, "done once"),
            Ok(false) => {}
            Err(error) => tracing::error!(task, %error, "work done once failed; the next start tries again"),
        }
    });
}

/// Runs `work` unless it was done for this database before; whether it ran. It is recorded
/// (its row's time is when it was done) only once it succeeded, so a failure leaves it to the
/// next start. Servers starting together may both run it, so `work` must be safe to repeat.
pub async fn run_once<H, Work, Done, Failure>(state: &Arc<H>, task: &str, work: Work) -> Result<bool, Failure>
where
    H: Host,
    Work: FnOnce(Arc<H>) -> Done,
    Done: Future<Output = Result<(), Failure>>,
    Failure: From<DbErr>,
{
    if periodic_run::Entity::find_by_id(task).one(state.db()).await?.is_some() {
        return Ok(false);
    }
    work(state.clone()).await?;
    periodic_run::Entity::insert(periodic_run::ActiveModel { job: Set(task.to_string()), started_at: Set(Utc::now()) })
        .on_conflict(OnConflict::column(periodic_run::Column::Job).do_nothing().to_owned())
        .exec_without_returning(state.db())
        .await?;
    Ok(true)
}

/// One round of `task` if this server claims it; whether it ran. On PostgreSQL the claim is
/// made under the task's advisory lock, in the lock's own change, and both are held until the
/// round is done (one pooled connection; the round borrows others as it goes). A server runs
/// one round at a time: rounds starting together, each holding its lock's connection while
/// waiting for another, would otherwise take the whole pool.
pub async fn run_round<H, Round, Done>(state: &Arc<H>, task: &str, interval: Duration, round: &Round) -> Result<bool, DbErr>
where
    H: Host,
    Round: Fn(Arc<H>) -> Done,
    Done: Future<Output = Result<(), DbErr>>,
{
    let _one_at_a_time = state.periodic_round().lock().await;
    let db = state.db();
    if db.get_database_backend() != DatabaseBackend::Postgres {
        // One SQLite file, one server: the claim alone keeps to one round an interval.
        if !claim_round(db, task, interval, Utc::now()).await? {
            return Ok(false);
        }
        round(state.clone()).await?;
        return Ok(true);
    }
    let lock = Change::begin(state).await?;
    if !try_lock(lock.db(), task).await? || !claim_round(lock.db(), task, interval, Utc::now()).await? {
        return Ok(false);
    }
    // A failed round rolls its claim back with the lock, so the next look tries again.
    round(state.clone()).await?;
    lock.commit().await?;
    Ok(true)
}

/// Claims this round of `task` if none started within `interval` of `now`, on any server: one
/// conditional update, which only one server's can win.
pub async fn claim_round(db: &impl ConnectionTrait, task: &str, interval: Duration, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let never = DateTime::<Utc>::UNIX_EPOCH;
    periodic_run::Entity::insert(periodic_run::ActiveModel { job: Set(task.to_string()), started_at: Set(never) })
        .on_conflict(OnConflict::column(periodic_run::Column::Job).do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    let claimed = periodic_run::Entity::update_many()
        .col_expr(periodic_run::Column::StartedAt, Expr::value(now))
        .filter(periodic_run::Column::Job.eq(task))
        .filter(
            periodic_run::Column::StartedAt
                .lte(chrono::Duration::from_std(interval).ok().and_then(|interval| now.checked_sub_signed(interval)).unwrap_or(never)),
        )
        .exec(db)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// Takes `task`'s advisory lock for the rest of the transaction `lock`, unless another holds it.
async fn try_lock(lock: &DatabaseTransaction, task: &str) -> Result<bool, DbErr> {
    let statement = Statement::from_sql_and_values(DatabaseBackend::Postgres, "SELECT pg_try_advisory_xact_lock($1) AS taken", [lock_key(task).into()]);
    match lock.query_one_raw(statement).await? {
        Some(row) => row.try_get::<bool>("", "taken"),
        None => Ok(false),
    }
}

/// The advisory lock's number for a task: its name's FNV-1a hash, the same on every server.
fn lock_key(task: &str) -> i64 {
    let hash = task.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
    i64::from_ne_bytes(hash.to_ne_bytes())
}
