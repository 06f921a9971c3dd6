//! What the recruitment feature says: the thanks, the request's refusals, and its two mails
//! (the company's copy and the sender's confirmation).

use super::request::RecruitmentRequest;
use crate::platform::mail::layout::html;
use crate::platform::mail::outbox::Mail;

/// What the sender is told once the request is in.
pub const SENT: &str = "Thank you: your recruitment request is with our team, who will contact you within one working day. We have emailed you a copy.";

pub const TOO_FEW_STAFF: &str = "Ensure this value is greater than or equal to 1.";
pub const NOT_A_NUMBER: &str = "A valid integer is required.";
pub const DATE_IN_PAST: &str = "Choose today or a later date.";
pub const DATE_TOO_FAR: &str = "Choose a start date within the next two years.";
pub const DATE_FORMAT: &str = "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.";

pub fn too_many_staff(most: i64) -> String {
    format!("Ensure this value is less than or equal to {most}.")
}

fn summary(request: &RecruitmentRequest) -> Vec<String> {
    vec![
        format!("Company: {}", request.company_name),
        format!("Contact: {}, {}, {}", request.contact_name, request.email.as_str(), request.phone.as_str()),
        format!("Role: {} ({} staff)", request.role, request.number_of_staff),
        format!("Location: {}", request.location),
        format!("Start date: {}", request.start_date.format("%A %-d %B %Y")),
        format!("Details: {}", if request.details.is_empty() { "none given" } else { &request.details }),
    ]
}

/// The company's copy, to its address `to`.
pub fn company_copy(to: &str, brand: &str, request: &RecruitmentRequest) -> Mail {
    let summary = summary(request);
    Mail {
        to: to.to_string(),
        subject: format!("Recruitment request: {} for {}", request.role, request.company_name),
        text: format!("A new recruitment request:\n\n{}\n", summary.join("\n")),
        html: html(brand, "New recruitment request", &summary, None),
        calendar: None,
        unsubscribe: None,
    }
}

pub fn confirmation(brand: &str, request: &RecruitmentRequest) -> Mail {
    let summary = summary(request);
    let greeting = format!("Hello {},", request.contact_name.split_whitespace().next().unwrap_or("there"));
    let thanks =
        "Thank you for your recruitment request. Our team will contact you within one working day to agree the details. This is what you sent:".to_string();
    let mut lines = vec![greeting.clone(), thanks.clone()];
    lines.extend(summary.iter().cloned());
    Mail {
        to: request.email.as_str().to_string(),
        subject: format!("Your recruitment request - {brand}"),
        text: format!("{greeting}\n\n{thanks}\n\n{}\n\n{brand} UK\n", summary.join("\n")),
        html: html(brand, "We have your recruitment request", &lines, None),
        calendar: None,
        unsubscribe: None,
    }
}
