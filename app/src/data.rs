//! The data a page renders from. The server's loaders build these from the database; the same
//! values are served as the page's `_payload.json`, so everything here is plain serde data.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
pub use words::{EmploymentType, ListingStatus, PriceUnit, SalaryPeriod};

/// The company's contact details (the first item of `/api/website-info/`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct WebsiteInfo {
    pub brand: String,
    pub email: String,
    pub phones: Vec<String>,
    pub address: String,
    pub opening_hours: String,
    pub socials: BTreeMap<String, String>,
}

/// A category as menus, the home page and the services list show it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CategoryCard {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub icon: String,
    pub priority: i32,
    pub service_count: i64,
}

/// What every page shows around its content: header, menus, footer.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SiteData {
    pub info: WebsiteInfo,
    pub categories: Vec<CategoryCard>,
    pub payments: PaymentTerms,
    /// Months after which CVs and identity documents no longer needed are deleted (the
    /// privacy policy states it).
    pub document_retention_months: u32,
}

/// How the site takes payments, as pages tell members before they pay.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PaymentTerms {
    /// The built-in test provider takes payments: no card is charged, and pages say so.
    pub test_mode: bool,
    /// A paid booking cancelled at least this many hours before it starts is refunded.
    pub refund_window_hours: u32,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CategoryRef {
    pub id: i32,
    pub slug: String,
    pub name: String,
}

/// A service in a list.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ServiceCard {
    pub id: i32,
    pub slug: String,
    pub title: String,
    pub summary: String,
    /// Pounds sterling as a decimal string, e.g. "120.00".
    pub price_from: String,
    pub price_unit: PriceUnit,
    pub areas: Vec<String>,
    pub category: CategoryRef,
    /// Average of the ratings, one decimal; `None` when nobody reviewed it yet.
    pub rating_average: Option<f64>,
    pub rating_count: i64,
    /// In a search near a postcode, how far its nearest base is, in miles (0 in a district it lists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance_miles: Option<f64>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ReviewView {
    pub id: i32,
    pub service_id: i32,
    pub service_title: String,
    pub user_name: String,
    /// 1 to 5.
    pub rating: u8,
    pub review: String,
    /// `YYYY-MM-DD`.
    pub created_at: String,
    /// It names the completed booking it is about.
    pub verified_booking: bool,
    /// Its provider's public answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<ReviewAnswer>,
}

/// A provider's public answer to a review of their job.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ReviewAnswer {
    /// The provider's first name.
    pub by: String,
    pub answer: String,
    /// `YYYY-MM-DD`.
    pub created_at: String,
}

/// One service with its description and latest reviews.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ServiceDetail {
    pub service: ServiceCard,
    /// Plain text; paragraphs separated by blank lines.
    pub description: String,
    pub status: ListingStatus,
    pub reviews: Vec<ReviewView>,
    /// Its approved providers, each to their profile.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub providers: Vec<ProviderLink>,
    /// The answer to "Do you cover my postcode?", when it was asked.
    #[serde(default, skip_serializing_if = "CoverCheck::is_unasked")]
    pub cover: CoverCheck,
}

/// A provider as a service's page names them: first name, to their profile.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ProviderLink {
    /// Their account's id: the profile is `/providers/profile?id=N`.
    pub id: i32,
    pub first_name: String,
}

/// `/providers/profile?id=N`: an approved provider as the public sees them. Nothing private:
/// no surname, contact details, address or customer's booking.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ProviderProfile {
    pub id: i32,
    pub first_name: String,
    /// Their profile picture's public address (without its metadata), if they have one.
    pub photo: Option<String>,
    /// Plain text, from their latest approved application; paragraphs separated by blank lines.
    pub bio: String,
    pub experience_years: i32,
    /// The open services they are approved for.
    pub services: Vec<ServiceCard>,
    /// The postcode districts they work around: `LS6 (up to 10 miles)`.
    pub areas: Vec<String>,
    /// Of the reviews of the jobs they did.
    pub rating_average: Option<f64>,
    pub rating_count: i64,
    pub jobs_done: u64,
    /// The newest reviews of the jobs they did, with their answers.
    pub reviews: Vec<ReviewView>,
}

/// `/services/book?id=N`: the service, and where its providers keep hours, the free times
/// asked for at a postcode and the one chosen.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct BookPage {
    pub service: ServiceCard,
    /// The fewest and most hours or days it is booked for (1 and 1 for a fixed price).
    pub min_length: i32,
    pub max_length: i32,
    /// Its providers keep hours: a booking takes one of their free times. Otherwise any
    /// future time may be asked for, and the company confirms it.
    pub scheduled: bool,
    /// The free times, once a postcode was asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<FreeTimes>,
    /// The member's booking being moved (`move=N`), whose owner the move's call checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moving: Option<i32>,
}

