//! The site's 33 routes (spec section 2), declared once in [`route_table!`]: each route's
//! path, the query its page reads (the field's type says how a value is read and written),
//! and who it is for. The parser, the path and canonical URL builder, the list of paths, and
//! whether a page is indexed or for members only all come from that one table; the page data,
//! loaders and cache tags match on [`Route`] exhaustively, so a new route cannot miss one.

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

/// A query parameter as a page reads it; the type decides how.
trait QueryValue: Sized {
    fn read(query: &Query, name: &str) -> Result<Self, BadQuery>;
    /// The canonical text, or `None` for the default (left out of the URL).
    fn write(&self) -> Option<String>;
    /// Free text (a search, someone's email) makes a page that is rendered per request.
    fn cacheable(&self) -> bool {
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

    fn cacheable(&self) -> bool {
        self.is_empty()
    }
}

/// `Variant "path" access { field: Type = "param", ... };` for each route, in the spec's order.
macro_rules! route_table {
    ($( $name:ident $path:literal $access:ident $({ $($field:ident: $ty:ty = $param:literal),* $(,)? })? ;)*) => {
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Route {
            $( $name $({ $($field: $ty),* })? ),*
        }

        /// Every path the site answers, in the spec's order.
        pub const PATHS: &[&str] = &[$($path),*];

        impl Route {
            /// The route of `path`, `None` if the site has no such page.
            pub fn parse(path: &str, query: &Query) -> Option<Result<Route, BadQuery>> {
                let parsed = match path {
                    $( $path => (|| Ok(Route::$name $({ $($field: <$ty as QueryValue>::read(query, $param)?),* })?))(), )*
                    _ => return None,
                };
                Some(parsed)
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
            pub fn cacheable(&self) -> bool {
                match self {
                    $( Route::$name $({ $($field),* })? => true $($( && QueryValue::cacheable($field) )*)?, )*
                }
            }
        }
    };
}

route_table! {
    Home "/" Public;
    Jobs "/jobs" Public { search: String = "search", page: u64 = "page" };
    About "/about" Public;
    Apply "/apply" Public { job: Option<i32> = "id" };
    Cancel "/cancel" Unlisted;
    Contact "/contact" Public;
    Payment "/payment" Unlisted;
    Success "/success" Unlisted;
    JobPost "/job-post" Unlisted;
    Bookmarks "/bookmarks" Unlisted;
    UserLogin "/user/login" Unlisted;
    UserVerify "/user/verify" Unlisted { email: String = "email" };
    UserRegister "/user/register" Unlisted;
    UserForgotPassword "/user/forgot-password" Unlisted;
    UserChangePassword "/user/change-password" Member;
    UserProfile "/user/profile" Member;
    UserBookings "/user/bookings" Member;
    UserPayments "/user/payments" Member;
    UserApplications "/user/applications" Member;
    UserMyJobPost "/user/my-job-post" Member;
    HowItWorks "/how-it-works" Public;
    CookiePolicy "/cookie-policy" Public;
    PrivacyPolicy "/privacy-policy" Public;
    TermsAndConditions "/terms-and-conditions" Public;
    FormFindJob "/form/find-job" Unlisted;
    FormJobPost "/form/job-post" Unlisted;
    FormHireTalent "/form/hire-talent" Unlisted;
    Notifications "/notifications" Member;
    Services "/services" Public { category: Option<String> = "category", page: u64 = "page" };
    ServicesBook "/services/book" Unlisted { service: Option<i32> = "id" };
    ServicesDetails "/services/details" Public { service: Option<i32> = "id" };
    BecomeProvider "/become-provider" Public { service: Option<i32> = "service" };
    RecruitmentPost "/recruitment-post" Unlisted;
}

impl Route {
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

    /// Search engines index the public catalogue, not forms or a member's pages.
    pub fn indexable(&self) -> bool {
        self.access() == Access::Public
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
    fn the_table_holds_the_spec_routes_once_each() {
        assert_eq!(PATHS.len(), 33);
        let unique: std::collections::HashSet<_> = PATHS.iter().collect();
        assert_eq!(unique.len(), 33);
        let members: Vec<&str> = PATHS.iter().copied().filter(|p| route(p).unwrap().unwrap().access() == Access::Member).collect();
        assert_eq!(members, ["/user/change-password", "/user/profile", "/user/bookings", "/user/payments", "/user/applications", "/user/my-job-post", "/notifications"]);
    }

    #[test]
    fn searches_and_emails_are_not_cached() {
        assert!(!route("/jobs?search=chef").unwrap().unwrap().cacheable());
        assert!(route("/jobs?page=2").unwrap().unwrap().cacheable());
        assert!(!route("/user/verify?email=a@b.uk").unwrap().unwrap().cacheable());
    }
}
