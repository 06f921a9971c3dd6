//! The built-in test provider, the embedded default: no network and no money. Its checkout is
//! our own `/payment` page in test mode, where the member presses "Pay" or "Cancel"; those
//! buttons send the events a real provider's webhook would (see `handlers::test_checkout`).

use super::provider::{Checkout, CheckoutRequest, CheckoutState, PaymentProvider, ProviderError, ProviderEvent, WebhookError};
use axum::http::HeaderMap;
use chrono::{DateTime, Utc};
use entity::words::PaymentProvider as Kind;

pub struct TestProvider {
    public_url: String,
}

impl TestProvider {
    pub fn new(public_url: &str) -> Self {
        TestProvider { public_url: public_url.to_string() }
    }

    /// A test checkout's reference; the same payment always has the same one.
    pub fn reference(payment_id: i32) -> String {
        format!("test_cs_{payment_id}")
    }
}

#[async_trait::async_trait]
impl PaymentProvider for TestProvider {
    fn kind(&self) -> Kind {
        Kind::Test
    }

    async fn open_checkout(&self, request: &CheckoutRequest<'_>) -> Result<Checkout, ProviderError> {
        let reference = Self::reference(request.payment_id);
        let url = format!("{}/payment?booking={}&checkout={reference}", self.public_url, request.booking_id);
        Ok(Checkout { reference, url })
    }

    /// A test checkout stays open until its page's buttons settle it, which our own records show.
    async fn checkout_state(&self, _reference: &str) -> Result<CheckoutState, ProviderError> {
        Ok(CheckoutState::Open)
    }

    async fn close_checkout(&self, _reference: &str) -> Result<(), ProviderError> {
        Ok(())
    }

    async fn refund(&self, charge: &str, _idempotency_key: &str) -> Result<String, ProviderError> {
        Ok(format!("test_re_{charge}"))
    }

    /// Nobody outside sends the test provider's events: every webhook is refused.
    fn read_event(&self, _headers: &HeaderMap, _body: &[u8], _now: DateTime<Utc>) -> Result<Option<ProviderEvent>, WebhookError> {
        Err(WebhookError::BadSignature)
    }
}
