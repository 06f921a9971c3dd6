use crate::words::{BookingPayment, BookingStatus, Dispatch, PriceUnit};
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
    /// Hours or days for an hourly or daily price; 1 for a fixed one.
    pub length: i32,
    /// What `length` counts: the service's price unit when it was booked.
    pub price_unit: PriceUnit,
    /// When the job really starts and ends; set on every booking made since providers work
    /// from the product (older ones have only `date` and `time`).
    pub starts_at: Option<DateTimeUtc>,
    pub ends_at: Option<DateTimeUtc>,
    /// Raised on every change, so that calendars replace the event they hold.
    pub calendar_sequence: i32,
    /// `None` for a service without providers: staff confirm it.
    pub dispatch: Option<Dispatch>,
    /// The provider the booking is offered to or assigned to.
    pub provider_user_id: Option<i32>,
    /// When it was marked done, by its provider or by staff (its customer was invited to
    /// review it then).
    pub completed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
