//! The domain's words: statuses, price units, employment types and salary periods. Stored as
//! the contract spells them (`Open`, `full_time`, ...), handled as enums everywhere else, so a
//! misspelt status cannot reach the database or a page.

use sea_orm::entity::prelude::*;

/// A service or a job: open to bookings and applications, or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum ListingStatus {
    #[sea_orm(string_value = "Open")]
    Open,
    #[sea_orm(string_value = "Closed")]
    Closed,
}

/// What a service's price is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum PriceUnit {
    #[sea_orm(string_value = "fixed")]
    Fixed,
    #[sea_orm(string_value = "hour")]
    Hour,
    #[sea_orm(string_value = "day")]
    Day,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum EmploymentType {
    #[sea_orm(string_value = "full_time")]
    FullTime,
    #[sea_orm(string_value = "part_time")]
    PartTime,
    #[sea_orm(string_value = "contract")]
    Contract,
    #[sea_orm(string_value = "temporary")]
    Temporary,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum SalaryPeriod {
    #[sea_orm(string_value = "year")]
    Year,
    #[sea_orm(string_value = "hour")]
    Hour,
}

/// A member's application to provide a service.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum ProviderStatus {
    #[sea_orm(string_value = "Pending")]
    Pending,
    #[sea_orm(string_value = "Approved")]
    Approved,
    #[sea_orm(string_value = "Rejected")]
    Rejected,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum BookingStatus {
    #[sea_orm(string_value = "Pending")]
    Pending,
    #[sea_orm(string_value = "Confirmed")]
    Confirmed,
    #[sea_orm(string_value = "Completed")]
    Completed,
    #[sea_orm(string_value = "Cancelled")]
    Cancelled,
}

/// Where a booking stands with its money.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum BookingPayment {
    #[sea_orm(string_value = "Unpaid")]
    Unpaid,
    #[sea_orm(string_value = "Paid")]
    Paid,
    #[sea_orm(string_value = "Refunded")]
    Refunded,
}

/// One payment attempt for a booking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum PaymentStatus {
    #[sea_orm(string_value = "Pending")]
    Pending,
    #[sea_orm(string_value = "Paid")]
    Paid,
    #[sea_orm(string_value = "Failed")]
    Failed,
    #[sea_orm(string_value = "Cancelled")]
    Cancelled,
    #[sea_orm(string_value = "Refunded")]
    Refunded,
}

/// A job application, as the job's owner moves it along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum ApplicationStatus {
    #[sea_orm(string_value = "Submitted")]
    Submitted,
    #[sea_orm(string_value = "Reviewed")]
    Reviewed,
    #[sea_orm(string_value = "Shortlisted")]
    Shortlisted,
    #[sea_orm(string_value = "Rejected")]
    Rejected,
}
