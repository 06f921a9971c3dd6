//! Telling a member something: a notification row and an email, both written inside the
//! transaction of the event, so neither exists unless the event does.

use super::texts;
use crate::platform::change::{Change, InChange, Said};
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

/// A notice to one member, said inside a change.
struct ToMember<'a> {
    notifier: &'a Notifier,
    to: &'a user::Model,
    notice: Notice,
    /// The member the message names, and as what.
    naming: Option<(i32, &'a str)>,
}

impl Said for ToMember<'_> {
    fn write(self, within: InChange<'_>) -> impl Future<Output = Result<(), DbErr>> + Send {
        self.notifier.insert(within, self.to, self.notice, self.naming)
    }
}

impl Change<'_> {
    /// Tells `to` of the change: a notification, and its mail.
    pub async fn notify(&mut self, notifier: &Notifier, to: &user::Model, notice: Notice) -> Result<(), DbErr> {
        self.say(ToMember { notifier, to, notice, naming: None }).await
    }

    /// As [`Change::notify`], for a notice whose message names another member `as_name`: the
    /// notification remembers it, so that erasing that member takes the name out.
    pub async fn notify_naming(&mut self, notifier: &Notifier, to: &user::Model, notice: Notice, named: &user::Model, as_name: &str) -> Result<(), DbErr> {
        self.say(ToMember { notifier, to, notice, naming: Some((named.id, as_name)) }).await
    }
}
