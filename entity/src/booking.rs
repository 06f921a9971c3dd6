use crate::words::{BookingPayment, BookingStatus};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bookings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub service_id: i32,
    pub date: Date,
    /// `HH:MM`.
    pub time: String,
    pub address_line_1: String,
    pub city: String,
    pub postcode: String,
    pub notes: String,
    pub status: BookingStatus,
    pub amount_pence: i64,
    pub payment_status: BookingPayment,
    pub created_at: DateTimeUtc,
    /// When the reminder mail (24 hours before) was queued; `None` until then.
    pub reminder_queued_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
