//! What the jobs feature says: the refusals of posts and applications, the notices of an
//! application's steps and of a post taken down, and the audit log's summaries.

use crate::notifications::notice::Notice;
use entity::words::{ApplicationStatus, Word};

/// What the list filters' errors call their values: "A status is Open or Closed; ...".
pub const A_STATUS: &str = "A status";
pub const AN_EMPLOYMENT_TYPE: &str = "An employment type";
pub const MINE_EXPECTED: &str = "mine is true or false;";

pub const DATE_IN_PAST: &str = "Choose today or a later date.";
pub const CLOSING_TOO_FAR: &str = "Choose a closing date within the next year.";
pub const DATE_FORMAT: &str = "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.";
pub const SALARIES_REVERSED: &str = "The salary to must be at least the salary from.";

pub const CLOSED_TO_APPLICATIONS: &str = "This job is closed to applications.";
pub const OWN_JOB: &str = "You cannot apply for a job you posted.";
pub const ALREADY_APPLIED: &str = "You have already applied for this job.";

const APPLICATIONS: &str = "/user/applications";
const MY_JOB_POSTS: &str = "/user/my-job-post";

pub fn application_sent(title: &str, company: &str) -> Notice {
    Notice {
        title: "Application sent".into(),
        message: format!("Your application for {title} at {company} has been sent. We will tell you when the employer moves it along."),
        link: APPLICATIONS.into(),
        calendar: None,
    }
}

/// Told to the job's owner.
pub fn new_application(applicant: &str, title: &str) -> Notice {
    Notice {
        title: "New application".into(),
        message: format!("{applicant} applied for {title}. Their CV and cover letter are with your job post."),
        link: MY_JOB_POSTS.into(),
        calendar: None,
    }
}

/// `status` in lower case.
pub fn application_update(title: &str, company: &str, status: ApplicationStatus) -> Notice {
    Notice {
        title: "Application update".into(),
        message: format!("Your application for {title} at {company} is now {}.", status.as_str().to_lowercase()),
        link: APPLICATIONS.into(),
        calendar: None,
    }
}

/// Told to each applicant of a post taken down.
pub fn job_withdrawn(title: &str, company: &str) -> Notice {
    Notice {
        title: "Job withdrawn".into(),
        message: format!("{title} at {company}, which you applied for, has been withdrawn. Your application is kept in your account."),
        link: APPLICATIONS.into(),
        calendar: None,
    }
}

/// Told to the poster when staff remove the post.
pub fn post_removed(title: &str, company: &str, reason: &str) -> Notice {
    Notice {
        title: "Job post removed".into(),
        message: format!("Our team has removed your job post {title} at {company}. Our reason: {reason}"),
        link: MY_JOB_POSTS.into(),
        calendar: None,
    }
}

/// The audit log's summaries of staff steps.
pub fn status_entry(application_id: i32, title: &str, status: ApplicationStatus) -> String {
    format!("Marked application {application_id} for {title} {status}")
}

pub fn removed_entry(title: &str, company: &str) -> String {
    format!("Removed the job post {title} at {company}")
}
