//! The catalogue as the API shows it (api-contract: Marketplace): categories, services, the
//! website info. Pages use `app::data`'s cards instead; both are made from the same rows.

use crate::domain::Pence;
use crate::places::round_miles;
use crate::platform::storage::Storage;
use crate::reviews::views::ReviewView;
use app::data::{CategoryCard, CategoryRef, WebsiteInfo};
use entity::service;
use entity::words::{ListingStatus, PriceUnit};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct CategoryView {
    id: i32,
    name: String,
    slug: String,
    description: String,
    /// An icon name, e.g. `broom`.
    icon: String,
    /// Smaller comes first.
    priority: i32,
    /// How many Open services it has.
    service_count: i64,
}

impl From<CategoryCard> for CategoryView {
    fn from(c: CategoryCard) -> Self {
        CategoryView { id: c.id, name: c.name, slug: c.slug, description: c.description, icon: c.icon, priority: c.priority, service_count: c.service_count }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CategorySummary {
    id: i32,
    slug: String,
    name: String,
}

/// The contract's service.
#[derive(Serialize, ToSchema)]
pub struct ServiceView {
    id: i32,
    slug: String,
    title: String,
    summary: String,
    /// Plain text; paragraphs separated by blank lines.
    description: String,
    /// Pounds sterling, e.g. `"120.00"`.
    #[schema(value_type = crate::domain::Pence)]
    price_from: String,
    price_unit: PriceUnit,
    status: ListingStatus,
    priority: i32,
    /// The towns it is offered in.
    areas: Vec<String>,
    /// An absolute URL, or null.
    #[schema(required)]
    image: Option<String>,
    category: CategorySummary,
    /// The average rating to one decimal, or null before the first review.
    #[schema(required, minimum = 1, maximum = 5)]
    rating_average: Option<f64>,
    rating_count: i64,
    /// In a search near a postcode only: miles from it to the service's nearest base, to one
    /// decimal (0 where the service lists the postcode's district).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    distance_miles: Option<f64>,
}

impl ServiceView {
    /// The service as found near a point, `miles` from it.
    pub fn at_distance(self, miles: Option<f64>) -> Self {
        ServiceView { distance_miles: miles.map(round_miles), ..self }
    }

    pub fn new(row: service::Model, category: CategoryRef, rating: (Option<f64>, i64), storage: &Storage) -> Self {
        ServiceView {
            id: row.id,
            areas: serde_json::from_str(&row.areas).unwrap_or_default(),
            image: row.image.as_deref().map(|key| storage.signed_url(key)),
            slug: row.slug,
            title: row.title,
            summary: row.summary,
            description: row.description,
            price_from: Pence::from_stored(row.price_from_pence).to_string(),
            price_unit: row.price_unit,
            status: row.status,
            priority: row.priority,
            category: CategorySummary { id: category.id, slug: category.slug, name: category.name },
            rating_average: rating.0,
            rating_count: rating.1,
            distance_miles: None,
        }
    }
}

/// A service with its latest 10 reviews, newest first.
#[derive(Serialize, ToSchema)]
pub struct ServiceDetailView {
    #[serde(flatten)]
    service: ServiceView,
    reviews: Vec<ReviewView>,
}

impl ServiceDetailView {
    pub fn new(service: ServiceView, reviews: Vec<ReviewView>) -> Self {
        ServiceDetailView { service, reviews }
    }
}

/// The company's contact details.
#[derive(Serialize, ToSchema)]
pub struct WebsiteInfoView {
    id: i32,
    brand: String,
    #[schema(value_type = crate::domain::Email)]
    email: String,
    phones: Vec<String>,
    address: String,
    opening_hours: String,
    /// Network name to profile URL, e.g. `"linkedin": "https://..."`.
    socials: BTreeMap<String, String>,
}

impl WebsiteInfoView {
    /// `id` is the stored row's, or 1 for the defaults used before the company enters its own.
    pub fn new(id: i32, info: WebsiteInfo) -> Self {
        WebsiteInfoView {
            id,
            brand: info.brand,
            email: info.email,
            phones: info.phones,
            address: info.address,
            opening_hours: info.opening_hours,
            socials: info.socials,
        }
    }
}

/// The service a booking or a payment is for, as both show it.
#[derive(Serialize, ToSchema)]
pub struct BookedService {
    id: i32,
    title: String,
    slug: String,
}

impl BookedService {
    pub fn of(service: &service::Model) -> Self {
        BookedService { id: service.id, title: service.title.clone(), slug: service.slug.clone() }
    }
}
