use sea_orm::entity::prelude::*;

/// When a periodic job last started, on any server: a round is claimed by moving it on.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "periodic_runs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub job: String,
    pub started_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
