//! The database connection: SQLite (WAL) by default, PostgreSQL when the URL says so.

use migration::{Migrator, MigratorTrait};
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ActiveModelBehavior, ActiveModelTrait, ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbErr, EntityTrait, IntoActiveModel};
use std::time::Duration;

/// How many connections the server keeps, and how long a request waits for one.
#[derive(Clone, Copy, Debug)]
pub struct Pool {
    pub size: u32,
    /// Past it the request answers 503 (the database is restarting, or every connection busy).
    pub acquire_timeout: Duration,
    /// SQLite only: the most KiB of database pages each connection keeps in memory.
    pub sqlite_cache_kib: u32,
}

impl Pool {
    /// SQLite's own default: a smaller one slowed the searches of the large data by a third,
    /// so fewer connections (see `Config`) keep memory down instead.
    pub const SQLITE_CACHE_KIB: u32 = 2000;
    /// A small pool for tools and tests.
    pub const SMALL: Pool = Pool { size: 4, acquire_timeout: Duration::from_secs(10), sqlite_cache_kib: Pool::SQLITE_CACHE_KIB };
}

/// A pool of connections to `url`.
pub async fn connect(url: &str, pool: Pool) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_file(url)
        && let Some(parent) = std::path::Path::new(path).parent()
    {
        std::fs::create_dir_all(parent)?;
    }
    let mut options = ConnectOptions::new(url);
    // Each statement a debug line of sqlx's (`RUST_LOG=sqlx=debug`), within its request's span.
    options
        .sqlx_logging(true)
        .sqlx_logging_level(log::LevelFilter::Debug)
        .max_connections(pool.size.max(1))
        .acquire_timeout(pool.acquire_timeout)
        .map_sqlx_sqlite_opts(move |o| {
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
                .create_if_missing(true)
                // Negative: a size in KiB rather than in pages. Before `optimize`, which may read.
                .pragma("cache_size", format!("-{}", pool.sqlite_cache_kib))
                // SQLite keeps no statistics of how the data is spread unless asked. Without them a
                // search counted its matches by walking every Open service instead of looking up
                // the few the index found. This analyzes, at
                // each connection's start and within a bounded effort, the tables never analyzed or
                // much changed since.
                .pragma("optimize", "0x10002")
        });
    let db = Database::connect(options).await?;
    Ok(db)
}

pub async fn connect_and_migrate(url: &str, pool: Pool) -> anyhow::Result<DatabaseConnection> {
    // Migrated on a connection of its own, closed before the pool opens: a pooled SQLite
    // connection that read the schema before a migration changed it can describe a statement
    // by the old schema ("Missing value for column" on a column just added).
    let migrating = connect(url, Pool { size: 1, ..pool }).await?;
    Migrator::up(&migrating, None).await?;
    migrating.close().await?;
    connect(url, pool).await
}

/// The file path of a `sqlite://PATH?...` URL, if it names a file.
fn sqlite_file(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    (!path.is_empty() && path != ":memory:").then_some(path)
}

/// Whether a write was refused by a unique index: the database decides "one of a kind", even
/// for two requests at once, and the caller answers that as a duplicate.
pub fn is_unique_violation(error: &sea_orm::DbErr) -> bool {
    matches!(error.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_)))
}

/// Inserts `row`, or `None` when a unique index says one of its kind is there already (the
/// database decides, even for two requests at once). On PostgreSQL the refusal ends the
/// transaction it was made in: the caller answers without writing more in it.
pub async fn insert_if_new<A, C>(db: &C, row: A) -> Result<Option<<A::Entity as EntityTrait>::Model>, DbErr>
where
    A: ActiveModelTrait + ActiveModelBehavior + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
    C: ConnectionTrait,
{
    match row.insert(db).await {
        Ok(saved) => Ok(Some(saved)),
        Err(error) if is_unique_violation(&error) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Whether a failure means the database cannot be reached just now (restarting, refusing or
/// dropping connections, every connection busy) rather than that the request was wrong: the
/// caller answers 503, and the next request tries again on a fresh connection. A connection
/// refused for a wrong password or a missing database counts too: to a client it is the same
/// outage, and the log says which.
pub fn is_unavailable(error: &sea_orm::DbErr) -> bool {
    use sea_orm::sqlx::Error as Sqlx;
    use sea_orm::{DbErr, RuntimeErr};
    let sqlx = match error {
        // No connection could be had: refused, timed out, or the database would not take one.
        DbErr::ConnectionAcquire(_) | DbErr::Conn(_) => return true,
        DbErr::Exec(RuntimeErr::SqlxError(error)) | DbErr::Query(RuntimeErr::SqlxError(error)) => error,
        _ => return false,
    };
    // A connection that broke while in use.
    match sqlx.as_ref() {
        Sqlx::Io(_) | Sqlx::Tls(_) | Sqlx::PoolTimedOut | Sqlx::PoolClosed | Sqlx::WorkerCrashed => true,
        // PostgreSQL's connection exceptions (not 08P01, a protocol violation: a bug of ours),
        // shutting down or starting up, and too many connections.
        Sqlx::Database(database) => {
            database.code().is_some_and(|code| ["08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03", "53300"].contains(&code.as_ref()))
        }
        _ => false,
    }
}

/// Inserts `rows` in batches of 500: SQLite caps the bound parameters of one statement.
pub async fn insert_batches<A>(db: &impl sea_orm::ConnectionTrait, rows: Vec<A>) -> Result<(), sea_orm::DbErr>
where
    A: sea_orm::ActiveModelTrait + Send,
{
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let batch: Vec<A> = rows.by_ref().take(500).collect();
        A::Entity::insert_many(batch).exec_without_returning(db).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::{ConnectionTrait, Statement};

    #[tokio::test]
    async fn a_sqlite_connection_keeps_the_configured_page_cache() {
        let pool = Pool { size: 2, sqlite_cache_kib: 512, ..Pool::SMALL };
        let db = connect("sqlite::memory:", pool).await.unwrap();
        let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), "PRAGMA cache_size")).await.unwrap().unwrap();
        // Negative: KiB, not pages.
        assert_eq!(row.try_get_by_index::<i64>(0).unwrap(), -512);
    }
}
