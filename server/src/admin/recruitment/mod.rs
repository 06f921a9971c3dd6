//! The recruitment inbox: companies' requests, newest first by status, each moved along (New,
//! Contacted, Closed) with notes only staff read; every change in the audit log.

pub mod api;
pub mod pages;
pub mod talent;
mod texts;

use crate::admin::inbox::InboxItem;
use app::admin::RecruitmentRow;
use entity::recruitment_request;
use entity::words::RecruitmentStatus;
use sea_orm::ActiveValue::Set;

impl InboxItem for recruitment_request::Model {
    type Entity = recruitment_request::Entity;
    type Active = recruitment_request::ActiveModel;
    type Status = RecruitmentStatus;
    type Row = RecruitmentRow;
    const ACTION: &'static str = "recruitment.update";
    const SUBJECT: &'static str = "recruitment_request";
    const COLUMNS: [recruitment_request::Column; 3] =
        [recruitment_request::Column::Status, recruitment_request::Column::CreatedAt, recruitment_request::Column::Id];

    fn status(&self) -> RecruitmentStatus {
        self.status
    }

    fn notes(&self) -> &str {
        &self.staff_notes
    }

    fn summary(&self) -> String {
        texts::update_entry(&self.company_name, &self.role)
    }

    fn set(active: &mut recruitment_request::ActiveModel, status: RecruitmentStatus, notes: String) {
        active.status = Set(status);
        active.staff_notes = Set(notes);
    }

    fn row(self) -> RecruitmentRow {
        RecruitmentRow {
            id: self.id,
            status: self.status,
            company_name: self.company_name,
            contact_name: self.contact_name,
            email: self.email,
            phone_number: self.phone_number,
            role: self.role,
            number_of_staff: self.number_of_staff,
            location: self.location,
            start_date: self.start_date.map(|d| d.to_string()),
            details: self.details,
            staff_notes: self.staff_notes,
            created_at: crate::http::timestamp(self.created_at),
        }
    }
}
