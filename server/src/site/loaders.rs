//! From the database to the data a page renders: one loader per route.

use super::PageError;
use super::texts;
use crate::accounts::texts as account_texts;
use crate::catalogue::coverage;
use crate::catalogue::coverage_index::KeptCoverage;
use crate::catalogue::services::{self, NearServices, ServiceFilter, ServiceOrder};
use crate::catalogue::{categories, website_info};
use crate::config::Distances;
use crate::jobs::queries::{self as jobs, JobFilter};
use crate::places::{Near, PostcodeArea};
use crate::reviews::queries as reviews;
use crate::scheduling::book_page;
use app::data::{
    ActivityItem, BecomeProviderData, BookPage, CoverAnswer, CoverCheck, FormOutcome, HomeData, JobCard, JobsData, NearSearch, Pagination, PaymentTerms,
    ProviderCategory, SelectedService, ServiceDetail, ServicesData, SiteData, VerifyData,
};
use app::routes::{DataRoute, PageData, PageSource, Route};
use entity::job;
use entity::words::ListingStatus;
use sea_orm::{ConnectionTrait, DbErr, StreamTrait};
use std::collections::{BTreeMap, HashMap};

/// Cards in one page of a list: three or four rows of a desktop grid.
pub const LIST_PAGE_SIZE: u64 = 12;

fn pagination(page: u64, page_size: u64, total_items: u64) -> Pagination {
    Pagination { page, page_size, total_items, total_pages: total_items.div_ceil(page_size).max(1) }
}

pub async fn load_site(db: &impl ConnectionTrait, brand: Option<&str>, payments: PaymentTerms, document_retention_months: u32) -> Result<SiteData, DbErr> {
    Ok(SiteData { info: website_info::website_info(db, brand).await?, categories: categories::categories(db).await?, payments, document_retention_months })
}

/// What pages near a postcode are made with: the distances allowed, and where services work.
#[derive(Clone, Copy)]
pub struct Places<'a> {
    pub distances: Distances,
    pub coverage: &'a KeptCoverage,
}

