use sea_orm::entity::prelude::*;

/// Where one reader stands in one booking's thread.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "booking_thread_reads")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub booking_id: i32,
    pub user_id: i32,
    /// The newest message they have read (0: none).
    pub last_read_message_id: i32,
    /// When they were last mailed about new messages on it.
    pub last_mailed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
