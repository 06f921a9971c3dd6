//! A booking as the API shows it.

use crate::accounts::texts::first_name_or;
use crate::catalogue::views::BookedService;
use crate::domain::Pence;
use crate::messages::views::ThreadSummary;
use crate::payments::refunds::refund_until;
use crate::state::AppState;
use entity::words::{BookingPayment, BookingStatus};
use entity::{booking, service, user};
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// Who is coming to do the job, once a provider has taken it.
#[derive(Serialize, ToSchema)]
pub struct ComingProvider {
    first_name: String,
    /// A signed link to their profile picture, working for 15 minutes; null without one.
    photo: Option<String>,
    /// Their public profile's page, while they have one.
    profile: Option<String>,
}

/// The contract's booking.
#[derive(Serialize, ToSchema)]
pub struct BookingView {
    id: i32,
    service: BookedService,
    #[schema(format = Date)]
    date: String,
    /// `HH:MM`, UK time.
    #[schema(pattern = "^[0-2][0-9]:[0-5][0-9]$")]
    time: String,
    address_line_1: String,
    city: String,
    postcode: String,
    notes: String,
    /// Hours or days for an hourly or daily price; 1 for a fixed price.
    length: i32,
    status: BookingStatus,
    /// Pounds sterling, from the service's price when booked.
    #[schema(value_type = crate::domain::Pence)]
    amount: String,
    payment_status: BookingPayment,
    /// Cancelling before this moment refunds a paid booking in full; later, the payment is kept.
    #[schema(format = DateTime)]
    refund_until: String,
    #[schema(format = DateTime)]
    created_at: String,
    /// Set once a provider has taken the booking (this project's addition to the contract).
    provider: Option<ComingProvider>,
    /// Its messages with the provider and the company (this project's addition too).
    messages: Option<ThreadSummary>,
}

impl BookingView {
    pub fn new(row: booking::Model, service: &service::Model, refund_window_hours: u32) -> Self {
        BookingView {
            refund_until: crate::http::timestamp(refund_until(&row, refund_window_hours)),
            id: row.id,
            service: BookedService::of(service),
            date: row.date.format("%Y-%m-%d").to_string(),
            time: row.time,
            address_line_1: row.address_line_1,
            city: row.city,
            postcode: row.postcode,
            notes: row.notes,
            length: row.length,
            status: row.status,
            amount: Pence::from_stored(row.amount_pence).to_string(),
            payment_status: row.payment_status,
            created_at: crate::http::timestamp(row.created_at),
            provider: None,
            messages: None,
        }
    }

    /// The view with its thread, from [`crate::messages::views::summaries`].
    pub fn thread(mut self, threads: &mut HashMap<i32, ThreadSummary>) -> Self {
        self.messages = threads.remove(&self.id);
        self
    }

    /// The view with who is coming, from [`coming_to`].
    pub fn coming(mut self, providers: &mut HashMap<i32, ComingProvider>) -> Self {
        self.provider = providers.remove(&self.id);
        self
    }
}

/// The providers who took `rows` (accepted and not cancelled), by booking id.
pub async fn coming_to(state: &AppState, rows: &[booking::Model]) -> Result<HashMap<i32, ComingProvider>, DbErr> {
    let taken: Vec<(i32, i32)> =
        rows.iter().filter(|row| row.status.names_its_provider()).filter_map(|row| Some((row.id, crate::scheduling::provider_who_took(row)?))).collect();
    if taken.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<i32> = taken.iter().map(|(_, user_id)| *user_id).collect();
    let profiled = crate::providers::profile::with_profiles(state.db(), Some(&ids)).await?;
    let providers: HashMap<i32, user::Model> = user::Entity::find()
        .filter(user::Column::Id.is_in(taken.iter().map(|(_, user_id)| *user_id)))
        .all(state.db())
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    Ok(taken
        .into_iter()
        .filter_map(|(booking_id, user_id)| {
            let provider = providers.get(&user_id)?;
            let coming = ComingProvider {
                first_name: first_name_or(&provider.full_name, "Your provider").to_owned(),
                photo: provider.profile_picture.as_deref().map(|key| state.storage.signed_url(key)),
                profile: profiled.contains(&user_id).then(|| app::routes::Route::provider(user_id).url()),
            };
            Some((booking_id, coming))
        })
        .collect())
}
