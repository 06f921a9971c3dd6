//! The site's 33 routes (spec section 2) and the query each one reads. A route knows its
//! canonical URL (the cache key and the `_payload.json` address) and whether it may be cached.

use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    Home,
    Jobs { page: u64, search: String },
    About,
    Apply { job: Option<i32> },
    Cancel,
    Contact,
    Payment,
    Success,
    JobPost,
    Bookmarks,
    UserLogin,
    UserVerify { email: String },
    UserRegister,
    UserForgotPassword,
    UserChangePassword,
    UserProfile,
    UserBookings,
    UserPayments,
    UserApplications,
    UserMyJobPost,
    HowItWorks,
    CookiePolicy,
    PrivacyPolicy,
    TermsAndConditions,
    FormFindJob,
    FormJobPost,
    FormHireTalent,
    Notifications,
    Services { category: Option<String>, page: u64 },
    ServicesBook { service: Option<i32> },
    ServicesDetails { service: Option<i32> },
    BecomeProvider { service: Option<i32> },
    RecruitmentPost,
}

/// Every path the site answers, in the spec's order.
pub const PATHS: [&str; 33] = [
    "/", "/jobs", "/about", "/apply", "/cancel", "/contact", "/payment", "/success", "/job-post", "/bookmarks",
    "/user/login", "/user/verify", "/user/register", "/user/forgot-password", "/user/change-password",
    "/user/profile", "/user/bookings", "/user/payments", "/user/applications", "/user/my-job-post",
    "/how-it-works", "/cookie-policy", "/privacy-policy", "/terms-and-conditions", "/form/find-job",
    "/form/job-post", "/form/hire-talent", "/notifications", "/services", "/services/book",
    "/services/details", "/become-provider", "/recruitment-post",
];

/// Why a known path cannot be shown with the query it was given: answered as not found.
#[derive(Debug, PartialEq, Eq)]
pub struct BadQuery;

type Query = HashMap<String, String>;

pub fn parse_query(raw: Option<&str>) -> Query {
    form_urlencoded::parse(raw.unwrap_or("").as_bytes()).into_owned().collect()
}

/// A positive id, or `None` when absent; a malformed one makes the page not found.
fn id(query: &Query, name: &str) -> Result<Option<i32>, BadQuery> {
    match query.get(name).map(|v| v.trim()) {
        None | Some("") => Ok(None),
        Some(value) => value.parse::<i32>().ok().filter(|n| *n > 0).map(Some).ok_or(BadQuery),
    }
}

fn page(query: &Query) -> Result<u64, BadQuery> {
    match query.get("page").map(|v| v.trim()) {
        None | Some("") => Ok(1),
        Some(value) => value.parse::<u64>().ok().filter(|n| (1..=100_000).contains(n)).ok_or(BadQuery),
    }
}

fn text(query: &Query, name: &str) -> String {
    query.get(name).map(|v| v.trim().chars().take(100).collect()).unwrap_or_default()
}

impl Route {
    /// The route of `path`, `None` if the site has no such page.
    pub fn parse(path: &str, query: &Query) -> Option<Result<Route, BadQuery>> {
        let route = match path {
            "/" => Route::Home,
            "/jobs" => match page(query) {
                Ok(page) => Route::Jobs { page, search: text(query, "search") },
                Err(e) => return Some(Err(e)),
            },
            "/about" => Route::About,
            "/apply" => match id(query, "id") {
                Ok(job) => Route::Apply { job },
                Err(e) => return Some(Err(e)),
            },
            "/cancel" => Route::Cancel,
            "/contact" => Route::Contact,
            "/payment" => Route::Payment,
            "/success" => Route::Success,
            "/job-post" => Route::JobPost,
            "/bookmarks" => Route::Bookmarks,
            "/user/login" => Route::UserLogin,
            "/user/verify" => Route::UserVerify { email: text(query, "email") },
            "/user/register" => Route::UserRegister,
            "/user/forgot-password" => Route::UserForgotPassword,
            "/user/change-password" => Route::UserChangePassword,
            "/user/profile" => Route::UserProfile,
            "/user/bookings" => Route::UserBookings,
            "/user/payments" => Route::UserPayments,
            "/user/applications" => Route::UserApplications,
            "/user/my-job-post" => Route::UserMyJobPost,
            "/how-it-works" => Route::HowItWorks,
            "/cookie-policy" => Route::CookiePolicy,
            "/privacy-policy" => Route::PrivacyPolicy,
            "/terms-and-conditions" => Route::TermsAndConditions,
            "/form/find-job" => Route::FormFindJob,
            "/form/job-post" => Route::FormJobPost,
            "/form/hire-talent" => Route::FormHireTalent,
            "/notifications" => Route::Notifications,
            "/services" => match page(query) {
                Ok(page) => Route::Services { category: Some(text(query, "category")).filter(|c| !c.is_empty()), page },
                Err(e) => return Some(Err(e)),
            },
            "/services/book" => match id(query, "id") {
                Ok(service) => Route::ServicesBook { service },
                Err(e) => return Some(Err(e)),
            },
            "/services/details" => match id(query, "id") {
                Ok(service) => Route::ServicesDetails { service },
                Err(e) => return Some(Err(e)),
            },
            "/become-provider" => match id(query, "service") {
                Ok(service) => Route::BecomeProvider { service },
                Err(e) => return Some(Err(e)),
            },
            "/recruitment-post" => Route::RecruitmentPost,
            _ => return None,
        };
        Some(Ok(route))
    }

