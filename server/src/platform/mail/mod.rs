//! Mail: templates, an outbox written in the same transaction as the change that causes a
//! mail, and a sender that delivers it (SMTP, or `.eml` files offline) with retries.

pub mod layout;
pub mod outbox;
pub mod sender;
