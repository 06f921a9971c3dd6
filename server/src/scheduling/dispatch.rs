//! Offering a booking to a provider: the offer is kept (with when it lapses) and the provider is
//! told, inside the change that places the booking with them.

use super::texts;
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use entity::{booking, booking_offer, service, user};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};

/// Offers `booking` to `provider_id` until the configured time has passed.
pub async fn offer(change: &mut Change<'_>, state: &AppState, notifier: &Notifier, booking: &booking::Model, service: &service::Model, provider_id: i32, now: DateTime<Utc>) -> Result<(), sea_orm::DbErr> {
    let expires_at = now + state.config().scheduling.offer_timeout;
    booking_offer::ActiveModel {
        booking_id: Set(booking.id),
        provider_user_id: Set(provider_id),
        offered_at: Set(now),
        expires_at: Set(expires_at),
        answered_at: Set(None),
        outcome: Set(None),
        ..Default::default()
    }
    .insert(change.db())
    .await?;
    let provider = user::Entity::find_by_id(provider_id).one(change.db()).await?.ok_or_else(|| sea_orm::DbErr::RecordNotFound(format!("provider {provider_id}")))?;
    change.notify(notifier, &provider, texts::offered(&service.title, booking, expires_at)).await
}
