//! "Delete my account" (UK GDPR, article 17): the member's documents and CVs leave storage,
//! their personal fields are erased and their sessions end. What the company must keep stays,
//! anonymised: bookings and payments (financial records, kept six years) lose their address
//! and notes but keep the service, date and amounts; reviews stay, shown as "Former member".
//! Their bookings still to come are cancelled, what was paid for them refunded in full and their
//! providers told. Everything else that was theirs goes: notifications, bookmarks, certificates, provider
//! records, working terms and public profile (the jobs offered to them or taken by them go to
//! other providers), their answers to reviews, the messages they wrote on bookings (left in their threads, empty, their photos
//! deleted), job applications, job-seeker registrations, contact messages, unsent mail; their job posts are
//! removed; their recruitment requests lose the contact's details; their review reports lose
//! their reason; others' notifications that named them name a former member. Mail sent to them
//! is deleted, offline `.eml` files included. What counts as theirs is the [`Reach`] of who
//! asked. The audit log names members by id only, so it holds nothing to erase.

use super::Reach;
use super::texts;
use crate::http::AppError;
use crate::notifications::notice::Notifier;
use crate::payments::refunds::{CancellationMoney, settle_before_cancelling};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::reviews::texts::FORMER_MEMBER;
use crate::state::AppState;
use app::routes::Tag;
use chrono::{NaiveDate, Utc};
use entity::{
    booking, booking_message, booking_thread_read, bookmark, certificate, contact_message, job, job_application, job_seeker, mail_outbox, notification,
    one_time_code, provider, provider_terms, recruitment_request, review, review_answer, review_report, user,
};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde_json::json;

/// Who asked for the erasure.
pub enum ErasedBy<'a> {
    /// The member, from their profile, with their password.
    Member,
    /// Staff, for a person who asked by email on `requested_on`.
    Staff { staff: &'a user::Model, requested_on: NaiveDate },
}

impl ErasedBy<'_> {
    /// A member erasing their own account reaches what it proves is theirs; staff have checked
    /// who is asking, so they reach what was sent from the address too.
    fn reach(&self) -> Reach {
        match self {
            ErasedBy::Member => Reach::Account,
            ErasedBy::Staff { .. } => Reach::AccountAndAddress,
        }
    }
}

/// The address an erased account keeps: unique, and no one's.
pub fn erased_email(id: i32) -> String {
    format!("erased-{id}@erased.invalid")
}

