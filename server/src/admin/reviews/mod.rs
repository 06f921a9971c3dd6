//! Staff moderate reviews: hide one with a reason (it leaves every page and the service's
//! average at once, and is kept), restore it, or keep it as it is; either decision closes its
//! reports. A provider's answer to a review is hidden (with a reason) or restored the same
//! way. Each is one transaction with its audit row, then the pages showing it are dropped.

pub mod api;
pub mod pages;
mod texts;

use crate::http::AppError;
use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::state::AppState;
use app::admin::{AnswerRow, ReviewRow};
use app::routes::Tag;
use chrono::Utc;
use entity::words::{Filter, ReviewState};
use entity::{booking, review, review_answer, review_report, service, user};
use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde_json::json;
use std::collections::HashMap;

pub const REASON_MAX_CHARS: usize = 1000;

fn open_reports() -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column(review_report::Column::ReviewId)
        .from(review_report::Entity)
        .and_where(Expr::col(review_report::Column::ResolvedAt).is_null())
        .to_owned()
}

/// How many shown reviews wait with reports, for the dashboard.
pub async fn reported_count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    use sea_orm::PaginatorTrait;
    review::Entity::find().filter(review::Column::HiddenAt.is_null()).filter(review::Column::Id.in_subquery(open_reports())).count(db).await
}

pub async fn list(db: &impl ConnectionTrait, show: Filter<ReviewState>, page: PageRequest) -> Result<(u64, Vec<ReviewRow>), DbErr> {
    let mut select = review::Entity::find().order_by_desc(review::Column::CreatedAt).order_by_desc(review::Column::Id);
    select = match show {
        Filter::Only(ReviewState::Reported) => select.filter(review::Column::HiddenAt.is_null()).filter(review::Column::Id.in_subquery(open_reports())),
        Filter::Only(ReviewState::Hidden) => select.filter(review::Column::HiddenAt.is_not_null()),
        Filter::All => select,
    };
    let (count, rows) = rows_of_page(db, select, page).await?;
    Ok((count, rows_for(db, rows).await?))
}

