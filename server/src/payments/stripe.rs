//! Stripe Checkout over its HTTPS API: a Checkout Session per payment (the member pays on
//! Stripe's page), its state, expiring it, refunds of its payment intent, and the signed
//! `checkout.session.*` events Stripe sends to our webhook.

use super::provider::{Checkout, CheckoutRequest, CheckoutState, Outcome, PaymentProvider, ProviderAmount, ProviderError, ProviderEvent, WebhookError};
use super::stripe_signature;
use super::texts;
use crate::config::{Payments, StripeKeys};
use axum::http::HeaderMap;
use chrono::{DateTime, Utc};
use entity::words::PaymentProvider as Kind;
use serde::Deserialize;

pub struct Stripe {
    client: reqwest::Client,
    api_url: String,
    keys: StripeKeys,
}

/// The part of a Checkout Session we read.
#[derive(Deserialize)]
struct Session {
    id: String,
    url: Option<String>,
    status: Option<String>,
    payment_status: Option<String>,
    payment_intent: Option<String>,
    amount_total: Option<i64>,
    currency: Option<String>,
}

impl Session {
    fn amount(&self) -> Option<ProviderAmount> {
        Some(ProviderAmount { minor_units: self.amount_total?, currency: self.currency.clone()? })
    }
}

#[derive(Deserialize)]
struct Refund {
    id: String,
    status: Option<String>,
}

#[derive(Deserialize)]
struct RefundList {
    data: Vec<Refund>,
}

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: serde_json::Value,
}

impl Stripe {
    pub fn new(payments: &Payments, keys: StripeKeys) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(payments.provider_timeout).build()?;
        Ok(Stripe { client, api_url: payments.stripe_api_url.clone(), keys })
    }

    /// Calls Stripe's API with a form body; answers the JSON it returns, or Stripe's own message.
    /// The refund of `charge` (a payment intent) Stripe has made or is making, if any.
    async fn refund_made(&self, charge: &str) -> Result<Option<String>, ProviderError> {
        let path = format!("/v1/refunds?payment_intent={}", form_urlencoded::byte_serialize(charge.as_bytes()).collect::<String>());
        let refunds: RefundList = self.call(reqwest::Method::GET, &path, &[], None).await?;
        Ok(refunds.data.into_iter().find(|refund| matches!(refund.status.as_deref(), Some("succeeded") | Some("pending"))).map(|refund| refund.id))
    }

    async fn call<T: for<'de> Deserialize<'de>>(
        &self,
        method: reqwest::Method,
        path: &str,
        form: &[(&str, String)],
        idempotency_key: Option<&str>,
    ) -> Result<T, ProviderError> {
        let body = {
            let mut body = form_urlencoded::Serializer::new(String::new());
            for (name, value) in form {
                body.append_pair(name, value);
            }
            body.finish()
        };
        let mut request = self.client.request(method, format!("{}{path}", self.api_url)).bearer_auth(&self.keys.secret_key);
        if !form.is_empty() {
            request = request.header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded").body(body);
        }
        if let Some(key) = idempotency_key {
            request = request.header("Idempotency-Key", key);
        }
        let unreachable = |error: reqwest::Error| {
            tracing::warn!(%error, path, "Stripe could not be reached");
            ProviderError(texts::PROVIDER_UNREACHABLE.into())
        };
        let response = request.send().await.map_err(unreachable)?;
        let status = response.status();
        let bytes = response.bytes().await.map_err(unreachable)?;
        if !status.is_success() {
            let message = serde_json::from_slice::<serde_json::Value>(&bytes)
                .ok()
                .and_then(|v| v["error"]["message"].as_str().map(str::to_string))
                .unwrap_or_else(|| format!("HTTP {status}"));
            tracing::warn!(%status, message, path, "Stripe refused a call");
            return Err(ProviderError(texts::provider_refused(&message)));
        }
        serde_json::from_slice(&bytes).map_err(|error| {
            tracing::warn!(%error, path, "Stripe answered something unreadable");
            ProviderError(texts::PROVIDER_UNREADABLE.into())
        })
    }
}

/// A session's id as a path segment: Stripe's ids are letters, digits and `_`.
fn session_path(reference: &str) -> Result<String, ProviderError> {
    if reference.is_empty() || !reference.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(ProviderError(texts::NOT_A_SESSION.into()));
    }
    Ok(format!("/v1/checkout/sessions/{reference}"))
}

