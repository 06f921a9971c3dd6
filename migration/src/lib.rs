//! Database migrations; they run at start-up and work on SQLite and PostgreSQL alike.
#![forbid(unsafe_code)]

pub use sea_orm_migration::prelude::*;

mod m20261122_000001_create_tables;
mod m20261123_000001_keep_records;
mod m20261124_000001_search_index;
mod m20261124_000002_bookmarks;
mod m20261124_000003_booking_mail;
mod m20261125_000001_jobs_and_seekers;
mod m20261126_000001_payments;
mod m20261127_000001_back_office;
mod m20261127_000002_hidden_categories;
mod m20261127_000003_review_moderation;
mod m20261127_000004_recruitment_inbox;
mod m20261128_000001_shared_work;
mod m20261129_000001_audit_log_no_truncate;
mod m20261129_000002_payment_event_problems;
mod m20261130_000001_notification_names;
mod m20261130_000002_owed_refunds;
mod m20261130_000003_contact_messages;
mod m20261130_000004_job_seeker_confirmation;
mod m20261201_000001_search_facets;
mod m20261202_000001_service_coverage;
mod m20261203_000001_jobs_near;
mod m20261203_000002_service_bases_in_memory;
mod m20261204_000001_providers_at_work;
mod m20261205_000001_booking_price_unit;
mod m20261206_000001_booking_messages;
mod m20261207_000001_completion_and_answers;
mod m20261208_000001_member_link_version;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_create_tables::Migration),
            Box::new(m20261123_000001_keep_records::Migration),
            Box::new(m20261124_000001_search_index::Migration),
            Box::new(m20261124_000002_bookmarks::Migration),
            Box::new(m20261124_000003_booking_mail::Migration),
            Box::new(m20261125_000001_jobs_and_seekers::Migration),
            Box::new(m20261126_000001_payments::Migration),
            Box::new(m20261127_000001_back_office::Migration),
            Box::new(m20261127_000002_hidden_categories::Migration),
            Box::new(m20261127_000003_review_moderation::Migration),
            Box::new(m20261127_000004_recruitment_inbox::Migration),
            Box::new(m20261128_000001_shared_work::Migration),
            Box::new(m20261129_000001_audit_log_no_truncate::Migration),
            Box::new(m20261129_000002_payment_event_problems::Migration),
            Box::new(m20261130_000001_notification_names::Migration),
            Box::new(m20261130_000002_owed_refunds::Migration),
            Box::new(m20261130_000003_contact_messages::Migration),
            Box::new(m20261130_000004_job_seeker_confirmation::Migration),
            Box::new(m20261201_000001_search_facets::Migration),
            Box::new(m20261202_000001_service_coverage::Migration),
            Box::new(m20261203_000001_jobs_near::Migration),
            Box::new(m20261203_000002_service_bases_in_memory::Migration),
            Box::new(m20261204_000001_providers_at_work::Migration),
            Box::new(m20261205_000001_booking_price_unit::Migration),
            Box::new(m20261206_000001_booking_messages::Migration),
            Box::new(m20261207_000001_completion_and_answers::Migration),
            Box::new(m20261208_000001_member_link_version::Migration),
        ]
    }
}
