use crate::words::{Currency, PaymentProvider, PaymentStatus};
use sea_orm::entity::prelude::*;

/// One attempt to pay for a booking. Kept for ever with the company's accounts: neither a
/// member's nor a booking's removal deletes it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub booking_id: i32,
    pub user_id: i32,
    /// The booking's amount when the payment started.
    pub amount_pence: i64,
    pub currency: Currency,
    pub status: PaymentStatus,
    pub provider: PaymentProvider,
    /// The provider's checkout reference (a Stripe Checkout Session id), once there is one.
    pub reference: Option<String>,
    /// Where the member pays, while the checkout is open.
    pub checkout_url: Option<String>,
    pub expires_at: Option<DateTimeUtc>,
    /// The provider's reference for the money taken, which a refund names.
    pub charge_reference: Option<String>,
    pub paid_at: Option<DateTimeUtc>,
    pub refund_reference: Option<String>,
    pub refunded_at: Option<DateTimeUtc>,
    /// When a refund became owed (recorded with the cancellation or staff's decision); the
    /// payment stays Paid until the provider has made it.
    pub refund_owed_at: Option<DateTimeUtc>,
    /// Attempts at an owed refund that failed, the next one's time, and the last failure.
    pub refund_attempts: i32,
    pub refund_retry_at: Option<DateTimeUtc>,
    pub refund_error: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