/// The page data of `route`: not found when what it names does not exist, gone when it was removed.
/// Every route with data has its arm (the match has no wildcard: a new one without a loader
/// does not compile); each arm names its route's query fields in the table's order.
pub async fn load_page(db: &(impl ConnectionTrait + StreamTrait), route: &Route, site: &SiteData, places: Places<'_>) -> Result<PageData, PageError> {
    let data_route = match route.source() {
        PageSource::Ready(page) => return Ok(*page),
        PageSource::Load(data_route) => data_route,
    };
    let page = match data_route {
        DataRoute::Home(()) => PageData::Home(home(db).await?),
        DataRoute::Jobs((search, near, within, page)) => {
            let (near, point) = near_search(near, within, places.distances);
            let filter = JobFilter { status: Some(ListingStatus::Open), search: Some(search.clone()), near: point, ..Default::default() };
            let found = jobs::jobs(db, &filter, page, LIST_PAGE_SIZE).await?;
            if found.rows.is_empty() && page > 1 {
                return Err(PageError::NotFound);
            }
            let cards = found.rows.iter().map(|row| JobCard { distance_miles: found.miles.get(&row.id).copied(), ..jobs::job_card(row) }).collect();
            let errors = near.errors.clone();
            let page = PageData::Jobs(JobsData { search, near, jobs: cards, pagination: pagination(page, LIST_PAGE_SIZE, found.total) });
            return invalid_if_any(errors, route, page);
        }
        DataRoute::Apply((None,)) => PageData::Apply(None),
        DataRoute::Apply((Some(id),)) => match jobs::listed_job(db, id).await? {
            Some(row) => PageData::Apply(Some(jobs::job_detail(&row))),
            None => return Err(missing_job(db, id).await?),
        },
        DataRoute::Services((category, search, near, within, page)) => {
            let category = match category {
                Some(slug) => match site.categories.iter().find(|c| c.slug == slug) {
                    Some(found) => Some(found.clone()),
                    None => return Err(PageError::NotFound),
                },
                None => None,
            };
            let (near, point) = near_search(near, within, places.distances);
            let order = if point.is_some() { ServiceOrder::Distance } else { ServiceOrder::default() };
            let point = match point {
                Some(point) => Some(NearServices::new(db, places.coverage, point, places.distances.default_radius_miles).await?),
                None => None,
            };
            let filter = ServiceFilter {
                category_id: category.as_ref().map(|c| c.id),
                status: Some(ListingStatus::Open),
                search: Some(search.clone()),
                order,
                near: point,
                ..Default::default()
            };
            let found = services::services(db, &filter, page, LIST_PAGE_SIZE).await?;
            if found.rows.is_empty() && page > 1 {
                return Err(PageError::NotFound);
            }
            let mut cards = services::service_cards(db, found.rows).await?;
            for card in &mut cards {
                card.distance_miles = found.miles.get(&card.id).copied();
            }
            let errors = near.errors.clone();
            let page = PageData::Services(ServicesData { category, search, near, services: cards, pagination: pagination(page, LIST_PAGE_SIZE, found.total) });
            return invalid_if_any(errors, route, page);
        }
        DataRoute::ServicesDetails((None, _)) => PageData::ServicesDetails(None),
        DataRoute::ServicesDetails((Some(id), postcode)) => {
            let Some(mut detail) = services::service_detail(db, id).await? else {
                return Err(PageError::NotFound);
            };
            if postcode.is_empty() {
                return Ok(PageData::ServicesDetails(Some(detail)));
            }
            detail.cover = match PostcodeArea::parse(&postcode) {
                Ok(area) => {
                    let district = area.district().to_owned();
                    let answer = match coverage::distance_if_covering(db, id, &area, places.distances.default_radius_miles).await? {
                        Some(miles) => CoverAnswer::Yes { district, miles },
                        None => CoverAnswer::No { district },
                    };
                    CoverCheck { postcode, answer: Some(answer), errors: BTreeMap::new() }
                }
                Err(problem) => CoverCheck { postcode, answer: None, errors: BTreeMap::from([("postcode".to_owned(), vec![problem.to_owned()])]) },
            };
            let errors = detail.cover.errors.clone();
            return invalid_if_any(errors, route, PageData::ServicesDetails(Some(detail)));
        }
        DataRoute::ProvidersProfile((None,)) => PageData::ProvidersProfile(None),
        DataRoute::ProvidersProfile((Some(id),)) => match crate::providers::profile::profile(db, id).await? {
            Some(profile) => PageData::ProvidersProfile(Some(profile)),
            None => return Err(PageError::NotFound),
        },
        DataRoute::ServicesBook((None, ..)) => PageData::ServicesBook(None),
        DataRoute::ServicesBook((Some(id), postcode, length, from, slot, moving)) => {
            let Some(row) = services::service_by_id(db, id).await? else { return Err(PageError::NotFound) };
            let card = services::service_cards(db, vec![row.clone()]).await?.pop().ok_or(PageError::NotFound)?;
            let scheduled = !crate::scheduling::availability::providers_of(db, id).await?.is_empty();
            let service = &row.0;
            let moving = match moving.as_str() {
                "" => None,
                id => Some(id.parse::<i32>().ok().filter(|id| *id > 0).ok_or(PageError::NotFound)?),
            };
            let mut page = BookPage { service: card, min_length: service.min_length, max_length: service.max_length, scheduled, times: None, moving };
            if !scheduled || [&postcode, &length, &from, &slot].iter().all(|asked| asked.is_empty()) {
                return Ok(PageData::ServicesBook(Some(page)));
            }
            let times = book_page::free_times(db, service, postcode, length, from, slot).await?;
            let errors = times.errors.clone();
            page.times = Some(times);
            return invalid_if_any(errors, route, PageData::ServicesBook(Some(page)));
        }
        DataRoute::BecomeProvider((service,)) => {
            let categories = site
                .categories
                .iter()
                .filter(|c| c.service_count > 0)
                .map(|c| ProviderCategory { slug: c.slug.clone(), name: c.name.clone(), count: c.service_count })
                .collect();
            let selected = match service {
                Some(id) => match services::service_by_id(db, id).await? {
                    Some((row, category)) if row.status == ListingStatus::Open => {
                        Some(SelectedService { id: row.id, title: row.title, category: category.slug })
                    }
                    _ => return Err(PageError::NotFound),
                },
                None => None,
            };
            PageData::BecomeProvider(BecomeProviderData { categories, selected })
        }
        DataRoute::UserVerify((email,)) => PageData::UserVerify(VerifyData { email, outcome: FormOutcome::default() }),
        DataRoute::UserRegister(()) => PageData::UserRegister(FormOutcome::default()),
        DataRoute::UserChangePassword(()) => PageData::UserChangePassword(FormOutcome::default()),
        DataRoute::UserLogin((verified, reset)) => {
            let notice = match (verified, reset) {
                (true, _) => Some(account_texts::VERIFIED),
                (_, true) => Some(account_texts::PASSWORD_RESET),
                _ => None,
            };
            PageData::UserLogin(FormOutcome { sent: notice.map(str::to_string), ..Default::default() })
        }
        // A code was asked for this address: the page opens on its second step.
        DataRoute::UserForgotPassword((email,)) => PageData::UserForgotPassword(FormOutcome {
            sent: (!email.is_empty()).then(|| account_texts::RESET_CODE_SENT.to_string()),
            values: BTreeMap::from([("email".to_string(), email)]),
            ..Default::default()
        }),
        DataRoute::RecruitmentPost(()) => PageData::RecruitmentPost(FormOutcome::default()),
        DataRoute::Contact((sent,)) => PageData::Contact(FormOutcome { sent: sent.then(|| crate::contact::texts::SENT.to_string()), ..Default::default() }),
        DataRoute::FormHireTalent(()) => PageData::FormHireTalent(FormOutcome::default()),
    };
    Ok(page)
}

