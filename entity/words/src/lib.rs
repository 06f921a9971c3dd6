//! The domain's words: statuses, price units, employment types and salary periods. Stored as
//! the contract spells them (`Open`, `full_time`, ...), handled as enums everywhere else, so a
//! misspelt status cannot reach the database or a page. Each spelling is written once, in
//! [`words!`], and is the same in the database, in JSON, in the OpenAPI document and on the
//! page. The entities (feature `db`), the server and the pages all use these types, so a page
//! compares and shows a status as the enum it is, never as a string.
#![forbid(unsafe_code)]

#[cfg(feature = "db")]
use sea_orm::entity::prelude::*;

/// `Name { Variant = "spelling", .. }` for each word: an enum whose serde spellings are those,
/// with its spelling (`as_str`, `Display`), its variants (`ALL`) and a parser; with `db`, a
/// sea-orm string enum; with `schema`, an OpenAPI schema listing the spellings.
macro_rules! words {
    ($( $(#[doc = $doc:tt])* $name:ident { $($variant:ident = $text:tt),* $(,)? } )*) => {$(
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "db", derive(EnumIter, DeriveActiveEnum))]
        #[cfg_attr(feature = "db", sea_orm(rs_type = "String", db_type = "String(StringLen::None)"))]
        #[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
        pub enum $name {
            $(
                #[cfg_attr(feature = "db", sea_orm(string_value = $text))]
                #[serde(rename = $text)]
                $variant,
            )*
        }

        impl Word for $name {
            const NAME: &'static str = stringify!($name);
            const ALL: &'static [$name] = &[$($name::$variant),*];

            fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }

            fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some($name::$variant),)*
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    )*};
}

mod filter;
pub use filter::Filter;

/// One of the domain's words: the enums [`words!`] makes.
pub trait Word: Copy + Eq + std::fmt::Debug + 'static {
    /// The type's name, for its OpenAPI schema.
    const NAME: &'static str;
    /// Every variant, in the order declared.
    const ALL: &'static [Self];
    /// The word as stored and shown.
    fn as_str(self) -> &'static str;
    /// The variant spelt `text` exactly.
    fn parse(text: &str) -> Option<Self>;

    /// The spellings, as a sentence offers them: "fixed, hour or day".
    fn choices() -> String {
        or_list(Self::ALL.iter().map(|word| word.as_str()))
    }
}

/// "a, b or c": words as a sentence offers a choice of them.
pub fn or_list<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    let words: Vec<&str> = words.into_iter().collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((only, _)) => (*only).to_string(),
        None => String::new(),
    }
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
    /// Where a booking of a service with providers stands with them: offered to one, accepted by
    /// one, or with nobody left to offer it to (staff then assign it).
    Dispatch { Offered = "offered", Accepted = "accepted", Unfilled = "unfilled" }
    /// How an offer of a booking to a provider ended (`handed_back`: accepted, then given back).
    OfferOutcome { Accepted = "accepted", Declined = "declined", Expired = "expired", Withdrawn = "withdrawn", HandedBack = "handed_back" }
    /// What the writer of a message on a booking was to it.
    MessageRole { Customer = "customer", Provider = "provider", Staff = "staff" }
    /// One payment attempt for a booking.
    PaymentStatus { Pending = "Pending", Paid = "Paid", Failed = "Failed", Cancelled = "Cancelled", Refunded = "Refunded" }
    /// Who takes the card payment: the built-in test provider (no money moves) or Stripe.
    PaymentProvider { Test = "test", Stripe = "stripe" }
    /// The currency an amount is in; the company trades in pounds sterling only.
    Currency { Gbp = "GBP" }
    /// A job application, as the job's owner moves it along.
    ApplicationStatus { Submitted = "Submitted", Reviewed = "Reviewed", Shortlisted = "Shortlisted", Rejected = "Rejected" }
    /// Where a job's owner (or staff) may move an application: any status but where it starts.
    ApplicationDecision { Reviewed = "Reviewed", Shortlisted = "Shortlisted", Rejected = "Rejected" }
    /// A job seeker's job alerts: asked for and waiting for the address to be confirmed, sent, or not wanted.
    JobAlerts { Off = "Off", Unconfirmed = "Unconfirmed", On = "On" }
    /// A recruitment request in the company's inbox.
    RecruitmentStatus { New = "New", Contacted = "Contacted", Closed = "Closed" }
    /// A contact message in the company's inbox.
    ContactStatus { New = "New", Answered = "Answered", Closed = "Closed" }
    /// A job post as staff see it: a removed post is neither open nor closed to them.
    JobPostStatus { Open = "Open", Closed = "Closed", Removed = "Removed" }
    /// A review as staff moderate it: shown with reports not yet decided on, or hidden.
    ReviewState { Reported = "Reported", Hidden = "Hidden" }
}

