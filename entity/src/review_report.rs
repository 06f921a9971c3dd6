use sea_orm::entity::prelude::*;

/// A member's report that a review is false or abusive; one per member and review.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "review_reports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub review_id: i32,
    pub user_id: i32,
    pub reason: String,
    pub created_at: DateTimeUtc,
    /// When staff decided on the review.
    pub resolved_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
