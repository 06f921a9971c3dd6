use sea_orm::entity::prelude::*;

/// A mail waiting to be sent. Written in the same transaction as the change that causes it;
/// the sender retries with backoff until `sent_at` is set.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub attempts: i32,
    pub next_attempt_at: DateTimeUtc,
    pub sent_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    /// An iCalendar invite (`METHOD:REQUEST` or `CANCEL`) sent as `invite.ics`, if any.
    pub calendar: Option<String>,
    /// The one-click unsubscribe address of a mail someone subscribed to (`List-Unsubscribe`).
    pub unsubscribe_url: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
