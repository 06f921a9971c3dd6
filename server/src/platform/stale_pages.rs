//! Telling every server that pages went stale. A server drops its own pages at once; with
//! PostgreSQL the tags are also sent with NOTIFY on [`CHANNEL`], which every server LISTENs to
//! (`site::invalidation`), so several servers behind a load balancer (or an `import` run from
//! the command line) keep each other current.

use app::routes::Tag;
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};
use serde::{Deserialize, Serialize};

pub const CHANNEL: &str = "marketplace_page_invalidation";

/// A name for one server, to tell its own notices from those of others.
pub fn new_sender_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}

/// What one server tells the others: who it is, and the tags of the pages that went stale.
#[derive(Serialize, Deserialize)]
pub struct StalePages {
    pub from: String,
    pub tags: Vec<Tag>,
}

/// Sends `tags` to the other servers (PostgreSQL only; a SQLite database has one server).
pub async fn publish(db: &DatabaseConnection, from: &str, tags: &[Tag]) -> Result<(), sea_orm::DbErr> {
    if db.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let notice = serde_json::to_string(&StalePages { from: from.to_string(), tags: tags.to_vec() }).expect("tags serialise");
    db.execute_raw(Statement::from_sql_and_values(DatabaseBackend::Postgres, "SELECT pg_notify($1, $2)", [CHANNEL.into(), notice.into()])).await?;
    Ok(())
}
