//! Loads a marketplace fixture (`shared/fixtures/README.md`). Slugs and emails are the keys:
//! rows that exist are updated only where they differ, so importing a file twice changes nothing.

use crate::domain::{Email, Pence, Rating, UkPhone};
use crate::http::extract::FieldErrors;
use crate::platform::change::Change;
use crate::platform::db::insert_batches;
use crate::platform::passwords;
use crate::scheduling::terms::TermsBody;
use anyhow::{Context, bail};
use app::routes::Tag;
use chrono::{DateTime, NaiveDate, Utc};
use entity::words::{EmploymentType, ListingStatus, PriceUnit, ProviderStatus, SalaryPeriod, Word};
use entity::{category, job, provider, review, service, user, website_info};
use sea_orm::{ActiveModelBehavior, ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap, HashSet};

/// The demo catalogue shipped with the server and loaded into an empty database.
pub const DEMO_FIXTURE: &str = include_str!("../demo/demo.json");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    format: String,
    website_info: Option<FixtureWebsiteInfo>,
    #[serde(default)]
    categories: Vec<FixtureCategory>,
    #[serde(default)]
    services: Vec<FixtureService>,
    #[serde(default)]
    jobs: Vec<FixtureJob>,
    #[serde(default)]
    users: Vec<FixtureUser>,
    #[serde(default)]
    reviews: Vec<FixtureReview>,
    /// Approved providers with their working terms (this project's addition to the format).
    #[serde(default)]
    providers: Vec<FixtureProvider>,
}

/// A member approved to provide some services, with their working terms in the shape of
/// `PUT /api/schedule/terms/`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FixtureProvider {
    /// A user's email.
    user: String,
    /// Service slugs.
    services: Vec<String>,
    #[serde(default)]
    bio: String,
    #[serde(default)]
    experience_years: i32,
    terms: serde_json::Value,
}

#[derive(Deserialize)]
struct FixtureWebsiteInfo {
    brand: String,
    email: String,
    phones: Vec<String>,
    address: String,
    opening_hours: String,
    #[serde(default)]
    socials: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct FixtureCategory {
    slug: String,
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    icon: String,
    priority: i32,
}

#[derive(Deserialize)]
struct FixtureService {
    slug: String,
    category: String,
    title: String,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    description: String,
    price_from: String,
    price_unit: String,
    status: String,
    priority: i32,
    #[serde(default)]
    areas: Vec<String>,
    /// How long a fixed-price job takes; an hour unless said.
    duration_minutes: Option<i32>,
    /// The fewest and most hours or days an hourly or daily price may be booked for.
    min_length: Option<i32>,
    max_length: Option<i32>,
}

#[derive(Deserialize)]
struct FixtureJob {
    slug: String,
    title: String,
    company: String,
    location: String,
    employment_type: String,
    salary_min: Option<serde_json::Number>,
    salary_max: Option<serde_json::Number>,
    salary_period: String,
    #[serde(default)]
    description: String,
    status: String,
    posted_at: NaiveDate,
    closes_at: Option<NaiveDate>,
}

#[derive(Deserialize)]
struct FixtureUser {
    email: String,
    password: String,
    full_name: String,
    #[serde(default)]
    phone_number: String,
    #[serde(default)]
    is_verified: bool,
    #[serde(default)]
    is_staff: bool,
}

#[derive(Deserialize)]
struct FixtureReview {
    service: String,
    user: String,
    rating: i64,
    review: String,
    created_at: DateTime<Utc>,
}

/// How many rows each table gained or changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub inserted: BTreeMap<&'static str, usize>,
    pub updated: BTreeMap<&'static str, usize>,
}

impl ImportReport {
    pub fn changed_anything(&self) -> bool {
        self.inserted.values().chain(self.updated.values()).any(|n| *n > 0)
    }

    fn count(&mut self, table: &'static str, inserted: usize, updated: usize) {
        *self.inserted.entry(table).or_default() += inserted;
        *self.updated.entry(table).or_default() += updated;
    }
}