#[async_trait::async_trait]
impl PaymentProvider for Stripe {
    fn kind(&self) -> Kind {
        Kind::Stripe
    }

    async fn open_checkout(&self, request: &CheckoutRequest<'_>) -> Result<Checkout, ProviderError> {
        let form = [
            ("mode", "payment".to_string()),
            ("payment_method_types[0]", "card".into()),
            ("line_items[0][quantity]", "1".into()),
            ("line_items[0][price_data][currency]", "gbp".into()),
            ("line_items[0][price_data][unit_amount]", request.amount.pence().to_string()),
            ("line_items[0][price_data][product_data][name]", request.description.to_string()),
            ("customer_email", request.customer_email.to_string()),
            ("client_reference_id", request.payment_id.to_string()),
            ("metadata[payment_id]", request.payment_id.to_string()),
            ("metadata[booking_id]", request.booking_id.to_string()),
            ("payment_intent_data[metadata][payment_id]", request.payment_id.to_string()),
            ("success_url", request.success_url.clone()),
            ("cancel_url", request.cancel_url.clone()),
            ("expires_at", request.expires_at.timestamp().to_string()),
        ];
        let session: Session = self.call(reqwest::Method::POST, "/v1/checkout/sessions", &form, Some(&request.idempotency_key)).await?;
        let url = session.url.ok_or_else(|| ProviderError(texts::NO_CHECKOUT_PAGE.into()))?;
        Ok(Checkout { reference: session.id, url })
    }

    async fn checkout_state(&self, reference: &str) -> Result<CheckoutState, ProviderError> {
        let session: Session = self.call(reqwest::Method::GET, &session_path(reference)?, &[], None).await?;
        let amount = session.amount();
        Ok(match (session.status.as_deref(), session.payment_status.as_deref(), session.payment_intent) {
            (Some("complete"), Some("paid"), Some(charge)) => CheckoutState::Paid { charge, amount },
            (Some("expired"), ..) => CheckoutState::Expired,
            _ => CheckoutState::Open,
        })
    }

    async fn close_checkout(&self, reference: &str) -> Result<(), ProviderError> {
        match self.checkout_state(reference).await? {
            CheckoutState::Open => self.call::<Session>(reqwest::Method::POST, &format!("{}/expire", session_path(reference)?), &[], None).await.map(|_| ()),
            CheckoutState::Expired => Ok(()),
            CheckoutState::Paid { .. } => Err(ProviderError(texts::CHECKOUT_ALREADY_PAID.into())),
        }
    }

    async fn refund(&self, charge: &str, idempotency_key: &str) -> Result<String, ProviderError> {
        let form = [("payment_intent", charge.to_string())];
        match self.call::<Refund>(reqwest::Method::POST, "/v1/refunds", &form, Some(idempotency_key)).await {
            Ok(refund) => match refund.status.as_deref() {
                Some("failed") | Some("canceled") => Err(ProviderError(texts::REFUND_FAILED.into())),
                _ => Ok(refund.id),
            },
            // Refused: it may be refunded already (from Stripe's dashboard, or under a key older
            // than Stripe remembers), and then it is made, not to be tried for ever.
            Err(refused) => match self.refund_made(charge).await {
                Ok(Some(made)) => Ok(made),
                _ => Err(refused),
            },
        }
    }

    fn read_event(&self, headers: &HeaderMap, body: &[u8], now: DateTime<Utc>) -> Result<Option<ProviderEvent>, WebhookError> {
        let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok());
        stripe_signature::verify(signature, body, &self.keys.webhook_secret, now)?;
        let event: Event = serde_json::from_slice(body).map_err(|_| WebhookError::Unreadable)?;
        let session: Session = match event.kind.starts_with("checkout.session.") {
            true => serde_json::from_value(event.data.object).map_err(|_| WebhookError::Unreadable)?,
            false => return Ok(None),
        };
        let amount = session.amount();
        let outcome = match (event.kind.as_str(), session.payment_status.as_deref(), session.payment_intent) {
            // A card is paid at completion; slower methods complete first and pay later.
            ("checkout.session.completed" | "checkout.session.async_payment_succeeded", Some("paid"), Some(charge)) => Outcome::Paid { charge, amount },
            ("checkout.session.async_payment_failed", ..) => Outcome::Failed,
            ("checkout.session.expired", ..) => Outcome::Expired,
            _ => return Ok(None),
        };
        Ok(Some(ProviderEvent { id: event.id, kind: event.kind, checkout: session.id, outcome }))
    }
}
