//! What the contact feature says: the thanks, and the two mails of a message (the company's
//! copy and the sender's).

use super::message::ContactMessage;
use crate::platform::mail::layout::html;
use crate::platform::mail::outbox::Mail;

/// What the sender is told once the message is in.
pub const SENT: &str = "Thank you: your message is with our team, who aim to reply within one working day. We have emailed you a copy.";

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

pub fn sender_copy(brand: &str, sent: &ContactMessage) -> Mail {
    let summary = summary(sent);
    let greeting = format!("Hello {},", sent.full_name.split_whitespace().next().unwrap_or("there"));
    let thanks = "Thank you for your message. Our team aims to reply within one working day. This is what you sent:".to_string();
    let mut lines = vec![greeting.clone(), thanks.clone()];
    lines.extend(summary.iter().cloned());
    Mail {
        to: sent.email.as_str().to_string(),
        subject: format!("Your message to {brand}"),
        text: format!("{greeting}\n\n{thanks}\n\n{}\n\n{brand} UK\n", summary.join("\n")),
        html: html(brand, "We have your message", &lines, None),
        calendar: None,
        unsubscribe: None,
    }
}
