//! A review as the API shows it (api-contract: Marketplace).

use super::queries::ReviewRow;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct ReviewView {
    id: i32,
    /// The service's id.
    service: i32,
    /// The author's first name and surname initial.
    user_name: String,
    #[schema(minimum = 1, maximum = 5)]
    rating: i32,
    review: String,
    #[schema(format = DateTime)]
    created_at: String,
    /// The author has a completed booking of this service.
    verified_booking: bool,
}

impl From<&ReviewRow> for ReviewView {
    fn from(row: &ReviewRow) -> Self {
        ReviewView {
            id: row.review.id,
            service: row.review.service_id,
            user_name: row.user_name.clone(),
            rating: row.review.rating,
            review: row.review.review.clone(),
            created_at: crate::http::timestamp(row.review.created_at),
            verified_booking: row.verified_booking,
        }
    }
}
