//! What the back office's pages are functions of. The server's staff API answers the same
//! types (their OpenAPI schemas come with the `schema` feature), so a page and its call agree.

use serde::Serialize;
pub use words::{
    ApplicationStatus, BookingPayment, BookingStatus, ContactStatus, Currency, Dispatch, EmploymentType, Filter, JobPostStatus, ListingStatus, PaymentProvider,
    PaymentStatus, PriceUnit, ProviderStatus, RecruitmentStatus, ReviewState, Word,
};

#[cfg(feature = "schema")]
use utoipa::ToSchema;

/// A page of the back office: who is signed in, a line saying what was just done, and the view.
#[derive(Clone, Debug)]
pub struct AdminPage {
    /// The page's path and query, for the menu's `aria-current`.
    pub url: String,
    pub staff_email: String,
    /// "Approved ...", after a form posted back here.
    pub notice: Option<String>,
    pub view: AdminView,
}

#[derive(Clone, Debug)]
pub enum AdminView {
    Dashboard(Dashboard),
    ProviderApplications(Listing<ProviderApplication, Filter<ProviderStatus>>),
    Bookings(Listing<BookingRow, Filter<BookingStatus>>),
    Members(Listing<MemberRow>),
    Catalogue {
        categories: Vec<CategoryRow>,
        services: Listing<ServiceRow>,
    },
    /// A service's form: `None` to add one; the categories to choose from.
    ServiceForm {
        service: Option<ServiceRow>,
        categories: Vec<CategoryRow>,
    },
    WebsiteInfo(WebsiteInfoForm),
    Reviews(Listing<ReviewRow, Filter<ReviewState>>),
    Payments(Listing<PaymentRow, Filter<PaymentStatus>>),
    Recruitment(Listing<RecruitmentRow, Filter<RecruitmentStatus>>),
    Contact(Listing<ContactRow, Filter<ContactStatus>>),
    Jobs(Listing<JobRow, Filter<JobPostStatus>>),
    /// One job's applications.
    JobApplications {
        job: JobRow,
        applications: Vec<ApplicationRow>,
    },
    TalentPool(Listing<TalentRow, Option<EmploymentType>>),
    Member(MemberRow),
    AuditLog(Listing<AuditRow>),
    /// One booking's messages.
    BookingThread(BookingThread),
}

/// A booking's messages as staff read them: all of them, hidden ones with why.
#[derive(Clone, Debug, PartialEq)]
pub struct BookingThread {
    pub booking_id: i32,
    /// `Boiler service on Monday 4 January 2027 at 09:00, for Amelia Hughes`.
    pub about: String,
    /// Oldest first.
    pub messages: Vec<StaffMessage>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StaffMessage {
    pub id: i32,
    /// The writer's full name.
    pub author: String,
    /// `customer`, `provider` or `staff`.
    pub role: String,
    /// `4 January 2027, 09:12` (UK time).
    pub at: String,
    pub body: String,
    /// A signed link to its photo.
    pub photo: Option<String>,
    /// Why it was hidden, once it is.
    pub hidden_reason: Option<String>,
}

/// What waits for staff.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct Dashboard {
    pub pending_provider_applications: u64,
    /// Bookings still Pending of services without providers' hours: staff confirm them.
    pub bookings_to_confirm: u64,
    /// Bookings that every free provider declined or let lapse: staff assign them.
    pub bookings_nobody_took: u64,
    /// Jobs providers accepted and then handed back, in the last week.
    pub jobs_handed_back: u64,
    /// Applications still Submitted to the company's own jobs (those no member posted).
    pub new_agency_job_applications: u64,
    /// Recruitment requests still New.
    pub new_recruitment_requests: u64,
    /// Contact messages still New.
    pub new_contact_messages: u64,
    /// Job seekers registered in the last 7 days.
    pub new_job_seekers: u64,
    /// Mails that failed at least once and are not sent yet.
    pub failed_mail: u64,
    /// Shown reviews with reports staff have not decided on.
    pub reported_reviews: u64,
    /// Payment events recorded but not applied in the last 30 days: the amount or currency was
    /// not the payment's.
    pub payment_events_not_applied: u64,
    /// What was wrong with the latest of them (at most 10), newest first.
    pub payment_event_problems: Vec<String>,
    /// Refunds owed (a cancellation, staff's decision) that the provider refused or could not
    /// be asked for at least once, and has not made yet; they are tried again.
    pub refunds_not_made: u64,
}

