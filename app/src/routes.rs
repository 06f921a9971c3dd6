//! The site's 36 routes (spec section 2), declared once in [`route_table!`]: each route's
//! path, the query its page reads (the field's type says how a value is read and written), who
//! it is for, the page that renders it with the type of data that page is a function of, its
//! layout and the cache tags it is made from. The parser, the path and canonical URL builder,
//! the list of paths, indexability, [`PageData`], the page dispatch and the cache tags all come
//! from that one table; the server's loaders match on [`Route`] exhaustively for the data.

use crate::data::*;
use crate::layouts::Layout;
use crate::pages::Page;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Why a known path cannot be shown with the query it was given: answered as not found.
#[derive(Debug, PartialEq, Eq)]
pub struct BadQuery;

type Query = HashMap<String, String>;

pub fn parse_query(raw: Option<&str>) -> Query {
    form_urlencoded::parse(raw.unwrap_or("").as_bytes()).into_owned().collect()
}

/// Who a page is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    /// The public catalogue and company pages: indexed by search engines.
    Public,
    /// Forms and flow pages anyone may open, not worth indexing.
    Unlisted,
    /// The signed-in area: the page sends a visitor without a session to log in.
    Member,
}

impl Access {
    /// Search engines index the public catalogue, not forms or a member's pages.
    pub fn indexable(self) -> bool {
        self == Access::Public
    }
}

/// A query parameter as a page reads it; the type decides how.
trait QueryValue: Sized {
    fn read(query: &Query, name: &str) -> Result<Self, BadQuery>;
    /// The canonical text, or `None` for the default (left out of the URL).
    fn write(&self) -> Option<String>;
    /// Free text (a search, someone's email) makes a page that is rendered per request.
    fn keepable(&self) -> bool {
        true
    }
}

/// A page number: 1 when absent; anything but 1 to 100,000 makes the page not found.
impl QueryValue for u64 {
    fn read(query: &Query, name: &str) -> Result<Self, BadQuery> {
        match query.get(name).map(|v| v.trim()) {
            None | Some("") => Ok(1),
            Some(value) => value.parse::<u64>().ok().filter(|n| (1..=100_000).contains(n)).ok_or(BadQuery),
        }
    }

    fn write(&self) -> Option<String> {
        (*self > 1).then(|| self.to_string())
    }
}

/// A record's id: `None` when absent; a malformed one makes the page not found.
impl QueryValue for Option<i32> {
    fn read(query: &Query, name: &str) -> Result<Self, BadQuery> {
        match query.get(name).map(|v| v.trim()) {
            None | Some("") => Ok(None),
            Some(value) => value.parse::<i32>().ok().filter(|n| *n > 0).map(Some).ok_or(BadQuery),
        }
    }

    fn write(&self) -> Option<String> {
        self.map(|id| id.to_string())
    }
}

/// A flag, as a redirect sets it (`sent=1`): off when absent; anything but `1` makes the page
/// not found.
impl QueryValue for bool {
    fn read(query: &Query, name: &str) -> Result<Self, BadQuery> {
        match query.get(name).map(|v| v.trim()) {
            None | Some("") => Ok(false),
            Some("1") => Ok(true),
            Some(_) => Err(BadQuery),
        }
    }

    fn write(&self) -> Option<String> {
        self.then(|| "1".to_string())
    }
}

fn text(query: &Query, name: &str) -> String {
    query.get(name).map(|v| v.trim().chars().take(100).collect()).unwrap_or_default()
}

/// A slug (a category): one of a known few, so its pages are cached.
impl QueryValue for Option<String> {
    fn read(query: &Query, name: &str) -> Result<Self, BadQuery> {
        Ok(Some(text(query, name)).filter(|slug| !slug.is_empty()))
    }

    fn write(&self) -> Option<String> {
        self.clone()
    }
}

/// Free text, at most 100 characters.
impl QueryValue for String {
    fn read(query: &Query, name: &str) -> Result<Self, BadQuery> {
        Ok(text(query, name))
    }