impl std::fmt::Display for ImportReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .inserted
            .keys()
            .map(|table| format!("{table}: {} new, {} updated", self.inserted[table], self.updated.get(table).copied().unwrap_or(0)))
            .collect();
        f.write_str(&parts.join("; "))
    }
}

pub fn parse(text: &str) -> anyhow::Result<Fixture> {
    let fixture: Fixture = serde_json::from_str(text).context("the fixture is not valid marketplace JSON")?;
    if fixture.format != "marketplace-fixture/1" {
        bail!("unsupported fixture format {:?} (expected \"marketplace-fixture/1\")", fixture.format);
    }
    Ok(fixture)
}

/// The demo catalogue as of `today`: its jobs moved on by the days since its newest was posted,
/// so that a demo loaded any day shows them as open as the day it was written (its first job
/// closes ten days after the newest was posted), not closed one by one as the calendar passes.
pub fn demo(today: NaiveDate) -> anyhow::Result<Fixture> {
    let mut fixture = parse(DEMO_FIXTURE)?;
    let newest = fixture.jobs.iter().map(|j| j.posted_at).max().unwrap_or(today);
    let since = (today - newest).max(chrono::Duration::zero());
    for job in &mut fixture.jobs {
        job.posted_at += since;
        job.closes_at = job.closes_at.map(|closes| closes + since);
    }
    Ok(fixture)
}

pub async fn import_file(db: &DatabaseConnection, path: &std::path::Path) -> anyhow::Result<ImportReport> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    import(db, parse(&text)?).await
}

/// Imports the whole fixture in one change: a bad row leaves the database as it was, and
/// running servers drop their pages if anything changed.
pub async fn import(db: &DatabaseConnection, fixture: Fixture) -> anyhow::Result<ImportReport> {
    let new_user_hashes = hash_new_passwords(db, &fixture.users).await?;
    let mut change = Change::outside_server(db).await?;
    let mut report = ImportReport::default();
    if let Some(info) = &fixture.website_info {
        import_website_info(change.db(), info, &mut report).await?;
    }
    let category_ids = import_categories(change.db(), &fixture.categories, &mut report).await?;
    let service_ids = import_services(change.db(), &fixture.services, &category_ids, &mut report).await?;
    import_jobs(change.db(), &fixture.jobs, &mut report).await?;
    let user_ids = import_users(change.db(), &fixture.users, new_user_hashes, &mut report).await?;
    import_reviews(change.db(), &fixture.reviews, &service_ids, &user_ids, &mut report).await?;
    import_providers(change.db(), &fixture.providers, &service_ids, &user_ids, &mut report).await?;
    if report.changed_anything() {
        change.touches([Tag::Site]);
    }
    change.commit().await?;
    if report.changed_anything() && db.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
        // The planner's statistics, at once rather than at autovacuum's next look (SQLite's are
        // made when a connection opens).
        db.execute_unprepared("ANALYZE").await?;
    }
    Ok(report)
}

async fn import_website_info(db: &impl ConnectionTrait, info: &FixtureWebsiteInfo, report: &mut ImportReport) -> anyhow::Result<()> {
    let email = Email::parse(&info.email).map_err(|e| anyhow::anyhow!("website_info.email: {e}"))?;
    let phones = info
        .phones
        .iter()
        .map(|p| UkPhone::parse(p).map(|p| p.as_str().to_string()).map_err(|e| anyhow::anyhow!("website_info.phones {p:?}: {e}")))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let phones = serde_json::to_string(&phones)?;
    let socials = serde_json::to_string(&info.socials)?;
    let existing = website_info::Entity::find().one(db).await?;
    let same = existing.as_ref().is_some_and(|row| {
        row.brand == info.brand
            && row.email == email.as_str()
            && row.phones == phones
            && row.address == info.address
            && row.opening_hours == info.opening_hours
            && row.socials == socials
    });
    if same {
        return Ok(());
    }
    let mut row = match &existing {
        Some(row) => row.clone().into_active_model(),
        None => website_info::ActiveModel { ..Default::default() },
    };
    row.brand = Set(info.brand.clone());
    row.email = Set(email.to_string());
    row.phones = Set(phones);
    row.address = Set(info.address.clone());
    row.opening_hours = Set(info.opening_hours.clone());
    row.socials = Set(socials);
    row.updated_at = Set(Utc::now());
    row.save(db).await?;
    report.count("website_info", existing.is_none() as usize, existing.is_some() as usize);
    Ok(())
}

