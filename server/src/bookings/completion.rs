//! Marking a booking done: by the provider who took it, with notes and photos that go on the
//! booking's thread as their messages, or by staff for them (audited). One change: the booking
//! Completed (only from Confirmed, so of two at once one does it), the notes and photos
//! written, the customer invited to review it (so every completed booking is invited, once),
//! and the pages showing the provider's work and the service's reviews dropped. A completed
//! booking is no longer cancelled, moved or handed back: each of those takes only a pending or
//! confirmed one.

use super::texts;
use crate::http::AppError;
use crate::http::upload::Upload;
use crate::messages::thread::{self, Writer};
use crate::notifications::notice::Notifier;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::reviews::invitation;
use crate::state::AppState;
use app::routes::Tag;
use chrono::Utc;
use entity::words::{BookingStatus, Dispatch, MessageRole};
use entity::{booking, service, user};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;

/// Who marks the job done.
#[derive(Clone, Copy)]
pub enum CompletedBy<'a> {
    /// The provider who took it, once it has started.
    Provider(&'a user::Model),
    /// Staff, for the provider or for a service without providers.
    Staff(&'a user::Model),
}

/// What the provider says of the work done: notes and photos, each optional.
#[derive(Default)]
pub struct Report {
    pub notes: String,
    pub photos: Vec<Upload>,
}

/// Booking `id`, if `by` may mark it done now. Asked before a provider's photos are read, and
/// again as it is done.
pub async fn completable(state: &AppState, id: i32, by: CompletedBy<'_>) -> Result<booking::Model, AppError> {
    let row = booking::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let provider = match by {
        CompletedBy::Provider(provider) => Some(provider.id),
        CompletedBy::Staff(_) => None,
    };
    crate::scheduling::schedule::completion_refusal(&row, provider, Utc::now()).map_or(Ok(row), Err)
}

/// Marks booking `id` done.
pub async fn complete(state: &AppState, id: i32, by: CompletedBy<'_>, report: Report) -> Result<booking::Model, AppError> {
    let row = completable(state, id, by).await?;
    let mut keys = Vec::with_capacity(report.photos.len());
    let stored = async {
        for photo in report.photos {
            keys.push(thread::store_photo(state, photo).await?);
        }
        Ok::<_, AppError>(())
    }
    .await;
    let keys = state.storage.unless_failed(&keys.clone(), stored.map(|()| keys)).await?;
    let done = write(state, &row, by, report.notes, keys.clone()).await;
    state.storage.unless_failed(&keys, done).await
}

async fn write(state: &AppState, row: &booking::Model, by: CompletedBy<'_>, notes: String, photos: Vec<String>) -> Result<booking::Model, AppError> {
    let customer = user::Entity::find_by_id(row.user_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let service = service::Entity::find_by_id(row.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let notifier = Notifier::new(state).await;
    let now = Utc::now();
    let mut change = Change::begin(state).await?;
    let mut done = booking::Entity::update_many()
        .col_expr(booking::Column::Status, Expr::value(BookingStatus::Completed))
        .col_expr(booking::Column::CompletedAt, Expr::value(now))
        .col_expr(booking::Column::CalendarSequence, Expr::col(booking::Column::CalendarSequence).add(1))
        .filter(booking::Column::Id.eq(row.id))
        .filter(booking::Column::Status.eq(BookingStatus::Confirmed));
    if let CompletedBy::Provider(provider) = by {
        // Not if they handed it back meanwhile.
        done = done.filter(booking::Column::ProviderUserId.eq(provider.id)).filter(booking::Column::Dispatch.eq(Dispatch::Accepted));
    }
    if done.exec(change.db()).await?.rows_affected == 0 {
        return Err(AppError::Conflict(crate::scheduling::texts::CHANGED_MEANWHILE.into()));
    }
    let completed = booking::Entity::find_by_id(row.id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    if let CompletedBy::Provider(provider) = by {
        // The notes with the first photo, then a message for each other photo.
        let mut photos = photos.into_iter();
        let first = photos.next();
        if !notes.is_empty() || first.is_some() {
            thread::insert(&change, &completed, Writer::Member(provider), MessageRole::Provider, texts::work_done(&notes), first).await?;
        }
        for photo in photos {
            thread::insert(&change, &completed, Writer::Member(provider), MessageRole::Provider, String::new(), Some(photo)).await?;
        }
    }
    invitation::invite(&mut change, state, &notifier, &completed, &service, &customer).await?;
    if let CompletedBy::Staff(staff) = by {
        let when = crate::scheduling::texts::when(&service.title, row.date, &row.time);
        let entry = Action::new("booking.complete", "booking", Some(row.id), texts::completed_entry(customer.id, &when))
            .changed(json!({"status": row.status}), json!({"status": BookingStatus::Completed}));
        change.audit(staff, entry).await?;
    }
    // The provider's profile counts the jobs they did.
    change.touches(crate::scheduling::provider_who_took(&completed).map(Tag::Provider));
    change.commit().await?;
    Ok(completed)
}
