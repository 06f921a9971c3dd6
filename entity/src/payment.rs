use crate::words::{PaymentStatus};
use sea_orm::entity::prelude::*;

/// A payment attempt for a booking.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub booking_id: i32,
    pub user_id: i32,
    pub amount_pence: i64,
    pub status: PaymentStatus,
    /// The payment processor's reference, once there is one.
    pub reference: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
