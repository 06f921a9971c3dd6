//! Telling every server that data changed. In-process the cache drops the pages at once; with
//! PostgreSQL the change is also sent with NOTIFY, and every server LISTENs, so several servers
//! behind a load balancer (or an `import` run from the command line) keep each other current.

use super::Site;
use app::routes::Tag;
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

const CHANNEL: &str = "marketplace_page_invalidation";

/// A name for one server, to tell its own notices from those of others.
pub fn new_sender_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}

#[derive(Serialize, Deserialize)]
struct Notice {
    from: String,
    tags: Vec<Tag>,
}

/// Sends `tags` to the other servers (PostgreSQL only; a SQLite database has one server).
pub async fn publish(db: &DatabaseConnection, from: &str, tags: &[Tag]) -> Result<(), sea_orm::DbErr> {
    if db.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let notice = serde_json::to_string(&Notice { from: from.to_string(), tags: tags.to_vec() }).expect("tags serialise");
    db.execute_raw(Statement::from_sql_and_values(DatabaseBackend::Postgres, "SELECT pg_notify($1, $2)", [CHANNEL.into(), notice.into()])).await?;
    Ok(())
}

/// Applies the other servers' notices to this one's cache, reconnecting if the link drops.
pub fn listen(site: Arc<Site>) {
    if site.db.get_database_backend() != DatabaseBackend::Postgres {
        return;
    }
    tokio::spawn(async move {
        loop {
            if let Err(error) = listen_once(&site).await {
                tracing::warn!(%error, "page invalidation listener stopped; reconnecting");
            }
            site.listening.send_replace(false);
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    });
}

async fn listen_once(site: &Arc<Site>) -> Result<(), sea_orm::sqlx::Error> {
    let pool = site.db.get_postgres_connection_pool();
    let mut listener = sea_orm::sqlx::postgres::PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    // Whatever changed while we were not listening is unknown: start from a clean cache.
    site.invalidate_here(&[Tag::Site]);
    site.listening.send_replace(true);
    loop {
        let notification = listener.recv().await?;
        match serde_json::from_str::<Notice>(notification.payload()) {
            Ok(notice) if notice.from != site.sender_id => site.invalidate_here(&notice.tags),
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "ignoring a malformed invalidation notice"),
        }
    }
}
