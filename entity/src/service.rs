use crate::words::{ListingStatus, PriceUnit};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "services")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub slug: String,
    pub category_id: i32,
    pub title: String,
    pub summary: String,
    pub description: String,
    pub price_from_pence: i64,
    pub price_unit: PriceUnit,
    pub status: ListingStatus,
    /// Smaller comes first.
    pub priority: i32,
    /// JSON array of town names.
    pub areas: String,
    /// Storage key of a public image, if any.
    pub image: Option<String>,
    /// How long the job takes, for a fixed price.
    pub duration_minutes: i32,
    /// The fewest and most hours (hourly price) or days (daily price) a booking may take.
    pub min_length: i32,
    pub max_length: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(belongs_to = "super::category::Entity", from = "Column::CategoryId", to = "super::category::Column::Id")]
    Category,
    #[sea_orm(has_many = "super::review::Entity")]
    Review,
}

impl Related<super::category::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Category.def()
    }
}

impl Related<super::review::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Review.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