/// Loads every existing row of an entity keyed by `key`.
async fn existing_by<E, K>(db: &impl ConnectionTrait, key: impl Fn(&E::Model) -> K) -> anyhow::Result<HashMap<K, E::Model>>
where
    E: EntityTrait,
    K: std::hash::Hash + Eq,
{
    Ok(E::find().all(db).await?.into_iter().map(|m| (key(&m), m)).collect())
}

fn check_unique<'a>(what: &str, keys: impl Iterator<Item = &'a str>) -> anyhow::Result<()> {
    let mut seen = HashSet::new();
    for key in keys {
        if !seen.insert(key) {
            bail!("{what} {key:?} appears twice in the fixture");
        }
    }
    Ok(())
}

/// One table's writes in an import: a row the database has, but not as the fixture gives it,
/// is updated at once; new rows are inserted together, in batches, when the table is done.
struct TableWrites<A> {
    table: &'static str,
    new: Vec<A>,
    updated: usize,
}

impl<A> TableWrites<A>
where
    A: ActiveModelTrait + ActiveModelBehavior + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
{
    fn new(table: &'static str) -> Self {
        TableWrites { table, new: Vec::new(), updated: 0 }
    }

    /// Updates `row` if the database `had` it, else adds it to the rows to insert.
    async fn save(&mut self, db: &impl ConnectionTrait, row: A, had: bool) -> Result<(), sea_orm::DbErr> {
        if had {
            row.update(db).await?;
            self.updated += 1;
        } else {
            self.new.push(row);
        }
        Ok(())
    }

    /// Inserts the new rows and counts the table's writes in `report`.
    async fn finish(self, db: &impl ConnectionTrait, report: &mut ImportReport) -> Result<(), sea_orm::DbErr> {
        report.count(self.table, self.new.len(), self.updated);
        insert_batches(db, self.new).await
    }
}

async fn import_categories(db: &impl ConnectionTrait, rows: &[FixtureCategory], report: &mut ImportReport) -> anyhow::Result<HashMap<String, i32>> {
    check_unique("category slug", rows.iter().map(|c| c.slug.as_str()))?;
    let existing = existing_by::<category::Entity, _>(db, |m| m.slug.clone()).await?;
    let mut writes = TableWrites::new("categories");
    for c in rows {
        if c.slug.trim().is_empty() || c.name.trim().is_empty() {
            bail!("a category needs a slug and a name");
        }
        let wanted = category::Model {
            id: existing.get(&c.slug).map_or(0, |m| m.id),
            slug: c.slug.clone(),
            name: c.name.clone(),
            description: c.description.clone(),
            icon: c.icon.clone(),
            priority: c.priority,
            // Fixtures know nothing of hiding: a category staff hid stays hidden.
            hidden: existing.get(&c.slug).is_some_and(|m| m.hidden),
        };
        match existing.get(&c.slug) {
            Some(current) if *current == wanted => {}
            Some(_) => writes.save(db, wanted.into_active_model().reset_all(), true).await?,
            None => {
                let mut row = wanted.into_active_model();
                row.id = sea_orm::ActiveValue::NotSet;
                writes.save(db, row, false).await?;
            }
        }
    }
    writes.finish(db, report).await?;
    Ok(existing_by::<category::Entity, _>(db, |m| m.slug.clone()).await?.into_iter().map(|(k, m)| (k, m.id)).collect())
}

