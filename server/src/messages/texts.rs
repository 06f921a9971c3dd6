//! What messages say to people: refusals, the mail about a new message, the notice of a hidden one.

use crate::notifications::notice::Notice;

pub const BODY_MAX_CHARS: usize = 2000;
pub const REASON_MAX_CHARS: usize = 500;
pub const EMPTY: &str = "Write a message or add a photo.";
pub const CANCELLED: &str = "This booking is cancelled: its messages can be read, not added to.";
pub const ALREADY_HIDDEN: &str = "This message is already hidden.";
/// Where a photo was taken is never kept, and a file that is not a whole JPEG, PNG or WebP cannot be
/// cleaned of it.
pub const PHOTO_UNREADABLE: &str = "This photo could not be read: send a JPEG, PNG or WebP image as your camera or phone saved it.";

/// The first lines of a message, as a mail quotes them: up to three lines and 300 characters.
pub fn quoted(body: &str) -> String {
    let lines: Vec<&str> = body.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
    let mut quote: String = lines.iter().take(3).copied().collect::<Vec<_>>().join("\n").chars().take(300).collect();
    if quote.chars().count() < lines.join("\n").chars().count() {
        quote.push('…');
    }
    quote
}

/// The mail telling a reader of a new message on a booking (it is mailed, not listed among
/// their notifications: the unread counts say it).
pub fn new_message(writer: &str, booking: &str, body: &str, has_photo: bool, link: String) -> Notice {
    let quote = match (quoted(body), has_photo) {
        (quote, _) if !quote.is_empty() => quote.lines().map(|line| format!("> {line}")).collect::<Vec<_>>().join("\n"),
        (_, true) => "> (a photo)".to_owned(),
        _ => String::new(),
    };
    Notice {
        title: format!("New message about {booking}"),
        message: format!("{writer} wrote about {booking}:\n\n{quote}\n\nRead it and answer on the booking's messages."),
        link,
        calendar: None,
    }
}

/// The writer's notice that staff hid a message of theirs.
pub fn hidden_notice(booking: &str, reason: &str, link: String) -> Notice {
    Notice {
        title: "Your message was hidden".into(),
        message: format!("Our team hid a message you wrote about {booking}. The reason: {reason}"),
        link,
        calendar: None,
    }
}

/// The audit log's summary of a hidden message.
pub fn hidden_entry(message: i32, booking: i32, writer: i32) -> String {
    format!("Hid message {message} on booking {booking}, written by account {writer}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_quotes_the_first_three_lines_of_a_message() {
        assert_eq!(quoted("Running late.\n\nTen minutes."), "Running late.\nTen minutes.");
        assert_eq!(quoted("one\ntwo\nthree\nfour"), "one\ntwo\nthree…");
        assert_eq!(quoted(&"a".repeat(400)).chars().count(), 301);
        let mail = new_message("Priya", "Boiler service on Monday 4 January 2027 at 09:00", "The gate code is 1234.", false, "/m".into());
        assert_eq!(mail.title, "New message about Boiler service on Monday 4 January 2027 at 09:00");
        assert!(mail.message.contains(":\n\n> The gate code is 1234.\n\n"), "{}", mail.message);
        assert!(new_message("Priya", "a job", "", true, "/m".into()).message.contains("> (a photo)"));
    }
}
