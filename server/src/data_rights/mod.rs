//! A member's data rights under UK GDPR: a copy of everything we hold (export), and erasure
//! where no other law says keep (the account deleted, financial records anonymised). Members
//! use them from their profile; staff run them for a person who asks by email.

pub mod erasure;
pub mod export;
mod handlers;
pub mod retention;
mod texts;

use crate::state::AppState;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use handlers::download;

use entity::{contact_message, job_seeker, recruitment_request};
use sea_orm::{ColumnTrait, Condition};

/// Which of a person's records a data-rights request reaches. Anyone can type an address into
/// a signed-out form, so an address alone proves nothing: the member's own request reaches what
/// their account proves is theirs, and staff reach the rest after checking who is asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// "Download my data" and "Delete my account": what the member made signed in, and what was
    /// sent from their address and then confirmed through a link sent to it (job alerts).
    Account,
    /// A subject access request staff answer after checking the person's identity: also what
    /// was sent from the member's address while signed out and never confirmed.
    AccountAndAddress,
}

impl Reach {
    /// The rows of `user` or, for staff, sent signed out from `email`; `confirmed` narrows the
    /// latter for the member's own request to rows whose address was proven (none when `None`).
    fn rows<C: ColumnTrait>(self, (user, address): (C, C), id: i32, email: &str, confirmed: Option<Condition>) -> Condition {
        let from_address = Condition::all().add(user.is_null()).add(address.eq(email));
        let own = Condition::any().add(user.eq(id));
        match (self, confirmed) {
            (Reach::AccountAndAddress, _) => own.add(from_address),
            (Reach::Account, Some(confirmed)) => own.add(from_address.add(confirmed)),
            (Reach::Account, None) => own,
        }
    }

    /// The job-seeker registrations it reaches; never one another signed-in member made giving
    /// this address.
    fn job_seekers(self, id: i32, email: &str) -> Condition {
        let confirmed = Condition::all().add(job_seeker::Column::ConfirmedAt.is_not_null());
        self.rows((job_seeker::Column::UserId, job_seeker::Column::Email), id, email, Some(confirmed))
    }

    /// The contact messages it reaches: nothing confirms a signed-out one's address.
    fn contact_messages(self, id: i32, email: &str) -> Condition {
        self.rows((contact_message::Column::UserId, contact_message::Column::Email), id, email, None)
    }

    /// The recruitment requests it reaches: nothing confirms a signed-out one's address.
    fn recruitment_requests(self, id: i32, email: &str) -> Condition {
        self.rows((recruitment_request::Column::UserId, recruitment_request::Column::Email), id, email, None)
    }
}

/// `/api/auth/my-data/` and `/api/auth/delete-account/`.
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(handlers::my_data)).routes(routes!(handlers::delete_account))
}
