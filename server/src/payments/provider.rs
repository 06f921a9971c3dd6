//! What a payment provider does for us, whichever it is: open a checkout for a payment, say
//! where a checkout stands, close one, refund a payment, and read the events it sends. The
//! rest of the payments feature speaks only to this interface.

use crate::domain::Pence;
use axum::http::HeaderMap;
use chrono::{DateTime, Utc};
use entity::words::PaymentProvider as Kind;

/// What the member is asked to pay, and where the provider sends them back.
pub struct CheckoutRequest<'a> {
    pub payment_id: i32,
    pub booking_id: i32,
    /// Unique to this payment for ever: the provider's idempotency key, so that asking twice
    /// (a retry, two clicks at once) opens one checkout.
    pub idempotency_key: String,
    pub amount: Pence,
    /// The line the member sees, e.g. "Boiler service on Monday 7 December 2026 at 09:30".
    pub description: &'a str,
    pub customer_email: &'a str,
    pub success_url: String,
    pub cancel_url: String,
    pub expires_at: DateTime<Utc>,
}

/// An open checkout: its reference and where the member pays.
pub struct Checkout {
    pub reference: String,
    pub url: String,
}

/// Where a checkout stands at the provider.
#[derive(Debug, PartialEq, Eq)]
pub enum CheckoutState {
    Open,
    /// Paid; `charge` names the money taken, for a refund.
    Paid {
        charge: String,
        amount: Option<ProviderAmount>,
    },
    /// Closed unpaid (expired or cancelled).
    Expired,
}

/// An amount as a provider states it: in the currency's smallest unit, and the currency's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderAmount {
    pub minor_units: i64,
    pub currency: String,
}

/// Something the provider tells us about a checkout.
#[derive(Debug, PartialEq, Eq)]
pub struct ProviderEvent {
    /// The provider's id for the event: the same id twice is the same event.
    pub id: String,
    /// E.g. `checkout.session.completed`.
    pub kind: String,
    /// The checkout's reference.
    pub checkout: String,
    pub outcome: Outcome,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `amount`: what the provider says it took, when it says (it must be the payment's).
    Paid {
        charge: String,
        amount: Option<ProviderAmount>,
    },
    Expired,
    Failed,
}

/// The provider could not be reached or refused the call; the member may try again.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ProviderError(pub String);

/// Why an incoming event was refused; nothing is changed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WebhookError {
    #[error("The event has no valid signature.")]
    BadSignature,
    #[error("The event's signature is too old.")]
    Stale,
    #[error("The event cannot be read.")]
    Unreadable,
}

#[async_trait::async_trait]
pub trait PaymentProvider: Send + Sync {
    fn kind(&self) -> Kind;

    /// Opens a checkout for `request`; asking again with the same idempotency key answers the
    /// same checkout.
    async fn open_checkout(&self, request: &CheckoutRequest<'_>) -> Result<Checkout, ProviderError>;

    async fn checkout_state(&self, reference: &str) -> Result<CheckoutState, ProviderError>;

    /// Closes an open checkout so it can no longer be paid; a checkout already closed is fine.
    async fn close_checkout(&self, reference: &str) -> Result<(), ProviderError>;

    /// Refunds `charge` in full; the same idempotency key refunds once. Answers the refund's reference.
    async fn refund(&self, charge: &str, idempotency_key: &str) -> Result<String, ProviderError>;

    /// The event a webhook request carries, checked to come from the provider; `Ok(None)` for
    /// a genuine event we have no use for.
    fn read_event(&self, headers: &HeaderMap, body: &[u8], now: DateTime<Utc>) -> Result<Option<ProviderEvent>, WebhookError>;
}
