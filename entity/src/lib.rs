//! sea-orm entities: one module a table. Money is kept in pence (`*_pence`) so that SQLite and
//! PostgreSQL agree exactly; lists (areas, phones, socials) are JSON text.
#![forbid(unsafe_code)]

pub use words;

pub mod audit_entry;
pub mod booking;
pub mod booking_message;
pub mod booking_offer;
pub mod booking_thread_read;
pub mod bookmark;
pub mod category;
pub mod certificate;
pub mod contact_message;
pub mod job;
pub mod job_application;
pub mod job_seeker;
pub mod mail_outbox;
pub mod notification;
pub mod one_time_code;
pub mod payment;
pub mod payment_event;
pub mod periodic_run;
pub mod provider;
pub mod provider_terms;
pub mod recruitment_request;
pub mod refresh_token;
pub mod review;
pub mod review_answer;
pub mod review_report;
pub mod service;
pub mod service_base;
pub mod service_district;
pub mod staff_recovery_code;
pub mod staff_session;
pub mod user;
pub mod website_info;

pub mod prelude {
    pub use super::audit_entry::Entity as AuditEntry;
    pub use super::booking::Entity as Booking;
    pub use super::booking_message::Entity as BookingMessage;
    pub use super::booking_offer::Entity as BookingOffer;
    pub use super::booking_thread_read::Entity as BookingThreadRead;
    pub use super::bookmark::Entity as Bookmark;
    pub use super::category::Entity as Category;
    pub use super::certificate::Entity as Certificate;
    pub use super::contact_message::Entity as ContactMessage;
    pub use super::job::Entity as Job;
    pub use super::job_application::Entity as JobApplication;
    pub use super::job_seeker::Entity as JobSeeker;
    pub use super::mail_outbox::Entity as MailOutbox;
    pub use super::notification::Entity as Notification;
    pub use super::one_time_code::Entity as OneTimeCode;
    pub use super::payment::Entity as Payment;
    pub use super::payment_event::Entity as PaymentEvent;
    pub use super::periodic_run::Entity as PeriodicRun;
    pub use super::provider::Entity as Provider;
    pub use super::provider_terms::Entity as ProviderTerms;
    pub use super::recruitment_request::Entity as RecruitmentRequest;
    pub use super::refresh_token::Entity as RefreshToken;
    pub use super::review::Entity as Review;
    pub use super::review_answer::Entity as ReviewAnswer;
    pub use super::review_report::Entity as ReviewReport;
    pub use super::service::Entity as Service;
    pub use super::service_base::Entity as ServiceBase;
    pub use super::service_district::Entity as ServiceDistrict;
    pub use super::staff_recovery_code::Entity as StaffRecoveryCode;
    pub use super::staff_session::Entity as StaffSession;
    pub use super::user::Entity as User;
    pub use super::website_info::Entity as WebsiteInfo;
}
