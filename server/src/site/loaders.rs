//! From the database to the data a page renders: one loader per route.

use super::PageError;
use super::texts;
use crate::accounts::texts as account_texts;
use crate::catalogue::services::{self, ServiceFilter};
use crate::catalogue::{categories, website_info};
use crate::jobs::queries::{self as jobs, JobFilter};
use crate::reviews::queries as reviews;
use app::data::{
    ActivityItem, BecomeProviderData, FormOutcome, HomeData, JobsData, Pagination, PaymentTerms, ProviderCategory, SelectedService, ServiceDetail,
    ServicesData, SiteData, VerifyData,
};
use app::routes::{DataRoute, PageData, PageSource, Route};
use entity::job;
use entity::words::ListingStatus;
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::{BTreeMap, HashMap};

/// Cards in one page of a list: three or four rows of a desktop grid.
pub const LIST_PAGE_SIZE: u64 = 12;

fn pagination(page: u64, page_size: u64, total_items: u64) -> Pagination {
    Pagination { page, page_size, total_items, total_pages: total_items.div_ceil(page_size).max(1) }
}

pub async fn load_site(db: &impl ConnectionTrait, brand: Option<&str>, payments: PaymentTerms, document_retention_months: u32) -> Result<SiteData, DbErr> {
    Ok(SiteData { info: website_info::website_info(db, brand).await?, categories: categories::categories(db).await?, payments, document_retention_months })
}

/// The page data of `route`: not found when what it names does not exist, gone when it was removed.
/// Every route with data has its arm (the match has no wildcard: a new one without a loader
/// does not compile); each arm names its route's query fields in the table's order.
pub async fn load_page(db: &impl ConnectionTrait, route: &Route, site: &SiteData) -> Result<PageData, PageError> {
    let data_route = match route.source() {
        PageSource::Ready(page) => return Ok(*page),
        PageSource::Load(data_route) => data_route,
    };
    let page = match data_route {
        DataRoute::Home(()) => PageData::Home(home(db).await?),
        DataRoute::Jobs((search, page)) => {
            let filter = JobFilter { status: Some(ListingStatus::Open), search: Some(search.clone()), ..Default::default() };
            let (rows, total) = jobs::jobs(db, &filter, page, LIST_PAGE_SIZE).await?;
            if rows.is_empty() && page > 1 {
                return Err(PageError::NotFound);
            }
            PageData::Jobs(JobsData { search, jobs: rows.iter().map(jobs::job_card).collect(), pagination: pagination(page, LIST_PAGE_SIZE, total) })
        }
        DataRoute::Apply((None,)) => PageData::Apply(None),
        DataRoute::Apply((Some(id),)) => match jobs::listed_job(db, id).await? {
            Some(row) => PageData::Apply(Some(jobs::job_detail(&row))),
            None => return Err(missing_job(db, id).await?),
        },
        DataRoute::Services((category, search, page)) => {
            let category = match category {
                Some(slug) => match site.categories.iter().find(|c| c.slug == slug) {
                    Some(found) => Some(found.clone()),
                    None => return Err(PageError::NotFound),
                },
                None => None,
            };
            let filter = ServiceFilter {
                category_id: category.as_ref().map(|c| c.id),
                status: Some(ListingStatus::Open),
                search: Some(search.clone()),
                ..Default::default()
            };
            let found = services::services(db, &filter, page, LIST_PAGE_SIZE).await?;
            if found.rows.is_empty() && page > 1 {
                return Err(PageError::NotFound);
            }
            PageData::Services(ServicesData {
                category,
                search,
                services: services::service_cards(db, found.rows).await?,
                pagination: pagination(page, LIST_PAGE_SIZE, found.total),
            })
        }
        DataRoute::ServicesDetails((None,)) => PageData::ServicesDetails(None),
        DataRoute::ServicesDetails((Some(id),)) => match services::service_detail(db, id).await? {
            Some(detail) => PageData::ServicesDetails(Some(detail)),
            None => return Err(PageError::NotFound),
        },
        DataRoute::ServicesBook((None,)) => PageData::ServicesBook(None),
        DataRoute::ServicesBook((Some(id),)) => match services::service_by_id(db, id).await? {
            Some(row) => PageData::ServicesBook(services::service_cards(db, vec![row]).await?.pop()),
            None => return Err(PageError::NotFound),
        },
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

/// The page data of each of `routes` (each named once), in their order. The pages of services
/// and of jobs are loaded a batch at a time, in a few queries: a prerender pass makes thousands
/// of them, and a round trip to the database's thread per query and page added up. The others
/// are loaded one by one.
pub async fn load_pages(db: &impl ConnectionTrait, routes: &[Route], site: &SiteData) -> Result<Vec<Result<PageData, PageError>>, PageError> {
    let service_ids: Vec<i32> =
        routes.iter().filter_map(|route| if let Route::ServicesDetails { service: Some(id) } = route { Some(*id) } else { None }).collect();
    let job_ids: Vec<i32> = routes.iter().filter_map(|route| if let Route::Apply { job: Some(id) } = route { Some(*id) } else { None }).collect();
    let mut services: HashMap<i32, ServiceDetail> = services::service_details(db, &service_ids).await?.into_iter().map(|s| (s.service.id, s)).collect();
    let mut jobs: HashMap<i32, job::Model> = jobs::listed_jobs(db, &job_ids).await?.into_iter().map(|j| (j.id, j)).collect();
    let mut pages = Vec::with_capacity(routes.len());
    for route in routes {
        pages.push(match route {
            Route::ServicesDetails { service: Some(id) } => {
                services.remove(id).map(|detail| PageData::ServicesDetails(Some(detail))).ok_or(PageError::NotFound)
            }
            Route::Apply { job: Some(id) } => match jobs.remove(id) {
                Some(row) => Ok(PageData::Apply(Some(jobs::job_detail(&row)))),
                None => Err(missing_job(db, *id).await.unwrap_or_else(PageError::from)),
            },
            _ => load_page(db, route, site).await,
        });
    }
    Ok(pages)
}

/// Why job `id` has no page: it was removed (gone) or never was (not found).
async fn missing_job(db: &impl ConnectionTrait, id: i32) -> Result<PageError, DbErr> {
    Ok(if jobs::was_removed(db, id).await? { PageError::Gone } else { PageError::NotFound })
}

async fn home(db: &impl ConnectionTrait) -> Result<HomeData, DbErr> {
    let open_services = ServiceFilter { status: Some(ListingStatus::Open), ..Default::default() };
    let featured = services::services(db, &open_services, 1, 8).await?;
    let open_jobs = JobFilter { status: Some(ListingStatus::Open), ..Default::default() };
    let (jobs, open_job_count) = jobs::jobs(db, &open_jobs, 1, 6).await?;
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