/// What was asked on the booking page's "When can you come?" form, and its answer.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct FreeTimes {
    /// As typed.
    pub postcode: String,
    /// Hours or days.
    pub length: i32,
    /// The week's first day, `YYYY-MM-DD`.
    pub from: String,
    /// The weeks before (none before today) and after.
    pub earlier: Option<String>,
    pub later: String,
    /// Pounds, the price times the length.
    pub amount: String,
    pub days: Vec<FreeDay>,
    /// The time chosen (`date`, `HH:MM`), while it is still free.
    pub chosen: Option<(String, String)>,
    /// Messages by field (`postcode`, `length`, `from`, `slot`).
    pub errors: BTreeMap<String, Vec<String>>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct FreeDay {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// As a heading says it: `Monday 7 December`.
    pub label: String,
    /// `HH:MM`, UK time.
    pub times: Vec<String>,
}

/// "Do you cover my postcode?" on a service's page: the postcode as typed and the answer, or
/// the field's message when it could not be read.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct CoverCheck {
    pub postcode: String,
    pub answer: Option<CoverAnswer>,
    /// Messages by field (`postcode`).
    pub errors: BTreeMap<String, Vec<String>>,
}

impl CoverCheck {
    pub fn is_unasked(&self) -> bool {
        self.postcode.is_empty() && self.errors.is_empty()
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "covered", rename_all = "snake_case")]
pub enum CoverAnswer {
    /// The service covers the postcode's district; its nearest base is `miles` away (0 for a
    /// district it lists).
    Yes {
        district: String,
        miles: f64,
    },
    No {
        district: String,
    },
}

/// A search near a postcode as its form shows it (`/services`, `/jobs`): what was typed, the
/// distances offered, and each field's message when it could not be read.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct NearSearch {
    /// The postcode or district as typed; empty for none.
    pub near: String,
    /// The distance chosen, in miles, as the form sends it.
    pub within: String,
    /// The distances offered, in miles, shortest first.
    pub choices: Vec<f64>,
    /// Messages by field (`near`, `within`).
    pub errors: BTreeMap<String, Vec<String>>,
    /// The district searched near, once read: `LS1`.
    pub district: Option<String>,
}

impl NearSearch {
    /// " within 10 miles of LS1", once a search near a district was read.
    pub fn reach(&self) -> Option<String> {
        self.district.as_ref().map(|district| format!(" within {} miles of {district}", self.within))
    }

    /// The distance a list's page links keep: only with a postcode (the form sends both).
    pub fn pager_within(&self) -> String {
        if self.near.is_empty() { String::new() } else { self.within.clone() }
    }
}

/// A job in a list.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct JobCard {
    pub id: i32,
    pub slug: String,
    pub title: String,
    pub company: String,
    pub location: String,
    pub employment_type: EmploymentType,
    /// Pounds sterling as a decimal string, e.g. "24000.00" or "12.50".
    pub salary_min: Option<String>,
    pub salary_max: Option<String>,
    pub salary_period: SalaryPeriod,
    /// `YYYY-MM-DD`.
    pub posted_at: String,
    /// `YYYY-MM-DD`.
    pub closes_at: Option<String>,
    /// In a search near a postcode, how far the job is, in miles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance_miles: Option<f64>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct JobDetail {
    pub job: JobCard,
    /// Plain text; paragraphs separated by blank lines.
    pub description: String,
    /// Past its closing date counts as Closed.
    pub status: ListingStatus,
    /// The site path of the job's attachment, if it has one.
    pub attachment: Option<String>,
}

/// Page position in a paginated list; pages count from 1.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Pagination {
    pub page: u64,
    pub page_size: u64,
    pub total_items: u64,
    pub total_pages: u64,
}

