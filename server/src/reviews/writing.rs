//! Leaving a review, from the API or from a completed booking's invitation: one review per
//! member and service, never by one of the service's own providers. A review names the
//! completed booking it is about (a "Verified booking"): the invitation's, or from the API the
//! member's latest completed booking of the service. From an invitation, a member who reviewed
//! the service before updates that review instead, and it then names the new booking; an
//! answer about another booking goes with it. The service's providers are told.

use super::queries::{self, ReviewRow, public_name};
use super::texts;
use crate::domain::Rating;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::platform::db::insert_if_new;
use crate::scheduling::provider_who_took;
use crate::state::AppState;
use app::routes::Tag;
use chrono::Utc;
use entity::words::{BookingStatus, ProviderStatus};
use entity::{booking, provider, review, review_answer, service, user};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect};

/// Where a review comes from.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// `POST /api/reviews/`: a new review only.
    Api,
    /// A completed booking's invitation: a new review, or the member's review of the service updated.
    Invitation(&'a booking::Model),
}

pub async fn save(
    state: &AppState,
    member: &user::Model,
    service: &service::Model,
    rating: Rating,
    text: String,
    from: Source<'_>,
) -> Result<ReviewRow, AppError> {
    let providers = provider::Entity::find()
        .filter(provider::Column::ServiceId.eq(service.id))
        .filter(provider::Column::Status.ne(ProviderStatus::Rejected))
        .all(state.db())
        .await?;
    if providers.iter().any(|p| p.user_id == member.id) {
        return Err(AppError::BadRequest(texts::CANNOT_REVIEW_OWN_SERVICE.into()));
    }
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    let booking = match from {
        Source::Invitation(booking) => Some(booking.clone()),
        Source::Api => {
            booking::Entity::find()
                .filter(booking::Column::UserId.eq(member.id))
                .filter(booking::Column::ServiceId.eq(service.id))
                .filter(booking::Column::Status.is_in(BookingStatus::having(BookingStatus::may_be_reviewed)))
                .order_by_desc(booking::Column::Id)
                .one(change.db())
                .await?
        }
    };
    let earlier = review::Entity::find()
        .filter(review::Column::UserId.eq(member.id))
        .filter(review::Column::ServiceId.eq(service.id))
        .lock_exclusive()
        .one(change.db())
        .await?;
    let now = Utc::now();
    let saved = match (earlier, from) {
        (Some(_), Source::Api) => return Err(AppError::BadRequest(texts::ALREADY_REVIEWED.into())),
        (Some(earlier), Source::Invitation(_)) if earlier.hidden_at.is_some() => return Err(AppError::Forbidden(texts::TAKEN_DOWN.into())),
        // Sent again as it stands (a reload, a second press): nothing changes, nobody is told.
        (Some(earlier), Source::Invitation(_))
            if earlier.rating == i32::from(rating.get()) && earlier.review == text && earlier.booking_id == booking.as_ref().map(|b| b.id) =>
        {
            return Ok(queries::as_shown(change.db(), vec![(earlier, Some(member.clone()))]).await?.pop().expect("one review"));
        }
        (Some(earlier), Source::Invitation(_)) => {
            let moves = earlier.booking_id != booking.as_ref().map(|b| b.id);
            if moves {
                // The answer was to the words about the other booking, and by its provider.
                review_answer::Entity::delete_many().filter(review_answer::Column::ReviewId.eq(earlier.id)).exec(change.db()).await?;
            }
            if let Some(named) = earlier.booking_id.filter(|_| moves) {
                let named = booking::Entity::find_by_id(named).one(change.db()).await?;
                change.touches(named.as_ref().and_then(provider_who_took).map(Tag::Provider));
            }
            let mut updated = earlier.into_active_model();
            updated.rating = Set(i32::from(rating.get()));
            updated.review = Set(text);
            updated.booking_id = Set(booking.as_ref().map(|b| b.id));
            updated.updated_at = Set(Some(now));
            updated.update(change.db()).await?
        }
        (None, _) => {
            let row = review::ActiveModel {
                service_id: Set(service.id),
                user_id: Set(member.id),
                rating: Set(i32::from(rating.get())),
                review: Set(text),
                created_at: Set(now),
                booking_id: Set(booking.as_ref().map(|b| b.id)),
                ..Default::default()
            };
            // One review per member and service.
            insert_if_new(change.db(), row).await?.ok_or_else(|| AppError::BadRequest(texts::ALREADY_REVIEWED.into()))?
        }
    };
    let reviewer = public_name(&member.full_name);
    let approved: Vec<i32> = providers.iter().filter(|p| p.status == ProviderStatus::Approved).map(|p| p.user_id).collect();
    let did_the_visit = booking.as_ref().and_then(provider_who_took);
    for provider_user in user::Entity::find().filter(user::Column::Id.is_in(approved.into_iter().chain(did_the_visit))).all(change.db()).await? {
        let theirs = did_the_visit == Some(provider_user.id);
        let notice = texts::new_review(&reviewer, &service.title, service.id, rating.get(), theirs);
        change.notify_naming(&notifier, &provider_user, notice, member, &reviewer).await?;
    }
    change.touches(Tag::rating(service.id, did_the_visit));
    change.commit().await?;
    Ok(queries::as_shown(state.db(), vec![(saved, Some(member.clone()))]).await?.pop().expect("one review"))
}
