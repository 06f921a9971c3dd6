//! Jobs and job applications as the API shows them.

use super::queries::{attachment_path, status_on};
use crate::domain::Pence;
use crate::http::timestamp;
use crate::places::round_miles;
use crate::platform::storage::Storage;
use chrono::NaiveDate;
use entity::words::{ApplicationStatus, EmploymentType, ListingStatus, SalaryPeriod};
use entity::{job, job_application};
use serde::Serialize;
use utoipa::ToSchema;

/// The contract's job.
#[derive(Serialize, ToSchema)]
pub struct JobView {
    id: i32,
    slug: String,
    title: String,
    company: String,
    location: String,
    employment_type: EmploymentType,
    /// Pounds sterling, e.g. `"24000.00"`.
    #[schema(required, value_type = Option<crate::domain::Pence>)]
    salary_min: Option<String>,
    #[schema(required, value_type = Option<crate::domain::Pence>)]
    salary_max: Option<String>,
    salary_period: SalaryPeriod,
    description: String,
    /// Closed once its closing date has passed.
    status: ListingStatus,
    #[schema(format = Date)]
    posted_at: String,
    #[schema(required, format = Date)]
    closes_at: Option<String>,
    /// The attachment's absolute address: public, as the employer's description of the job.
    #[schema(required, format = "uri")]
    attachment: Option<String>,
    /// Whether the signed-in member posted it.
    is_owner: bool,
    /// How many applications it has: shown to its owner only.
    #[schema(required)]
    application_count: Option<u64>,
    /// Only in a search `near` a postcode: how far the job is from it, in miles to one decimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    distance_miles: Option<f64>,
}

impl JobView {
    /// `viewer` is the signed-in member, if any; `application_count` is given for the owner.
    pub fn new(row: job::Model, today: NaiveDate, viewer: Option<i32>, application_count: Option<u64>, public_url: &str) -> Self {
        let is_owner = viewer.is_some() && row.owner_id == viewer;
        JobView {
            id: row.id,
            status: status_on(&row, today),
            attachment: row.attachment.as_ref().map(|_| format!("{public_url}{}", attachment_path(row.id))),
            slug: row.slug,
            title: row.title,
            company: row.company,
            location: row.location,
            employment_type: row.employment_type,
            salary_min: row.salary_min_pence.map(|p| Pence::from_stored(p).to_string()),
            salary_max: row.salary_max_pence.map(|p| Pence::from_stored(p).to_string()),
            salary_period: row.salary_period,
            description: row.description,
            posted_at: row.posted_at.format("%Y-%m-%d").to_string(),
            closes_at: row.closes_at.map(|d| d.format("%Y-%m-%d").to_string()),
            is_owner,
            application_count: application_count.filter(|_| is_owner),
            distance_miles: None,
        }
    }

    /// The job as found near a point, `miles` from it.
    pub fn at_distance(self, miles: Option<f64>) -> Self {
        JobView { distance_miles: miles.map(round_miles), ..self }
    }
}

/// The job an application is for.
#[derive(Serialize, ToSchema)]
pub struct AppliedJob {
    id: i32,
    title: String,
    company: String,
    status: ListingStatus,
}

/// The contract's job application; the CV is a signed link that works for 15 minutes.
#[derive(Serialize, ToSchema)]
pub struct JobApplicationView {
    id: i32,
    job: AppliedJob,
    full_name: String,
    #[schema(value_type = crate::domain::Email)]
    email: String,
    phone_number: String,
    cover_letter: String,
    #[schema(format = "uri")]
    resume: String,
    status: ApplicationStatus,
    #[schema(format = DateTime)]
    created_at: String,
    /// When the job's owner last changed its status.
    #[schema(required, format = DateTime)]
    updated_at: Option<String>,
}

impl JobApplicationView {
    pub fn new(row: job_application::Model, job: &job::Model, today: NaiveDate, storage: &Storage) -> Self {
        JobApplicationView {
            id: row.id,
            job: AppliedJob { id: job.id, title: job.title.clone(), company: job.company.clone(), status: status_on(job, today) },
            resume: storage.signed_url(&row.resume),
            full_name: row.full_name,
            email: row.email,
            phone_number: row.phone_number,
            cover_letter: row.cover_letter,
            status: row.status,
            created_at: timestamp(row.created_at),
            updated_at: row.updated_at.map(timestamp),
        }
    }
}
