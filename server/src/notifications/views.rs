//! A notification as the API shows it.

use entity::notification;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct NotificationView {
    id: i32,
    title: String,
    message: String,
    /// A site path, e.g. `/user/bookings`.
    link: String,
    is_read: bool,
    #[schema(format = DateTime)]
    created_at: String,
}

impl From<notification::Model> for NotificationView {
    fn from(row: notification::Model) -> Self {
        NotificationView {
            id: row.id,
            title: row.title,
            message: row.message,
            link: row.link,
            is_read: row.is_read,
            created_at: crate::http::timestamp(row.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ReadAllAnswer {
    /// How many notifications were unread and are now read.
    pub updated: u64,
}
