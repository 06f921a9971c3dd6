use crate::words::RecruitmentStatus;
use sea_orm::entity::prelude::*;

/// An employer asking the company to recruit for them; visitors may send one.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recruitment_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: Option<i32>,
    pub company_name: String,
    pub contact_name: String,
    pub email: String,
    pub phone_number: String,
    pub role: String,
    pub number_of_staff: i32,
    pub location: String,
    pub start_date: Option<Date>,
    pub details: String,
    pub created_at: DateTimeUtc,
    pub status: RecruitmentStatus,
    /// Only staff read them.
    pub staff_notes: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