    fn write(&self) -> Option<String> {
        (!self.is_empty()).then(|| self.clone())
    }

    fn keepable(&self) -> bool {
        self.is_empty()
    }
}

/// What a page is made from; a write names the tags it touches, and the pages made from them
/// are dropped from the cache. Every page is made from [`Tag::Site`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tag {
    /// Categories and website info: the header, menus and footer of every page.
    Site,
    /// Lists of services (home, category lists, pickers).
    Services,
    Service(i32),
    /// Lists of jobs (home, the jobs list).
    Jobs,
    Job(i32),
    /// Recent reviews and ratings shown in lists.
    Reviews,
    /// A provider's profile (by account id): their name, photo, services, areas, and the
    /// reviews of the jobs they did.
    Provider(i32),
    /// Where services work, with their categories and statuses: what searches near a postcode
    /// read (kept in memory, `server/src/catalogue/coverage_index.rs`). No page is made from it
    /// alone, so a review, which changes lists but not where anyone works, leaves it be.
    Coverage,
}

/// The tags of what several writes touch alike, named once.
impl Tag {
    /// Where a review of `service` shows, when its words or its answer change: the service's
    /// page, the recent reviews, and the profile of the provider who did the visit.
    pub fn review(service: i32, provider: Option<i32>) -> Vec<Tag> {
        [Tag::Service(service), Tag::Reviews].into_iter().chain(provider.map(Tag::Provider)).collect()
    }

    /// As [`Tag::review`], when its rating counts anew (a review left, changed, hidden or shown
    /// again): the lists of services, which show ratings, too.
    pub fn rating(service: i32, provider: Option<i32>) -> Vec<Tag> {
        let mut tags = Tag::review(service, provider);
        tags.push(Tag::Services);
        tags
    }
}

/// Emits its tokens and ignores the type: lets a row's optional data type decide whether a
/// binding appears, while the binding's name comes from [`route_table!`] itself (hygiene).
macro_rules! with_data {
    ($data:ty, $($tokens:tt)*) => { $($tokens)* };
}

/// A [`DataRoute`] variant's payload: its route's query fields, in the table's order, for a row
/// with a data type; [`Never`] for a row without one, so that the variant cannot be made and a
/// loader's match leaves it out.
macro_rules! data_route_payload {
    (; $($ty:ty),*) => {
        Never
    };
    ($data:ty; $($ty:ty),*) => {
        ($($ty,)*)
    };
}

/// Where a row's page comes from: the route alone for a row without a data type, a loader for a
/// row with one.
macro_rules! page_source {
    (; $name:ident; $($field:ident),*) => {
        PageSource::Ready(Box::new(PageData::$name))
    };
    ($data:ty; $name:ident; $($field:ident),*) => {
        PageSource::Load(DataRoute::$name(($($field.clone(),)*)))
    };
}

/// No value: the payload of a [`DataRoute`] variant whose page has no data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Never {}

/// Where a page comes from: ready from its route alone, or to be made by a loader from data.
#[derive(Clone, Debug, PartialEq)]
pub enum PageSource {
    Ready(Box<PageData>),
    Load(DataRoute),
}

