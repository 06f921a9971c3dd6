//! Reviews of services: the newest ones (each with its provider's answer), each service's
//! average rating, and those of the visits one provider did.

use super::texts::{A_CUSTOMER, FORMER_MEMBER};
use crate::messages::views::first_name_of;
use app::data::{ReviewAnswer, ReviewView};
use app::routes::Tag;
use entity::words::{BookingStatus, Dispatch};
use entity::{booking, review, review_answer, service, user};
use sea_orm::sea_query::{Expr, ExprTrait, Order, Query, WindowStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;

/// Average (one decimal) and count of the ratings of each service.
pub async fn ratings(db: &impl ConnectionTrait, service_ids: &[i32]) -> Result<HashMap<i32, (Option<f64>, i64)>, DbErr> {
    if service_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = review::Entity::find()
        .select_only()
        .column(review::Column::ServiceId)
        .column_as(review::Column::Rating.sum(), "total")
        .column_as(review::Column::Id.count(), "count")
        .filter(review::Column::ServiceId.is_in(service_ids.iter().copied()))
        .filter(review::Column::HiddenAt.is_null())
        .group_by(review::Column::ServiceId)
        .into_tuple::<(i32, i64, i64)>()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, total, count)| {
            let average = (count > 0).then(|| (total as f64 / count as f64 * 10.0).round() / 10.0);
            (id, (average, count))
        })
        .collect())
}

/// Shows a member by first name and initial: reviews are public, surnames need not be.
pub fn public_name(full_name: &str) -> String {
    if full_name == FORMER_MEMBER {
        return FORMER_MEMBER.to_string();
    }
    let mut parts = full_name.split_whitespace();
    match (parts.next(), parts.last()) {
        (Some(first), Some(last)) => format!("{first} {}.", last.chars().next().unwrap_or_default()),
        (Some(first), None) => first.to_string(),
        _ => A_CUSTOMER.to_string(),
    }
}

/// A provider's public answer to a review, as shown under it.
pub struct AnswerRow {
    pub answer: review_answer::Model,
    /// The provider's first name.
    pub by: String,
}

/// A review with what is shown beside it.
pub struct ReviewRow {
    pub review: review::Model,
    /// The author as the public sees them: see [`public_name`].
    pub user_name: String,
    pub service_title: String,
    /// Its provider's answer, unless staff hid it.
    pub answer: Option<AnswerRow>,
}

impl ReviewRow {
    /// It names the completed booking it is about: "Verified booking" (the Digital Markets,
    /// Competition and Consumers Act 2024 forbids presenting reviews misleadingly).
    pub fn verified_booking(&self) -> bool {
        self.review.booking_id.is_some()
    }
}

impl ReviewRow {
    /// The review as pages show it.
    pub fn card(&self) -> ReviewView {
        ReviewView {
            id: self.review.id,
            service_id: self.review.service_id,
            service_title: self.service_title.clone(),
            user_name: self.user_name.clone(),
            rating: self.review.rating.clamp(1, 5) as u8,
            review: self.review.review.clone(),
            created_at: self.review.created_at.format("%Y-%m-%d").to_string(),
            verified_booking: self.verified_booking(),
            answer: self.answer.as_ref().map(|shown| ReviewAnswer {
                by: shown.by.clone(),
                answer: shown.answer.answer.clone(),
                created_at: shown.answer.created_at.format("%Y-%m-%d").to_string(),
            }),
        }
    }
}

/// How many reviews one service has, or all services.
pub async fn count(db: &impl ConnectionTrait, service_id: Option<i32>) -> Result<u64, DbErr> {
    let mut query = review::Entity::find().filter(review::Column::HiddenAt.is_null());
    if let Some(id) = service_id {
        query = query.filter(review::Column::ServiceId.eq(id));
    }
    query.count(db).await
}

/// Newest reviews first, of one service or of all, skipping `offset`.
pub async fn reviews(db: &impl ConnectionTrait, service_id: Option<i32>, offset: u64, limit: u64) -> Result<Vec<ReviewRow>, DbErr> {
    let mut query = shown_with_authors().order_by_desc(review::Column::CreatedAt).order_by_desc(review::Column::Id);
    if let Some(id) = service_id {
        query = query.filter(review::Column::ServiceId.eq(id));
    }
    as_shown(db, query.offset(offset).limit(limit).all(db).await?).await
}

/// The newest `limit` reviews of each of `service_ids`, newest first, by service: the reviews
/// of a batch of service pages in one query.
pub async fn latest_of_each(db: &impl ConnectionTrait, service_ids: &[i32], limit: u64) -> Result<HashMap<i32, Vec<ReviewRow>>, DbErr> {
    if service_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let newest_first = [(review::Column::CreatedAt, Order::Desc), (review::Column::Id, Order::Desc)];
    let ranked = Query::select()
        .column(review::Column::Id)
        .expr_window_as(
            Expr::cust("ROW_NUMBER()"),
            WindowStatement::partition_by(review::Column::ServiceId).order_by_columns(newest_first.clone()).to_owned(),
            "place",
        )
        .from(review::Entity)
        .and_where(review::Column::ServiceId.is_in(service_ids.iter().copied()))
        .and_where(review::Column::HiddenAt.is_null())
        .to_owned();
    let latest = Query::select().column("id").from_subquery(ranked, "ranked").and_where(Expr::col("place").lte(limit)).to_owned();
    let mut query = shown_with_authors().filter(review::Column::Id.in_subquery(latest));
    for (column, order) in newest_first {
        query = query.order_by(column, order);
    }
    let mut by_service: HashMap<i32, Vec<ReviewRow>> = HashMap::new();
    for row in as_shown(db, query.all(db).await?).await? {
        by_service.entry(row.review.service_id).or_default().push(row);
    }
    Ok(by_service)
}