/// What a booking's status means, each an exhaustive match: a new status does not compile
/// until every meaning says whether it has it.
impl BookingStatus {
    /// Still to come: it may be cancelled, moved, assigned and reminded of.
    pub fn is_open(self) -> bool {
        match self {
            BookingStatus::Pending | BookingStatus::Confirmed => true,
            BookingStatus::Completed | BookingStatus::Cancelled => false,
        }
    }

    /// Takes its provider's time: no other booking may be placed over it.
    pub fn holds_provider_time(self) -> bool {
        match self {
            BookingStatus::Pending | BookingStatus::Confirmed => true,
            BookingStatus::Completed | BookingStatus::Cancelled => false,
        }
    }

    /// Listed and shown to its customer (a cancelled one's record is kept for the company's
    /// accounts, out of their sight).
    pub fn is_shown_to_customer(self) -> bool {
        match self {
            BookingStatus::Pending | BookingStatus::Confirmed | BookingStatus::Completed => true,
            BookingStatus::Cancelled => false,
        }
    }

    /// Its thread takes new messages.
    pub fn takes_messages(self) -> bool {
        match self {
            BookingStatus::Pending | BookingStatus::Confirmed | BookingStatus::Completed => true,
            BookingStatus::Cancelled => false,
        }
    }

    /// The provider who took it stays named to its customer ("who is coming").
    pub fn names_its_provider(self) -> bool {
        match self {
            BookingStatus::Pending | BookingStatus::Confirmed | BookingStatus::Completed => true,
            BookingStatus::Cancelled => false,
        }
    }

    /// Staff may still cancel it.
    pub fn staff_may_cancel(self) -> bool {
        match self {
            BookingStatus::Pending | BookingStatus::Confirmed | BookingStatus::Completed => true,
            BookingStatus::Cancelled => false,
        }
    }

    /// On the schedule of the provider it was given to.
    pub fn is_on_provider_schedule(self) -> bool {
        match self {
            BookingStatus::Pending | BookingStatus::Confirmed | BookingStatus::Completed => true,
            BookingStatus::Cancelled => false,
        }
    }

    /// A payment that arrives for it now is refunded.
    pub fn refunds_a_late_payment(self) -> bool {
        match self {
            BookingStatus::Cancelled => true,
            BookingStatus::Pending | BookingStatus::Confirmed | BookingStatus::Completed => false,
        }
    }

    /// Kept in its people's calendars: its invite adds or updates the event rather than
    /// removing it.
    pub fn stays_in_calendars(self) -> bool {
        match self {
            BookingStatus::Pending | BookingStatus::Confirmed | BookingStatus::Completed => true,
            BookingStatus::Cancelled => false,
        }
    }

    /// In its provider's calendar feed: work they are sure to do or did.
    pub fn is_in_provider_feed(self) -> bool {
        match self {
            BookingStatus::Confirmed | BookingStatus::Completed => true,
            BookingStatus::Pending | BookingStatus::Cancelled => false,
        }
    }

    /// Its customer may review the service and the provider who did it.
    pub fn may_be_reviewed(self) -> bool {
        match self {
            BookingStatus::Completed => true,
            BookingStatus::Pending | BookingStatus::Confirmed | BookingStatus::Cancelled => false,
        }
    }

    /// The statuses that have `meaning`, for a query's filter.
    pub fn having(meaning: fn(Self) -> bool) -> Vec<Self> {
        Self::ALL.iter().copied().filter(|status| meaning(*status)).collect()
    }
}

impl From<ApplicationDecision> for ApplicationStatus {
    fn from(decision: ApplicationDecision) -> Self {
        match decision {
            ApplicationDecision::Reviewed => ApplicationStatus::Reviewed,
            ApplicationDecision::Shortlisted => ApplicationStatus::Shortlisted,
            ApplicationDecision::Rejected => ApplicationStatus::Rejected,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{PriceUnit, Word, or_list};

    #[test]
    fn choices_are_offered_as_a_sentence() {
        assert_eq!(PriceUnit::choices(), "fixed, hour or day");
        assert_eq!(or_list(["Open", "Closed"]), "Open or Closed");
        assert_eq!(or_list(["All"]), "All");
    }
}
