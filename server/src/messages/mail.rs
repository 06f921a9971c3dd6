//! Mail about new messages: a reader is mailed at once about a new message on a thread unless
//! they were mailed about that thread within `MESSAGE_MAIL_MINUTES`; what they have not read by
//! the end of that time is mailed then, by a round every minute on one server. So a busy thread
//! sends each reader at most one mail in that time, and nothing is left unsaid.

use super::access::{self, role_of};
use super::texts;
use super::thread::claim_mail;
use super::views::first_name_of;
use crate::notifications::notice::Notifier;
use crate::platform::change::Change;
use crate::platform::periodic;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use entity::{booking, booking_message, booking_thread_read, service, user};
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::sync::Arc;

/// How often the round looks for messages left unmailed.
const EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// How far back the round looks: a message older than this that nobody was mailed about is
/// one a server that was down for so long leaves to the unread counts.
const LOOK_BACK: Duration = Duration::days(2);

/// A message just written, as its mail names it.
pub struct Written<'a> {
    pub booking: &'a booking::Model,
    /// `Boiler service on Monday 4 January 2027 at 09:00`.
    pub about: String,
    pub message: &'a booking_message::Model,
    /// The writer's first name.
    pub writer: String,
}

impl<'a> Written<'a> {
    pub fn new(booking: &'a booking::Model, service: &service::Model, message: &'a booking_message::Model, writer: &user::Model) -> Self {
        let about = crate::scheduling::texts::when(&service.title, booking.date, &booking.time);
        Written { booking, about, message, writer: first_name_of(&writer.full_name).to_owned() }
    }
}

/// Mails `reader_id` about `written` at `now`, unless they were mailed about its thread lately;
/// whether it did.
pub async fn tell(
    change: &mut Change<'_>,
    state: &AppState,
    notifier: &Notifier,
    written: &Written<'_>,
    reader_id: i32,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let Some(reader) = user::Entity::find_by_id(reader_id).one(change.db()).await?.filter(|reader| reader.is_active) else { return Ok(false) };
    if !claim_mail(change.db(), written.booking.id, reader.id, mail_every(state), now).await? {
        return Ok(false);
    }
    let link = access::link(state, written.booking.id, &reader);
    let notice = texts::new_message(&written.writer, &written.about, &written.message.body, written.message.photo.is_some(), link);
    change.mail(notifier.mail(&reader, &notice)).await?;
    Ok(true)
}

fn mail_every(state: &AppState) -> Duration {
    Duration::from_std(state.config().messages.mail_every).unwrap_or(Duration::minutes(10))
}

/// Mails each reader whose mail was held back about the newest message they have not read,
/// once their time is up; how many it mailed.
pub async fn mail_held_back(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    let every = mail_every(state);
    let recent: Vec<i32> = booking_message::Entity::find()
        .select_only()
        .column(booking_message::Column::BookingId)
        .distinct()
        .filter(booking_message::Column::CreatedAt.gt(now - LOOK_BACK))
        .filter(booking_message::Column::HiddenAt.is_null())
        .into_tuple()
        .all(state.db())
        .await?;
    if recent.is_empty() {
        return Ok(0);
    }
    let held: Vec<booking_thread_read::Model> = booking_thread_read::Entity::find()
        .filter(booking_thread_read::Column::BookingId.is_in(recent))
        .filter(booking_thread_read::Column::LastMailedAt.lte(now - every))
        .all(state.db())
        .await?;
    let notifier = Notifier::new(state).await;
    let mut mailed = 0;
    for place in held {
        let Some(mailed_at) = place.last_mailed_at else { continue };
        let newest = booking_message::Entity::find()
            .filter(booking_message::Column::BookingId.eq(place.booking_id))
            .filter(booking_message::Column::Id.gt(place.last_read_message_id))
            .filter(booking_message::Column::CreatedAt.gt(mailed_at))
            .filter(booking_message::Column::AuthorUserId.ne(place.user_id))
            .filter(booking_message::Column::HiddenAt.is_null())
            .order_by_desc(booking_message::Column::Id)
            .one(state.db())
            .await?;
        let Some(message) = newest else { continue };
        let mut change = Change::begin(state).await?;
        let Some(booking) = booking::Entity::find_by_id(place.booking_id).one(change.db()).await? else { continue };
        // A provider who no longer has the job reads the thread no more.
        if role_of(&booking, place.user_id).is_none() {
            continue;
        }
        let Some(service) = service::Entity::find_by_id(booking.service_id).one(change.db()).await? else { continue };
        let Some(writer) = user::Entity::find_by_id(message.author_user_id).one(change.db()).await? else { continue };
        let told = tell(&mut change, state, &notifier, &Written::new(&booking, &service, &message, &writer), place.user_id, now).await?;
        change.commit().await?;
        mailed += usize::from(told);
    }
    Ok(mailed)
}

/// Looks for mail held back every minute, on one server at a time.
pub fn start(state: Arc<AppState>) {
    periodic::every(state, "message mail", EVERY, |state| async move { mail_held_back(&state, Utc::now()).await.map(drop) });
}
