//! The contact inbox: messages from the contact page, newest first by status, each moved along
//! (New, Answered, Closed) with notes only staff read; every change in the audit log.

pub mod api;
pub mod pages;
mod texts;

use crate::admin::inbox::InboxItem;
use app::admin::ContactRow;
use entity::contact_message;
use entity::words::ContactStatus;
use sea_orm::ActiveValue::Set;

impl InboxItem for contact_message::Model {
    type Entity = contact_message::Entity;
    type Active = contact_message::ActiveModel;
    type Status = ContactStatus;
    type Row = ContactRow;
    const ACTION: &'static str = "contact.update";
    const SUBJECT: &'static str = "contact_message";
    const COLUMNS: [contact_message::Column; 3] = [contact_message::Column::Status, contact_message::Column::CreatedAt, contact_message::Column::Id];

    fn status(&self) -> ContactStatus {
        self.status
    }

    fn notes(&self) -> &str {
        &self.staff_notes
    }

    fn summary(&self) -> String {
        texts::update_entry(self.id, &self.email, &self.subject)
    }

    fn set(active: &mut contact_message::ActiveModel, status: ContactStatus, notes: String) {
        active.status = Set(status);
        active.staff_notes = Set(notes);
    }

    fn row(self) -> ContactRow {
        ContactRow {
            id: self.id,
            status: self.status,
            full_name: self.full_name,
            email: self.email,
            phone_number: self.phone_number,
            subject: self.subject,
            message: self.message,
            staff_notes: self.staff_notes,
            created_at: crate::http::timestamp(self.created_at),
        }
    }
}
