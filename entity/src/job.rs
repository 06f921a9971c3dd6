use crate::words::{EmploymentType, ListingStatus, SalaryPeriod};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
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