async fn rows_for(db: &impl ConnectionTrait, reviews: Vec<review::Model>) -> Result<Vec<ReviewRow>, DbErr> {
    let ids: Vec<i32> = reviews.iter().map(|r| r.id).collect();
    let authors: HashMap<i32, user::Model> =
        user::Entity::find().filter(user::Column::Id.is_in(reviews.iter().map(|r| r.user_id))).all(db).await?.into_iter().map(|u| (u.id, u)).collect();
    let titles: HashMap<i32, String> = service::Entity::find()
        .filter(service::Column::Id.is_in(reviews.iter().map(|r| r.service_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.id, s.title))
        .collect();
    let mut answers: HashMap<i32, review_answer::Model> =
        review_answer::Entity::find().filter(review_answer::Column::ReviewId.is_in(ids.clone())).all(db).await?.into_iter().map(|a| (a.review_id, a)).collect();
    let answerers: HashMap<i32, user::Model> =
        user::Entity::find().filter(user::Column::Id.is_in(answers.values().map(|a| a.author_user_id))).all(db).await?.into_iter().map(|u| (u.id, u)).collect();
    let mut reports: HashMap<i32, Vec<String>> = HashMap::new();
    for report in review_report::Entity::find()
        .filter(review_report::Column::ReviewId.is_in(ids))
        .filter(review_report::Column::ResolvedAt.is_null())
        .order_by_asc(review_report::Column::Id)
        .all(db)
        .await?
    {
        reports.entry(report.review_id).or_default().push(report.reason);
    }
    Ok(reviews
        .into_iter()
        .map(|r| {
            let author = authors.get(&r.user_id);
            ReviewRow {
                id: r.id,
                service_id: r.service_id,
                service_title: titles.get(&r.service_id).cloned().unwrap_or_default(),
                author_name: author.map(|a| a.full_name.clone()).unwrap_or_default(),
                author_email: author.map(|a| a.email.clone()).unwrap_or_default(),
                rating: r.rating,
                review: r.review,
                created_at: crate::http::timestamp(r.created_at),
                hidden: r.hidden_at.is_some(),
                hidden_reason: r.hidden_reason,
                verified_booking: r.booking_id.is_some(),
                open_reports: reports.remove(&r.id).unwrap_or_default(),
                answer: answers.remove(&r.id).map(|a| {
                    let author = answerers.get(&a.author_user_id);
                    AnswerRow {
                        author_name: author.map(|u| u.full_name.clone()).unwrap_or_default(),
                        author_email: author.map(|u| u.email.clone()).unwrap_or_default(),
                        answer: a.answer,
                        created_at: crate::http::timestamp(a.created_at),
                        hidden: a.hidden_at.is_some(),
                        hidden_reason: a.hidden_reason,
                    }
                }),
            }
        })
        .collect())
}

/// What staff decide about a review.
pub enum Moderation {
    Hide {
        reason: String,
    },
    Restore,
    /// Keep it shown, closing its reports.
    Keep,
}

pub async fn moderate(state: &AppState, staff: &user::Model, id: i32, decision: Moderation) -> Result<ReviewRow, AppError> {
    let current = review::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let hidden = current.hidden_at.is_some();
    let now = Utc::now();
    let mut change = Change::begin(state).await?;
    let (action, summary, reason, after_hidden) = match &decision {
        Moderation::Hide { reason } if !hidden => ("review.hide", "Hid", Some(reason.clone()), true),
        Moderation::Restore if hidden => ("review.restore", "Restored", None, false),
        Moderation::Keep if !hidden => ("review.keep", "Kept", None, false),
        _ => return Err(AppError::BadRequest(if hidden { texts::HIDDEN_ALREADY } else { texts::SHOWN_ALREADY }.into())),
    };
    // Conditional on what staff saw: two moderators at once cannot both act.
    let changed = review::Entity::update_many()
        .col_expr(review::Column::HiddenAt, Expr::value(after_hidden.then_some(now)))
        .col_expr(review::Column::HiddenReason, Expr::value(reason.clone()))
        .filter(review::Column::Id.eq(id))
        .filter(if hidden { review::Column::HiddenAt.is_not_null() } else { review::Column::HiddenAt.is_null() })
        .exec(change.db())
        .await?;
    if changed.rows_affected == 0 {
        return Err(AppError::Conflict(texts::MODERATED_MEANWHILE.into()));
    }
    review_report::Entity::update_many()
        .col_expr(review_report::Column::ResolvedAt, Expr::value(now))
        .filter(review_report::Column::ReviewId.eq(id))
        .filter(review_report::Column::ResolvedAt.is_null())
        .exec(change.db())
        .await?;
    let service_title = service::Entity::find_by_id(current.service_id).one(change.db()).await?.map(|s| s.title).unwrap_or_default();
    let entry = Action::new(action, "review", Some(id), texts::moderation_entry(summary, current.rating, &service_title))
        .because(reason)
        .changed(json!({"hidden": hidden}), json!({"hidden": after_hidden}));
    change.audit(staff, entry).await?;
    change.touches(Tag::rating(current.service_id, visit_provider(change.db(), &current).await?));
    change.commit().await?;
    let row = review::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    Ok(rows_for(state.db(), vec![row]).await?.into_iter().next().expect("one review"))
}

/// Hides the answer under review `review_id` (it leaves every page at once, and is kept) or
/// restores it; keeping is for reported reviews only.
pub async fn moderate_answer(state: &AppState, staff: &user::Model, review_id: i32, decision: Moderation) -> Result<ReviewRow, AppError> {
    let reviewed = review::Entity::find_by_id(review_id).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let current = review_answer::Entity::find().filter(review_answer::Column::ReviewId.eq(review_id)).one(state.db()).await?.ok_or(AppError::NotFound)?;
    let hidden = current.hidden_at.is_some();
    let now = Utc::now();
    let (action, summary, reason, after_hidden) = match &decision {
        Moderation::Hide { reason } if !hidden => ("review_answer.hide", "Hid", Some(reason.clone()), true),
        Moderation::Restore if hidden => ("review_answer.restore", "Restored", None, false),
        Moderation::Keep => return Err(AppError::BadRequest(texts::ANSWER_HIDE_OR_RESTORE.into())),
        _ => return Err(AppError::BadRequest(if hidden { texts::ANSWER_HIDDEN_ALREADY } else { texts::ANSWER_SHOWN_ALREADY }.into())),
    };
    let mut change = Change::begin(state).await?;
    let changed = review_answer::Entity::update_many()
        .col_expr(review_answer::Column::HiddenAt, Expr::value(after_hidden.then_some(now)))
        .col_expr(review_answer::Column::HiddenReason, Expr::value(reason.clone()))
        .filter(review_answer::Column::Id.eq(current.id))
        .filter(if hidden { review_answer::Column::HiddenAt.is_not_null() } else { review_answer::Column::HiddenAt.is_null() })
        .exec(change.db())
        .await?;
    if changed.rows_affected == 0 {
        return Err(AppError::Conflict(texts::MODERATED_MEANWHILE.into()));
    }
    let service_title = service::Entity::find_by_id(reviewed.service_id).one(change.db()).await?.map(|s| s.title).unwrap_or_default();
    let entry = Action::new(action, "review_answer", Some(current.id), texts::answer_moderation_entry(summary, current.author_user_id, &service_title))
        .because(reason)
        .changed(json!({"hidden": hidden}), json!({"hidden": after_hidden}));
    change.audit(staff, entry).await?;
    change.touches(Tag::review(reviewed.service_id, Some(current.author_user_id)));
    change.commit().await?;
    Ok(rows_for(state.db(), vec![reviewed]).await?.into_iter().next().expect("one review"))
}

/// The provider who did the visit `review` names, whose profile shows it.
async fn visit_provider(db: &impl ConnectionTrait, review: &review::Model) -> Result<Option<i32>, DbErr> {
    let Some(booking_id) = review.booking_id else { return Ok(None) };
    Ok(booking::Entity::find_by_id(booking_id).one(db).await?.as_ref().and_then(crate::scheduling::provider_who_took))
}
