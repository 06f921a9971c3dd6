//! The database connection: SQLite (WAL) by default, PostgreSQL when the URL says so.

use migration::{Migrator, MigratorTrait};
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection};
use std::time::Duration;

/// A pool of at most `pool_size` connections to `url`.
pub async fn connect(url: &str, pool_size: u32) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_file(url) {
        if let Some(parent) = std::path::Path::new(path).parent() {
            std::fs::create_dir_all(parent)?;
        }
    }
    let mut options = ConnectOptions::new(url);
    options
        .sqlx_logging(false)
        .max_connections(pool_size.max(1))
        .connect_timeout(Duration::from_secs(10))
        .map_sqlx_sqlite_opts(|o| {
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
                .create_if_missing(true)
        });
    let db = Database::connect(options).await?;
    Ok(db)
}

pub async fn connect_and_migrate(url: &str, pool_size: u32) -> anyhow::Result<DatabaseConnection> {
    let db = connect(url, pool_size).await?;
    Migrator::up(&db, None).await?;
    Ok(db)
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
