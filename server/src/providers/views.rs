//! A provider record as the API shows it.

use entity::provider;
use entity::words::ProviderStatus;
use serde::Serialize;
use utoipa::ToSchema;

/// The contract's provider.
#[derive(Serialize, ToSchema)]
pub struct ProviderView {
    id: i32,
    /// The service's id.
    service: i32,
    status: ProviderStatus,
    /// Whether the provider takes bookings now.
    availability: bool,
    bio: String,
    experience_years: i32,
    #[schema(format = DateTime)]
    created_at: String,
    /// Why staff did not approve it (or withdrew an approval); null otherwise.
    decision_reason: Option<String>,
}

impl From<provider::Model> for ProviderView {
    fn from(row: provider::Model) -> Self {
        ProviderView {
            id: row.id,
            service: row.service_id,
            status: row.status,
            availability: row.availability,
            bio: row.bio,
            experience_years: row.experience_years,
            created_at: crate::http::timestamp(row.created_at),
            decision_reason: row.decision_reason.filter(|_| row.status == ProviderStatus::Rejected),
        }
    }
}