pub async fn erase(state: &AppState, member: &user::Model, by: ErasedBy<'_>) -> Result<(), AppError> {
    let db = state.db();
    let id = member.id;
    let reach = by.reach();

    // The files, found before the rows that name them go.
    let mut files: Vec<String> =
        [&member.profile_picture, &member.resume, &member.passport, &member.utility_bill, &member.other_documents].into_iter().flatten().cloned().collect();
    files.extend(
        certificate::Entity::find()
            .filter(certificate::Column::UserId.eq(id))
            .select_only()
            .column(certificate::Column::File)
            .into_tuple::<String>()
            .all(db)
            .await?,
    );
    files.extend(
        job_application::Entity::find()
            .filter(job_application::Column::UserId.eq(id))
            .select_only()
            .column(job_application::Column::Resume)
            .into_tuple::<String>()
            .all(db)
            .await?,
    );
    files.extend(
        job_seeker::Entity::find()
            .filter(reach.job_seekers(id, &member.email))
            .select_only()
            .column(job_seeker::Column::Cv)
            .into_tuple::<String>()
            .all(db)
            .await?,
    );
    let posts = job::Entity::find().filter(job::Column::OwnerId.eq(id)).all(db).await?;
    files.extend(posts.iter().filter_map(|j| j.attachment.clone()));
    // Their reviews stay, under "Former member": the pages showing them.
    let reviewed = crate::reviews::queries::pages_naming(db, id).await?;
    // As a provider: their profile and the pages naming them, and the reviews they answered.
    let mut provider_pages = crate::providers::profile::pages_of(db, id).await?;
    let answered = review_answer::Entity::find().filter(review_answer::Column::AuthorUserId.eq(id)).all(db).await?;
    let answered_services = review::Entity::find().filter(review::Column::Id.is_in(answered.iter().map(|a| a.review_id))).all(db).await?;
    provider_pages.extend(answered_services.iter().map(|r| Tag::Service(r.service_id)));

    // Their bookings still to come are cancelled with the account, and what was paid for them
    // refunded in full: the money is settled first (an open checkout closed), as any
    // cancellation's is.
    let now = Utc::now();
    let mut to_cancel = Vec::new();
    for (row, service) in crate::bookings::cancellation::to_come_of(db, id, now).await? {
        let money = match settle_before_cancelling(state, &row, true).await {
            Ok(money) => money,
            // Paid by other means than the site: staff refund it by hand, as for any cancellation.
            Err(AppError::BadRequest(_)) => {
                tracing::warn!(booking = row.id, "an erased member's booking was paid outside the site: refund it by hand");
                CancellationMoney::Unpaid { open_checkout: None }
            }
            Err(error) => return Err(error),
        };
        to_cancel.push((row, service, money));
    }

    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    // The account first: this write also takes SQLite's write lock for the whole erasure.
    user::Entity::update_many()
        .col_expr(user::Column::Email, Expr::value(erased_email(id)))
        .col_expr(user::Column::FullName, Expr::value(FORMER_MEMBER))
        .col_expr(user::Column::PasswordHash, Expr::value("!"))
        .col_expr(user::Column::PhoneNumber, Expr::value(""))
        .col_expr(user::Column::AddressLine1, Expr::value(""))
        .col_expr(user::Column::Postcode, Expr::value(""))
        .col_expr(user::Column::City, Expr::value(""))
        .col_expr(user::Column::Country, Expr::value(""))
        .col_expr(user::Column::DateOfBirth, Expr::value(Option::<NaiveDate>::None))
        .col_expr(user::Column::ProfilePicture, Expr::value(Option::<String>::None))
        .col_expr(user::Column::Resume, Expr::value(Option::<String>::None))
        .col_expr(user::Column::Passport, Expr::value(Option::<String>::None))
        .col_expr(user::Column::UtilityBill, Expr::value(Option::<String>::None))
        .col_expr(user::Column::OtherDocuments, Expr::value(Option::<String>::None))
        .col_expr(user::Column::IsVerified, Expr::value(false))
        .col_expr(user::Column::IsStaff, Expr::value(false))
        .col_expr(user::Column::IsActive, Expr::value(false))
        .col_expr(user::Column::TotpSecret, Expr::value(Option::<String>::None))
        .col_expr(user::Column::TotpEnrolledAt, Expr::value(Option::<chrono::DateTime<Utc>>::None))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(id))
        .exec(change.db())
        .await?;
    crate::accounts::tokens::revoke_all(change.db(), id, None).await?;
    crate::accounts::staff_session::end_all(change.db(), id).await?;
    certificate::Entity::delete_many().filter(certificate::Column::UserId.eq(id)).exec(change.db()).await?;
    notification::Entity::delete_many().filter(notification::Column::UserId.eq(id)).exec(change.db()).await?;
    bookmark::Entity::delete_many().filter(bookmark::Column::UserId.eq(id)).exec(change.db()).await?;
    one_time_code::Entity::delete_many().filter(one_time_code::Column::UserId.eq(id)).exec(change.db()).await?;
    provider::Entity::delete_many().filter(provider::Column::UserId.eq(id)).exec(change.db()).await?;
    provider_terms::Entity::delete_many().filter(provider_terms::Column::UserId.eq(id)).exec(change.db()).await?;
    // Their public answers to reviews are theirs to take away; the reviews stay.
    review_answer::Entity::delete_many().filter(review_answer::Column::AuthorUserId.eq(id)).exec(change.db()).await?;
    // The jobs offered to them or taken by them go to other providers.
    crate::scheduling::dispatch::release(&mut change, state, id, None, now).await?;
    // Their own bookings to come: cancelled, their providers told (they are not: their notices
    // and mail go with the account).
    let mut cancelled = Vec::new();
    for (row, service, money) in &to_cancel {
        if crate::bookings::cancellation::write(&mut change, state, &notifier, row, service, money, None).await? {
            cancelled.push(money);
        }
    }
    job_application::Entity::delete_many().filter(job_application::Column::UserId.eq(id)).exec(change.db()).await?;
    job_seeker::Entity::delete_many().filter(reach.job_seekers(id, &member.email)).exec(change.db()).await?;
    // Sent mail too: its bodies hold their name and the addresses of their bookings.
    mail_outbox::Entity::delete_many().filter(mail_outbox::Column::ToAddress.eq(member.email.clone())).exec(change.db()).await?;
    // Their messages stay in their threads, written by a former member, without what they said
    // (nor a reason to hide it, which may quote it). Their photos are found inside the change, so
    // that one sent meanwhile goes too.
    files.extend(
        booking_message::Entity::find()
            .filter(booking_message::Column::AuthorUserId.eq(id))
            .filter(booking_message::Column::Photo.is_not_null())
            .select_only()
            .column(booking_message::Column::Photo)
            .into_tuple::<Option<String>>()
            .all(change.db())
            .await?
            .into_iter()
            .flatten(),
    );
    booking_message::Entity::update_many()
        .col_expr(booking_message::Column::Body, Expr::value(""))
        .col_expr(booking_message::Column::Photo, Expr::value(Option::<String>::None))
        .col_expr(booking_message::Column::HiddenReason, Expr::value(Option::<String>::None))
        .filter(booking_message::Column::AuthorUserId.eq(id))
        .exec(change.db())
        .await?;
    booking_thread_read::Entity::delete_many().filter(booking_thread_read::Column::UserId.eq(id)).exec(change.db()).await?;
    booking::Entity::update_many()
        .col_expr(booking::Column::AddressLine1, Expr::value(""))
        .col_expr(booking::Column::City, Expr::value(""))
        .col_expr(booking::Column::Postcode, Expr::value(""))
        .col_expr(booking::Column::Notes, Expr::value(""))
        .filter(booking::Column::UserId.eq(id))
        .exec(change.db())
        .await?;
    recruitment_request::Entity::update_many()
        .col_expr(recruitment_request::Column::ContactName, Expr::value(FORMER_MEMBER))
        .col_expr(recruitment_request::Column::Email, Expr::value(""))
        .col_expr(recruitment_request::Column::PhoneNumber, Expr::value(""))
        .filter(reach.recruitment_requests(id, &member.email))
        .exec(change.db())
        .await?;
    contact_message::Entity::delete_many().filter(reach.contact_messages(id, &member.email)).exec(change.db()).await?;
    review_report::Entity::update_many()
        .col_expr(review_report::Column::Reason, Expr::value(texts::ERASED_REPORT_REASON))
        .filter(review_report::Column::UserId.eq(id))
        .exec(change.db())
        .await?;
    for naming in notification::Entity::find().filter(notification::Column::NamesUserId.eq(id)).all(change.db()).await? {
        let message = match &naming.named_as {
            // The name leads the message ("X applied for ..."): only that one, not a job title's.
            Some(name) if !name.is_empty() => naming.message.replacen(name.as_str(), FORMER_MEMBER, 1),
            _ => naming.message,
        };
        notification::Entity::update_many()
            .col_expr(notification::Column::Message, Expr::value(message))
            .col_expr(notification::Column::NamesUserId, Expr::value(Option::<i32>::None))
            .col_expr(notification::Column::NamedAs, Expr::value(Option::<String>::None))
            .filter(notification::Column::Id.eq(naming.id))
            .exec(change.db())
            .await?;
    }
    job::Entity::update_many()
        .col_expr(job::Column::RemovedAt, Expr::value(now))
        .filter(job::Column::OwnerId.eq(id))
        .filter(job::Column::RemovedAt.is_null())
        .exec(change.db())
        .await?;
    // Every post's attachment goes from storage below, removed posts' included.
    job::Entity::update_many()
        .col_expr(job::Column::Attachment, Expr::value(Option::<String>::None))
        .col_expr(job::Column::Postcode, Expr::value(Option::<String>::None))
        .filter(job::Column::OwnerId.eq(id))
        .exec(change.db())
        .await?;
    if let ErasedBy::Staff { staff, requested_on } = by {
        let mut action = Action::new("member.erase", "user", Some(id), texts::erased_entry(id));
        action.requested_on = Some(requested_on);
        change.audit(staff, action.changed(json!({"is_active": member.is_active}), json!({"is_active": false, "erased": true}))).await?;
    }
    let mut tags: Vec<Tag> = reviewed.into_iter().chain(provider_pages).collect();
    tags.push(Tag::Reviews);
    if !posts.is_empty() {
        tags.push(Tag::Jobs);
        tags.extend(posts.iter().map(|j| Tag::Job(j.id)));
    }
    change.touches(tags);
    change.commit().await?;
    for money in cancelled {
        money.make_refund_now(state).await;
    }

    // The rows no longer name the files: removing them now cannot leave a record pointing at nothing.
    for key in &files {
        state.storage.delete(key).await;
    }
    if let Err(error) = crate::platform::mail::sender::delete_files_addressed_to(&state.config().mail_dir(), &member.email).await {
        tracing::error!(%error, member = id, "cannot delete the offline mail files addressed to an erased member");
    }
    Ok(())
}
