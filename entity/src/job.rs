use crate::words::{EmploymentType, ListingStatus, SalaryPeriod};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub slug: String,
    /// The member who posted it; `None` for jobs the company imported.
    pub owner_id: Option<i32>,
    pub title: String,
    pub company: String,
    pub location: String,
    /// The postcode the poster gave, if any, as they wrote it (capitals, one space).
    pub postcode: Option<String>,
    /// Where the job is placed for a search near a postcode: the postcode's district, else the
    /// town its location names; `None` where the shipped data knows neither ("Remote").
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub employment_type: EmploymentType,
    pub salary_min_pence: Option<i64>,
    pub salary_max_pence: Option<i64>,
    pub salary_period: SalaryPeriod,
    pub description: String,
    pub status: ListingStatus,
    pub posted_at: Date,
    pub closes_at: Option<Date>,
    /// Storage key of an attachment, if any.
    pub attachment: Option<String>,
    /// When the poster removed it: it leaves every list and page, and its applications stay.
    pub removed_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