    pub fn path(&self) -> &'static str {
        match self {
            Route::Home => "/",
            Route::Jobs { .. } => "/jobs",
            Route::About => "/about",
            Route::Apply { .. } => "/apply",
            Route::Cancel => "/cancel",
            Route::Contact => "/contact",
            Route::Payment => "/payment",
            Route::Success => "/success",
            Route::JobPost => "/job-post",
            Route::Bookmarks => "/bookmarks",
            Route::UserLogin => "/user/login",
            Route::UserVerify { .. } => "/user/verify",
            Route::UserRegister => "/user/register",
            Route::UserForgotPassword => "/user/forgot-password",
            Route::UserChangePassword => "/user/change-password",
            Route::UserProfile => "/user/profile",
            Route::UserBookings => "/user/bookings",
            Route::UserPayments => "/user/payments",
            Route::UserApplications => "/user/applications",
            Route::UserMyJobPost => "/user/my-job-post",
            Route::HowItWorks => "/how-it-works",
            Route::CookiePolicy => "/cookie-policy",
            Route::PrivacyPolicy => "/privacy-policy",
            Route::TermsAndConditions => "/terms-and-conditions",
            Route::FormFindJob => "/form/find-job",
            Route::FormJobPost => "/form/job-post",
            Route::FormHireTalent => "/form/hire-talent",
            Route::Notifications => "/notifications",
            Route::Services { .. } => "/services",
            Route::ServicesBook { .. } => "/services/book",
            Route::ServicesDetails { .. } => "/services/details",
            Route::BecomeProvider { .. } => "/become-provider",
            Route::RecruitmentPost => "/recruitment-post",
        }
    }

    /// The query this route's page depends on, in a fixed order; defaults are left out.
    fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        match self {
            Route::Jobs { page, search } => {
                if !search.is_empty() {
                    pairs.push(("search", search.clone()));
                }
                if *page > 1 {
                    pairs.push(("page", page.to_string()));
                }
            }
            Route::Services { category, page } => {
                if let Some(category) = category {
                    pairs.push(("category", category.clone()));
                }
                if *page > 1 {
                    pairs.push(("page", page.to_string()));
                }
            }
            Route::Apply { job: Some(id) } | Route::ServicesBook { service: Some(id) } | Route::ServicesDetails { service: Some(id) } => {
                pairs.push(("id", id.to_string()))
            }
            Route::BecomeProvider { service: Some(id) } => pairs.push(("service", id.to_string())),
            Route::UserVerify { email } if !email.is_empty() => pairs.push(("email", email.clone())),
            _ => {}
        }
        pairs
    }

    /// The path with its canonical query: the cache key and what the page calls its URL.
    pub fn url(&self) -> String {
        let pairs = self.query_pairs();
        if pairs.is_empty() {
            return self.path().to_string();
        }
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (name, value) in pairs {
            query.append_pair(name, &value);
        }
        format!("{}?{}", self.path(), query.finish())
    }

    /// Free-text queries (a search, someone's email) are rendered per request, not kept.
    pub fn cacheable(&self) -> bool {
        match self {
            Route::Jobs { search, .. } => search.is_empty(),
            Route::UserVerify { email } => email.is_empty(),
            _ => true,
        }
    }

    /// Search engines index the public catalogue, not forms or a member's pages.
    pub fn indexable(&self) -> bool {
        let path = self.path();
        !path.starts_with("/user/")
            && !path.starts_with("/form/")
            && !matches!(
                self,
                Route::Payment
                    | Route::Cancel
                    | Route::Success
                    | Route::Bookmarks
                    | Route::Notifications
                    | Route::JobPost
                    | Route::ServicesBook { .. }
                    | Route::RecruitmentPost
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(url: &str) -> Option<Result<Route, BadQuery>> {
        let (path, query) = url.split_once('?').map_or((url, None), |(p, q)| (p, Some(q)));
        Route::parse(path, &parse_query(query))
    }

    #[test]
    fn every_listed_path_is_a_route_whose_path_is_itself() {
        for path in PATHS {
            let parsed = route(path).expect(path).expect(path);
            assert_eq!(parsed.path(), path);
            assert_eq!(parsed.url(), path);
        }
    }

    #[test]
    fn canonical_urls_keep_only_what_the_page_reads() {
        assert_eq!(route("/services?page=1&category=cleaning&utm_source=x").unwrap().unwrap().url(), "/services?category=cleaning");
        assert_eq!(route("/services?category=cleaning&page=3").unwrap().unwrap().url(), "/services?category=cleaning&page=3");
        assert_eq!(route("/jobs?search=care+assistant&page=2").unwrap().unwrap().url(), "/jobs?search=care+assistant&page=2");
        assert_eq!(route("/services/details?id=7").unwrap().unwrap().url(), "/services/details?id=7");
        assert_eq!(route("/user/verify?email=a%40b.uk").unwrap().unwrap().url(), "/user/verify?email=a%40b.uk");
    }

    #[test]
    fn malformed_queries_are_bad_and_unknown_paths_are_none() {
        assert_eq!(route("/services/details?id=abc"), Some(Err(BadQuery)));
        assert_eq!(route("/services/details?id=-3"), Some(Err(BadQuery)));
        assert_eq!(route("/jobs?page=0"), Some(Err(BadQuery)));
        assert_eq!(route("/nowhere"), None);
        assert_eq!(route("/jobs/"), None);
    }

    #[test]
    fn searches_and_emails_are_not_cached() {
        assert!(!route("/jobs?search=chef").unwrap().unwrap().cacheable());
        assert!(route("/jobs?page=2").unwrap().unwrap().cacheable());
        assert!(!route("/user/verify?email=a@b.uk").unwrap().unwrap().cacheable());
    }
}
