//! What the job-seekers feature says: the registration's answers and refusals, its welcome
//! mail, the job alerts and the pages their links open.

use crate::platform::mail::layout::html;
use crate::platform::mail::outbox::Mail;
use app::data::{MessageAction, MessageLink, MessagePage};
use entity::job;
use entity::words::JobAlerts;

pub const NOT_A_BOOLEAN: &str = "Must be true or false.";
pub const NO_ROLE: &str = "Tell us at least one role you are looking for.";

pub fn entry_too_long(max: usize) -> String {
    format!("Keep each entry to {max} characters.")
}

pub fn too_many_entries(most: usize) -> String {
    format!("Give at most {most}.")
}

/// What the API answers a registration with alerts in state `alerts`.
pub fn registered(alerts: JobAlerts) -> &'static str {
    match alerts {
        JobAlerts::Off => "Thank you: you are registered with our recruitment team, who will be in touch when a role suits you.",
        JobAlerts::Unconfirmed => "Thank you: you are registered. To start job alerts, open the link in the email we have just sent you.",
        JobAlerts::On => "Thank you: you are registered, and job alerts are on. We will email you new matching jobs at most once a day.",
    }
}

fn greeting(full_name: &str) -> String {
    format!("Hello {},", full_name.split_whitespace().next().unwrap_or("there"))
}

/// The link a welcome mail carries.
pub enum AlertsLink {
    /// Alerts wait for the address to be confirmed at this address.
    Confirm(String),
    /// Alerts are on; this address stops them.
    Stop(String),
    None,
}

/// The mail that confirms a registration.
pub fn welcome(to: &str, full_name: &str, brand: &str, roles: &[String], link: AlertsLink) -> Mail {
    let mut lines = vec![
        greeting(full_name),
        format!("Thank you for registering with {brand}. Our recruitment team will be in touch when a role suits you."),
        format!("Roles you are looking for: {}.", roles.join(", ")),
    ];
    let mut unsubscribe = None;
    match link {
        AlertsLink::Confirm(url) => lines.push(format!("To get emails of new jobs that match, at most once a day, confirm your address: {url}")),
        AlertsLink::Stop(url) => {
            lines.push(format!("Job alerts are on. To stop them at any time: {url}"));
            unsubscribe = Some(url);
        }
        AlertsLink::None => {}
    }
    Mail {
        to: to.to_string(),
        subject: format!("You are registered with {brand}"),
        text: format!("{}\n\n{brand} UK\n", lines.join("\n\n")),
        html: html(brand, "You are registered", &lines, None),
        calendar: None,
        unsubscribe,
    }
}

/// A job alert of `jobs` (one or more), each linked from `public_url`.
pub fn alert(to: &str, full_name: &str, brand: &str, public_url: &str, jobs: &[job::Model], unsubscribe: String) -> Mail {
    let intro = if jobs.len() == 1 {
        "A new job matches what you are looking for:".to_string()
    } else {
        format!("{} new jobs match what you are looking for:", jobs.len())
    };
    let mut lines = vec![greeting(full_name), intro];
    lines.extend(jobs.iter().map(|j| format!("{} at {}, {}: {public_url}/apply?id={}", j.title, j.company, j.location, j.id)));
    lines.push(format!("You get this because you asked for job alerts. To stop them, one click: {unsubscribe}"));
    let subject = if jobs.len() == 1 { format!("New job: {} - {brand}", jobs[0].title) } else { format!("{} new jobs for you - {brand}", jobs.len()) };
    Mail {
        to: to.to_string(),
        subject,
        text: format!("{}\n\n{brand} UK\n", lines.join("\n\n")),
        html: html(brand, "New jobs for you", &lines, None),
        calendar: None,
        unsubscribe: Some(unsubscribe),
    }
}

/// The page of a link that is not signed by us.
pub fn invalid_link() -> MessagePage {
    MessagePage {
        heading: "This link does not work".into(),
        lead: "The link is incomplete or has been changed. Open it again from the email, or contact us and we will help.".into(),
        actions: Vec::new(),
        onward: jobs_link(),
    }
}

pub fn alerts_on(email: &str) -> MessagePage {
    MessagePage {
        heading: "Job alerts are on".into(),
        lead: format!("We will email {email} new jobs that match what you are looking for, at most once a day. Every alert has a link to stop them."),
        actions: Vec::new(),
        onward: jobs_link(),
    }
}

/// `confirm_path` turns the alerts back on.
pub fn unsubscribed(confirm_path: String) -> MessagePage {
    MessagePage {
        heading: "You are unsubscribed".into(),
        lead: "You will get no more job alerts from us. Your registration and CV stay with our recruitment team; contact us to have them removed.".into(),
        actions: vec![MessageAction { path: confirm_path, label: "Turn job alerts back on".into() }],
        onward: jobs_link(),
    }
}

fn jobs_link() -> MessageLink {
    MessageLink { href: "/jobs".into(), label: "See open jobs".into() }
}
