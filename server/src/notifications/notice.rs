//! Telling a member something: a notification row and an email, both written inside the
//! transaction of the event, so neither exists unless the event does.

use super::texts;
use crate::platform::change::InChange;
use crate::platform::mail::outbox::{self, Mail};
use crate::state::AppState;
use chrono::Utc;
use entity::{notification, user};
use sea_orm::{ActiveValue::Set, DbErr, EntityTrait};

/// What a member is told.
pub struct Notice {
    /// Short, e.g. "Booking received".
    pub title: String,
    /// One or two sentences.
    pub message: String,
    /// The site path where the member can act on it, e.g. `/user/bookings`.
    pub link: String,
    /// A calendar invite the mail carries (a booking's), if any.
    pub calendar: Option<String>,
}

/// Writes notices with the company's name and the site's address in their mails.
pub struct Notifier {
    brand: String,
    public_url: String,
}

impl Notifier {
    pub async fn new(state: &AppState) -> Self {
        Notifier { brand: state.brand().await, public_url: state.config().public_url.clone() }
    }

    /// Adds `notice` to `to`'s notifications and queues its email.
    pub async fn send(&self, within: InChange<'_>, to: &user::Model, notice: Notice) -> Result<(), DbErr> {
        self.insert(within, to, notice, None).await
    }

    /// As [`Notifier::send`], for a notice whose message names another member `as_name`: the
    /// notification remembers it, so that erasing that member takes the name out.
    pub async fn send_naming(&self, within: InChange<'_>, to: &user::Model, notice: Notice, named: &user::Model, as_name: &str) -> Result<(), DbErr> {
        self.insert(within, to, notice, Some((named.id, as_name))).await
    }

    async fn insert(&self, within: InChange<'_>, to: &user::Model, notice: Notice, naming: Option<(i32, &str)>) -> Result<(), DbErr> {
        let mail = self.mail(to, &notice);
        notification::Entity::insert(notification::ActiveModel {
            user_id: Set(to.id),
            title: Set(notice.title),
            message: Set(notice.message),
            link: Set(notice.link),
            is_read: Set(false),
            created_at: Set(Utc::now()),
            names_user_id: Set(naming.map(|(id, _)| id)),
            named_as: Set(naming.map(|(_, name)| name.to_string())),
            ..Default::default()
        })
        .exec_without_returning(within.db())
        .await?;
        outbox::enqueue(within, mail).await
    }

    /// The company's name, as its mails sign.
    pub fn brand(&self) -> &str {
        &self.brand
    }

    /// The mail of `notice` to `to`: sent alone for what is mailed but not listed among the
    /// member's notifications (a new message on a booking).
    pub fn mail(&self, to: &user::Model, notice: &Notice) -> Mail {
        texts::mail(&to.email, &to.full_name, &self.brand, &format!("{}{}", self.public_url, notice.link), notice)
    }
}