/// `page`, or when `errors` holds any, the answer that shows it with them (400).
fn invalid_if_any(errors: BTreeMap<String, Vec<String>>, route: &Route, page: PageData) -> Result<PageData, PageError> {
    match errors.is_empty() {
        true => Ok(page),
        false => Err(PageError::Invalid { fields: errors, route: Box::new(route.clone()), page: Box::new(page) }),
    }
}

/// The distances a search near a postcode offers, in miles, besides the default and the most allowed.
const DISTANCE_CHOICES: [u32; 4] = [5, 10, 25, 50];

/// The form of a search near a postcode from what was typed, and the search when it can be read.
fn near_search(near: String, within: String, distances: Distances) -> (NearSearch, Option<Near>) {
    let read = Near::read(Some(&near), Some(&within), distances);
    let chosen = match within.as_str() {
        "" => Some(f64::from(distances.default_within_miles())),
        asked => Near::parse_within(asked, distances.max_within_miles).ok(),
    };
    // A distance asked by its address (`within=7.5`) is offered too, so that the form keeps it.
    let offered = DISTANCE_CHOICES.into_iter().chain([distances.default_within_miles(), distances.max_within_miles]).map(f64::from);
    let mut choices: Vec<f64> = offered.chain(chosen).filter(|miles| *miles <= f64::from(distances.max_within_miles)).collect();
    choices.sort_by(f64::total_cmp);
    choices.dedup();
    let mut errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let point = read.unwrap_or_else(|problems| {
        for (field, problem) in problems {
            errors.entry(field.to_owned()).or_default().push(problem);
        }
        None
    });
    let district = point.as_ref().map(|point| point.area.district().to_owned());
    // As the choices write it (`010` is 10), or as typed when it cannot be read.
    let within = chosen.map_or(within, |miles| miles.to_string());
    (NearSearch { near, within, choices, errors, district }, point)
}

