//! Paying for bookings by card, through a pluggable provider: the built-in test provider (the
//! embedded default; no network, no money) or Stripe Checkout. The money rules live here, on
//! the server: the amount is always the booking's, a booking is paid at most once, every
//! provider event is applied once, and a cancellation is refunded inside the refund window.

pub mod checkout;
mod events;
mod handlers;
pub mod provider;
pub mod refunds;
mod stripe;
mod stripe_signature;
mod test_provider;
mod texts;
pub mod views;

use crate::config::Payments;
use crate::state::AppState;
use entity::words::PaymentProvider as Kind;
use provider::PaymentProvider;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// `/api/payments/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list, handlers::start))
        .routes(routes!(handlers::show))
        .routes(routes!(handlers::webhook))
        .routes(routes!(handlers::test_checkout))
}

/// The provider the configuration chooses.
pub fn provider(payments: &Payments, public_url: &str) -> anyhow::Result<Arc<dyn PaymentProvider>> {
    Ok(match (payments.provider, &payments.stripe) {
        (Kind::Stripe, Some(keys)) => Arc::new(stripe::Stripe::new(payments, keys.clone())?),
        (Kind::Stripe, None) => anyhow::bail!("PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET"),
        (Kind::Test, _) => Arc::new(test_provider::TestProvider::new(public_url)),
    })
}
