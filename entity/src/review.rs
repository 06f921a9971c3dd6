use sea_orm::entity::prelude::*;

/// One member's review of a service; one per member and service.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "reviews")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub service_id: i32,
    pub user_id: i32,
    /// 1 to 5.
    pub rating: i32,
    pub review: String,
    pub created_at: DateTimeUtc,
    /// Set while staff hide it: kept, but on no page and in no average.
    pub hidden_at: Option<DateTimeUtc>,
    pub hidden_reason: Option<String>,
    /// The completed booking it was left for, from its invitation: a "Verified booking".
    pub booking_id: Option<i32>,
    /// When its author last changed it (from a later booking's invitation).
    pub updated_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(belongs_to = "super::service::Entity", from = "Column::ServiceId", to = "super::service::Column::Id")]
    Service,
    #[sea_orm(belongs_to = "super::user::Entity", from = "Column::UserId", to = "super::user::Column::Id")]
    User,
}

impl Related<super::service::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Service.def()
    }
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::User.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