/// One row per route, in the spec's order:
/// `Variant "path" Access { field: Type = "param", .. } => module::page(Data) in Layout tags expr;`
/// where the query, `(Data)`, `in Layout` (default [`Layout::Default`]) and `tags` (an iterator
/// of [`Tag`] over the fields, besides [`Tag::Site`]) are optional. `page` is a function of
/// `crate::pages` taking `(&Data, &SiteData)`, or only `&SiteData` for a page without data.
macro_rules! route_table {
    ($(
        $name:ident $path:literal $access:ident $({ $($field:ident: $ty:ty = $param:literal),* $(,)? })?
        => $($page:ident)::+ $(($data:ty))? $(in $layout:ident)? $(tags $tags:expr)?;
    )*) => {
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Route {
            $( $name $({ $($field: $ty),* })? ),*
        }

        /// Every route and the data its page is a function of: what `_payload.json` carries.
        #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
        #[serde(tag = "page", content = "data", rename_all = "snake_case")]
        pub enum PageData {
            $( $name $(($data))? ),*
        }

        /// The routes whose page is made from data, each with its query fields in the table's
        /// order: what a loader matches. A route without data has a variant that cannot be made
        /// (its payload is [`Never`]), so the loader's match, with no wildcard, must name every
        /// route with data, and a new one without a loader does not compile.
        #[derive(Clone, Debug, PartialEq)]
        pub enum DataRoute {
            $( $name(data_route_payload!($($data)?; $($($ty),*)?)) ),*
        }

        /// Every path the site answers, in the spec's order.
        pub const PATHS: &[&str] = &[$($path),*];

        impl Route {
            /// The route of `path`, `None` if the site has no such page.
            pub fn parse(path: &str, query: &Query) -> Option<Result<Route, BadQuery>> {
                Self::read(path, query).map(|route| route.map(Route::without_lone_distance)).transpose()
            }

            fn read(path: &str, query: &Query) -> Result<Option<Route>, BadQuery> {
                Ok(Some(match path {
                    $( $path => Route::$name $({ $($field: <$ty as QueryValue>::read(query, $param)?),* })?, )*
                    _ => return Ok(None),
                }))
            }

            pub fn path(&self) -> &'static str {
                match self {
                    $( Route::$name { .. } => $path, )*
                }
            }

            pub fn access(&self) -> Access {
                match self {
                    $( Route::$name { .. } => Access::$access, )*
                }
            }

            /// `path` as the site's own text, when it is one of its pages.
            pub fn known_path(path: &str) -> Option<&'static str> {
                match path {
                    $( $path => Some($path), )*
                    _ => None,
                }
            }

            /// Who the page at `path` is for, whatever its query; `None` if the site has no
            /// such page. For an address known to be a page's without parsing its query.
            pub fn access_of(path: &str) -> Option<Access> {
                match path {
                    $( $path => Some(Access::$access), )*
                    _ => None,
                }
            }

            /// The query this route's page depends on, in the table's order; defaults left out.
            fn query_pairs(&self) -> Vec<(&'static str, String)> {
                match self {
                    $( Route::$name $({ $($field),* })? => {
                        #[allow(unused_mut)]
                        let mut pairs = Vec::new();
                        $($( pairs.extend(QueryValue::write($field).map(|value| ($param, value))); )*)?
                        pairs
                    } )*
                }
            }

            /// Free-text queries (a search, someone's email) are rendered per request, not kept.
            pub fn keepable(&self) -> bool {
                match self {
                    $( Route::$name $({ $($field),* })? => true $($( && QueryValue::keepable($field) )*)?, )*
                }
            }

            /// The tags this route's page is made from.
            pub fn tags(&self) -> Vec<Tag> {
                match self {
                    $(
                        #[allow(unused_variables)]
                        Route::$name $({ $($field),* })? => {
                            #[allow(unused_mut)]
                            let mut tags = vec![Tag::Site];
                            $( tags.extend($tags); )?
                            tags
                        }
                    )*
                }
            }

            /// The page of a route without data, or the [`DataRoute`] a loader makes it from.
            pub fn source(&self) -> PageSource {
                match self {
                    $(
                        #[allow(unused_variables)]
                        Route::$name $({ $($field),* })? => page_source!($($data)?; $name; $($($field),*)?),
                    )*
                }
            }
        }

        #[cfg(test)]
        impl Route {
            /// The layout the route's page sits in.
            pub(crate) fn layout(&self) -> Layout {
                match self {
                    $( Route::$name { .. } => [$( Layout::$layout, )? Layout::Default][0], )*
                }
            }
        }

        impl PageData {
            pub(crate) fn layout(&self) -> Layout {
                match self {
                    $( PageData::$name { .. } => [$( Layout::$layout, )? Layout::Default][0], )*
                }
            }

            /// The page (head text and content) this data renders.
            pub(crate) fn render(&self, site: &SiteData) -> Page {
                match self {
                    $( PageData::$name $(( with_data!($data, data) ))? => crate::pages::$($page)::+($( with_data!($data, data), )? site), )*
                }
            }
        }
    };
}

