use sea_orm::entity::prelude::*;

/// A provider's working terms, one set per member for every service they are approved for.
/// The areas, hours and days off are JSON, read and written whole by `server/src/scheduling`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "provider_terms")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub user_id: i32,
    pub areas: String,
    pub hours: String,
    pub days_off: String,
    pub buffer_minutes: i32,
    pub notice_minutes: i32,
    pub max_jobs_per_day: i32,
    /// Pauses offers of every service.
    pub paused: bool,
    /// Raised to revoke the calendar feed's address.
    pub feed_version: i32,
    /// When a booking was last offered to the member: who waited longest is offered first.
    pub last_offered_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
