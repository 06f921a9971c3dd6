use sea_orm::entity::prelude::*;

/// How many requests of one action one key (a client address or an account) made in the
/// window that started at `started_at`: the rate limits several PostgreSQL servers share.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_limit_windows")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub action: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    pub started_at: DateTimeUtc,
    pub count: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
