//! Values parsed once at the edge, so the inside never checks them again.

mod email;
mod money;
mod phone;
mod postcode;
mod rating;

pub use email::Email;
pub use money::Pence;
pub use phone::UkPhone;
pub use postcode::UkPostcode;
pub use rating::Rating;
pub mod uk_time;
