//! Bookings as staff find them: by date, status and member (a name or an address, in part),
//! soonest first; and what staff do to one, through the bookings feature's own rules.

pub mod api;
pub(in crate::admin) mod messages;
pub mod pages;
mod texts;

use crate::bookings::cancellation::{self, CancelledBy};
use crate::bookings::completion::{self, CompletedBy};
use crate::bookings::progress;
use crate::domain::Pence;
use crate::http::AppError;
use crate::http::list::{PageRequest, rows_of_page};
use crate::state::AppState;
use app::admin::{BookingRow, ProviderChoice};
use chrono::NaiveDate;
use entity::words::{BookingStatus, ProviderStatus};
use entity::{booking, provider, service, user};
use sea_orm::sea_query::{Condition, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

pub const REASON_MAX_CHARS: usize = 1000;

#[derive(Default)]
pub struct BookingFilter {
    pub date: Option<NaiveDate>,
    pub status: Option<BookingStatus>,
    /// Part of the member's name or email address.
    pub member: Option<String>,
}

pub async fn list(db: &impl ConnectionTrait, filter: &BookingFilter, page: PageRequest) -> Result<(u64, Vec<BookingRow>), DbErr> {
    let mut select = booking::Entity::find().order_by_asc(booking::Column::Date).order_by_asc(booking::Column::Time).order_by_asc(booking::Column::Id);
    if let Some(date) = filter.date {
        select = select.filter(booking::Column::Date.eq(date));
    }
    if let Some(status) = filter.status {
        select = select.filter(booking::Column::Status.eq(status));
    }
    if let Some(text) = &filter.member {
        let like = |column| crate::admin::contains(column, text);
        let members = Query::select()
            .column(user::Column::Id)
            .from(user::Entity)
            .cond_where(Condition::any().add(like(user::Column::FullName)).add(like(user::Column::Email)))
            .to_owned();
        select = select.filter(booking::Column::UserId.in_subquery(members));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    Ok((count, rows_for(db, rows).await?))
}

async fn rows_for(db: &impl ConnectionTrait, bookings: Vec<booking::Model>) -> Result<Vec<BookingRow>, DbErr> {
    let members: HashMap<i32, user::Model> =
        user::Entity::find().filter(user::Column::Id.is_in(bookings.iter().map(|b| b.user_id))).all(db).await?.into_iter().map(|u| (u.id, u)).collect();
    // The names of the providers the bookings are with, and of those each service's may go to.
    let scheduled: Vec<i32> = bookings.iter().filter(|b| b.dispatch.is_some()).map(|b| b.service_id).collect();
    let records = provider::Entity::find()
        .filter(provider::Column::ServiceId.is_in(scheduled))
        .filter(provider::Column::Status.eq(ProviderStatus::Approved))
        .all(db)
        .await?;
    let names: HashMap<i32, String> = user::Entity::find()
        .filter(user::Column::Id.is_in(records.iter().map(|r| r.user_id).chain(bookings.iter().filter_map(|b| b.provider_user_id))))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.full_name))
        .collect();
    let choices_of = |service: i32| -> Vec<ProviderChoice> {
        records
            .iter()
            .filter(|r| r.service_id == service)
            .map(|r| ProviderChoice { id: r.user_id, name: names.get(&r.user_id).cloned().unwrap_or_default() })
            .collect()
    };
    let services: HashMap<i32, String> = service::Entity::find()
        .filter(service::Column::Id.is_in(bookings.iter().map(|b| b.service_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.id, s.title))
        .collect();
    Ok(bookings
        .into_iter()
        .map(|b| {
            let member = members.get(&b.user_id);
            BookingRow {
                id: b.id,
                status: b.status,
                payment_status: b.payment_status,
                member_id: b.user_id,
                member_name: member.map(|m| m.full_name.clone()).unwrap_or_default(),
                member_email: member.map(|m| m.email.clone()).unwrap_or_default(),
                service_id: b.service_id,
                service_title: services.get(&b.service_id).cloned().unwrap_or_default(),
                date: b.date.to_string(),
                time: b.time,
                address_line_1: b.address_line_1,
                city: b.city,
                postcode: b.postcode,
                notes: b.notes,
                amount: Pence::from_stored(b.amount_pence).to_string(),
                created_at: crate::http::timestamp(b.created_at),
                provider_name: b.provider_user_id.and_then(|id| names.get(&id).cloned()),
                providers: if b.dispatch.is_some() { choices_of(b.service_id) } else { Vec::new() },
                dispatch: b.dispatch,
            }
        })
        .collect())
}

/// What staff do to a booking.
pub enum BookingAction {
    Confirm,
    /// Where the service's providers keep hours: give it to this provider (an account id), confirmed.
    Assign {
        provider: i32,
    },
    Complete,
    Cancel {
        reason: String,
    },
}

pub async fn act(state: &AppState, staff: &user::Model, id: i32, action: BookingAction) -> Result<BookingRow, AppError> {
    match action {
        BookingAction::Confirm => {
            progress::confirm(state, staff, id).await?;
        }
        BookingAction::Assign { provider } => {
            crate::scheduling::dispatch::assign(state, staff, id, provider).await?;
        }
        BookingAction::Complete => {
            completion::complete(state, id, CompletedBy::Staff(staff), completion::Report::default()).await?;
        }
        BookingAction::Cancel { reason } => {
            let row = booking::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
            if !row.status.staff_may_cancel() {
                return Err(AppError::BadRequest(texts::ALREADY_CANCELLED.into()));
            }
            let member = user::Entity::find_by_id(row.user_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
            let service = service::Entity::find_by_id(row.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
            cancellation::cancel(state, &row, &service, &member, CancelledBy::Staff { staff, reason }).await?;
        }
    }
    let row = booking::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    Ok(rows_for(state.db(), vec![row]).await?.into_iter().next().expect("one booking"))
}
