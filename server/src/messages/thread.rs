//! A booking's thread: writing to it (one change: the message, the writer's place, and a mail
//! to each other reader not mailed about it lately), reading it (which marks it read for a
//! member), staff hiding a message, and a member's unread counts.

use super::access::{self, role_of};
use super::texts;
use super::views::{MessageView, Viewer};
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::http::list::{ListQuery, PageRequest, Paginated, rows_of_page};
use crate::http::upload::Upload;
use crate::notifications::notice::Notifier;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::platform::photo_metadata;
use crate::platform::storage::FileKind;
use crate::state::AppState;
use bytes::Bytes;
use chrono::{DateTime, Utc};
use entity::words::{Dispatch, MessageRole};
use entity::{booking, booking_message, booking_thread_read, service, user};
use sea_orm::sea_query::{Condition, Expr, OnConflict};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde_json::json;
use std::collections::HashMap;

/// Who writes: a member (as the booking's customer or provider) or staff.
#[derive(Clone, Copy, Debug)]
pub enum Writer<'a> {
    Member(&'a user::Model),
    Staff(&'a user::Model),
}

impl Writer<'_> {
    pub fn user(&self) -> &user::Model {
        match self {
            Writer::Member(user) | Writer::Staff(user) => user,
        }
    }
}

/// Writes `body` and `photo` on booking `booking_id`'s thread (404 for a member who is not one
/// of its readers); the photo is stored without its metadata.
pub async fn write(state: &AppState, booking_id: i32, writer: Writer<'_>, body: String, photo: Option<Upload>) -> Result<booking_message::Model, AppError> {
    let booking = booking::Entity::find_by_id(booking_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    open_to(&booking, writer)?;
    let key = match photo {
        Some(photo) => Some(store_photo(state, photo).await?),
        None => None,
    };
    let written = async {
        let mut change = Change::begin(state).await?;
        // Read again inside the change, and held (PostgreSQL; SQLite's change holds the write
        // lock): a hand-back meanwhile takes the provider off the thread, and two writers on one
        // thread take its readers' places one after the other, never each waiting on the other.
        let booking = booking::Entity::find_by_id(booking_id).lock_exclusive().one(change.db()).await?.ok_or(AppError::NotFound)?;
        let role = open_to(&booking, writer)?;
        let author = writer.user();
        let saved = insert(&change, &booking, writer, role, body, key.clone()).await?;
        let service = service::Entity::find_by_id(booking.service_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
        let notifier = Notifier::new(state).await;
        let written = super::mail::Written::new(&booking, &service, &saved, author);
        for reader in access::readers(&booking).into_iter().filter(|reader| *reader != author.id) {
            super::mail::tell(&mut change, state, &notifier, &written, reader, saved.created_at).await?;
        }
        change.commit().await?;
        Ok::<_, AppError>(saved)
    }
    .await;
    state.storage.unless_failed(key.as_slice(), written).await
}

/// Adds a message by `writer` (as `role`) to `booking`'s thread within `change`, telling nobody:
/// a member's own place in the thread moves past it (they wrote it, so they saw it).
pub async fn insert(
    change: &Change<'_>,
    booking: &booking::Model,
    writer: Writer<'_>,
    role: MessageRole,
    body: String,
    photo: Option<String>,
) -> Result<booking_message::Model, DbErr> {
    let saved = booking_message::ActiveModel {
        booking_id: Set(booking.id),
        author_user_id: Set(writer.user().id),
        author_role: Set(role),
        body: Set(body),
        photo: Set(photo),
        created_at: Set(Utc::now()),
        hidden_at: Set(None),
        hidden_reason: Set(None),
        hidden_by_user_id: Set(None),
        ..Default::default()
    }
    .insert(change.db())
    .await?;
    if let Writer::Member(member) = writer {
        mark_read(change.db(), booking.id, member.id, saved.id).await?;
    }
    Ok(saved)
}

/// Stores a message's photo without the place it was taken and the rest of its metadata: its
/// storage key. The caller deletes it again if what it was for is not saved.
pub async fn store_photo(state: &AppState, photo: Upload) -> Result<String, AppError> {
    let (kind, bytes) = without_metadata(photo)?;
    Ok(state.storage.put("message-photos", kind, bytes).await?)
}

/// What `writer` is to `booking`'s thread, if they may write on it: 404 for a member who does
/// not read it, 400 once the booking is cancelled.
pub fn open_to(booking: &booking::Model, writer: Writer<'_>) -> Result<MessageRole, AppError> {
    let role = match writer {
        Writer::Member(member) => role_of(booking, member.id).ok_or(AppError::NotFound)?,
        Writer::Staff(_) => MessageRole::Staff,
    };
    if !booking.status.takes_messages() {
        return Err(AppError::BadRequest(texts::CANCELLED.into()));
    }
    Ok(role)
}

/// A photo's kind and its bytes without the place it was taken and the rest of its metadata.
fn without_metadata(photo: Upload) -> Result<(FileKind, Bytes), AppError> {
    photo_metadata::strip(photo.kind, &photo.bytes).map(|bytes| (photo.kind, Bytes::from(bytes))).map_err(|_| AppError::field("photo", texts::PHOTO_UNREADABLE))
}

/// The page `query` asks of booking `booking_id`'s thread, as `viewer` sees it: [`read`].
pub async fn listed(state: &AppState, booking_id: i32, viewer: Viewer, query: &ListQuery) -> Result<Paginated<MessageView>, AppError> {
    let mut errors = FieldErrors::default();
    let request = query.page_request(&mut errors);
    errors.finish()?;
    let (count, results) = read(state, booking_id, viewer, request).await?;
    query.page(request, count, results)
}

/// A page of booking `booking_id`'s thread, oldest first, as `viewer` sees it (404 for a
/// member who is not one of its readers); a member has then read up to its last message.
async fn read(state: &AppState, booking_id: i32, viewer: Viewer, page: PageRequest) -> Result<(u64, Vec<MessageView>), AppError> {
    let booking = booking::Entity::find_by_id(booking_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    if let Viewer::Member(member) = viewer {
        role_of(&booking, member).ok_or(AppError::NotFound)?;
    }
    let select = booking_message::Entity::find().filter(booking_message::Column::BookingId.eq(booking.id)).order_by_asc(booking_message::Column::Id);
    let (count, rows) = rows_of_page(state.db(), select, page).await?;
    if let (Viewer::Member(member), Some(last)) = (viewer, rows.last()) {
        mark_read(state.db(), booking.id, member, last.id).await?;
    }
    let names = crate::accounts::members::names_of(state.db(), rows.iter().map(|row| row.author_user_id)).await?;
    Ok((count, rows.into_iter().map(|row| MessageView::new(row, &names, &state.storage, viewer)).collect()))
}

/// Every message of booking `booking_id`'s thread, oldest first.
pub async fn all_of(db: &impl ConnectionTrait, booking_id: i32) -> Result<Vec<booking_message::Model>, DbErr> {
    booking_message::Entity::find().filter(booking_message::Column::BookingId.eq(booking_id)).order_by_asc(booking_message::Column::Id).all(db).await
}

/// Staff hide message `message_id` for `reason`: its readers see that it was hidden, its writer
/// is told why, and the audit log keeps it.
pub async fn hide(state: &AppState, staff: &user::Model, message_id: i32, reason: String) -> Result<MessageView, AppError> {
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    let hidden = booking_message::Entity::update_many()
        .col_expr(booking_message::Column::HiddenAt, Expr::value(Utc::now()))
        .col_expr(booking_message::Column::HiddenReason, Expr::value(reason.clone()))
        .col_expr(booking_message::Column::HiddenByUserId, Expr::value(staff.id))
        .filter(booking_message::Column::Id.eq(message_id))
        .filter(booking_message::Column::HiddenAt.is_null())
        .exec(change.db())
        .await?;
    let message = booking_message::Entity::find_by_id(message_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    if hidden.rows_affected == 0 {
        return Err(AppError::BadRequest(texts::ALREADY_HIDDEN.into()));
    }
    let booking = booking::Entity::find_by_id(message.booking_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    let service = service::Entity::find_by_id(booking.service_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    let writer = user::Entity::find_by_id(message.author_user_id).one(change.db()).await?.ok_or(AppError::NotFound)?;
    if writer.is_active && message.author_role != MessageRole::Staff {
        let about = crate::scheduling::texts::when(&service.title, booking.date, &booking.time);
        change.notify(&notifier, &writer, texts::hidden_notice(&about, &reason, access::link(state, booking.id, &writer))).await?;
    }
    let entry = Action::new("message.hide", "booking_message", Some(message.id), texts::hidden_entry(message.id, booking.id, writer.id))
        .because(Some(reason))
        .changed(json!({"hidden": false}), json!({"hidden": true}));
    change.audit(staff, entry).await?;
    change.commit().await?;
    let names = HashMap::from([(writer.id, writer.full_name)]);
    Ok(MessageView::new(message, &names, &state.storage, Viewer::Staff))
}

/// `user_id`'s place in booking `booking_id`'s thread, made if they have none.
async fn place(db: &impl ConnectionTrait, booking_id: i32, user_id: i32) -> Result<(), DbErr> {
    booking_thread_read::Entity::insert(booking_thread_read::ActiveModel {
        booking_id: Set(booking_id),
        user_id: Set(user_id),
        last_read_message_id: Set(0),
        last_mailed_at: Set(None),
        ..Default::default()
    })
    .on_conflict(OnConflict::columns([booking_thread_read::Column::BookingId, booking_thread_read::Column::UserId]).do_nothing().to_owned())
    .exec_without_returning(db)
    .await
    .map(drop)
}

/// `user_id` has read booking `booking_id`'s thread up to message `up_to`.
pub async fn mark_read(db: &impl ConnectionTrait, booking_id: i32, user_id: i32, up_to: i32) -> Result<(), DbErr> {
    place(db, booking_id, user_id).await?;
    booking_thread_read::Entity::update_many()
        .col_expr(booking_thread_read::Column::LastReadMessageId, Expr::value(up_to))
        .filter(booking_thread_read::Column::BookingId.eq(booking_id))
        .filter(booking_thread_read::Column::UserId.eq(user_id))
        .filter(booking_thread_read::Column::LastReadMessageId.lt(up_to))
        .exec(db)
        .await
        .map(drop)
}

/// Claims mailing `user_id` about booking `booking_id`'s thread at `now`, unless they were
/// mailed about it within `every`: whether to mail them.
pub async fn claim_mail(db: &impl ConnectionTrait, booking_id: i32, user_id: i32, every: chrono::Duration, now: DateTime<Utc>) -> Result<bool, DbErr> {
    place(db, booking_id, user_id).await?;
    let claimed = booking_thread_read::Entity::update_many()
        .col_expr(booking_thread_read::Column::LastMailedAt, Expr::value(now))
        .filter(booking_thread_read::Column::BookingId.eq(booking_id))
        .filter(booking_thread_read::Column::UserId.eq(user_id))
        .filter(Condition::any().add(booking_thread_read::Column::LastMailedAt.is_null()).add(booking_thread_read::Column::LastMailedAt.lte(now - every)))
        .exec(db)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// How many messages of others `user_id` has not read, by booking, on the threads they read
/// now (hidden ones aside).
pub async fn unread(db: &impl ConnectionTrait, user_id: i32) -> Result<Vec<(i32, u64)>, DbErr> {
    let threads: Vec<i32> = booking::Entity::find()
        .select_only()
        .column(booking::Column::Id)
        .filter(
            Condition::any()
                .add(booking::Column::UserId.eq(user_id))
                .add(Condition::all().add(booking::Column::ProviderUserId.eq(user_id)).add(booking::Column::Dispatch.eq(Dispatch::Accepted))),
        )
        .into_tuple()
        .all(db)
        .await?;
    if threads.is_empty() {
        return Ok(Vec::new());
    }
    let read_up_to: HashMap<i32, i32> = booking_thread_read::Entity::find()
        .filter(booking_thread_read::Column::UserId.eq(user_id))
        .filter(booking_thread_read::Column::BookingId.is_in(threads.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|place| (place.booking_id, place.last_read_message_id))
        .collect();
    let others: Vec<(i32, i32)> = booking_message::Entity::find()
        .select_only()
        .columns([booking_message::Column::BookingId, booking_message::Column::Id])
        .filter(booking_message::Column::BookingId.is_in(threads))
        .filter(booking_message::Column::AuthorUserId.ne(user_id))
        .filter(booking_message::Column::HiddenAt.is_null())
        .into_tuple()
        .all(db)
        .await?;
    let mut counts: std::collections::BTreeMap<i32, u64> = std::collections::BTreeMap::new();
    for (booking_id, id) in others {
        if id > read_up_to.get(&booking_id).copied().unwrap_or(0) {
            *counts.entry(booking_id).or_default() += 1;
        }
    }
    Ok(counts.into_iter().collect())
}

/// The storage keys of every message's photo.
pub async fn photo_keys(db: &impl ConnectionTrait) -> Result<Vec<String>, DbErr> {
    let keys: Vec<Option<String>> = booking_message::Entity::find()
        .select_only()
        .column(booking_message::Column::Photo)
        .filter(booking_message::Column::Photo.is_not_null())
        .into_tuple()
        .all(db)
        .await?;
    Ok(keys.into_iter().flatten().collect())
}
