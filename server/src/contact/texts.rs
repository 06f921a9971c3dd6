//! What the contact feature says: the thanks, and the two mails of a message (the company's
//! copy, and the sender's receipt or copy).

use super::message::ContactMessage;
use crate::platform::mail::layout::html;
use crate::platform::mail::outbox::Mail;

/// What the sender is told once the message is in.
pub const SENT: &str = "Thank you: your message is with our team, who aim to reply within one working day. We have emailed you a confirmation.";

fn summary(sent: &ContactMessage) -> Vec<String> {
    let from = match &sent.phone {
        None => format!("From: {}, {}", sent.full_name, sent.email.as_str()),
        Some(phone) => format!("From: {}, {}, {}", sent.full_name, sent.email.as_str(), phone.as_str()),
    };
    vec![from, format!("Subject: {}", sent.subject), format!("Message: {}", sent.body)]
}

/// The company's copy, to its address `to`.
pub fn company_copy(to: &str, brand: &str, sent: &ContactMessage) -> Mail {
    let summary = summary(sent);
    Mail {
        to: to.to_string(),
        subject: format!("Contact message: {}", sent.subject),
        text: format!("A new message from the contact page:\n\n{}\n", summary.join("\n")),
        html: html(brand, "New contact message", &summary, None),
        calendar: None,
        unsubscribe: None,
    }
}

/// The receipt sent to the address a message gave. Anyone may give any address, so it quotes
/// nothing they wrote (not even a name): the site never mails a stranger's words to a third
/// party.
pub fn receipt(to: &str, brand: &str, reference: i32) -> Mail {
    let lines = vec![
        "Hello,".to_string(),
        format!("We have received a message sent to {brand} from our contact page with this email address. Its reference is {reference}."),
        "Our team aims to reply within one working day. If you did not write to us, you can ignore this email.".to_string(),
    ];
    Mail {
        to: to.to_string(),
        subject: format!("We have your message (reference {reference})"),
        text: format!("{}\n\n{brand} UK\n", lines.join("\n\n")),
        html: html(brand, "We have your message", &lines, None),
        calendar: None,
        unsubscribe: None,
    }
}

/// A signed-in member's copy of what they sent, to their own verified address.
pub fn member_copy(to: &str, brand: &str, sent: &ContactMessage, reference: i32) -> Mail {
    let summary = summary(sent);
    let greeting = format!("Hello {},", sent.full_name.split_whitespace().next().unwrap_or("there"));
    let thanks = format!("Thank you for your message (reference {reference}). Our team aims to reply within one working day. This is what you sent:");
    let mut lines = vec![greeting.clone(), thanks.clone()];
    lines.extend(summary.iter().cloned());
    Mail {
        to: to.to_string(),
        subject: format!("Your message to {brand} (reference {reference})"),
        text: format!("{greeting}\n\n{thanks}\n\n{}\n\n{brand} UK\n", summary.join("\n")),
        html: html(brand, "We have your message", &lines, None),
        calendar: None,
        unsubscribe: None,
    }
}