/// A line of the "recent activity" part: something that happened on the marketplace.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ActivityItem {
    pub text: String,
    /// Where the line links to, a site path.
    pub href: String,
    /// `YYYY-MM-DD`.
    pub date: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct HomeData {
    pub featured_services: Vec<ServiceCard>,
    pub latest_jobs: Vec<JobCard>,
    pub recent_reviews: Vec<ReviewView>,
    pub activity: Vec<ActivityItem>,
    pub open_services: u64,
    pub open_jobs: u64,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ServicesData {
    /// `None` lists every open service.
    pub category: Option<CategoryCard>,
    /// The words searched for; empty for none.
    pub search: String,
    pub near: NearSearch,
    pub services: Vec<ServiceCard>,
    pub pagination: Pagination,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct JobsData {
    pub search: String,
    pub near: NearSearch,
    pub jobs: Vec<JobCard>,
    pub pagination: Pagination,
}

/// `/user/verify?email=...`: the address the code was sent to.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct VerifyData {
    pub email: String,
    /// What the page's own form, posted without JavaScript, came back with.
    pub outcome: FormOutcome,
}

/// `/become-provider?service=N`: the categories with open services (the member picks one, then
/// one of its services, which the browser loads: the catalogue has thousands), and the
/// service the query preselects.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct BecomeProviderData {
    pub categories: Vec<ProviderCategory>,
    pub selected: Option<SelectedService>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ProviderCategory {
    pub slug: String,
    pub name: String,
    /// How many open services it has.
    pub count: i64,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SelectedService {
    pub id: i32,
    pub title: String,
    /// Its category's slug.
    pub category: String,
}

/// What `_payload.json` carries and what a page is rendered from.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PagePayload {
    /// The path with its canonical query, e.g. `/services?category=cleaning`.
    pub url: String,
    pub site: SiteData,
    #[serde(flatten)]
    pub page: crate::routes::PageData,
}

/// The built files a page links to; not data, so not in the payload.
#[derive(Clone, Debug, PartialEq)]
pub struct Assets {
    /// The site's whole stylesheet, put inline in every page's head: small once compressed, so
    /// the first paint waits for no request and nothing shifts when a later file arrives.
    pub site_css: std::sync::Arc<str>,
    /// e.g. `/assets/back-office-3F2A1B.css`, linked by the staff pages only.
    pub back_office_stylesheet: String,
    /// e.g. `/assets/runtime-8C1D.js`
    pub runtime: String,
    pub build_id: String,
    /// The site's public origin, e.g. `https://brightway.example`, for canonical links.
    pub public_url: String,
}

/// A page a signed link from a mail opens, for the one person it was sent to: made per
/// request, never cached or indexed.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum LinkedPage {
    Thread(ThreadPage),
    ReviewForm(ReviewFormPage),
}

/// The form a completed booking's review invitation opens: a new review, or the member's
/// earlier review of the service to update.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ReviewFormPage {
    /// `Boiler service on Monday 4 January 2027 at 09:00`.
    pub about: String,
    pub service_id: i32,
    /// The first name of the provider who did the job, and their profile's address.
    pub provider: Option<(String, String)>,
    /// Where the form posts: the page's own signed address.
    pub form_path: String,
    /// As typed, or as the earlier review said.
    pub rating: Option<u8>,
    pub review: String,
    /// The member reviewed the service before: the form updates that review.
    pub updating: bool,
    /// Why what was just sent was refused.
    pub refusal: Option<String>,
    /// It was just saved: the page thanks them.
    pub saved: bool,
}

/// A booking's messages as one of its readers sees them, on the page their mail links to.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ThreadPage {
    /// `Boiler service on Monday 4 January 2027 at 09:00`.
    pub about: String,
    /// Oldest first.
    pub messages: Vec<ThreadMessage>,
    /// Where the form posts: the page's own signed address.
    pub form_path: String,
    /// Why the message just sent was refused.
    pub refusal: Option<String>,
    /// Why the thread is read, not written to (its booking is cancelled), if it is.
    pub closed: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ThreadMessage {
    /// The writer's first name.
    pub author: String,
    /// `customer`, `provider` or `our team`.
    pub role: String,
    /// Whether the reader wrote it.
    pub mine: bool,
    /// `4 January 2027, 09:12` (UK time), and the moment as RFC 3339.
    pub at: String,
    pub at_iso: String,
    pub body: String,
    /// A signed link to its photo.
    pub photo: Option<String>,
    pub hidden: bool,
}

/// A page answering a link from a mail: what happened, and maybe one thing to do next.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MessagePage {
    pub heading: String,
    pub lead: String,
    /// Buttons that post to their addresses (e.g. to undo), the first the main one.
    pub actions: Vec<MessageAction>,
    /// Where to go on from the page.
    pub onward: MessageLink,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MessageLink {
    pub href: String,
    pub label: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MessageAction {
    /// Where the button posts, a site path with its query.
    pub path: String,
    pub label: String,
}

/// A page with a form anyone may send (a recruitment request, a contact message): empty, or
/// what its own form (posted without JavaScript) came back with: the confirmation, or the
/// messages per field and what was typed.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct FormOutcome {
    /// The confirmation sentence once the request or message is in.
    pub sent: Option<String>,
    /// Messages by field name; `message` for one that belongs to no field.
    pub errors: BTreeMap<String, Vec<String>>,
    /// The values as posted, to fill the form again.
    pub values: BTreeMap<String, String>,
}
