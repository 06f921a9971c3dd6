//! Members as staff find them, and what staff do to an account: deactivate it (its sign-ins
//! end at once) or reactivate it, grant or remove staff rights, and answer a person's emailed
//! request for their data or for erasure. A staff member cannot lock themselves out.

pub mod api;
pub mod pages;
mod texts;

use crate::data_rights::erasure::{self, ErasedBy};
use crate::http::AppError;
use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::state::AppState;
use app::admin::MemberRow;
use chrono::NaiveDate;
use entity::{booking, user};
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::json;

pub async fn search(db: &impl ConnectionTrait, text: Option<&str>, page: PageRequest) -> Result<(u64, Vec<MemberRow>), DbErr> {
    let mut select = user::Entity::find().order_by_desc(user::Column::DateJoined).order_by_desc(user::Column::Id);
    if let Some(text) = text {
        let like = |column| crate::admin::contains(column, text);
        select = select.filter(Condition::any().add(like(user::Column::FullName)).add(like(user::Column::Email)));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.push(row_of(db, row).await?);
    }
    Ok((count, out))
}

pub async fn row_of(db: &impl ConnectionTrait, member: user::Model) -> Result<MemberRow, DbErr> {
    let bookings = booking::Entity::find().filter(booking::Column::UserId.eq(member.id)).count(db).await?;
    Ok(MemberRow {
        id: member.id,
        erased: member.email == erasure::erased_email(member.id),
        full_name: member.full_name,
        email: member.email,
        phone_number: member.phone_number,
        is_verified: member.is_verified,
        is_staff: member.is_staff,
        is_active: member.is_active,
        second_factor_enrolled: member.totp_enrolled_at.is_some(),
        bookings,
        date_joined: crate::http::timestamp(member.date_joined),
    })
}

pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<user::Model, AppError> {
    user::Entity::find_by_id(id).one(db).await?.ok_or(AppError::NotFound)
}

/// What staff do to an account.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AccountChange {
    Deactivate,
    Reactivate,
    GrantStaff,
    RemoveStaff,
    /// A staff member lost their authenticator: they set up a new one at their next sign-in.
    ResetSecondFactor,
}

impl AccountChange {
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "deactivate" => AccountChange::Deactivate,
            "reactivate" => AccountChange::Reactivate,
            "grant-staff" | "grant_staff" => AccountChange::GrantStaff,
            "remove-staff" | "remove_staff" => AccountChange::RemoveStaff,
            "reset-second-factor" | "reset_second_factor" => AccountChange::ResetSecondFactor,
            _ => return None,
        })
    }
}

pub async fn change(state: &AppState, staff: &user::Model, id: i32, change: AccountChange) -> Result<MemberRow, AppError> {
    let member = find(state.db(), id).await?;
    if member.email == erasure::erased_email(id) {
        return Err(AppError::BadRequest(texts::ERASED_NO_CHANGE.into()));
    }
    if change == AccountChange::ResetSecondFactor {
        return reset_second_factor(state, staff, member).await;
    }
    if id == staff.id && matches!(change, AccountChange::Deactivate | AccountChange::RemoveStaff) {
        return Err(AppError::BadRequest(texts::NOT_YOUR_OWN.into()));
    }
    let active = matches!(change, AccountChange::Deactivate | AccountChange::Reactivate);
    let (column, field, before) =
        if active { (user::Column::IsActive, "is_active", member.is_active) } else { (user::Column::IsStaff, "is_staff", member.is_staff) };
    let (value, action, summary) = match change {
        AccountChange::Deactivate => (false, "member.deactivate", "Deactivated"),
        AccountChange::Reactivate => (true, "member.reactivate", "Reactivated"),
        AccountChange::GrantStaff => (true, "member.grant_staff", "Made staff"),
        AccountChange::RemoveStaff => (false, "member.remove_staff", "Removed staff rights of"),
        AccountChange::ResetSecondFactor => unreachable!("handled above"),
    };
    if before == value {
        return Err(AppError::BadRequest(texts::ALREADY_SO.into()));
    }
    let mut write = Change::begin(state).await?;
    // Conditional on the value staff saw: of two staff acting at once, one changes it.
    let changed = user::Entity::update_many()
        .col_expr(column, Expr::value(value))
        .col_expr(user::Column::UpdatedAt, Expr::value(chrono::Utc::now()))
        .filter(user::Column::Id.eq(id))
        .filter(Expr::col(column).eq(before))
        .exec(write.db())
        .await?;
    if changed.rows_affected == 0 {
        return Err(AppError::Conflict(texts::CHANGED_MEANWHILE.into()));
    }
    // A deactivated member is signed out everywhere; a former staff member leaves the back office.
    if change == AccountChange::Deactivate {
        crate::accounts::tokens::revoke_all(write.db(), id, None).await?;
    }
    if matches!(change, AccountChange::Deactivate | AccountChange::RemoveStaff) {
        crate::accounts::staff_session::end_all(write.db(), id).await?;
    }
    // A deactivated provider's offers and jobs to come go to other providers (a reactivation
    // gives none back).
    if change == AccountChange::Deactivate {
        crate::scheduling::dispatch::release(&mut write, state, id, None, chrono::Utc::now()).await?;
    }
    // A provider's profile is shown only while their account is open.
    if matches!(change, AccountChange::Deactivate | AccountChange::Reactivate) {
        write.touches(crate::providers::profile::pages_of(write.db(), id).await?);
    }
    let entry = Action::new(action, "user", Some(id), texts::change_entry(summary, id)).changed(json!({field: before}), json!({field: value}));
    write.audit(staff, entry).await?;
    write.commit().await?;
    Ok(row_of(state.db(), find(state.db(), id).await?).await?)
}

