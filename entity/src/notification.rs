use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub title: String,
    pub message: String,
    /// A site path the notification points to.
    pub link: String,
    pub is_read: bool,
    pub created_at: DateTimeUtc,
    /// The other member the message names, if any, and the name it gives them: erasing that
    /// member replaces the name.
    pub names_user_id: Option<i32>,
    pub named_as: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
