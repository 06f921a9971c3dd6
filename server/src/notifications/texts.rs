//! What the notifications feature says: the mail every notice is sent as, and its list's error.

use super::notice::Notice;
use crate::platform::mail::layout::html;
use crate::platform::mail::outbox::Mail;

/// The start of the error for an `is_read` that is not a boolean.
pub const IS_READ_EXPECTED: &str = "is_read is true or false;";

/// A notice as mailed to `to`, named `full_name`; `url` is where to see it.
pub fn mail(to: &str, full_name: &str, brand: &str, url: &str, notice: &Notice) -> Mail {
    let first_name = full_name.split_whitespace().next().unwrap_or("there");
    let greeting = format!("Hello {first_name},");
    let follow = format!("See it on {brand}: {url}");
    let text = format!("{greeting}\n\n{}\n\n{follow}\n\n{brand} UK\n", notice.message);
    Mail {
        to: to.to_string(),
        subject: format!("{} - {brand}", notice.title),
        text,
        html: html(brand, &notice.title, &[greeting, notice.message.clone(), follow], None),
        calendar: notice.calendar.clone(),
        unsubscribe: None,
    }
}
