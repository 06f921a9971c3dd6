use crate::words::OfferOutcome;
use sea_orm::entity::prelude::*;

/// A booking offered to one provider, and how that ended (`None` while it is open).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "booking_offers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub booking_id: i32,
    pub provider_user_id: i32,
    pub offered_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub answered_at: Option<DateTimeUtc>,
    pub outcome: Option<OfferOutcome>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
