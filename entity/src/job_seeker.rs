use crate::words::JobAlerts;
use sea_orm::entity::prelude::*;

/// A person registered with the agency as looking for work: what they want, a private CV, and
/// whether they get job alerts.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "job_seekers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The member who registered, if signed in.
    pub user_id: Option<i32>,
    pub full_name: String,
    pub email: String,
    pub phone_number: String,
    /// The roles wanted, one a line.
    pub roles: String,
    /// The towns wanted, one a line; none means anywhere.
    pub locations: String,
    /// Alerts keep to jobs within `within_miles` of this postcode district (only the district
    /// of the postcode given is kept); `None` for anywhere.
    pub near_district: Option<String>,
    pub within_miles: Option<f64>,
    /// Employment types wanted (`full_time`, ...), comma-separated; none means any.
    pub employment_types: String,
    /// Storage key of the CV.
    pub cv: String,
    pub alerts: JobAlerts,
    /// Jobs posted after this are new to the next alert.
    pub alerted_until: DateTimeUtc,
    pub last_alert_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    /// When the address was confirmed through the emailed link, if it was.
    pub confirmed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
