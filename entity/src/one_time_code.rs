use sea_orm::entity::prelude::*;

/// A 6-digit code sent by mail, kept only as a hash. `purpose` is `verify_email` or
/// `password_reset`; a new code for the same purpose replaces the old one.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "one_time_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub purpose: String,
    pub code_hash: String,
    pub attempts: i32,
    pub expires_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