/// A word of the fixture as its enum, or an error that names the words allowed there.
fn word<W: Word>(what: &str, field: &str, raw: &str) -> anyhow::Result<W> {
    W::parse(raw).ok_or_else(|| anyhow::anyhow!("{what}: {field} must be {}, not {raw:?}", W::choices()))
}

async fn import_services(
    db: &impl ConnectionTrait,
    rows: &[FixtureService],
    category_ids: &HashMap<String, i32>,
    report: &mut ImportReport,
) -> anyhow::Result<HashMap<String, i32>> {
    check_unique("service slug", rows.iter().map(|s| s.slug.as_str()))?;
    let existing = existing_by::<service::Entity, _>(db, |m| m.slug.clone()).await?;
    let now = Utc::now();
    let mut writes = TableWrites::new("services");
    // The services whose areas are read again into bases and districts, by slug.
    let mut coverage = Vec::new();
    for s in rows {
        let what = format!("service {:?}", s.slug);
        let category_id = *category_ids.get(&s.category).with_context(|| format!("{what}: unknown category {:?}", s.category))?;
        let price = Pence::parse(&s.price_from).map_err(|e| anyhow::anyhow!("{what}: price_from: {e}"))?;
        let price_unit: PriceUnit = word(&what, "price_unit", &s.price_unit)?;
        let status: ListingStatus = word(&what, "status", &s.status)?;
        let (duration_minutes, min_length, max_length) = crate::scheduling::length::service_lengths(price_unit, s.duration_minutes, s.min_length, s.max_length)
            .map_err(|why| anyhow::anyhow!("{what}: {why}"))?;
        let areas = serde_json::to_string(&s.areas)?;
        let entries = crate::catalogue::coverage::entries_of(&s.areas).map_err(|why| anyhow::anyhow!("{what}: areas: {why}"))?;
        let current = existing.get(&s.slug);
        let same = current.is_some_and(|m| {
            m.category_id == category_id
                && m.title == s.title
                && m.summary == s.summary
                && m.description == s.description
                && m.price_from_pence == price.pence()
                && m.price_unit == price_unit
                && m.status == status
                && m.priority == s.priority
                && m.areas == areas
                && (m.duration_minutes, m.min_length, m.max_length) == (duration_minutes, min_length, max_length)
        });
        if same {
            continue;
        }
        coverage.push((s.slug.as_str(), entries));
        let mut row = match current {
            Some(m) => m.clone().into_active_model(),
            None => service::ActiveModel { created_at: Set(now), image: Set(None), ..Default::default() },
        };
        row.slug = Set(s.slug.clone());
        row.category_id = Set(category_id);
        row.title = Set(s.title.clone());
        row.summary = Set(s.summary.clone());
        row.description = Set(s.description.clone());
        row.price_from_pence = Set(price.pence());
        row.price_unit = Set(price_unit);
        row.status = Set(status);
        row.priority = Set(s.priority);
        row.areas = Set(areas);
        row.duration_minutes = Set(duration_minutes);
        row.min_length = Set(min_length);
        row.max_length = Set(max_length);
        row.updated_at = Set(now);
        writes.save(db, row, current.is_some()).await?;
    }
    writes.finish(db, report).await?;
    let ids: HashMap<String, i32> = existing_by::<service::Entity, _>(db, |m| m.slug.clone()).await?.into_iter().map(|(k, m)| (k, m.id)).collect();
    let coverage: Vec<_> = coverage.into_iter().map(|(slug, entries)| (ids[slug], entries)).collect();
    crate::catalogue::coverage::replace(db, &coverage).await?;
    Ok(ids)
}

/// A salary of the fixture (whole or decimal pounds) in pence.
fn salary_pence(what: &str, value: &Option<serde_json::Number>) -> anyhow::Result<Option<i64>> {
    value.as_ref().map(|n| Pence::parse(&n.to_string()).map(Pence::pence).map_err(|e| anyhow::anyhow!("{what}: salary: {e}"))).transpose()
}

