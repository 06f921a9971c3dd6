//! Lists the Django REST framework way: `?page=N&page_size=N` in, `{count, next, previous,
//! results}` out, with absolute links to the neighbouring pages. Also the query string as a
//! list reads it, with clear 400s for values it cannot use.

use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use entity::words::{Filter, Word};
use sea_orm::sea_query::Expr;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, FromQueryResult, PaginatorTrait, QueryOrder, QuerySelect, Select};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// A page when none is asked for, and the most one page may hold (the contract's).
pub const DEFAULT_PAGE_SIZE: u64 = 20;
pub const MAX_PAGE_SIZE: u64 = 100;
/// The longest value a list's query parameter may have: longer than any search, town or name,
/// and short enough that no query built from it is costly (a 50,000-character `area` made
/// SQLite's LIKE fail).
pub const QUERY_VALUE_MAX_CHARS: usize = 200;

/// A list's `page` and `page_size`, as the OpenAPI document describes them for every list
/// ([`ListQuery::page_request`] reads them).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[expect(dead_code, reason = "only its OpenAPI parameters are used: the query is read by ListQuery")]
pub struct PageParams {
    #[param(minimum = 1)]
    page: Option<u64>,
    /// Default 20, at most 100
    #[param(minimum = 1)]
    page_size: Option<u64>,
}

/// One page of a list.
#[derive(Serialize, ToSchema)]
pub struct Paginated<T> {
    /// How many items match, over all pages.
    count: u64,
    /// The next page's absolute URL, or null on the last page.
    #[schema(required, format = "uri")]
    next: Option<String>,
    #[schema(required, format = "uri")]
    previous: Option<String>,
    results: Vec<T>,
}

/// The query string of a list request: its pairs in order, and where it was asked (for links).
pub struct ListQuery {
    path: String,
    pairs: Vec<(String, String)>,
    public_url: String,
}

impl FromRequestParts<Arc<AppState>> for ListQuery {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        let pairs: Vec<(String, String)> = form_urlencoded::parse(parts.uri.query().unwrap_or("").as_bytes()).into_owned().collect();
        // Every parameter of a list takes one value: a repeated one is a mistake, not a list.
        let mut seen = std::collections::HashSet::new();
        if let Some((name, _)) = pairs.iter().find(|(name, _)| !seen.insert(name.as_str())) {
            return Err(AppError::field(name, format!("Give {name} once.")));
        }
        // PostgreSQL cannot hold NUL in text: refused here, not failed in a query.
        if let Some((name, _)) = pairs.iter().find(|(_, value)| value.contains('\0')) {
            return Err(AppError::field(name, crate::http::extract::NULL_CHARACTERS));
        }
        if let Some((name, _)) = pairs.iter().find(|(_, value)| value.chars().count() > QUERY_VALUE_MAX_CHARS) {
            return Err(AppError::field(name, format!("Ensure this value has at most {QUERY_VALUE_MAX_CHARS} characters.")));
        }
        Ok(ListQuery { path: parts.uri.path().to_string(), pairs, public_url: state.config().public_url.clone() })
    }
}

/// Which page of how many items: parsed from `page` and `page_size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u64,
    pub size: u64,
}

impl PageRequest {
    /// How many items come before this page, if this page can hold any of `count` items: a
    /// page past the last has none to fetch (and [`ListQuery::page`] answers it with a 404).
    pub fn offset_within(self, count: u64) -> Option<u64> {
        self.offset().filter(|offset| *offset < count)
    }

    /// How many items come before this page, if a database can skip that many: an OFFSET is
    /// a signed 64-bit number in SQLite and PostgreSQL, so a page further on can hold nothing.
    pub fn offset(self) -> Option<u64> {
        self.page.checked_sub(1)?.checked_mul(self.size).filter(|offset| i64::try_from(*offset).is_ok())
    }

    /// This page of `items` held in memory: empty past the last.
    pub fn slice<T>(self, items: &[T]) -> &[T] {
        let skipped = self.offset_within(items.len() as u64).map_or(items.len(), |offset| offset as usize);
        &items[skipped..skipped.saturating_add(self.size as usize).min(items.len())]
    }
}

