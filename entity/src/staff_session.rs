use sea_orm::entity::prelude::*;

/// A staff sign-in that passed the second factor: the back office's cookie names it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    /// SHA-256 of the cookie's token, hex.
    #[sea_orm(unique)]
    pub token_hash: String,
    /// The member sign-in (refresh token family) it was opened from.
    pub family: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub ended_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