/// The page data of each of `routes` (each named once), in their order. The pages of services
/// and of jobs are loaded a batch at a time, in a few queries: a prerender pass makes thousands
/// of them, and a round trip to the database's thread per query and page added up. The others
/// are loaded one by one.
pub async fn load_pages(
    db: &(impl ConnectionTrait + StreamTrait),
    routes: &[Route],
    site: &SiteData,
    places: Places<'_>,
) -> Result<Vec<Result<PageData, PageError>>, PageError> {
    let service_ids: Vec<i32> = routes
        .iter()
        .filter_map(|route| if let Route::ServicesDetails { service: Some(id), postcode } = route { postcode.is_empty().then_some(*id) } else { None })
        .collect();
    let job_ids: Vec<i32> = routes.iter().filter_map(|route| if let Route::Apply { job: Some(id) } = route { Some(*id) } else { None }).collect();
    let mut services: HashMap<i32, ServiceDetail> = services::service_details(db, &service_ids).await?.into_iter().map(|s| (s.service.id, s)).collect();
    let mut jobs: HashMap<i32, job::Model> = jobs::listed_jobs(db, &job_ids).await?.into_iter().map(|j| (j.id, j)).collect();
    let mut pages = Vec::with_capacity(routes.len());
    for route in routes {
        pages.push(match route {
            Route::ServicesDetails { service: Some(id), postcode } if postcode.is_empty() => {
                services.remove(id).map(|detail| PageData::ServicesDetails(Some(detail))).ok_or(PageError::NotFound)
            }
            Route::Apply { job: Some(id) } => match jobs.remove(id) {
                Some(row) => Ok(PageData::Apply(Some(jobs::job_detail(&row)))),
                None => Err(missing_job(db, *id).await.unwrap_or_else(PageError::from)),
            },
            _ => load_page(db, route, site, places).await,
        });
    }
    Ok(pages)
}

/// Why job `id` has no page: it was removed (gone) or never was (not found).
async fn missing_job(db: &impl ConnectionTrait, id: i32) -> Result<PageError, DbErr> {
    Ok(if jobs::was_removed(db, id).await? { PageError::Gone } else { PageError::NotFound })
}

async fn home(db: &(impl ConnectionTrait + StreamTrait)) -> Result<HomeData, DbErr> {
    let open_services = ServiceFilter { status: Some(ListingStatus::Open), ..Default::default() };
    let featured = services::services(db, &open_services, 1, 8).await?;
    let open_jobs = JobFilter { status: Some(ListingStatus::Open), ..Default::default() };
    let jobs::JobPage { rows: jobs, total: open_job_count, .. } = jobs::jobs(db, &open_jobs, 1, 6).await?;
    let recent_reviews: Vec<_> = reviews::reviews(db, None, 0, 6).await?.iter().map(reviews::ReviewRow::card).collect();
    let activity = recent_activity(&jobs, &recent_reviews);
    Ok(HomeData {
        featured_services: services::service_cards(db, featured.rows).await?,
        latest_jobs: jobs.iter().map(jobs::job_card).collect(),
        recent_reviews,
        activity,
        open_services: featured.total,
        open_jobs: open_job_count,
    })
}

/// The newest jobs and reviews, interleaved by date.
fn recent_activity(jobs: &[job::Model], reviews: &[app::data::ReviewView]) -> Vec<ActivityItem> {
    let mut items: Vec<ActivityItem> = jobs
        .iter()
        .map(|j| ActivityItem {
            text: texts::new_job(&j.title, &j.location, &j.company),
            href: format!("/apply?id={}", j.id),
            date: j.posted_at.format("%Y-%m-%d").to_string(),
        })
        .chain(reviews.iter().map(|r| ActivityItem {
            text: texts::rated(&r.user_name, &r.service_title, r.rating),
            href: format!("/services/details?id={}", r.service_id),
            date: r.created_at.clone(),
        }))
        .collect();
    items.sort_by(|a, b| b.date.cmp(&a.date));
    items.truncate(6);
    items
}