async fn import_jobs(db: &impl ConnectionTrait, rows: &[FixtureJob], report: &mut ImportReport) -> anyhow::Result<()> {
    check_unique("job slug", rows.iter().map(|j| j.slug.as_str()))?;
    let existing = existing_by::<job::Entity, _>(db, |m| m.slug.clone()).await?;
    let now = Utc::now();
    let today = crate::domain::uk_time::today();
    let mut writes = TableWrites::new("jobs");
    for j in rows {
        let what = format!("job {:?}", j.slug);
        let employment_type: EmploymentType = word(&what, "employment_type", &j.employment_type)?;
        let salary_period: SalaryPeriod = word(&what, "salary_period", &j.salary_period)?;
        // Imported as the expiry sweep would leave it: a job past its closing date is Closed, so
        // that importing the same file again changes nothing and reopens nothing.
        let status = crate::jobs::queries::status_of(word(&what, "status", &j.status)?, j.closes_at, today);
        let salary_min = salary_pence(&what, &j.salary_min)?;
        let salary_max = salary_pence(&what, &j.salary_max)?;
        let current = existing.get(&j.slug);
        let same = current.is_some_and(|m| {
            m.title == j.title
                && m.company == j.company
                && m.location == j.location
                && m.employment_type == employment_type
                && m.salary_min_pence == salary_min
                && m.salary_max_pence == salary_max
                && m.salary_period == salary_period
                && m.description == j.description
                && m.status == status
                && m.posted_at == j.posted_at
                && m.closes_at == j.closes_at
        });
        if same {
            continue;
        }
        let mut row = match current {
            Some(m) => m.clone().into_active_model(),
            None => job::ActiveModel { created_at: Set(now), owner_id: Set(None), attachment: Set(None), ..Default::default() },
        };
        row.slug = Set(j.slug.clone());
        row.title = Set(j.title.clone());
        row.company = Set(j.company.clone());
        row.location = Set(j.location.clone());
        // The fixtures give no postcode: a job is placed by its town, or by a postcode it was given since.
        let postcode = current.and_then(|m| m.postcode.as_deref()).and_then(|postcode| crate::jobs::place::JobPostcode::parse(postcode).ok());
        crate::jobs::place::set_place(&mut row, postcode.as_ref(), &j.location);
        row.employment_type = Set(employment_type);
        row.salary_min_pence = Set(salary_min);
        row.salary_max_pence = Set(salary_max);
        row.salary_period = Set(salary_period);
        row.description = Set(j.description.clone());
        row.status = Set(status);
        row.posted_at = Set(j.posted_at);
        row.closes_at = Set(j.closes_at);
        row.updated_at = Set(now);
        writes.save(db, row, current.is_some()).await?;
    }
    Ok(writes.finish(db, report).await?)
}

/// Hashes the passwords of the users the database does not have yet, on every core.
async fn hash_new_passwords(db: &DatabaseConnection, users: &[FixtureUser]) -> anyhow::Result<HashMap<String, String>> {
    let existing = existing_by::<user::Entity, _>(db, |m| m.email.clone()).await?;
    let mut tasks = Vec::new();
    for u in users {
        let email = Email::parse(&u.email).map_err(|e| anyhow::anyhow!("user {:?}: {e}", u.email))?;
        if !existing.contains_key(email.as_str()) {
            let password = u.password.clone();
            tasks.push(async move { (email.to_string(), passwords::hash_blocking(password).await) });
        }
    }
    Ok(futures::future::join_all(tasks).await.into_iter().collect())
}

