use crate::words::PaymentProvider;
use sea_orm::entity::prelude::*;

/// An event a payment provider told us about, recorded once by its id: the same event again
/// (a replayed webhook, a second click) finds its row and changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub provider: PaymentProvider,
    pub event_id: String,
    /// What happened, e.g. `checkout.session.completed`.
    pub kind: String,
    /// The payment it was about, when it was about one of ours.
    pub payment_id: Option<i32>,
    pub received_at: DateTimeUtc,
    /// Why it was recorded but not applied (its amount or currency is not the payment's); staff
    /// see these on the dashboard.
    pub problem: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
