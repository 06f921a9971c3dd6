//! Delivers the outbox: SMTP when `SMTP_URL` is set, else `.eml` files under `data/mail/`.
//! A failed mail is retried with a growing delay, so nothing is lost while the server is down;
//! each mail is claimed before sending, so several servers never send one twice. At shutdown
//! the mail being sent is finished and marked sent before the process exits.

use crate::platform::retry::backoff;
use chrono::{Duration, Utc};
use entity::mail_outbox;
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::sea_query::Expr;
use sea_orm::sea_query::{LockBehavior, LockType};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::sync::{Notify, watch};

pub enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

impl Transport {
    /// `smtp://host:port`, `smtps://user:pass@host` or, when `None`, files in `mail_dir`.
    pub fn from_config(smtp_url: Option<&str>, mail_dir: PathBuf) -> anyhow::Result<Self> {
        match smtp_url {
            Some(url) => Ok(Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| anyhow::anyhow!("SMTP_URL is not a valid smtp:// or smtps:// URL: {e}"))?
                    .timeout(Some(std::time::Duration::from_secs(20)))
                    .build(),
            )),
            None => Ok(Transport::Files(mail_dir)),
        }
    }

    pub fn writes_files(&self) -> bool {
        matches!(self, Transport::Files(_))
    }

    async fn send(&self, id: i32, message: Message) -> anyhow::Result<()> {
        match self {
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
            }
            Transport::Files(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                let name = format!("{}-{id}.eml", Utc::now().format("%Y%m%dT%H%M%S%.3f"));
                let partial = dir.join(format!(".{name}.partial"));
                tokio::fs::write(&partial, message.formatted()).await?;
                tokio::fs::rename(&partial, dir.join(&name)).await?;
                tracing::info!(file = %dir.join(&name).display(), "mail written");
            }
        }
        Ok(())
    }
}

/// Deletes the `.eml` files in `dir` addressed to `address` (offline mail holds what was sent
/// to a member, as the outbox does); returns how many. A missing `dir` holds none.
pub async fn delete_files_addressed_to(dir: &Path, address: &str) -> std::io::Result<usize> {
    let mut entries = match tokio::fs::read_dir(dir).await {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(error) => return Err(error),
    };
    let mut deleted = 0;
    while let Some(entry) = entries.next_entry().await? {
        if entry.path().extension().is_some_and(|ext| ext == "eml") && is_addressed_to(&tokio::fs::read(entry.path()).await?, address) {
            tokio::fs::remove_file(entry.path()).await?;
            deleted += 1;
        }
    }
    Ok(deleted)
}

/// Whether a formatted mail's `To:` header names `address`, as `address` or `Name <address>`.
fn is_addressed_to(mail: &[u8], address: &str) -> bool {
    let text = String::from_utf8_lossy(mail);
    let headers = text.split("\r\n\r\n").next().unwrap_or_default().replace("\r\n ", " ").replace("\r\n\t", " ");
    headers.lines().filter_map(|line| line.strip_prefix("To:")).flat_map(|to| to.split(',')).any(|mailbox| {
        let mailbox = mailbox.trim();
        let named = mailbox.rsplit_once('<').map_or(mailbox, |(_, rest)| rest.trim_end_matches('>'));
        named.trim().eq_ignore_ascii_case(address)
    })
}

pub struct Sender {
    db: DatabaseConnection,
    transport: Transport,
    from: Mailbox,
    wake: Arc<Notify>,
    retry_after: std::time::Duration,
}

/// How long a claimed mail stays claimed: longer than any send takes.
const CLAIM: Duration = Duration::minutes(2);

impl Sender {
    pub fn new(db: DatabaseConnection, transport: Transport, from: Mailbox, retry_after: std::time::Duration) -> Self {
        Sender { db, transport, from, wake: Arc::new(Notify::new()), retry_after }
    }

    /// Wakes the sender now (after queuing a mail) instead of at its next poll.
    pub fn waker(&self) -> Arc<Notify> {
        self.wake.clone()
    }

    /// Sends in the background until [`Running::finish`], or until the `Running` is dropped.
    pub fn start(self) -> Running {
        let (stop, mut stopping) = watch::channel(false);
        let task = tokio::spawn(async move {
            loop {
                let sent = self.send_due(&stopping).await;
                if *stopping.borrow() {
                    break;
                }
                if matches!(sent, Ok(0) | Err(_)) {
                    tokio::select! {
                        _ = self.wake.notified() => {}
                        _ = tokio::time::sleep(std::time::Duration::from_secs(2)) => {}
                        // Told to stop, or nobody left to tell it.
                        changed = stopping.changed() => if changed.is_err() || *stopping.borrow() { break },
                    }
                }
            }
        });
        Running { stop, task }
    }

    /// Sends every mail that is due, one at a time until `stopping` says so; returns how many
    /// it tried.
    async fn send_due(&self, stopping: &watch::Receiver<bool>) -> Result<usize, sea_orm::DbErr> {
        let mut tried = 0;
        while !*stopping.borrow() {
            let Some(mail) = self.claim_next(Utc::now()).await.inspect_err(|error| tracing::error!(%error, "cannot read the mail outbox"))? else {
                break;
            };
            tried += 1;
            self.deliver(mail).await?;
        }
        Ok(tried)
    }