impl ListQuery {
    /// The value of `name`, trimmed; `None` when absent or blank.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.raw(name).map(str::trim).filter(|value| !value.is_empty())
    }

    /// The value of `name` as sent, if it was.
    pub(crate) fn raw(&self, name: &str) -> Option<&str> {
        self.pairs.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }

    /// A value read by `parse`; one that does not parse, blank included, is a field error
    /// saying `expected`.
    pub fn parsed<T>(&self, errors: &mut FieldErrors, name: &str, expected: &str, parse: impl FnOnce(&str) -> Option<T>) -> Option<T> {
        self.checked(errors, name, parse, || expected.to_string())
    }

    /// [`ListQuery::parsed`] whose `expected` is made only for an error: the choices of a word
    /// are spelt out when someone gets them wrong, not on every request.
    fn checked<T>(&self, errors: &mut FieldErrors, name: &str, parse: impl FnOnce(&str) -> Option<T>, expected: impl FnOnce() -> String) -> Option<T> {
        let raw = self.raw(name)?.trim();
        let value = parse(raw);
        if value.is_none() {
            errors.add(name, format!("{} \"{}\" is not one.", expected(), raw.chars().take(50).collect::<String>()));
        }
        value
    }

    /// One of `W`'s words; `what` names it in the error: "A status is Open or Closed;".
    pub fn word<W: Word>(&self, errors: &mut FieldErrors, name: &str, what: &str) -> Option<W> {
        self.checked(errors, name, W::parse, || format!("{what} is {};", W::choices()))
    }

    /// A filter by one of `W`'s words, or `All`; `default` when left out. Anything else is a
    /// field error naming the choices.
    pub fn filter<W: Word>(&self, errors: &mut FieldErrors, name: &str, default: Filter<W>) -> Filter<W> {
        self.checked(errors, name, Filter::parse, || format!("Choose {};", Filter::<W>::choices_text())).unwrap_or(default)
    }

    /// `page` (from 1) and `page_size` (1 to 100, default 20; a bigger one is cut to 100).
    /// Either is a 64-bit number, as the document says; anything else is refused.
    pub fn page_request(&self, errors: &mut FieldErrors) -> PageRequest {
        let positive = |raw: &str| raw.parse::<i64>().ok().filter(|n| *n >= 1).map(|n| n as u64);
        let page = self.parsed(errors, "page", "A page is a whole number from 1;", positive).unwrap_or(1);
        let size = self.parsed(errors, "page_size", "A page size is a whole number from 1;", positive).map_or(DEFAULT_PAGE_SIZE, |n| n.min(MAX_PAGE_SIZE));
        PageRequest { page, size }
    }

    /// The page of `results` among `count` items. A page past the last answers 404, as Django
    /// REST framework does (page 1 of an empty list is an empty page).
    pub fn page<T>(&self, request: PageRequest, count: u64, results: Vec<T>) -> Result<Paginated<T>, AppError> {
        let pages = count.div_ceil(request.size).max(1);
        if request.page > pages {
            return Err(AppError::PageOutOfRange);
        }
        let link = |page: u64| self.link_to(page);
        Ok(Paginated {
            count,
            next: (request.page < pages).then(|| link(request.page + 1)),
            previous: (request.page > 1).then(|| link(request.page - 1)),
            results,
        })
    }

    /// This request's absolute URL with `page` set (left out for page 1, as DRF does).
    fn link_to(&self, page: u64) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (key, value) in self.pairs.iter().filter(|(key, _)| key != "page") {
            query.append_pair(key, value);
        }
        if page > 1 {
            query.append_pair("page", &page.to_string());
        }
        let query = query.finish();
        let separator = if query.is_empty() { "" } else { "?" };
        format!("{}{}{separator}{query}", self.public_url, self.path)
    }
}

/// One page of `select`'s rows, and how many rows match in all; a page past the last fetches
/// nothing (and [`ListQuery::page`] answers it with a 404).
pub async fn rows_of_page<'db, C, E>(db: &'db C, select: Select<E>, request: PageRequest) -> Result<(u64, Vec<E::Model>), DbErr>
where
    C: ConnectionTrait,
    E: EntityTrait,
    E::Model: FromQueryResult + Send + Sync + 'db,
{
    let paginator = select.paginate(db, request.size);
    let count = paginator.num_items().await?;
    let rows = match request.offset_within(count) {
        Some(_) => paginator.fetch_page(request.page - 1).await?,
        None => Vec::new(),
    };
    Ok((count, rows))
}

/// How a page of ids learns how many rows match in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// With a query of its own: an index counts a plain list's rows without reading them, and
    /// its page stops after a page's worth of the index.
    Apart,
    /// With the page, in one query (`COUNT(*) OVER ()`): a search's matches are found and
    /// filtered once instead of twice.
    WithThePage,
}