route_table! {
    Home "/" Public => home::page(HomeData) tags [Tag::Services, Tag::Jobs, Tag::Reviews];
    // `near` and `within`: jobs near a postcode; like a search, rendered per request.
    Jobs "/jobs" Public { search: String = "search", near: String = "near", within: String = "within", page: u64 = "page" } => jobs::page(JobsData) tags [Tag::Jobs];
    About "/about" Public => about::page;
    Apply "/apply" Public { job: Option<i32> = "id" } => apply::page(Option<JobDetail>) tags job.map(Tag::Job);
    Cancel "/cancel" Unlisted => cancel::page;
    // `sent`: where the contact form, posted without JavaScript, redirects once the message is in.
    Contact "/contact" Public { sent: bool = "sent" } => contact::page(FormOutcome);
    Payment "/payment" Unlisted => payment::page;
    Success "/success" Unlisted => success::page;
    JobPost "/job-post" Unlisted => job_post::page;
    Bookmarks "/bookmarks" Unlisted => bookmarks::page;
    // The account forms work without JavaScript too (post, redirect, get): `verified` and
    // `reset` are where verifying and resetting redirect, `email` where a reset code was sent.
    UserLogin "/user/login" Unlisted { verified: bool = "verified", reset: bool = "reset" } => user::login::page(FormOutcome);
    UserVerify "/user/verify" Unlisted { email: String = "email" } => user::verify::page(VerifyData);
    UserRegister "/user/register" Unlisted => user::register::page(FormOutcome);
    UserForgotPassword "/user/forgot-password" Unlisted { email: String = "email" } => user::forgot_password::page(FormOutcome);
    UserChangePassword "/user/change-password" Member => user::change_password::page(FormOutcome);
    UserProfile "/user/profile" Member => user::profile::page;
    UserBookings "/user/bookings" Member => user::bookings::page;
    UserPayments "/user/payments" Member => user::payments::page;
    UserApplications "/user/applications" Member => user::applications::page;
    UserMyJobPost "/user/my-job-post" Member => user::my_job_post::page;
    // Not in the spec: a provider's offers, jobs, working terms and calendar feed.
    UserSchedule "/user/schedule" Member => user::schedule::page;
    // Not in the spec: the bookings and jobs with messages the member has not read.
    UserMessages "/user/messages" Member => user::messages::page;
    HowItWorks "/how-it-works" Public => how_it_works::page;
    CookiePolicy "/cookie-policy" Public => cookie_policy::page;
    PrivacyPolicy "/privacy-policy" Public => privacy_policy::page;
    TermsAndConditions "/terms-and-conditions" Public => terms_and_conditions::page;
    FormFindJob "/form/find-job" Unlisted => form::find_job::page in Form;
    FormJobPost "/form/job-post" Unlisted => form::job_post::page in Form;
    FormHireTalent "/form/hire-talent" Unlisted => form::hire_talent::page(FormOutcome) in Form;
    // Anyone may open it (spec section 1: visitors read notifications, and its title is fixed):
    // a visitor is offered to sign in there, not sent to the login page.
    Notifications "/notifications" Unlisted => notifications::page;
    // `near` and `within`: services covering a postcode; like a search, rendered per request.
    Services "/services" Public { category: Option<String> = "category", search: String = "search", near: String = "near", within: String = "within", page: u64 = "page" } => services::list::page(ServicesData) tags [Tag::Services, Tag::Reviews];
    // `postcode`, `length`, `from` and `slot`: the free times asked for and the one chosen;
    // `move`: the member's booking being moved there.
    ServicesBook "/services/book" Unlisted { service: Option<i32> = "id", postcode: String = "postcode", length: String = "length", from: String = "from", slot: String = "slot", moving: String = "move" } => services::book::page(Option<BookPage>) tags service.map(Tag::Service);
    // `postcode`: "Do you cover my postcode?", answered per request.
    ServicesDetails "/services/details" Public { service: Option<i32> = "id", postcode: String = "postcode" } => services::details::page(Option<ServiceDetail>) tags service.map(Tag::Service);
    // Not in the spec: an approved provider's public profile.
    ProvidersProfile "/providers/profile" Public { provider: Option<i32> = "id" } => providers::profile::page(Option<ProviderProfile>) tags provider.map(Tag::Provider).into_iter().chain([Tag::Services]);
    BecomeProvider "/become-provider" Public { service: Option<i32> = "service" } => become_provider::page(BecomeProviderData) tags [Tag::Services];
    RecruitmentPost "/recruitment-post" Unlisted => recruitment_post::page(FormOutcome);
}