async fn import_users(
    db: &impl ConnectionTrait,
    rows: &[FixtureUser],
    mut new_hashes: HashMap<String, String>,
    report: &mut ImportReport,
) -> anyhow::Result<HashMap<String, i32>> {
    let existing = existing_by::<user::Entity, _>(db, |m| m.email.clone()).await?;
    let now = Utc::now();
    let mut writes = TableWrites::new("users");
    let mut seen = HashSet::new();
    for u in rows {
        let email = Email::parse(&u.email).map_err(|e| anyhow::anyhow!("user {:?}: {e}", u.email))?;
        if !seen.insert(email.to_string()) {
            bail!("user {:?} appears twice in the fixture", u.email);
        }
        let phone = if u.phone_number.trim().is_empty() {
            String::new()
        } else {
            UkPhone::parse(&u.phone_number).map_err(|e| anyhow::anyhow!("user {:?}: {e}", u.email))?.as_str().to_string()
        };
        // Passwords of existing members are theirs: an import never overwrites them.
        match existing.get(email.as_str()) {
            Some(m) if m.full_name == u.full_name && m.phone_number == phone && m.is_verified == u.is_verified && m.is_staff == u.is_staff => {}
            Some(m) => {
                let mut row = m.clone().into_active_model();
                row.full_name = Set(u.full_name.clone());
                row.phone_number = Set(phone);
                row.is_verified = Set(u.is_verified);
                row.is_staff = Set(u.is_staff);
                row.updated_at = Set(now);
                writes.save(db, row, true).await?;
            }
            None => {
                let row = user::ActiveModel {
                    password_hash: Set(new_hashes.remove(email.as_str()).context("password hash missing")?),
                    email: Set(email.to_string()),
                    full_name: Set(u.full_name.clone()),
                    phone_number: Set(phone),
                    address_line_1: Set(String::new()),
                    postcode: Set(String::new()),
                    city: Set(String::new()),
                    country: Set("United Kingdom".into()),
                    is_verified: Set(u.is_verified),
                    is_staff: Set(u.is_staff),
                    date_joined: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                };
                writes.save(db, row, false).await?;
            }
        }
    }
    writes.finish(db, report).await?;
    Ok(existing_by::<user::Entity, _>(db, |m| m.email.clone()).await?.into_iter().map(|(k, m)| (k, m.id)).collect())
}

async fn import_reviews(
    db: &impl ConnectionTrait,
    rows: &[FixtureReview],
    service_ids: &HashMap<String, i32>,
    user_ids: &HashMap<String, i32>,
    report: &mut ImportReport,
) -> anyhow::Result<()> {
    let existing = existing_by::<review::Entity, _>(db, |m| (m.service_id, m.user_id)).await?;
    let mut writes = TableWrites::new("reviews");
    let mut seen = HashSet::new();
    for r in rows {
        let what = format!("review of {:?} by {:?}", r.service, r.user);
        let service_id = *service_ids.get(&r.service).with_context(|| format!("{what}: unknown service"))?;
        let email = Email::parse(&r.user).map_err(|e| anyhow::anyhow!("{what}: {e}"))?;
        let user_id = *user_ids.get(email.as_str()).with_context(|| format!("{what}: unknown user"))?;
        let rating = Rating::new(r.rating).map_err(|e| anyhow::anyhow!("{what}: {e}"))?;
        if r.review.trim().is_empty() {
            bail!("{what}: the review text is empty");
        }
        if !seen.insert((service_id, user_id)) {
            bail!("{what}: one review per user and service");
        }
        match existing.get(&(service_id, user_id)) {
            Some(m) if m.rating == rating.get() as i32 && m.review == r.review && m.created_at == r.created_at => {}
            Some(m) => {
                let mut row = m.clone().into_active_model();
                row.rating = Set(rating.get() as i32);
                row.review = Set(r.review.clone());
                row.created_at = Set(r.created_at);
                writes.save(db, row, true).await?;
            }
            None => {
                let row = review::ActiveModel {
                    service_id: Set(service_id),
                    user_id: Set(user_id),
                    rating: Set(rating.get() as i32),
                    review: Set(r.review.clone()),
                    created_at: Set(r.created_at),
                    ..Default::default()
                };
                writes.save(db, row, false).await?;
            }
        }
    }
    Ok(writes.finish(db, report).await?)
}

