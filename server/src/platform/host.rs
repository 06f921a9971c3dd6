//! The running server as the platform's machinery sees it: its database, its mail sender, its
//! pages and its periodic rounds. The server's state implements it, so that nothing in
//! `platform/` depends on the features the server is made of.

use app::routes::Tag;
use futures::future::BoxFuture;
use sea_orm::DatabaseConnection;
use std::sync::Arc;

pub trait Host: Send + Sync {
    fn db(&self) -> &DatabaseConnection;

    /// Wakes the mail sender: mail was queued.
    fn wake_mail_sender(&self);

    /// Drops the pages made from data under `tags`, on this server and the others.
    fn drop_pages<'a>(&'a self, tags: &'a [Tag]) -> BoxFuture<'a, ()>;

    /// Held by the periodic task running a round on this server: one at a time, so that their
    /// rounds never hold all the database's pooled connections between them.
    fn periodic_round(&self) -> &tokio::sync::Mutex<()>;
}

impl<H: Host + ?Sized> Host for Arc<H> {
    fn db(&self) -> &DatabaseConnection {
        (**self).db()
    }

    fn wake_mail_sender(&self) {
        (**self).wake_mail_sender()
    }

    fn drop_pages<'a>(&'a self, tags: &'a [Tag]) -> BoxFuture<'a, ()> {
        (**self).drop_pages(tags)
    }

    fn periodic_round(&self) -> &tokio::sync::Mutex<()> {
        (**self).periodic_round()
    }
}
