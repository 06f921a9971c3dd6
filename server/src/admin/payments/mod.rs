//! Payments as staff see them, and refunds staff make: a paid payment is refunded in full
//! through the payment provider (the same idempotency key as a cancellation's refund, so the
//! money cannot go back twice), then in one transaction the payment and its booking are marked
//! Refunded, the member told and the audit log written.

pub mod api;
pub mod pages;
mod texts;

use crate::domain::Pence;
use crate::http::AppError;
use crate::http::list::{PageRequest, rows_of_page};
use crate::notifications::notice::Notifier;
use crate::payments::refunds;
use crate::payments::views::receipt_number;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::state::AppState;
use app::admin::PaymentRow;
use entity::words::PaymentStatus;
use entity::{booking, payment, service, user};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde_json::json;
use std::collections::HashMap;

pub const REASON_MAX_CHARS: usize = 1000;

pub async fn list(db: &impl ConnectionTrait, status: Option<PaymentStatus>, page: PageRequest) -> Result<(u64, Vec<PaymentRow>), DbErr> {
    let mut select = payment::Entity::find().order_by_desc(payment::Column::CreatedAt).order_by_desc(payment::Column::Id);
    if let Some(status) = status {
        select = select.filter(payment::Column::Status.eq(status));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    Ok((count, rows_for(db, rows).await?))
}

pub async fn one(db: &impl ConnectionTrait, id: i32) -> Result<PaymentRow, AppError> {
    let row = payment::Entity::find_by_id(id).one(db).await?.ok_or(AppError::NotFound)?;
    Ok(rows_for(db, vec![row]).await?.into_iter().next().expect("one payment"))
}

async fn rows_for(db: &impl ConnectionTrait, payments: Vec<payment::Model>) -> Result<Vec<PaymentRow>, DbErr> {
    let members: HashMap<i32, user::Model> =
        user::Entity::find().filter(user::Column::Id.is_in(payments.iter().map(|p| p.user_id))).all(db).await?.into_iter().map(|u| (u.id, u)).collect();
    let bookings: HashMap<i32, booking::Model> = booking::Entity::find()
        .filter(booking::Column::Id.is_in(payments.iter().map(|p| p.booking_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|b| (b.id, b))
        .collect();
    let titles: HashMap<i32, String> = service::Entity::find()
        .filter(service::Column::Id.is_in(bookings.values().map(|b| b.service_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.id, s.title))
        .collect();
    Ok(payments
        .into_iter()
        .map(|p| {
            let member = members.get(&p.user_id);
            let booking = bookings.get(&p.booking_id);
            PaymentRow {
                id: p.id,
                receipt_number: receipt_number(p.id),
                status: p.status,
                amount: Pence::from_stored(p.amount_pence).to_string(),
                currency: p.currency,
                provider: p.provider,
                member_name: member.map(|m| m.full_name.clone()).unwrap_or_default(),
                member_email: member.map(|m| m.email.clone()).unwrap_or_default(),
                booking_id: p.booking_id,
                service_title: booking.and_then(|b| titles.get(&b.service_id)).cloned().unwrap_or_default(),
                booking_date: booking.map(|b| b.date.to_string()).unwrap_or_default(),
                created_at: crate::http::timestamp(p.created_at),
                paid_at: p.paid_at.map(crate::http::timestamp),
                refunded_at: p.refunded_at.map(crate::http::timestamp),
                charge_reference: p.charge_reference,
                refund_owed_at: p.refund_owed_at.filter(|_| p.status == PaymentStatus::Paid).map(crate::http::timestamp),
                refund_error: p.refund_error.filter(|_| p.status == PaymentStatus::Paid),
            }
        })
        .collect())
}

pub async fn refund(state: &AppState, staff: &user::Model, id: i32, reason: String) -> Result<PaymentRow, AppError> {
    let paid = payment::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    if paid.status != PaymentStatus::Paid {
        return Err(AppError::BadRequest(texts::only_paid(paid.status)));
    }
    if paid.charge_reference.is_none() {
        return Err(AppError::BadRequest(texts::TAKEN_OUTSIDE.into()));
    }
    let member = user::Entity::find_by_id(paid.user_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let notifier = Notifier::new(state).await;
    let amount = Pence::from_stored(paid.amount_pence);
    let mut change = Change::begin(state).await?;
    // The refund a cancellation owes is the same one: whichever comes first, it is owed once.
    if !refunds::owe(change.db(), &paid).await? {
        return Err(AppError::Conflict(texts::BEING_REFUNDED.into()));
    }
    let notice = texts::refunded(id, &receipt_number(id), amount, &reason);
    change.notify(&notifier, &member, notice).await?;
    let entry = Action::new("payment.refund", "payment", Some(id), texts::refund_entry(amount, &receipt_number(id), member.id))
        .because(Some(reason))
        .changed(json!({"status": "Paid"}), json!({"status": "Refunded"}));
    change.audit(staff, entry).await?;
    change.commit().await?;
    refunds::make_now(state, id).await;
    one(state.db(), id).await
}
