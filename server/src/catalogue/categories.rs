//! Service categories, each with how many open services it has.

use app::data::CategoryCard;
use entity::words::ListingStatus;
use entity::{category, service};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;

/// How many services each category holds: Open ones only, or all.
pub async fn service_counts(db: &impl ConnectionTrait, open_only: bool) -> Result<HashMap<i32, i64>, DbErr> {
    let mut select = service::Entity::find()
        .select_only()
        .column(service::Column::CategoryId)
        .column_as(service::Column::Id.count(), "count")
        .group_by(service::Column::CategoryId);
    if open_only {
        select = select.filter(service::Column::Status.eq(ListingStatus::Open));
    }
    Ok(select.into_tuple::<(i32, i64)>().all(db).await?.into_iter().collect())
}

/// Every category the site shows (not hidden by staff) by priority, with how many open services it has.
pub async fn categories(db: &impl ConnectionTrait) -> Result<Vec<CategoryCard>, DbErr> {
    let counts = service_counts(db, true).await?;
    let rows = category::Entity::find()
        .filter(category::Column::Hidden.eq(false))
        .order_by_asc(category::Column::Priority)
        .order_by_asc(category::Column::Name)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|c| CategoryCard {
            service_count: counts.get(&c.id).copied().unwrap_or(0),
            id: c.id,
            slug: c.slug,
            name: c.name,
            description: c.description,
            icon: c.icon,
            priority: c.priority,
        })
        .collect())
}