async fn reset_second_factor(state: &AppState, staff: &user::Model, member: user::Model) -> Result<MemberRow, AppError> {
    if member.totp_enrolled_at.is_none() {
        return Err(AppError::BadRequest(texts::NO_AUTHENTICATOR.into()));
    }
    let mut change = Change::begin(state).await?;
    user::Entity::update_many()
        .col_expr(user::Column::TotpSecret, Expr::value(Option::<String>::None))
        .col_expr(user::Column::TotpEnrolledAt, Expr::value(Option::<chrono::DateTime<chrono::Utc>>::None))
        .col_expr(user::Column::TotpLastStep, Expr::value(Option::<i64>::None))
        .filter(user::Column::Id.eq(member.id))
        .exec(change.db())
        .await?;
    entity::staff_recovery_code::Entity::delete_many().filter(entity::staff_recovery_code::Column::UserId.eq(member.id)).exec(change.db()).await?;
    crate::accounts::staff_session::end_all(change.db(), member.id).await?;
    let entry = Action::new("member.reset_second_factor", "user", Some(member.id), texts::factor_reset_entry(member.id))
        .changed(json!({"second_factor_enrolled": true}), json!({"second_factor_enrolled": false}));
    change.audit(staff, entry).await?;
    change.commit().await?;
    Ok(row_of(state.db(), find(state.db(), member.id).await?).await?)
}

/// A request's date: today or earlier, and not before the account could have asked.
pub fn requested_on(text: Option<&str>) -> Result<NaiveDate, AppError> {
    let date = text.map(str::trim).and_then(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").ok());
    match date {
        Some(date) if date <= crate::domain::uk_time::today() => Ok(date),
        Some(_) => Err(AppError::field("requested_on", texts::REQUEST_IN_FUTURE)),
        None => Err(AppError::field("requested_on", texts::REQUESTED_ON_EXPECTED)),
    }
}

/// The member's data for a subject access request, with its row in the audit log.
pub async fn export_for_request(state: &AppState, staff: &user::Model, id: i32, requested_on: NaiveDate) -> Result<serde_json::Value, AppError> {
    let member = find(state.db(), id).await?;
    let data = crate::data_rights::export::member_data(state, &member, crate::data_rights::Reach::AccountAndAddress).await?;
    let mut action = Action::new("member.export", "user", Some(id), texts::export_entry(id));
    action.requested_on = Some(requested_on);
    let mut change = Change::begin(state).await?;
    change.audit(staff, action).await?;
    change.commit().await?;
    Ok(data)
}

/// Erases a member's personal data on their emailed request; `confirm_email` must be theirs.
pub async fn erase_for_request(state: &AppState, staff: &user::Model, id: i32, requested_on: NaiveDate, confirm_email: &str) -> Result<MemberRow, AppError> {
    let member = find(state.db(), id).await?;
    if member.email == erasure::erased_email(id) {
        return Err(AppError::BadRequest(texts::ERASED_ALREADY.into()));
    }
    if id == staff.id {
        return Err(AppError::BadRequest(texts::ERASE_OWN.into()));
    }
    if !confirm_email.trim().eq_ignore_ascii_case(&member.email) {
        return Err(AppError::field("confirm_email", texts::CONFIRM_EMAIL));
    }
    erasure::erase(state, &member, ErasedBy::Staff { staff, requested_on }).await?;
    Ok(row_of(state.db(), find(state.db(), id).await?).await?)
}
