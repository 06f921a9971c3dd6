use sea_orm::entity::prelude::*;

/// The public answer of a review's provider (of the booking it names) to it; one a review.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "review_answers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub review_id: i32,
    pub author_user_id: i32,
    #[sea_orm(column_type = "Text")]
    pub answer: String,
    pub created_at: DateTimeUtc,
    /// Set while staff hide it: kept, but shown nowhere.
    pub hidden_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub hidden_reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
