//! Queues a mail in the database. Called inside the transaction of the change that causes it,
//! so a mail is queued if and only if the change is committed.

use crate::platform::change::InChange;
use chrono::Utc;
use entity::mail_outbox;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter};

pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// An iCalendar invite to attach, if any.
    pub calendar: Option<String>,
    /// The one-click unsubscribe address of a mail the person asked for (job alerts), if any.
    pub unsubscribe: Option<String>,
}

pub async fn enqueue(within: InChange<'_>, mail: Mail) -> Result<(), DbErr> {
    let db = within.db();
    let now = Utc::now();
    mail_outbox::Entity::insert(mail_outbox::ActiveModel {
        to_address: Set(mail.to),
        subject: Set(mail.subject),
        text_body: Set(mail.text),
        html_body: Set(mail.html),
        attempts: Set(0),
        next_attempt_at: Set(now),
        sent_at: Set(None),
        last_error: Set(None),
        calendar: Set(mail.calendar),
        unsubscribe_url: Set(mail.unsubscribe),
        created_at: Set(now),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// Mail not sent yet, and how much of it has failed at least once (for `/metrics`).
pub struct Backlog {
    pub waiting: u64,
    pub failing: u64,
}

pub async fn backlog(db: &impl ConnectionTrait) -> Result<Backlog, DbErr> {
    let unsent = || mail_outbox::Entity::find().filter(mail_outbox::Column::SentAt.is_null());
    Ok(Backlog { waiting: unsent().count(db).await?, failing: unsent().filter(mail_outbox::Column::Attempts.gt(0)).count(db).await? })
}