/// One page of a back-office list and what it was filtered by.
#[derive(Clone, Debug)]
pub struct Listing<Row, Chosen = ()> {
    /// The filters (a search, a status, a date) by name, as the address spells them; kept in
    /// the pages' links.
    pub filters: Vec<(String, String)>,
    /// The list's choice of status (or kind), as the type it is.
    pub chosen: Chosen,
    pub rows: Vec<Row>,
    pub count: u64,
    pub page: u64,
    pub pages: u64,
}

/// A member's application to provide a service, as staff decide on it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct ProviderApplication {
    pub id: i32,
    pub status: ProviderStatus,
    pub member_id: i32,
    pub member_name: String,
    pub member_email: String,
    pub service_id: i32,
    pub service_title: String,
    pub bio: String,
    pub experience_years: i32,
    pub availability: bool,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
    pub decision_reason: Option<String>,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub decided_at: Option<String>,
}

impl<Row, Chosen> Listing<Row, Chosen> {
    /// The value of the filter `name`, or "".
    pub fn filter(&self, name: &str) -> &str {
        self.filters.iter().find(|(key, _)| key == name).map_or("", |(_, value)| value.as_str())
    }
}

/// A booking as staff work on it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct BookingRow {
    pub id: i32,
    pub status: BookingStatus,
    pub payment_status: BookingPayment,
    pub member_id: i32,
    pub member_name: String,
    pub member_email: String,
    pub service_id: i32,
    pub service_title: String,
    #[cfg_attr(feature = "schema", schema(format = Date))]
    pub date: String,
    /// `HH:MM`, UK time.
    pub time: String,
    pub address_line_1: String,
    pub city: String,
    pub postcode: String,
    pub notes: String,
    /// In pounds, e.g. `"120.00"`.
    pub amount: String,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
    /// Where it stands with the service's providers; `None` where they keep no hours (staff
    /// confirm it).
    pub dispatch: Option<Dispatch>,
    /// The provider it is offered or assigned to.
    pub provider_name: Option<String>,
    /// Who staff may assign it to: the service's approved providers, where they keep hours.
    pub providers: Vec<ProviderChoice>,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct ProviderChoice {
    /// The provider's account id.
    pub id: i32,
    pub name: String,
}

/// A member's account as staff see it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct MemberRow {
    pub id: i32,
    pub full_name: String,
    pub email: String,
    pub phone_number: String,
    pub is_verified: bool,
    pub is_staff: bool,
    /// False once deactivated (or erased): no sign-in, sessions ended.
    pub is_active: bool,
    /// The personal data was erased on request; the account is kept for the records only.
    pub erased: bool,
    /// Whether a staff member has set up an authenticator app.
    pub second_factor_enrolled: bool,
    pub bookings: u64,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub date_joined: String,
}

/// A category as staff edit it, hidden ones included.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct CategoryRow {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub icon: String,
    pub priority: i32,
    /// Out of the site's menus, lists and pages.
    pub hidden: bool,
    /// Services in it, open or closed.
    pub services: u64,
}

/// A service as staff edit it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct ServiceRow {
    pub id: i32,
    pub slug: String,
    pub category: i32,
    pub category_name: String,
    pub title: String,
    pub summary: String,
    pub description: String,
    /// In pounds, e.g. `"45.00"`.
    pub price_from: String,
    pub price_unit: PriceUnit,
    pub status: ListingStatus,
    pub priority: i32,
    pub areas: Vec<String>,
}

/// The website info as its one form edits it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct WebsiteInfoForm {
    /// The company's name.
    pub brand: String,
    pub email: String,
    pub phones: Vec<String>,
    pub address: String,
    pub opening_hours: String,
    /// Network name and address, e.g. `["Facebook", "https://..."]`.
    pub socials: Vec<(String, String)>,
}

