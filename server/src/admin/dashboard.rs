//! What waits for staff, counted.

use app::admin::Dashboard;
use chrono::{Duration, Utc};
use entity::words::{ApplicationStatus, BookingStatus, ContactStatus, Dispatch, OfferOutcome, PaymentStatus, ProviderStatus, RecruitmentStatus};
use entity::{booking, booking_offer, contact_message, job, job_application, job_seeker, mail_outbox, payment, payment_event, provider, recruitment_request};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait};

/// "New" on the dashboard: received in the last week.
const RECENT_DAYS: i64 = 7;
/// Payment events not applied stay on the dashboard this long (they are kept for good, and
/// logged when they come).
const PAYMENT_PROBLEM_DAYS: i64 = 30;

pub async fn counts(db: &impl ConnectionTrait) -> Result<Dashboard, DbErr> {
    let since = Utc::now() - Duration::days(RECENT_DAYS);
    let problems_since = Utc::now() - Duration::days(PAYMENT_PROBLEM_DAYS);
    let not_applied =
        || payment_event::Entity::find().filter(payment_event::Column::Problem.is_not_null()).filter(payment_event::Column::ReceivedAt.gte(problems_since));
    // The company's own jobs are those no member posted.
    let agency_jobs = job::Entity::find().select_only().column(job::Column::Id).filter(job::Column::OwnerId.is_null()).into_query();
    Ok(Dashboard {
        pending_provider_applications: provider::Entity::find().filter(provider::Column::Status.eq(ProviderStatus::Pending)).count(db).await?,
        bookings_to_confirm: booking::Entity::find()
            .filter(booking::Column::Status.eq(BookingStatus::Pending))
            .filter(booking::Column::Dispatch.is_null())
            .count(db)
            .await?,
        bookings_nobody_took: booking::Entity::find()
            .filter(booking::Column::Status.eq(BookingStatus::Pending))
            .filter(booking::Column::Dispatch.eq(Dispatch::Unfilled))
            .count(db)
            .await?,
        jobs_handed_back: booking_offer::Entity::find()
            .filter(booking_offer::Column::Outcome.eq(OfferOutcome::HandedBack))
            .filter(booking_offer::Column::AnsweredAt.gte(since))
            .count(db)
            .await?,
        new_agency_job_applications: job_application::Entity::find()
            .filter(job_application::Column::Status.eq(ApplicationStatus::Submitted))
            .filter(job_application::Column::JobId.in_subquery(agency_jobs))
            .count(db)
            .await?,
        new_recruitment_requests: recruitment_request::Entity::find().filter(recruitment_request::Column::Status.eq(RecruitmentStatus::New)).count(db).await?,
        new_contact_messages: contact_message::Entity::find().filter(contact_message::Column::Status.eq(ContactStatus::New)).count(db).await?,
        new_job_seekers: job_seeker::Entity::find().filter(job_seeker::Column::CreatedAt.gte(since)).count(db).await?,
        failed_mail: mail_outbox::Entity::find()
            .filter(mail_outbox::Column::SentAt.is_null())
            .filter(mail_outbox::Column::LastError.is_not_null())
            .count(db)
            .await?,
        reported_reviews: super::reviews::reported_count(db).await?,
        payment_events_not_applied: not_applied().count(db).await?,
        payment_event_problems: not_applied()
            .order_by_desc(payment_event::Column::ReceivedAt)
            .limit(10)
            .all(db)
            .await?
            .into_iter()
            .filter_map(|event| event.problem)
            .collect(),
        refunds_not_made: payment::Entity::find()
            .filter(payment::Column::Status.eq(PaymentStatus::Paid))
            .filter(payment::Column::RefundOwedAt.is_not_null())
            .filter(payment::Column::RefundAttempts.gt(0))
            .count(db)
            .await?,
    })
}
