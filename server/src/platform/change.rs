//! The one write path. A change opens a transaction; what it tells people (mail,
//! notifications) and what it records (audit entries) are queued inside it, and it names the
//! pages it touches. `commit` commits, then wakes the mail sender, then drops those pages, in
//! that order: nothing is said of a change that did not happen, and no page outlives the data it
//! was made from. A change dropped without `commit` leaves nothing behind.
//!
//! Every write of the marketplace's records goes through a change. Nothing else in the server
//! begins or commits a transaction, wakes the mail sender or drops pages
//! (`tests::every_write_is_a_change` reads the sources to keep it so), and mail, notices and
//! audit entries can only be queued with a change's [`InChange`]. Features add what they say
//! as a [`Said`] (`notifications::notice` adds `Change::notify`). The sign-in machinery
//! (refresh tokens, one-time codes' tries, staff sessions, rate-limit windows) and the mail
//! sender's and periodic tasks' own bookkeeping write their single rows directly: they tell
//! nobody and show on no page.

use crate::platform::audit::{self, Action};
use crate::platform::host::Host;
use crate::platform::mail::outbox::{self, Mail};
use crate::platform::stale_pages;
use app::routes::Tag;
use entity::user;
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr, SqliteTransactionMode, TransactionOptions, TransactionTrait};
use std::future::Future;

pub struct Change<'a> {
    after: After<'a>,
    txn: DatabaseTransaction,
    mail_queued: bool,
    pages: Vec<Tag>,
}

/// A change's transaction as the steps only a change takes receive it (queueing mail, a
/// notice, an audit entry): nothing outside this module can make one, so those steps cannot be
/// taken on a bare connection, where nobody would wake the mail sender.
#[derive(Clone, Copy)]
pub struct InChange<'a>(&'a DatabaseTransaction);

impl<'a> InChange<'a> {
    pub fn db(self) -> &'a DatabaseTransaction {
        self.0
    }
}

/// Something a change says that queues mail (a notice to a member, with its mail): only a
/// change can say it, since only a change makes an [`InChange`].
pub trait Said {
    fn write(self, within: InChange<'_>) -> impl Future<Output = Result<(), DbErr>> + Send;
}

/// Who hears of a committed change.
enum After<'a> {
    /// This server: its mail sender and its pages (and, through them, the other servers').
    Server(&'a dyn Host),
    /// A command run beside the servers (`import`, `create-admin`) or a server still starting:
    /// the running servers' mail senders find its mail at their next look, and they hear of
    /// the pages it touched through the database (PostgreSQL).
    Outside(&'a DatabaseConnection),
}

impl<'a> Change<'a> {
    pub async fn begin(server: &'a impl Host) -> Result<Self, DbErr> {
        Self::new(server.db(), After::Server(server)).await
    }

    /// A change made outside a running server (see [`After::Outside`]).
    pub async fn outside_server(db: &'a DatabaseConnection) -> Result<Self, DbErr> {
        Self::new(db, After::Outside(db)).await
    }

    async fn new(db: &DatabaseConnection, after: After<'a>) -> Result<Self, DbErr> {
        // Every change writes. On SQLite it takes the write lock as it begins (waiting its turn):
        // a deferred transaction that read first could not write once another connection had
        // committed meanwhile ("database is locked"), whatever the busy timeout.
        let immediate = TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..Default::default() };
        Ok(Change { after, txn: db.begin_with_options(immediate).await?, mail_queued: false, pages: Vec::new() })
    }

    /// The transaction, for the change's own reads and writes.
    pub fn db(&self) -> &DatabaseTransaction {
        &self.txn
    }

    /// Queues `mail`, sent once the change is committed.
    pub async fn mail(&mut self, mail: Mail) -> Result<(), DbErr> {
        outbox::enqueue(InChange(&self.txn), mail).await?;
        self.mail_queued = true;
        Ok(())
    }

    /// Says `said`: its mail is sent once the change is committed.
    pub async fn say(&mut self, said: impl Said) -> Result<(), DbErr> {
        said.write(InChange(&self.txn)).await?;
        self.mail_queued = true;
        Ok(())
    }

    /// Records what `staff` did in the audit log.
    pub async fn audit(&mut self, staff: &user::Model, action: Action) -> Result<(), DbErr> {
        audit::record(InChange(&self.txn), staff, action).await
    }

    /// Names pages the change makes stale: they are dropped once it is committed. Each tag is
    /// kept once, so that the notice to other servers stays short.
    pub fn touches(&mut self, tags: impl IntoIterator<Item = Tag>) {
        for tag in tags {
            if !self.pages.contains(&tag) {
                self.pages.push(tag);
            }
        }
    }

    pub async fn commit(self) -> Result<(), DbErr> {
        self.txn.commit().await?;
        match self.after {
            After::Server(server) => {
                if self.mail_queued {
                    server.wake_mail_sender();
                }
                if !self.pages.is_empty() {
                    server.drop_pages(&self.pages).await;
                }
            }
            After::Outside(db) if !self.pages.is_empty() => {
                // Committed either way: a server that does not hear of it keeps a stale page
                // until its next start, as with a missed notice between servers.
                if let Err(error) = stale_pages::publish(db, "outside a server", &self.pages).await {
                    tracing::error!(%error, "could not tell the running servers about changed data");
                }
            }
            After::Outside(_) => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    /// What only a change does, each with the files besides this one allowed to say it: the
    /// host that takes the step for the change, and where the step is declared. (Queueing
    /// mail, a notice or an audit entry needs an [`super::InChange`], which only a change makes.)
    const ONLY_A_CHANGE: [(&str, &str, &[&str]); 6] = [
        ("TransactionTrait", "begins a transaction", &[]),
        ("mail_queued.notify_one", "wakes the mail sender", &["state.rs"]),
        ("wake_mail_sender(", "wakes the mail sender", &["state.rs", "platform/host.rs"]),
        ("site.invalidate(", "drops pages", &["state.rs"]),
        ("drop_pages(", "drops pages", &["state.rs", "platform/host.rs"]),
        ("stale_pages::publish(", "drops other servers' pages", &["site/mod.rs"]),
    ];

    #[test]
    fn every_write_is_a_change() {
        let mut strays = Vec::new();
        for (name, text) in crate::source_tree::rust_files() {
            if name == "platform/change.rs" {
                continue;
            }
            for (words, what, defined_in) in ONLY_A_CHANGE {
                if text.contains(words) && !defined_in.contains(&name.as_str()) {
                    strays.push(format!("{name} {what} ({words}) outside a Change"));
                }
            }
        }
        assert!(strays.is_empty(), "{strays:#?}");
    }
}