/// A payment as staff see it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct PaymentRow {
    pub id: i32,
    /// e.g. `BW-000012`.
    pub receipt_number: String,
    pub status: PaymentStatus,
    /// In pounds, e.g. `"45.00"`.
    pub amount: String,
    pub currency: Currency,
    pub provider: PaymentProvider,
    pub member_name: String,
    pub member_email: String,
    pub booking_id: i32,
    pub service_title: String,
    #[cfg_attr(feature = "schema", schema(format = Date))]
    pub booking_date: String,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub paid_at: Option<String>,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub refunded_at: Option<String>,
    /// The provider's reference for the money taken (Stripe's payment intent).
    pub charge_reference: Option<String>,
    /// When a refund became owed, while the provider has not made it yet.
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub refund_owed_at: Option<String>,
    /// Why the last attempt at the owed refund failed, if one did.
    pub refund_error: Option<String>,
}

/// A job post as staff see it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct JobRow {
    pub id: i32,
    pub title: String,
    pub company: String,
    pub location: String,
    pub status: JobPostStatus,
    /// Who posted it; empty for the company's own.
    pub poster_email: String,
    pub applications: u64,
    #[cfg_attr(feature = "schema", schema(format = Date))]
    pub posted_at: String,
    #[cfg_attr(feature = "schema", schema(format = Date))]
    pub closes_at: Option<String>,
}

/// An application to a job, as staff read it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct ApplicationRow {
    pub id: i32,
    pub full_name: String,
    pub email: String,
    pub phone_number: String,
    pub cover_letter: String,
    /// A signed link to the CV that works for 15 minutes.
    pub cv: String,
    pub status: ApplicationStatus,
    pub created_at: String,
}

/// A company's request that we recruit for it, in the inbox.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct RecruitmentRow {
    pub id: i32,
    pub status: RecruitmentStatus,
    pub company_name: String,
    pub contact_name: String,
    pub email: String,
    pub phone_number: String,
    pub role: String,
    pub number_of_staff: i32,
    pub location: String,
    #[cfg_attr(feature = "schema", schema(format = Date))]
    pub start_date: Option<String>,
    pub details: String,
    pub staff_notes: String,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
}

/// A message from the contact page, in the inbox.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct ContactRow {
    pub id: i32,
    pub status: ContactStatus,
    pub full_name: String,
    pub email: String,
    /// Empty when none was given.
    pub phone_number: String,
    pub subject: String,
    pub message: String,
    pub staff_notes: String,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
}

/// A job seeker in the talent pool.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct TalentRow {
    pub id: i32,
    pub full_name: String,
    pub email: String,
    pub phone_number: String,
    pub roles: Vec<String>,
    pub locations: Vec<String>,
    pub employment_types: Vec<EmploymentType>,
    /// A signed link to the CV that works for 15 minutes.
    pub cv: String,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
}

/// A review as staff moderate it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct ReviewRow {
    pub id: i32,
    pub service_id: i32,
    pub service_title: String,
    pub author_name: String,
    pub author_email: String,
    pub rating: i32,
    pub review: String,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
    pub hidden: bool,
    pub hidden_reason: Option<String>,
    pub verified_booking: bool,
    /// What members who reported it said, not yet decided on.
    pub open_reports: Vec<String>,
    /// The provider's public answer to it, if they gave one.
    pub answer: Option<AnswerRow>,
}

/// A provider's answer to a review, as staff moderate it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct AnswerRow {
    pub author_name: String,
    pub author_email: String,
    pub answer: String,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
    pub hidden: bool,
    pub hidden_reason: Option<String>,
}

/// One staff action in the audit log.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(ToSchema))]
pub struct AuditRow {
    pub id: i32,
    /// The staff member's address when they acted.
    pub actor: String,
    /// e.g. `provider.approve`.
    pub action: String,
    pub subject_type: String,
    pub subject_id: Option<i32>,
    pub summary: String,
    pub reason: Option<String>,
    /// The changed fields before the action.
    #[cfg_attr(feature = "schema", schema(value_type = Option<Object>))]
    pub before: Option<serde_json::Value>,
    #[cfg_attr(feature = "schema", schema(value_type = Option<Object>))]
    pub after: Option<serde_json::Value>,
    /// The day a person asked, for an action on a subject access or erasure request.
    #[cfg_attr(feature = "schema", schema(format = Date))]
    pub requested_on: Option<String>,
    #[cfg_attr(feature = "schema", schema(format = DateTime))]
    pub created_at: String,
}