    /// Claims the oldest due mail for [`CLAIM`] in one statement; on PostgreSQL its row is
    /// taken `FOR UPDATE SKIP LOCKED`, so servers claiming at the same moment each get a
    /// different mail instead of waiting on one another (SQLite has a single writer).
    async fn claim_next(&self, now: chrono::DateTime<Utc>) -> Result<Option<mail_outbox::Model>, sea_orm::DbErr> {
        let oldest_due = mail_outbox::Entity::find()
            .select_only()
            .column(mail_outbox::Column::Id)
            .filter(mail_outbox::Column::SentAt.is_null())
            .filter(mail_outbox::Column::NextAttemptAt.lte(now))
            .order_by_asc(mail_outbox::Column::Id)
            .limit(1)
            .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
            .into_query();
        let claimed = mail_outbox::Entity::update_many()
            .col_expr(mail_outbox::Column::NextAttemptAt, Expr::value(now + CLAIM))
            .filter(mail_outbox::Column::Id.in_subquery(oldest_due))
            .exec_with_returning(&self.db)
            .await?;
        Ok(claimed.into_iter().next())
    }

    /// Sends one claimed mail and records the outcome: sent, or when to try again.
    async fn deliver(&self, mail: mail_outbox::Model) -> Result<(), sea_orm::DbErr> {
        let outcome = match self.message(&mail) {
            Ok(message) => self.transport.send(mail.id, message).await,
            Err(error) => Err(error),
        };
        let update = mail_outbox::Entity::update_many().filter(mail_outbox::Column::Id.eq(mail.id));
        match outcome {
            Ok(()) => {
                // The outbox is a queue, not an archive: a sent mail's bodies (which may hold
                // a one-time code) are not kept.
                update
                    .col_expr(mail_outbox::Column::SentAt, Expr::value(Utc::now()))
                    .col_expr(mail_outbox::Column::TextBody, Expr::value(""))
                    .col_expr(mail_outbox::Column::HtmlBody, Expr::value(""))
                    .col_expr(mail_outbox::Column::Calendar, Expr::value(Option::<String>::None))
                    .exec(&self.db)
                    .await?;
            }
            Err(error) => {
                let attempts = mail.attempts + 1;
                tracing::warn!(mail = mail.id, attempts, error = format!("{error:#}"), "mail not sent; will retry");
                update
                    .col_expr(mail_outbox::Column::Attempts, Expr::value(attempts))
                    .col_expr(mail_outbox::Column::NextAttemptAt, Expr::value(Utc::now() + backoff(self.retry_after, attempts)))
                    .col_expr(mail_outbox::Column::LastError, Expr::value(format!("{error:#}")))
                    .exec(&self.db)
                    .await?;
            }
        }
        Ok(())
    }

    fn message(&self, mail: &mail_outbox::Model) -> anyhow::Result<Message> {
        let mut builder = Message::builder().from(self.from.clone()).to(mail.to_address.parse()?).subject(&mail.subject);
        if let Some(url) = &mail.unsubscribe_url {
            // RFC 8058: mail clients show an unsubscribe button that POSTs to the address.
            builder = builder.header(ListUnsubscribe(format!("<{url}>"))).header(ListUnsubscribePost);
        }
        let bodies = MultiPart::alternative_plain_html(mail.text_body.clone(), mail.html_body.clone());
        let Some(calendar) = &mail.calendar else { return Ok(builder.multipart(bodies)?) };
        // The invite goes twice, as calendar clients look for it: a `text/calendar` part with
        // its iTIP method (Outlook, Apple Mail) and an `invite.ics` attachment (Gmail, others).
        let method = if calendar.contains("\r\nMETHOD:CANCEL\r\n") { "CANCEL" } else { "REQUEST" };
        let calendar_type: ContentType = format!("text/calendar; charset=utf-8; method={method}").parse()?;
        let ics_type: ContentType = "application/ics".parse()?;
        let alternative = bodies.singlepart(SinglePart::builder().header(calendar_type).body(calendar.clone()));
        let attachment = Attachment::new("invite.ics".into()).body(calendar.clone(), ics_type);
        Ok(builder.multipart(MultiPart::mixed().multipart(alternative).singlepart(attachment))?)
    }
}

/// The sender at work.
pub struct Running {
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Lets the mail being sent finish (and be marked sent), sends no other, and waits for that
    /// for at most `within`; a mail cut off then is sent again after its claim runs out.
    pub async fn finish(self, within: std::time::Duration) {
        let _ = self.stop.send(true);
        if tokio::time::timeout(within, self.task).await.is_err() {
            tracing::warn!("a mail was still being sent when the server stopped; it will be sent again");
        }
    }
}

/// `List-Unsubscribe: <https://...>` (RFC 2369).
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(value: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(value.to_string()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_string())
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_mail_is_addressed_to_whom_its_to_header_names() {
        let mail = b"From: Brightway <hello@example.co.uk>\r\nTo: Sam Jones\r\n <Sam@Example.co.uk>\r\nSubject: To: nobody@example.co.uk\r\n\r\nTo: body@example.co.uk\r\n";
        assert!(super::is_addressed_to(mail, "sam@example.co.uk"), "a folded header, any case");
        assert!(!super::is_addressed_to(mail, "nobody@example.co.uk"), "another header");
        assert!(!super::is_addressed_to(mail, "body@example.co.uk"), "the body");
        assert!(super::is_addressed_to(b"To: ann@example.co.uk\r\n\r\nHi", "ann@example.co.uk"));
        assert!(!super::is_addressed_to(b"To: joann@example.co.uk\r\n\r\nHi", "ann@example.co.uk"), "the whole address");
    }
}