impl Route {
    /// A distance means nothing without a postcode, and the search forms always send one: a list
    /// asked for without a postcode is the plain list (cached, and its own canonical address).
    fn without_lone_distance(self) -> Route {
        match self {
            Route::Services { category, search, near, page, .. } if near.is_empty() => Route::Services { category, search, near, within: String::new(), page },
            Route::Jobs { search, near, page, .. } if near.is_empty() => Route::Jobs { search, near, within: String::new(), page },
            route => route,
        }
    }

    /// A page of a category's open services (of all, without one), as every list link names it.
    pub fn services(category: Option<String>, page: u64) -> Route {
        Route::Services { category, search: String::new(), near: String::new(), within: String::new(), page }
    }

    /// A page of the open jobs, as the list's links name it.
    pub fn jobs(page: u64) -> Route {
        Route::Jobs { search: String::new(), near: String::new(), within: String::new(), page }
    }

    /// A service's page.
    pub fn service(id: i32) -> Route {
        Route::ServicesDetails { service: Some(id), postcode: String::new() }
    }

    /// A provider's public profile (by account id).
    pub fn provider(id: i32) -> Route {
        Route::ProvidersProfile { provider: Some(id) }
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

    /// Whether search engines index this page ([`Access::indexable`]).
    pub fn indexable(&self) -> bool {
        self.access().indexable()
    }
}

/// The table as JSON, `[{"path", "access"}]`: what `server routes` prints for the browser tests.
pub fn table_json() -> String {
    let rows: Vec<serde_json::Value> = PATHS
        .iter()
        .map(|&path| {
            let route = Route::parse(path, &parse_query(None)).and_then(Result::ok).expect("every path parses without a query");
            serde_json::json!({ "path": path, "access": route.access() })
        })
        .collect();
    serde_json::to_string_pretty(&rows).expect("the table serialises")
}

/// The two bodies of a page: its HTML, and the data it is made from (`_payload.json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    Html,
    Payload,
}