/// One page of the ids of `select`'s rows (in its order), and how many rows match in all. Only
/// the ids are counted and sorted, then the caller reads the page's rows by id, rather than
/// counting and sorting every matching row whole to show a page of them.
pub async fn ids_of_page<C, E>(db: &C, select: Select<E>, id: E::Column, request: PageRequest, counting: Counting) -> Result<(u64, Vec<i32>), DbErr>
where
    C: ConnectionTrait,
    E: EntityTrait,
{
    let ids = select.select_only().column(id);
    if counting == Counting::WithThePage
        && let Some(offset) = request.offset()
    {
        let counted = ids.clone().column_as(Expr::cust("COUNT(*) OVER ()"), "total").offset(offset).limit(request.size);
        let page: Vec<(i32, i64)> = counted.into_tuple().all(db).await?;
        if let Some(&(_, total)) = page.first() {
            return Ok((total as u64, page.into_iter().map(|(id, _)| id).collect()));
        }
    }
    let mut counted = ids.clone();
    QueryOrder::query(&mut counted).clear_order_by();
    let count = counted.into_tuple::<i32>().count(db).await?;
    if counting == Counting::WithThePage {
        // The page came back empty: nothing matches, or it is past the last; the count says which.
        return Ok((count, Vec::new()));
    }
    let page = match request.offset_within(count) {
        Some(offset) => ids.offset(offset).limit(request.size).into_tuple::<i32>().all(db).await?,
        None => Vec::new(),
    };
    Ok((count, page))
}

/// `rows` put in the order of `ids` (a page read by id comes back in the table's order).
pub fn in_order_of<T>(ids: &[i32], rows: Vec<T>, id_of: impl Fn(&T) -> i32) -> Vec<T> {
    let mut by_id: std::collections::HashMap<i32, T> = rows.into_iter().map(|row| (id_of(&row), row)).collect();
    ids.iter().filter_map(|id| by_id.remove(id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_of_items_in_memory_is_empty_past_the_last() {
        let items: Vec<u32> = (1..=7).collect();
        assert_eq!(PageRequest { page: 1, size: 3 }.slice(&items), [1, 2, 3]);
        assert_eq!(PageRequest { page: 3, size: 3 }.slice(&items), [7]);
        assert!(PageRequest { page: 4, size: 3 }.slice(&items).is_empty());
        assert!(PageRequest { page: u64::MAX, size: 100 }.slice(&items).is_empty());
    }

    fn query(raw: &str) -> ListQuery {
        ListQuery {
            path: "/api/service/".into(),
            pairs: form_urlencoded::parse(raw.as_bytes()).into_owned().collect(),
            public_url: "https://example.uk".into(),
        }
    }

    #[test]
    fn pages_link_to_their_neighbours_keeping_the_filters() {
        let list = query("status=Open&page=2&page_size=10");
        let mut errors = FieldErrors::default();
        let request = list.page_request(&mut errors);
        assert_eq!(request, PageRequest { page: 2, size: 10 });
        let page = list.page(request, 35, vec![1]).unwrap();
        assert_eq!(page.next.as_deref(), Some("https://example.uk/api/service/?status=Open&page_size=10&page=3"));
        assert_eq!(page.previous.as_deref(), Some("https://example.uk/api/service/?status=Open&page_size=10"));
        assert!(list.page(PageRequest { page: 5, size: 10 }, 35, Vec::<u8>::new()).is_err());
        assert!(list.page(PageRequest { page: 1, size: 10 }, 0, Vec::<u8>::new()).is_ok());
    }

    #[test]
    fn a_blank_value_is_no_value_of_its_kind() {
        let mut errors = FieldErrors::default();
        assert_eq!(query("page=").parsed(&mut errors, "page", "A page", |raw| raw.parse::<u64>().ok()), None);
        assert!(errors.finish().is_err());
        assert_eq!(query("search=").text("search"), None);
    }

    #[test]
    fn sizes_are_capped_and_nonsense_is_refused() {
        let mut errors = FieldErrors::default();
        assert_eq!(query("page_size=1000").page_request(&mut errors).size, MAX_PAGE_SIZE);
        assert!(errors.finish().is_ok());
        let mut errors = FieldErrors::default();
        query("page=0&page_size=abc").page_request(&mut errors);
        assert!(errors.finish().is_err());
    }
}
