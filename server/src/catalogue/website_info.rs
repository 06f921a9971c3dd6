//! The company's contact details: the first website info row, or the defaults.

use app::data::WebsiteInfo;
use entity::website_info;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, QueryOrder};
use std::collections::BTreeMap;

/// The contact details used until the company enters its own (spec section 3).
pub fn default_website_info(brand: &str) -> WebsiteInfo {
    WebsiteInfo {
        brand: brand.to_string(),
        email: "hello@brightway.example".into(),
        phones: vec!["+44 20 7946 0000".into(), "+44 20 7946 0123".into()],
        address: "221 Example Street, London, W1A 1AA".into(),
        opening_hours: "Mon-Fri 09:00-18:00".into(),
        socials: BTreeMap::new(),
    }
}

pub fn website_info_view(row: website_info::Model) -> WebsiteInfo {
    WebsiteInfo {
        brand: row.brand,
        email: row.email,
        phones: serde_json::from_str(&row.phones).unwrap_or_default(),
        address: row.address,
        opening_hours: row.opening_hours,
        socials: serde_json::from_str(&row.socials).unwrap_or_default(),
    }
}

/// The first website info row, or the defaults; `brand` from configuration wins when set.
pub async fn website_info(db: &impl ConnectionTrait, brand: Option<&str>) -> Result<WebsiteInfo, DbErr> {
    Ok(website_info_with_id(db, brand).await?.1)
}

/// [`website_info`] with its row's id: 1 for the defaults, which stand for the first row.
pub async fn website_info_with_id(db: &impl ConnectionTrait, brand: Option<&str>) -> Result<(i32, WebsiteInfo), DbErr> {
    let (id, mut info) = match website_info::Entity::find().order_by_asc(website_info::Column::Id).one(db).await? {
        Some(row) => (row.id, website_info_view(row)),
        None => (1, default_website_info(brand.unwrap_or("Brightway"))),
    };
    if let Some(brand) = brand {
        info.brand = brand.to_string();
    }
    Ok((id, info))
}