/// The page `path` asks for, and which of its bodies: `/x/_payload.json` is `/x`'s payload
/// (`/_payload.json` the home page's).
pub fn page_of(path: &str) -> (&str, Body) {
    match path.strip_suffix("/_payload.json") {
        Some("") => ("/", Body::Payload),
        Some(page) => (page, Body::Payload),
        None => (path, Body::Html),
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
        for &path in PATHS {
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
        assert_eq!(route("/services?within=10&near=ls6+1aa&category=cleaning").unwrap().unwrap().url(), "/services?category=cleaning&near=ls6+1aa&within=10");
        assert_eq!(route("/user/verify?email=a%40b.uk").unwrap().unwrap().url(), "/user/verify?email=a%40b.uk");
    }

    #[test]
    fn a_search_near_a_postcode_is_rendered_per_request() {
        assert!(route("/services?category=cleaning").unwrap().unwrap().keepable());
        assert!(!route("/services?category=cleaning&near=LS6").unwrap().unwrap().keepable());
        assert!(!route("/services/details?id=7&postcode=LS6").unwrap().unwrap().keepable());
        assert!(!route("/jobs?near=LS6&within=5").unwrap().unwrap().keepable());
        // The forms send a distance without a postcode too: that is the plain list.
        assert_eq!(route("/services?category=cleaning&search=&near=&within=25").unwrap().unwrap(), Route::services(Some("cleaning".into()), 1));
        assert_eq!(route("/jobs?near=+&within=10").unwrap().unwrap(), Route::jobs(1));
        assert_eq!(route("/services/details?id=7").unwrap().unwrap(), Route::service(7));
        assert_eq!(route("/jobs?page=2").unwrap().unwrap(), Route::jobs(2));
        assert_eq!(route("/services?category=cleaning").unwrap().unwrap(), Route::services(Some("cleaning".into()), 1));
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
    fn the_table_holds_the_spec_routes_once_each() {
        assert_eq!(PATHS.len(), 36);
        let unique: std::collections::HashSet<_> = PATHS.iter().collect();
        assert_eq!(unique.len(), 36);
        let members: Vec<&str> = PATHS.iter().copied().filter(|p| route(p).unwrap().unwrap().access() == Access::Member).collect();
        assert_eq!(
            members,
            [
                "/user/change-password",
                "/user/profile",
                "/user/bookings",
                "/user/payments",
                "/user/applications",
                "/user/my-job-post",
                "/user/schedule",
                "/user/messages"
            ]
        );
    }

    #[test]
    fn tags_name_the_records_a_page_shows() {
        assert_eq!(route("/services/details?id=7").unwrap().unwrap().tags(), [Tag::Site, Tag::Service(7)]);
        assert_eq!(route("/services/details").unwrap().unwrap().tags(), [Tag::Site]);
        assert_eq!(route("/apply?id=3").unwrap().unwrap().tags(), [Tag::Site, Tag::Job(3)]);
        assert_eq!(route("/").unwrap().unwrap().tags(), [Tag::Site, Tag::Services, Tag::Jobs, Tag::Reviews]);
        assert_eq!(route("/about").unwrap().unwrap().tags(), [Tag::Site]);
        // Its service tiles show their services' titles, prices and ratings.
        assert_eq!(route("/providers/profile?id=4").unwrap().unwrap().tags(), [Tag::Site, Tag::Provider(4), Tag::Services]);
    }

    #[test]
    fn only_pages_without_data_are_made_without_a_loader() {
        assert_eq!(route("/about").unwrap().unwrap().source(), PageSource::Ready(Box::new(PageData::About)));
        let jobs = route("/jobs").unwrap().unwrap().source();
        assert_eq!(jobs, PageSource::Load(DataRoute::Jobs((String::new(), String::new(), String::new(), 1))), "the query's fields, in the table's order");
        for with_data in [
            "/",
            "/jobs",
            "/apply",
            "/services",
            "/services/details",
            "/services/book",
            "/providers/profile",
            "/become-provider",
            "/user/verify",
            "/user/login",
            "/user/register",
            "/user/forgot-password",
            "/user/change-password",
            "/contact",
            "/recruitment-post",
            "/form/hire-talent",
        ] {
            assert!(matches!(route(with_data).unwrap().unwrap().source(), PageSource::Load(_)), "{with_data}");
        }
        let without = PATHS.iter().filter(|p| matches!(route(p).unwrap().unwrap().source(), PageSource::Ready(_))).count();
        assert_eq!(without, 20);
    }

    #[test]
    fn form_pages_sit_in_the_form_layout() {
        let form: Vec<&str> = PATHS.iter().copied().filter(|p| route(p).unwrap().unwrap().layout() == Layout::Form).collect();
        assert_eq!(form, ["/form/find-job", "/form/job-post", "/form/hire-talent"]);
    }

    #[test]
    fn searches_and_emails_are_not_kept() {
        assert!(!route("/jobs?search=chef").unwrap().unwrap().keepable());
        assert!(route("/jobs?page=2").unwrap().unwrap().keepable());
        assert!(!route("/user/verify?email=a@b.uk").unwrap().unwrap().keepable());
    }
}
