//! Reviews of services: the newest ones, and each service's average rating.

use super::texts::{A_CUSTOMER, FORMER_MEMBER};
use app::data::ReviewView;
use entity::words::BookingStatus;
use entity::{booking, review, service, user};
use sea_orm::sea_query::{Expr, ExprTrait, Order, Query, WindowStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::{HashMap, HashSet};

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

/// A review with what is shown beside it.
pub struct ReviewRow {
    pub review: review::Model,
    /// The author as the public sees them: see [`public_name`].
    pub user_name: String,
    pub service_title: String,
    /// The author has a completed booking of the service.
    pub verified_booking: bool,
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
            verified_booking: self.verified_booking,
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

/// Reviews with their author's public name, their service's title and whether the booking is verified.
async fn as_shown(db: &impl ConnectionTrait, rows: Vec<(review::Model, Option<user::Model>)>) -> Result<Vec<ReviewRow>, DbErr> {
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
    let verified = verified_pairs(db, rows.iter().map(|(r, _)| (r.user_id, r.service_id)).collect()).await?;
    Ok(rows
        .into_iter()
        .map(|(review, author)| ReviewRow {
            verified_booking: verified.contains(&(review.user_id, review.service_id)),
            service_title: titles.get(&review.service_id).cloned().unwrap_or_default(),
            user_name: author.map(|u| public_name(&u.full_name)).unwrap_or_else(|| A_CUSTOMER.into()),
            review,
        })
        .collect())
}

/// Of the (member, service) pairs, those where the member has a completed booking of the
/// service: their reviews say "Verified booking" (the Digital Markets, Competition and
/// Consumers Act 2024 forbids presenting reviews misleadingly).
pub async fn verified_pairs(db: &impl ConnectionTrait, pairs: Vec<(i32, i32)>) -> Result<HashSet<(i32, i32)>, DbErr> {
    if pairs.is_empty() {
        return Ok(HashSet::new());
    }
    let (members, services): (Vec<i32>, Vec<i32>) = pairs.iter().copied().unzip();
    let completed: HashSet<(i32, i32)> = booking::Entity::find()
        .select_only()
        .column(booking::Column::UserId)
        .column(booking::Column::ServiceId)
        .filter(booking::Column::Status.eq(BookingStatus::Completed))
        .filter(booking::Column::UserId.is_in(members))
        .filter(booking::Column::ServiceId.is_in(services))
        .into_tuple::<(i32, i32)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(pairs.into_iter().filter(|pair| completed.contains(pair)).collect())
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
