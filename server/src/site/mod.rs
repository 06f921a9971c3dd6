//! The web site: loaders, the prerender cache, island rendering and the build; the route
//! table itself is `app::routes`.

pub mod answer_headers;
pub mod answers;
pub mod build;
pub mod cache;
pub mod compression;
pub mod encoded;
pub mod export;
pub mod handlers;
pub mod invalidation;
mod island_templates;
pub mod islands;
pub mod loaders;
pub mod pack;
pub mod page_form;
pub mod sitemap;
mod texts;

use crate::catalogue::coverage_index::KeptCoverage;
use crate::config::Config;
use crate::http::AppError;
use crate::http::security_headers::SecurityHeaders;
use answer_headers::KeptHeaders;
use answers::AnswerCache;
use app::data::{PagePayload, PaymentTerms, SiteData};
use app::island::IslandRenderer;
use app::routes::Body;
use app::routes::{PageData, Route, Tag};
use build::Build;
use cache::PageCache;
use compression::SharedPart;
use encoded::Encoded;
use parking_lot::RwLock;
use sea_orm::DatabaseConnection;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum PageError {
    #[error("not found")]
    NotFound,
    /// What the page showed was removed for good (a job taken down): 410, so crawlers drop it.
    #[error("gone")]
    Gone,
    /// The database cannot be reached just now: 503, and the page is not kept.
    #[error("the database is unavailable")]
    Unavailable,
    /// The page's query could not be read (a postcode we do not know): 400, with `route`'s
    /// page made from `page`, which shows each field's message; `fields` are those messages.
    #[error("the page's query could not be read")]
    Invalid { fields: BTreeMap<String, Vec<String>>, route: Box<Route>, page: Box<PageData> },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// A page's data that could not be had, answered as the API answers (for `_payload.json`).
impl From<PageError> for AppError {
    fn from(error: PageError) -> Self {
        match error {
            PageError::NotFound => AppError::NotFound,
            PageError::Gone => AppError::Gone("This job advert has been taken down.".into()),
            PageError::Unavailable => AppError::database_unavailable(),
            PageError::Invalid { fields, .. } => {
                let message = fields.values().flatten().next().cloned().unwrap_or_default();
                AppError::Validation { message, fields }
            }
            PageError::Internal(error) => AppError::Internal(error),
        }
    }
}

impl From<sea_orm::DbErr> for PageError {
    fn from(error: sea_orm::DbErr) -> Self {
        if crate::platform::db::is_unavailable(&error) {
            tracing::warn!(%error, "the database is unavailable");
            return PageError::Unavailable;
        }
        PageError::Internal(error.into())
    }
}

pub struct Site {
    pub db: DatabaseConnection,
    pub config: Config,
    pub build: Build,
    build_files: handlers::BuildFiles,
    /// The part every document of this build holds (its inline stylesheet), compressed once.
    stylesheet_part: Arc<SharedPart>,
    islands: Arc<dyn IslandRenderer>,
    pub cache: Arc<PageCache>,
    /// The API's answers to visitors, invalidated with the pages.
    pub answers: AnswerCache,
    /// The headers every answer carries, made once; the router's layer adds them too.
    pub security_headers: Arc<SecurityHeaders>,
    /// The headers of the answers made from kept bodies, made once.
    pub kept_headers: KeptHeaders,
    /// Where services work, for searches near a postcode; forgotten with the services' lists.
    pub coverage: KeptCoverage,
    /// The site's data once loaded, and how many times it was dropped: a load that began before
    /// a drop is served but not kept.
    site_data: RwLock<KeptSiteData>,
    /// This server's name in invalidation notices.
    pub sender_id: String,
    /// One prerender pass at a time: a second waits, then finds most pages already cached.
    prerendering: tokio::sync::Mutex<()>,
    /// Whether this server hears the others' invalidations now (PostgreSQL LISTEN).
    pub listening: tokio::sync::watch::Sender<bool>,
}

impl Site {
    pub fn new(db: DatabaseConnection, config: Config, build: Build, islands: Arc<dyn IslandRenderer>) -> std::io::Result<Self> {
        // The budget is shared: pages take three quarters, the API's answers the rest.
        let cache = Arc::new(PageCache::new(&config.data_dir.join("pages"), config.page_cache_bytes / 4 * 3)?);
        let answers = AnswerCache::new(config.page_cache_bytes / 4);
        let stylesheet_part = Arc::new(SharedPart::new(app::inline_stylesheet(&build.assets(&config.public_url))));
        let security_headers = Arc::new(SecurityHeaders::new(&config.public_url));
        Ok(Site {
            kept_headers: KeptHeaders::new(&security_headers),
            security_headers,
            db,
            config,
            build_files: handlers::BuildFiles::new(&build),
            stylesheet_part,
            build,
            islands,
            cache,
            answers,
            coverage: KeptCoverage::default(),
            site_data: RwLock::new(KeptSiteData { loaded: None, drops: 0 }),
            prerendering: tokio::sync::Mutex::new(()),
            sender_id: crate::platform::stale_pages::new_sender_id(),
            listening: tokio::sync::watch::Sender::new(false),
        })
    }

    /// Categories and website info, loaded once and kept until they change.
    pub async fn site_data(&self) -> Result<Arc<SiteData>, PageError> {
        Ok(self.loaded_site_data().await?.data)
    }

    async fn loaded_site_data(&self) -> Result<LoadedSiteData, PageError> {
        let drops = {
            let kept = self.site_data.read();
            if let Some(loaded) = &kept.loaded {
                return Ok(loaded.clone());
            }
            kept.drops
        };
        let data = loaders::load_site(&self.db, self.config.brand.as_deref(), self.payment_terms(), self.config.document_retention_months).await?;
        let payload_part = Arc::new(SharedPart::new(serde_json::to_string(&data).expect("site data serialises")));
        let loaded = LoadedSiteData { data: Arc::new(data), payload_part };
        let mut kept = self.site_data.write();
        if kept.drops == drops {
            kept.loaded = Some(loaded.clone());
        }
        Ok(loaded)
    }

    /// `body` of `route`'s page (at `url`, its canonical URL): from the cache, or rendered now (and kept when it may be).
    pub async fn page(&self, route: &Route, url: &str, body: Body) -> Result<Arc<Encoded>, PageError> {
        if !route.keepable() {
            return self.render_once(route, body).await;
        }
        if let Some(kept) = self.cache.get(url, body) {
            return Ok(kept);
        }
        let (html, payload) = self.render_and_keep(route).await?;
        Ok(match body {
            Body::Html => html,
            Body::Payload => payload,
        })
    }

    /// A page's payload, and the part of it every page's payload shares.
    async fn page_data(&self, route: &Route) -> Result<(PagePayload, Arc<SharedPart>), PageError> {
        let LoadedSiteData { data: site, payload_part } = self.loaded_site_data().await?;
        let page: PageData = loaders::load_page(&self.db, route, &site, self.places()).await?;
        Ok((PagePayload { url: route.url(), site: (*site).clone(), page }, payload_part))
    }

    /// Renders a page, compresses both its bodies and keeps them in the cache.
    pub async fn render_and_keep(&self, route: &Route) -> Result<(Arc<Encoded>, Arc<Encoded>), PageError> {
        let keeper = self.keeper().await?;
        let page = loaders::load_page(&self.db, route, &keeper.site, self.places()).await?;
        let route = route.clone();
        Ok(tokio::task::spawn_blocking(move || keeper.keep(&route, page)).await.map_err(|e| anyhow::anyhow!("rendering panicked: {e}"))?)
    }

    /// Renders and keeps the pages of `routes`, a batch of a prerender pass: their data loaded
    /// together, then rendered one after the other on one blocking thread. Says of each route
    /// whether it was kept.
    async fn prerender_batch(&self, routes: Vec<Route>) -> Result<Vec<(Route, Result<(), PageError>)>, PageError> {
        let keeper = self.keeper().await?;
        let pages = loaders::load_pages(&self.db, &routes, &keeper.site, self.places()).await?;
        let rendered = tokio::task::spawn_blocking(move || {
            let keep = |(route, page): (Route, Result<PageData, PageError>)| {
                let kept = page.map(|page| {
                    keeper.keep(&route, page);
                });
                (route, kept)
            };
            routes.into_iter().zip(pages).map(keep).collect()
        });
        Ok(rendered.await.map_err(|e| anyhow::anyhow!("rendering panicked: {e}"))?)
    }

    /// What rendering and keeping pages needs, taken now: the cache's generation before any
    /// data is read, so that pages made from data a change has since dropped are not kept.
    async fn keeper(&self) -> Result<PageKeeper, PageError> {
        let generation = self.cache.generation();
        let LoadedSiteData { data: site, payload_part } = self.loaded_site_data().await?;
        Ok(PageKeeper {
            generation,
            site,
            site_part: payload_part,
            assets: self.build.assets(&self.config.public_url),
            islands: self.islands.clone(),
            cache: self.cache.clone(),
            stylesheet_part: self.stylesheet_part.clone(),
        })
    }

    /// Renders one body of a page that is never kept (a search): only what was asked for.
    async fn render_once(&self, route: &Route, body: Body) -> Result<Arc<Encoded>, PageError> {
        let (payload, site_part) = self.page_data(route).await?;
        if body == Body::Payload {
            return Ok(Arc::new(Encoded::fresh_around(serde_json::to_vec(&payload).expect("page data serialises"), site_part)));
        }
        let assets = self.build.assets(&self.config.public_url);
        let islands = self.islands.clone();
        let html =
            tokio::task::spawn_blocking(move || app::render_page(&payload, &assets, islands)).await.map_err(|e| anyhow::anyhow!("rendering panicked: {e}"))?;
        Ok(Arc::new(Encoded::fresh_around(html.into_bytes(), self.stylesheet_part.clone())))
    }

    /// The HTML of `route`'s page made from `page` instead of its loader's data: the answer
    /// to a form the page posted to itself, which is never cached.
    pub async fn page_html(&self, route: &Route, page: PageData) -> Result<String, PageError> {
        let url = route.url();
        self.html(move |site, assets, islands| app::render_page(&PagePayload { url, site: (*site).clone(), page }, &assets, islands)).await
    }

    /// The HTML of a page answering a link from a mail, at `path`.
    pub async fn message_html(&self, message: app::data::MessagePage, path: &str) -> Result<String, PageError> {
        let path = path.to_string();
        self.html(move |site, assets, islands| app::render_message(&message, &path, &site, &assets, islands)).await
    }

    /// The HTML of a page a signed link from a mail opens, for its one reader; never cached.
    pub async fn linked_html(&self, page: app::data::LinkedPage, path: &str) -> Result<String, PageError> {
        let path = path.to_string();
        self.html(move |site, assets, islands| app::render_linked(&page, &path, &site, &assets, islands)).await
    }

    /// The HTML of a back-office page; never cached.
    pub async fn admin_html(&self, page: app::admin::AdminPage) -> Result<String, PageError> {
        self.html(move |site, assets, islands| app::render_admin(&page, &site, &assets, islands)).await
    }

    /// Renders a page that is made per request, off the async threads.
    async fn html(
        &self,
        render: impl FnOnce(Arc<SiteData>, app::data::Assets, Arc<dyn IslandRenderer>) -> String + Send + 'static,
    ) -> Result<String, PageError> {
        let site = self.site_data().await?;
        let assets = self.build.assets(&self.config.public_url);
        let islands = self.islands.clone();
        Ok(tokio::task::spawn_blocking(move || render(site, assets, islands)).await.map_err(|e| anyhow::anyhow!("rendering panicked: {e}"))?)
    }

    /// What pages near a postcode are made with.
    pub fn places(&self) -> loaders::Places<'_> {
        loaders::Places { distances: self.config.distances, coverage: &self.coverage }
    }

    fn payment_terms(&self) -> PaymentTerms {
        let payments = &self.config.payments;
        PaymentTerms { test_mode: payments.provider == entity::words::PaymentProvider::Test, refund_window_hours: payments.refund_window_hours }
    }

    /// The HTML of an error page. Falls back to the default site data if the database fails,
    /// so that an outage still shows a proper page.
    pub async fn error_html(&self, status: u16, path: &str) -> String {
        // While the database is unreachable, asking it again would make the 503 wait twice.
        let known = if status == 503 {
            self.site_data.read().loaded.as_ref().map(|loaded| loaded.data.clone()).ok_or(PageError::Unavailable)
        } else {
            self.site_data().await
        };
        let site = match known {
            Ok(site) => (*site).clone(),
            Err(_) => SiteData {
                info: crate::catalogue::website_info::default_website_info(self.config.brand.as_deref().unwrap_or("Brightway")),
                categories: Vec::new(),
                payments: self.payment_terms(),
                document_retention_months: self.config.document_retention_months,
            },
        };
        let assets = self.build.assets(&self.config.public_url);
        let islands = self.islands.clone();
        let path = path.to_string();
        tokio::task::spawn_blocking(move || app::render_error(status, &path, &site, &assets, islands))
            .await
            .unwrap_or_else(|_| "<!DOCTYPE html><title>Internal Server Error</title><h1>500</h1><p>Internal Server Error</p>".into())
    }

    /// Drops the pages made from `tags` here and on every other server.
    pub async fn invalidate(self: &Arc<Self>, tags: &[Tag]) {
        self.invalidate_here(tags);
        if let Err(error) = crate::platform::stale_pages::publish(&self.db, &self.sender_id, tags).await {
            tracing::error!(%error, "could not tell the other servers about changed data");
        }
    }

    /// Drops the pages made from `tags` and renders the enumerable ones again in the background.
    pub fn invalidate_here(self: &Arc<Self>, tags: &[Tag]) {
        if tags.contains(&Tag::Site) {
            let mut kept = self.site_data.write();
            *kept = KeptSiteData { loaded: None, drops: kept.drops + 1 };
        }
        // Before the answers: one made after they are dropped must not read the old index.
        if tags.iter().any(|tag| matches!(tag, Tag::Site | Tag::Coverage)) {
            self.coverage.forget();
        }
        self.answers.invalidate(tags);
        let stale = self.cache.invalidate(tags);
        tracing::info!(pages = stale, ?tags, "pages invalidated");
        let cache = self.cache.clone();
        tokio::task::spawn_blocking(move || cache.compact_if_wasteful());
        if self.config.prerender_on_start && stale > 0 {
            let site = self.clone();
            tokio::spawn(async move { site.prerender_all().await });
        }
    }

    /// Every URL the site can enumerate: the static routes, each category's list pages,
    /// each service's and job's pages, each provider's profile.
    pub async fn enumerable_routes(&self) -> Result<Vec<Route>, PageError> {
        use app::routes::{PATHS, parse_query};
        let site = self.site_data().await?;
        let mut all: Vec<Route> = PATHS.iter().filter_map(|p| Route::parse(p, &parse_query(None))).filter_map(Result::ok).collect();
        for category in &site.categories {
            let pages = (category.service_count.max(1) as u64).div_ceil(loaders::LIST_PAGE_SIZE);
            all.extend((1..=pages).map(|page| Route::services(Some(category.slug.clone()), page)));
        }
        let service_ids = all_ids::<entity::service::Entity>(&self.db, entity::service::Column::Id).await?;
        for id in service_ids {
            all.push(Route::service(id));
            all.push(Route::ServicesBook {
                service: Some(id),
                postcode: String::new(),
                length: String::new(),
                from: String::new(),
                slot: String::new(),
                moving: String::new(),
            });
        }
        let open_jobs = crate::jobs::queries::jobs(
            &self.db,
            &crate::jobs::queries::JobFilter { status: Some(entity::words::ListingStatus::Open), ..Default::default() },
            1,
            1,
        )
        .await?
        .total;
        let job_pages = open_jobs.div_ceil(loaders::LIST_PAGE_SIZE).max(1);
        all.extend((2..=job_pages).map(Route::jobs));
        let open_services = site.categories.iter().map(|c| c.service_count as u64).sum::<u64>();
        all.extend((2..=open_services.div_ceil(loaders::LIST_PAGE_SIZE).max(1)).map(|page| Route::services(None, page)));
        for (id, _) in crate::jobs::queries::open_jobs_changed(&self.db).await? {
            all.push(Route::Apply { job: Some(id) });
        }
        all.extend(crate::providers::profile::all(&self.db).await?.into_iter().map(Route::provider));
        Ok(all)
    }

    /// Renders every enumerable page that is not cached yet, several at once, and returns how
    /// many it rendered. On a terminal it shows its progress.
    pub async fn prerender_all(&self) -> usize {
        use futures::StreamExt;
        let _one_pass = self.prerendering.lock().await;
        let started = std::time::Instant::now();
        let routes = match self.enumerable_routes().await {
            Ok(routes) => routes,
            Err(error) => {
                tracing::error!(%error, "cannot list the pages to prerender");
                return 0;
            }
        };
        // A booking form is opened from its service's page, by few, and the deep pages of a
        // list by fewer still (every service and job is in the sitemap anyway): those are made
        // when first asked for, so the pass does not grow with the length of the lists.
        let worth_it = |route: &Route| match route {
            Route::ServicesBook { .. } => false,
            Route::Services { page, .. } | Route::Jobs { page, .. } => *page <= PRERENDERED_LIST_PAGES,
            _ => true,
        };
        let missing: Vec<Route> = routes.into_iter().filter(|route| worth_it(route) && !self.cache.contains(&route.url())).collect();
        let total = missing.len();
        // Twice the cores, in batches: while one batch waits for the database another renders;
        // but two connections of the pool always left to visitors, as a pass also runs after a change.
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let at_once = (cores * 2).min(self.config.database_pool.size.saturating_sub(2).max(1) as usize);
        let batches: Vec<Vec<Route>> = missing.chunks(PRERENDER_BATCH).map(<[Route]>::to_vec).collect();
        let mut renders = futures::stream::iter(batches)
            .map(|batch| async move { (batch.len(), batch[0].url(), self.prerender_batch(batch).await) })
            .buffer_unordered(at_once);
        let mut progress = Progress::new(total);
        let mut rendered = 0;
        while let Some((pages, first, result)) = renders.next().await {
            let kept = match result {
                Ok(kept) => kept,
                Err(error) => {
                    tracing::error!(pages, first, %error, "prerendering failed");
                    Vec::new()
                }
            };
            for (route, result) in kept {
                match result {
                    Ok(()) => rendered += 1,
                    Err(PageError::NotFound | PageError::Gone) => {}
                    Err(error) => tracing::error!(url = route.url(), %error, "prerendering failed"),
                }
            }
            progress.steps(pages);
        }
        progress.finish();
        // What the pass freed, now: its last batches are freed at once.
        crate::platform::memory::give_back();
        tracing::info!(
            rendered,
            cached = self.cache.page_count(),
            disk_bytes = self.cache.disk_bytes(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "prerendered"
        );
        rendered
    }
}

/// What rendering and keeping pages needs, so that it can move to a blocking thread.
struct PageKeeper {
    generation: u64,
    site: Arc<SiteData>,
    site_part: Arc<SharedPart>,
    assets: app::data::Assets,
    islands: Arc<dyn IslandRenderer>,
    cache: Arc<PageCache>,
    stylesheet_part: Arc<SharedPart>,
}

impl PageKeeper {
    /// Renders `route`'s page from `page`, compresses both its bodies and keeps them in the cache.
    fn keep(&self, route: &Route, page: PageData) -> (Arc<Encoded>, Arc<Encoded>) {
        let payload = PagePayload { url: route.url(), site: (*self.site).clone(), page };
        let html = Arc::new(Encoded::compressed_around(app::render_page(&payload, &self.assets, self.islands.clone()).as_bytes(), &self.stylesheet_part));
        let json = Arc::new(Encoded::compressed_around(&serde_json::to_vec(&payload).expect("page data serialises"), &self.site_part));
        self.cache.put(&payload.url, route.tags(), &html, &json, self.generation);
        if self.cache.is_wasteful() {
            // In the background: the visitor who made this page does not wait for it.
            let cache = self.cache.clone();
            tokio::task::spawn_blocking(move || cache.compact_if_wasteful());
        }
        (html, json)
    }
}

/// The site's data as kept, and how many times it was dropped.
struct KeptSiteData {
    loaded: Option<LoadedSiteData>,
    drops: u64,
}

/// The site's data, and the part of every page's payload made from it (the data as JSON),
/// compressed once per load.
#[derive(Clone)]
struct LoadedSiteData {
    data: Arc<SiteData>,
    payload_part: Arc<SharedPart>,
}

/// How many pages a prerender pass loads and renders together.
const PRERENDER_BATCH: usize = 16;

/// How many pages of each list a prerender pass makes.
const PRERENDERED_LIST_PAGES: u64 = 10;

/// A progress line on standard error, when it is a terminal; nothing otherwise.
struct Progress {
    total: usize,
    done: usize,
    started: std::time::Instant,
    shown: Option<std::time::Instant>,
}

impl Progress {
    fn new(total: usize) -> Self {
        use std::io::IsTerminal;
        let now = std::time::Instant::now();
        Progress { total, done: 0, started: now, shown: std::io::stderr().is_terminal().then_some(now) }
    }

    fn steps(&mut self, done: usize) {
        self.done += done;
        if self.shown.is_some_and(|shown| shown.elapsed().as_millis() >= 200) {
            self.show();
            self.shown = Some(std::time::Instant::now());
        }
    }

    fn show(&self) {
        let rate = self.done as f64 / self.started.elapsed().as_secs_f64().max(0.001);
        eprint!("\rprerendering: {} of {} pages, {rate:.0} a second   ", self.done, self.total);
    }

    fn finish(&self) {
        if self.shown.is_some() && self.total > 0 {
            self.show();
            eprintln!();
        }
    }
}

/// Every id of a table, ascending; for enumerating pages.
async fn all_ids<E: sea_orm::EntityTrait>(db: &impl sea_orm::ConnectionTrait, id: E::Column) -> Result<Vec<i32>, sea_orm::DbErr> {
    use sea_orm::{QueryOrder, QuerySelect};
    E::find().select_only().column(id).order_by_asc(id).into_tuple::<i32>().all(db).await
}
