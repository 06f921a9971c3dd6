//! Hearing that other servers' data changed: with PostgreSQL every server LISTENs for the
//! tags the others publish (`platform::stale_pages`) and drops its own pages under them.

use super::Site;
use crate::platform::stale_pages::{CHANNEL, StalePages};
use app::routes::Tag;
use sea_orm::DatabaseBackend;
use std::sync::Arc;
use std::time::Duration;

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
        match serde_json::from_str::<StalePages>(notification.payload()) {
            Ok(notice) if notice.from != site.sender_id => site.invalidate_here(&notice.tags),
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "ignoring a malformed invalidation notice"),
        }
    }
}
