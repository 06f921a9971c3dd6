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
    /// It names the completed booking it is about ("Verified booking").
    verified_booking: bool,
    /// The public answer of the provider who did the job (this project's addition).
    answer: Option<AnswerView>,
}

/// A provider's public answer to a review of their job.
#[derive(Serialize, ToSchema)]
pub struct AnswerView {
    /// The provider's first name.
    by: String,
    answer: String,
    #[schema(format = DateTime)]
    created_at: String,
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
            verified_booking: row.verified_booking(),
            answer: row.answer.as_ref().map(|shown| AnswerView {
                by: shown.by.clone(),
                answer: shown.answer.answer.clone(),
                created_at: crate::http::timestamp(shown.answer.created_at),
            }),
        }
    }
}
