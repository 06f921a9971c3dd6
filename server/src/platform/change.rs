//! The one write path. A change opens a transaction; what it tells people (mail,
//! notifications) and what it records (audit entries) are queued inside it, and it names the
//! pages it touches. `commit` commits, then wakes the mail sender, then drops those pages, in
//! that order: nothing is said of a change that did not happen, and no page outlives the data it
//! was made from. A change dropped without `commit` leaves nothing behind.

use crate::admin::audit::{self, Action};
use crate::notifications::notice::{Notice, Notifier};
use crate::platform::mail::outbox::{self, Mail};
use crate::state::AppState;
use app::routes::Tag;
use entity::user;
use sea_orm::{DatabaseTransaction, DbErr, TransactionTrait};

pub struct Change<'a> {
    state: &'a AppState,
    txn: DatabaseTransaction,
    mail_queued: bool,
    pages: Vec<Tag>,
}

impl<'a> Change<'a> {
    pub async fn begin(state: &'a AppState) -> Result<Self, DbErr> {
        Ok(Change { state, txn: state.db().begin().await?, mail_queued: false, pages: Vec::new() })
    }

    /// The transaction, for the change's own reads and writes.
    pub fn db(&self) -> &DatabaseTransaction {
        &self.txn
    }

    /// Queues `mail`, sent once the change is committed.
    pub async fn mail(&mut self, mail: Mail) -> Result<(), DbErr> {
        outbox::enqueue(&self.txn, mail).await?;
        self.mail_queued = true;
        Ok(())
    }

    /// Tells `to` of the change: a notification, and its mail.
    pub async fn notify(&mut self, notifier: &Notifier, to: &user::Model, notice: Notice) -> Result<(), DbErr> {
        notifier.send(&self.txn, to, notice).await?;
        self.mail_queued = true;
        Ok(())
    }

    /// As [`Change::notify`], for a notice that names another member `as_name`.
    pub async fn notify_naming(&mut self, notifier: &Notifier, to: &user::Model, notice: Notice, named: &user::Model, as_name: &str) -> Result<(), DbErr> {
        notifier.send_naming(&self.txn, to, notice, named, as_name).await?;
        self.mail_queued = true;
        Ok(())
    }

    /// Records what `staff` did in the audit log.
    pub async fn audit(&mut self, staff: &user::Model, action: Action) -> Result<(), DbErr> {
        audit::record(&self.txn, staff, action).await
    }

    /// Names pages the change makes stale: they are dropped once it is committed.
    pub fn touches(&mut self, tags: impl IntoIterator<Item = Tag>) {
        self.pages.extend(tags);
    }

    pub async fn commit(self) -> Result<(), DbErr> {
        self.txn.commit().await?;
        if self.mail_queued {
            self.state.mail_queued.notify_one();
        }
        if !self.pages.is_empty() {
            self.state.site.invalidate(&self.pages).await;
        }
        Ok(())
    }
}
