use crate::words::ProviderStatus;
use sea_orm::entity::prelude::*;

/// A member's application to provide a service; one per member and service.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "providers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub service_id: i32,
    pub status: ProviderStatus,
    pub availability: bool,
    pub bio: String,
    pub experience_years: i32,
    pub created_at: DateTimeUtc,
    /// What staff told the member when they decided (a rejection's reason).
    pub decision_reason: Option<String>,
    pub decided_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