/// Reviews the public sees (not hidden by moderation), each with its author.
fn shown_with_authors() -> sea_orm::SelectTwo<review::Entity, user::Entity> {
    review::Entity::find().find_also_related(user::Entity).filter(review::Column::HiddenAt.is_null())
}

/// Reviews with their author's public name, their service's title and their shown answer.
pub async fn as_shown(db: &impl ConnectionTrait, rows: Vec<(review::Model, Option<user::Model>)>) -> Result<Vec<ReviewRow>, DbErr> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let service_ids: Vec<i32> = rows.iter().map(|(r, _)| r.service_id).collect();
    let titles: HashMap<i32, String> = service::Entity::find()
        .select_only()
        .column(service::Column::Id)
        .column(service::Column::Title)
        .filter(service::Column::Id.is_in(service_ids))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut answers = shown_answers(db, rows.iter().map(|(r, _)| r.id)).await?;
    Ok(rows
        .into_iter()
        .map(|(review, author)| ReviewRow {
            service_title: titles.get(&review.service_id).cloned().unwrap_or_default(),
            user_name: author.map(|u| public_name(&u.full_name)).unwrap_or_else(|| A_CUSTOMER.into()),
            answer: answers.remove(&review.id),
            review,
        })
        .collect())
}

/// The answers of `reviews` that staff have not hidden, by review, each with its writer's first name.
async fn shown_answers(db: &impl ConnectionTrait, reviews: impl IntoIterator<Item = i32>) -> Result<HashMap<i32, AnswerRow>, DbErr> {
    let answers =
        review_answer::Entity::find().filter(review_answer::Column::ReviewId.is_in(reviews)).filter(review_answer::Column::HiddenAt.is_null()).all(db).await?;
    if answers.is_empty() {
        return Ok(HashMap::new());
    }
    let names = crate::accounts::members::names_of(db, answers.iter().map(|a| a.author_user_id)).await?;
    Ok(answers
        .into_iter()
        .map(|answer| {
            let by = names.get(&answer.author_user_id).map_or(FORMER_MEMBER, |name| first_name_of(name)).to_owned();
            (answer.review_id, AnswerRow { answer, by })
        })
        .collect())
}

/// The completed visits of provider `provider_id`: what their profile's reviews and rating are of.
fn visits_done_by(provider_id: i32) -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column(booking::Column::Id)
        .from(booking::Entity)
        .and_where(booking::Column::ProviderUserId.eq(provider_id))
        .and_where(booking::Column::Dispatch.eq(Dispatch::Accepted))
        .and_where(booking::Column::Status.eq(BookingStatus::Completed))
        .to_owned()
}

/// The pages naming member `user_id` as a reviewer: their reviews' services and the profiles
/// of the providers whose visits they reviewed, and the lists of reviews. What a change to their
/// name (or its erasure) touches.
pub async fn pages_naming(db: &impl ConnectionTrait, user_id: i32) -> Result<Vec<Tag>, DbErr> {
    let reviews = review::Entity::find().filter(review::Column::UserId.eq(user_id)).all(db).await?;
    if reviews.is_empty() {
        return Ok(Vec::new());
    }
    let visits = booking::Entity::find().filter(booking::Column::Id.is_in(reviews.iter().filter_map(|r| r.booking_id))).all(db).await?;
    let provider_of = |review: &review::Model| visits.iter().find(|visit| Some(visit.id) == review.booking_id).and_then(crate::scheduling::provider_who_took);
    Ok(reviews.iter().flat_map(|review| Tag::rating(review.service_id, provider_of(review))).collect())
}

/// How many visits provider `provider_id` completed.
pub async fn visits_done(db: &impl ConnectionTrait, provider_id: i32) -> Result<u64, DbErr> {
    booking::Entity::find().filter(booking::Column::Id.in_subquery(visits_done_by(provider_id))).count(db).await
}

/// The average (one decimal) and count of the shown reviews of provider `provider_id`'s visits.
pub async fn provider_rating(db: &impl ConnectionTrait, provider_id: i32) -> Result<(Option<f64>, i64), DbErr> {
    let (total, count) = review::Entity::find()
        .select_only()
        .column_as(review::Column::Rating.sum(), "total")
        .column_as(review::Column::Id.count(), "count")
        .filter(review::Column::BookingId.in_subquery(visits_done_by(provider_id)))
        .filter(review::Column::HiddenAt.is_null())
        .into_tuple::<(Option<i64>, i64)>()
        .one(db)
        .await?
        .unwrap_or((None, 0));
    Ok((total.filter(|_| count > 0).map(|total| (total as f64 / count as f64 * 10.0).round() / 10.0), count))
}

/// The newest `limit` shown reviews of provider `provider_id`'s visits, with their answers.
pub async fn of_provider(db: &impl ConnectionTrait, provider_id: i32, limit: u64) -> Result<Vec<ReviewRow>, DbErr> {
    let query = shown_with_authors()
        .filter(review::Column::BookingId.in_subquery(visits_done_by(provider_id)))
        .order_by_desc(review::Column::CreatedAt)
        .order_by_desc(review::Column::Id)
        .limit(limit);
    as_shown(db, query.all(db).await?).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn public_names_keep_the_surname_initial_only() {
        assert_eq!(super::public_name("Amelia Jane Hughes"), "Amelia H.");
        assert_eq!(super::public_name("Cher"), "Cher");
        assert_eq!(super::public_name("  "), "A customer");
    }
}
