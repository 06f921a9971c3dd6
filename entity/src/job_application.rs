use crate::words::ApplicationStatus;
use sea_orm::entity::prelude::*;

/// An application to a job; one per member and job. The resume is private.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_applications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub job_id: i32,
    pub user_id: i32,
    pub full_name: String,
    pub email: String,
    pub phone_number: String,
    pub cover_letter: String,
    pub resume: String,
    pub status: ApplicationStatus,
    pub created_at: DateTimeUtc,
    /// When the job's owner last changed its status.
    pub updated_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