async fn import_providers(
    db: &impl ConnectionTrait,
    rows: &[FixtureProvider],
    service_ids: &HashMap<String, i32>,
    user_ids: &HashMap<String, i32>,
    report: &mut ImportReport,
) -> anyhow::Result<()> {
    let existing = existing_by::<provider::Entity, _>(db, |m| (m.user_id, m.service_id)).await?;
    let (mut writes, mut terms_changed) = (TableWrites::new("providers"), 0);
    for p in rows {
        let what = format!("provider {:?}", p.user);
        let email = Email::parse(&p.user).map_err(|e| anyhow::anyhow!("{what}: {e}"))?;
        let user_id = *user_ids.get(email.as_str()).with_context(|| format!("{what}: unknown user"))?;
        let body: TermsBody = serde_json::from_value(p.terms.clone()).map_err(|e| anyhow::anyhow!("{what}: terms: {e}"))?;
        let mut errors = FieldErrors::default();
        let terms = body.parse(&mut errors);
        if let Some((field, problems)) = errors.into_fields().into_iter().next() {
            bail!("{what}: terms: {field}: {}", problems.join(" "));
        }
        if crate::scheduling::terms::save(db, user_id, &terms.expect("no errors")).await? {
            terms_changed += 1;
        }
        for slug in &p.services {
            let service_id = *service_ids.get(slug).with_context(|| format!("{what}: unknown service {slug:?}"))?;
            match existing.get(&(user_id, service_id)) {
                Some(m) if m.status == ProviderStatus::Approved && m.bio == p.bio && m.experience_years == p.experience_years => {}
                Some(m) => {
                    let mut row = m.clone().into_active_model();
                    row.status = Set(ProviderStatus::Approved);
                    row.bio = Set(p.bio.clone());
                    row.experience_years = Set(p.experience_years);
                    writes.save(db, row, true).await?;
                }
                None => {
                    let row = provider::ActiveModel {
                        user_id: Set(user_id),
                        service_id: Set(service_id),
                        status: Set(ProviderStatus::Approved),
                        availability: Set(true),
                        bio: Set(p.bio.clone()),
                        experience_years: Set(p.experience_years),
                        created_at: Set(Utc::now()),
                        decided_at: Set(Some(Utc::now())),
                        ..Default::default()
                    };
                    writes.save(db, row, false).await?;
                }
            }
        }
    }
    report.count("provider terms", 0, terms_changed);
    Ok(writes.finish(db, report).await?)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_demo_jobs_keep_their_dates_apart_and_are_as_fresh_any_day() {
        let day = |text: &str| chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap();
        let as_written = super::demo(day("2026-11-01")).unwrap();
        let later = super::demo(day("2027-06-30")).unwrap();
        assert_eq!(later.jobs.iter().map(|j| j.posted_at).max(), Some(day("2027-06-30")), "the newest posted that day");
        let moved = later.jobs[0].posted_at - as_written.jobs[0].posted_at;
        for (was, is) in as_written.jobs.iter().zip(&later.jobs) {
            assert_eq!((is.posted_at, is.closes_at), (was.posted_at + moved, was.closes_at.map(|closes| closes + moved)), "{}", was.slug);
        }
        assert!(later.jobs.iter().all(|j| j.closes_at.is_none_or(|closes| closes >= day("2027-06-30"))), "every job open that day");
    }

    #[test]
    fn the_demo_data_has_no_staff_account() {
        // Its passwords are published in the repository: staff come from `create-admin` only.
        let demo = super::parse(super::DEMO_FIXTURE).unwrap();
        assert!(!demo.users.is_empty());
        assert!(demo.users.iter().all(|u| !u.is_staff), "a staff account in the demo data");
    }
}
