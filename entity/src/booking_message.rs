use crate::words::MessageRole;
use sea_orm::entity::prelude::*;

/// A message on a booking's thread.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "booking_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub booking_id: i32,
    pub author_user_id: i32,
    /// What the writer was to the booking when they wrote.
    pub author_role: MessageRole,
    /// Empty for a photo alone, and once its writer's account is erased.
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// The photo's storage key: read only through a signed link.
    pub photo: Option<String>,
    pub created_at: DateTimeUtc,
    /// Set when staff hide it: its readers then see that it was hidden, not what it said.
    pub hidden_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub hidden_reason: Option<String>,
    pub hidden_by_user_id: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
