//! Staff decide on members' applications to provide a service: approve, or reject with a
//! reason; either can be reversed later. The member is told by notification and email, in the
//! decision's own transaction, and the decision is in the audit log.

pub mod api;
pub mod pages;
mod texts;

use crate::http::AppError;
use crate::http::list::{PageRequest, rows_of_page};
use crate::notifications::notice::Notifier;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::state::AppState;
use app::admin::ProviderApplication;
use app::routes::Tag;
use chrono::Utc;
use entity::words::ProviderStatus;
use entity::{provider, service, user};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde_json::json;
use std::collections::HashMap;

pub const REASON_MAX_CHARS: usize = 1000;

/// What staff decided.
pub enum Decision {
    Approve,
    /// With the reason the member is told.
    Reject(String),
}

impl Decision {
    fn status(&self) -> ProviderStatus {
        match self {
            Decision::Approve => ProviderStatus::Approved,
            Decision::Reject(_) => ProviderStatus::Rejected,
        }
    }
}

/// Records `decision` on application `id` by `staff`; returns the application as it now is.
pub async fn decide(state: &AppState, staff: &user::Model, id: i32, decision: Decision) -> Result<ProviderApplication, AppError> {
    let current = provider::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let status = decision.status();
    if current.status == status {
        return Err(AppError::BadRequest(texts::already(status)));
    }
    let member = user::Entity::find_by_id(current.user_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let service = service::Entity::find_by_id(current.service_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let reason = match &decision {
        Decision::Approve => None,
        Decision::Reject(reason) => Some(reason.clone()),
    };
    let notifier = Notifier::new(state).await;
    let mut change = Change::begin(state).await?;
    // The first statement writes (SQLite then holds its write lock), and only from the status
    // read above: two staff deciding at once cannot both tell the member.
    let changed = provider::Entity::update_many()
        .col_expr(provider::Column::Status, Expr::value(status))
        .col_expr(provider::Column::DecisionReason, Expr::value(reason.clone()))
        .col_expr(provider::Column::DecidedAt, Expr::value(Utc::now()))
        .filter(provider::Column::Id.eq(id))
        .filter(provider::Column::Status.eq(current.status))
        .exec(change.db())
        .await?;
    if changed.rows_affected == 0 {
        return Err(AppError::Conflict(texts::DECIDED_MEANWHILE.into()));
    }
    let (notice, action, verb) = match &decision {
        Decision::Approve => (texts::approved(&service.title), "provider.approve", "Approved"),
        Decision::Reject(reason) => (texts::rejected(&service.title, reason), "provider.reject", "Rejected"),
    };
    change.notify(&notifier, &member, notice).await?;
    if current.status == ProviderStatus::Approved {
        // No longer theirs: the jobs of it still to come go to other providers.
        crate::scheduling::dispatch::release(&mut change, state, member.id, Some(service.id), Utc::now()).await?;
    }
    // Its booking page says whether the service's providers keep hours and names them; an
    // approval makes (or adds to) the member's profile, a rejection takes the service off it.
    change.touches([Tag::Service(service.id), Tag::Provider(member.id)]);
    let entry = Action::new(action, "provider", Some(id), texts::decision_entry(verb, member.id, &service.title))
        .because(reason)
        .changed(json!({"status": current.status}), json!({"status": status}));
    change.audit(staff, entry).await?;
    change.commit().await?;
    let updated = provider::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    Ok(rows_for(state.db(), vec![updated]).await?.into_iter().next().expect("one application"))
}

/// Applications with `status` (all when `None`), oldest first: the queue staff work through.
pub async fn list(db: &impl ConnectionTrait, status: Option<ProviderStatus>, page: PageRequest) -> Result<(u64, Vec<ProviderApplication>), DbErr> {
    let mut select = provider::Entity::find().order_by_asc(provider::Column::CreatedAt).order_by_asc(provider::Column::Id);
    if let Some(status) = status {
        select = select.filter(provider::Column::Status.eq(status));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    Ok((count, rows_for(db, rows).await?))
}

/// The applications with their member's and service's names, in two queries.
async fn rows_for(db: &impl ConnectionTrait, applications: Vec<provider::Model>) -> Result<Vec<ProviderApplication>, DbErr> {
    let member_ids: Vec<i32> = applications.iter().map(|a| a.user_id).collect();
    let service_ids: Vec<i32> = applications.iter().map(|a| a.service_id).collect();
    let members: HashMap<i32, user::Model> =
        user::Entity::find().filter(user::Column::Id.is_in(member_ids)).all(db).await?.into_iter().map(|u| (u.id, u)).collect();
    let services: HashMap<i32, String> =
        service::Entity::find().filter(service::Column::Id.is_in(service_ids)).all(db).await?.into_iter().map(|s| (s.id, s.title)).collect();
    Ok(applications
        .into_iter()
        .map(|a| {
            let member = members.get(&a.user_id);
            ProviderApplication {
                id: a.id,
                status: a.status,
                member_id: a.user_id,
                member_name: member.map(|m| m.full_name.clone()).unwrap_or_default(),
                member_email: member.map(|m| m.email.clone()).unwrap_or_default(),
                service_id: a.service_id,
                service_title: services.get(&a.service_id).cloned().unwrap_or_default(),
                bio: a.bio,
                experience_years: a.experience_years,
                availability: a.availability,
                created_at: crate::http::timestamp(a.created_at),
                decision_reason: a.decision_reason,
                decided_at: a.decided_at.map(crate::http::timestamp),
            }
        })
        .collect())
}
