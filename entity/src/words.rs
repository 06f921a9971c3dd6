//! The domain's words: statuses, price units, employment types and salary periods. Stored as
//! the contract spells them (`Open`, `full_time`, ...), handled as enums everywhere else, so a
//! misspelt status cannot reach the database or a page. Each spelling is written once, in
//! [`words!`], and is the same in the database, in JSON and in the OpenAPI document.

use sea_orm::entity::prelude::*;

/// `Name { Variant = "spelling", .. }` for each word: a sea-orm string enum, serde with the same
/// spellings, and an OpenAPI schema listing them.
macro_rules! words {
    ($( $(#[doc = $doc:tt])* $name:ident { $($variant:ident = $text:tt),* $(,)? } )*) => {$(
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
        #[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
        pub enum $name {
            $(
                #[sea_orm(string_value = $text)]
                #[serde(rename = $text)]
                $variant,
            )*
        }
    )*};
}

words! {
    /// A service or a job: open to bookings and applications, or not.
    ListingStatus { Open = "Open", Closed = "Closed" }
    /// What a service's price is for.
    PriceUnit { Fixed = "fixed", Hour = "hour", Day = "day" }
    EmploymentType { FullTime = "full_time", PartTime = "part_time", Contract = "contract", Temporary = "temporary" }
    SalaryPeriod { Year = "year", Hour = "hour" }
    /// A member's application to provide a service.
    ProviderStatus { Pending = "Pending", Approved = "Approved", Rejected = "Rejected" }
    BookingStatus { Pending = "Pending", Confirmed = "Confirmed", Completed = "Completed", Cancelled = "Cancelled" }
    /// Where a booking stands with its money.
    BookingPayment { Unpaid = "Unpaid", Paid = "Paid", Refunded = "Refunded" }
    /// One payment attempt for a booking.
    PaymentStatus { Pending = "Pending", Paid = "Paid", Failed = "Failed", Cancelled = "Cancelled", Refunded = "Refunded" }
    /// Who takes the card payment: the built-in test provider (no money moves) or Stripe.
    PaymentProvider { Test = "test", Stripe = "stripe" }
    /// The currency an amount is in; the company trades in pounds sterling only.
    Currency { Gbp = "GBP" }
    /// A job application, as the job's owner moves it along.
    ApplicationStatus { Submitted = "Submitted", Reviewed = "Reviewed", Shortlisted = "Shortlisted", Rejected = "Rejected" }
    /// A job seeker's job alerts: asked for and waiting for the address to be confirmed, sent, or not wanted.
    JobAlerts { Off = "Off", Unconfirmed = "Unconfirmed", On = "On" }
    /// A recruitment request in the company's inbox.
    RecruitmentStatus { New = "New", Contacted = "Contacted", Closed = "Closed" }
    /// A contact message in the company's inbox.
    ContactStatus { New = "New", Answered = "Answered", Closed = "Closed" }
}
