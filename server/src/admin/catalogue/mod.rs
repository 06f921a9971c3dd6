//! Staff edit the catalogue and the company's details: categories (add, edit, hide or show),
//! services (add, edit every field, close by status) and the website info. Each input is parsed
//! into checked values once; each change is one transaction with its audit row (the changed
//! fields before and after), then the pages showing it are dropped from the cache.

pub mod api;
pub mod pages;
mod texts;

use crate::domain::text::check;
use crate::domain::{Email, Pence, UkPhone};
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::platform::db::is_unique_violation;
use crate::scheduling::length::{USUAL_DURATION_MINUTES, usual_lengths};
use crate::state::AppState;
use app::admin::{CategoryRow, ServiceRow, WebsiteInfoForm};
use app::routes::Tag;
use chrono::Utc;
use entity::words::{ListingStatus, PriceUnit, Word};
use entity::{category, service, user, website_info};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

/// The fields of a form or a JSON body by name (numbers are taken as they are typed); which
/// fields each call reads is in its description.
#[derive(Deserialize, ToSchema, Default)]
#[schema(value_type = Object)]
pub struct Fields(pub HashMap<String, Value>);

impl Fields {
    fn text(&self, name: &str) -> Option<String> {
        match self.0.get(name)? {
            Value::String(text) => Some(text.trim().to_string()),
            Value::Number(number) => Some(number.to_string()),
            Value::Array(items) => Some(items.iter().filter_map(|v| v.as_str()).collect::<Vec<_>>().join("\n")),
            _ => None,
        }
    }
}

/// Field `name`, or its `current` value when left out, by the rule of
/// [`Text`](crate::domain::Text) of at most `max` characters; trimmed, or the field's error.
fn required(errors: &mut FieldErrors, fields: &Fields, name: &str, current: Option<String>, max: usize) -> String {
    text_field(errors, fields, name, current, max, false)
}

/// As [`required`], by the rule of [`TextOrEmpty`](crate::domain::TextOrEmpty).
fn optional(errors: &mut FieldErrors, fields: &Fields, name: &str, current: Option<String>, max: usize) -> String {
    text_field(errors, fields, name, current, max, true)
}

fn text_field(errors: &mut FieldErrors, fields: &Fields, name: &str, current: Option<String>, max: usize, may_be_blank: bool) -> String {
    let value = fields.text(name).or(current).unwrap_or_default();
    match check(&value, max, may_be_blank) {
        Ok(text) => text.to_string(),
        Err(problem) => {
            errors.add(name, problem.message());
            value
        }
    }
}

fn slug(errors: &mut FieldErrors, fields: &Fields, current: Option<String>) -> String {
    let value = required(errors, fields, "slug", current, 100).to_lowercase();
    let valid = value.split('-').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
    if !value.is_empty() && !valid {
        errors.add("slug", texts::SLUG_FORM);
    }
    value
}

fn priority(errors: &mut FieldErrors, fields: &Fields, current: Option<i32>) -> i32 {
    match fields.text("priority") {
        None => current.unwrap_or(100),
        Some(text) => text.parse::<i32>().ok().filter(|p| (0..=1_000_000).contains(p)).unwrap_or_else(|| {
            errors.add("priority", texts::PRIORITY_RANGE);
            0
        }),
    }
}

/// The fields that changed, before and after, for the audit log.
fn changes(before: Value, after: Value) -> (Value, Value) {
    let (Value::Object(before), Value::Object(after)) = (before, after) else { return (Value::Null, Value::Null) };
    let changed: Vec<&String> = after.keys().filter(|key| before.get(*key) != after.get(*key)).collect();
    let pick = |map: &serde_json::Map<String, Value>| {
        Value::Object(changed.iter().map(|key| ((*key).clone(), map.get(*key).cloned().unwrap_or(Value::Null))).collect())
    };
    (pick(&before), pick(&after))
}

// ---------- categories ----------

pub async fn categories(db: &impl ConnectionTrait) -> Result<Vec<CategoryRow>, DbErr> {
    let counts = crate::catalogue::categories::service_counts(db, false).await?;
    Ok(category::Entity::find()
        .order_by_asc(category::Column::Priority)
        .order_by_asc(category::Column::Name)
        .all(db)
        .await?
        .into_iter()
        .map(|c| CategoryRow {
            services: counts.get(&c.id).copied().unwrap_or(0) as u64,
            id: c.id,
            slug: c.slug,
            name: c.name,
            description: c.description,
            icon: c.icon,
            priority: c.priority,
            hidden: c.hidden,
        })
        .collect())
}

fn category_json(c: &category::Model) -> Value {
    json!({"name": c.name, "slug": c.slug, "icon": c.icon, "priority": c.priority, "description": c.description, "hidden": c.hidden})
}

/// Adds a category (`id` None) or edits one; only the fields given change.
pub async fn save_category(state: &AppState, staff: &user::Model, id: Option<i32>, fields: &Fields) -> Result<CategoryRow, AppError> {
    let current = match id {
        Some(id) => Some(category::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?),
        None => None,
    };
    let mut errors = FieldErrors::default();
    let name = required(&mut errors, fields, "name", current.as_ref().map(|c| c.name.clone()), 100);
    let slug = slug(&mut errors, fields, current.as_ref().map(|c| c.slug.clone()));
    let icon = optional(&mut errors, fields, "icon", current.as_ref().map(|c| c.icon.clone()), 50);
    let description = optional(&mut errors, fields, "description", current.as_ref().map(|c| c.description.clone()), 500);
    let priority = priority(&mut errors, fields, current.as_ref().map(|c| c.priority));
    let hidden = match fields.0.get("hidden") {
        None => current.as_ref().is_some_and(|c| c.hidden),
        Some(Value::Bool(hidden)) => *hidden,
        Some(_) => {
            errors.add("hidden", texts::TRUE_OR_FALSE);
            false
        }
    };
    errors.finish()?;
    let mut change = Change::begin(state).await?;
    let saved = match &current {
        Some(current) => {
            let mut row = current.clone().into_active_model();
            (row.name, row.slug, row.icon, row.description, row.priority, row.hidden) =
                (Set(name), Set(slug), Set(icon), Set(description), Set(priority), Set(hidden));
            row.update(change.db()).await
        }
        None => {
            category::ActiveModel {
                name: Set(name),
                slug: Set(slug),
                icon: Set(icon),
                description: Set(description),
                priority: Set(priority),
                hidden: Set(hidden),
                ..Default::default()
            }
            .insert(change.db())
            .await
        }
    };
    let saved = match saved {
        Ok(saved) => saved,
        Err(error) if is_unique_violation(&error) => return Err(AppError::field("slug", texts::CATEGORY_SLUG_TAKEN)),
        Err(error) => return Err(error.into()),
    };
    let (before, after) = match &current {
        Some(current) => changes(category_json(current), category_json(&saved)),
        None => (Value::Null, category_json(&saved)),
    };
    let (action, verb) = if current.is_some() { ("category.update", "Edited") } else { ("category.create", "Added") };
    change.audit(staff, Action::new(action, "category", Some(saved.id), texts::category_entry(verb, &saved.name)).changed(before, after)).await?;
    change.touches([Tag::Site]);
    change.commit().await?;
    Ok(categories(state.db()).await?.into_iter().find(|c| c.id == saved.id).expect("just saved"))
}

// ---------- services ----------

fn service_row(s: service::Model, category_name: String) -> ServiceRow {
    ServiceRow {
        id: s.id,
        slug: s.slug,
        category: s.category_id,
        category_name,
        title: s.title,
        summary: s.summary,
        description: s.description,
        price_from: Pence::from_stored(s.price_from_pence).to_string(),
        price_unit: s.price_unit,
        status: s.status,
        priority: s.priority,
        areas: serde_json::from_str(&s.areas).unwrap_or_default(),
    }
}

fn service_json(s: &service::Model) -> Value {
    json!({
        "title": s.title, "slug": s.slug, "category": s.category_id, "summary": s.summary, "description": s.description,
        "price_from": Pence::from_stored(s.price_from_pence).to_string(), "price_unit": s.price_unit, "status": s.status, "priority": s.priority,
        "areas": serde_json::from_str::<Value>(&s.areas).unwrap_or(Value::Null),
    })
}

/// Services by title (all statuses), `text` in the title.
pub async fn services(db: &impl ConnectionTrait, text: Option<&str>, page: PageRequest) -> Result<(u64, Vec<ServiceRow>), DbErr> {
    let mut select = service::Entity::find().order_by_asc(service::Column::Title).order_by_asc(service::Column::Id);
    if let Some(text) = text {
        select = select.filter(crate::admin::contains(service::Column::Title, text));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    let names: HashMap<i32, String> = category::Entity::find().all(db).await?.into_iter().map(|c| (c.id, c.name)).collect();
    Ok((
        count,
        rows.into_iter()
            .map(|s| {
                let name = names.get(&s.category_id).cloned().unwrap_or_default();
                service_row(s, name)
            })
            .collect(),
    ))
}

pub async fn service(db: &impl ConnectionTrait, id: i32) -> Result<ServiceRow, AppError> {
    let row = service::Entity::find_by_id(id).one(db).await?.ok_or(AppError::NotFound)?;
    let name = category::Entity::find_by_id(row.category_id).one(db).await?.map(|c| c.name).unwrap_or_default();
    Ok(service_row(row, name))
}

/// Adds a service (`id` None) or edits one; only the fields given change.
pub async fn save_service(state: &AppState, staff: &user::Model, id: Option<i32>, fields: &Fields) -> Result<ServiceRow, AppError> {
    let current = match id {
        Some(id) => Some(service::Entity::find_by_id(id).one(state.db()).await?.ok_or(AppError::NotFound)?),
        None => None,
    };
    let c = current.as_ref();
    let mut errors = FieldErrors::default();
    let title = required(&mut errors, fields, "title", c.map(|s| s.title.clone()), 200);
    let slug = slug(&mut errors, fields, c.map(|s| s.slug.clone()));
    let summary = required(&mut errors, fields, "summary", c.map(|s| s.summary.clone()), 300);
    let description = required(&mut errors, fields, "description", c.map(|s| s.description.clone()), 5000);
    let category_id = match fields.text("category") {
        Some(text) => match text.parse::<i32>().ok() {
            Some(id) if category::Entity::find_by_id(id).one(state.db()).await?.is_some() => id,
            _ => {
                errors.add("category", texts::no_such_category(&text));
                0
            }
        },
        None => c.map(|s| s.category_id).unwrap_or_else(|| {
            errors.add("category", texts::REQUIRED);
            0
        }),
    };
    let price = match fields.text("price_from") {
        Some(text) => Pence::parse(&text).map(Pence::pence).unwrap_or_else(|problem| {
            errors.add("price_from", problem);
            0
        }),
        None => c.map(|s| s.price_from_pence).unwrap_or_else(|| {
            errors.add("price_from", texts::REQUIRED);
            0
        }),
    };
    let unit = match fields.text("price_unit") {
        Some(text) => PriceUnit::parse(&text).unwrap_or_else(|| {
            errors.add("price_unit", crate::admin::texts::choose::<PriceUnit>());
            PriceUnit::Fixed
        }),
        None => c.map_or(PriceUnit::Fixed, |s| s.price_unit),
    };
    let status = match fields.text("status") {
        Some(text) => ListingStatus::parse(&text).unwrap_or_else(|| {
            errors.add("status", crate::admin::texts::choose::<ListingStatus>());
            ListingStatus::Open
        }),
        None => c.map_or(ListingStatus::Open, |s| s.status),
    };
    let priority = priority(&mut errors, fields, c.map(|s| s.priority));
    let areas: Vec<String> = match fields.text("areas") {
        Some(text) => area_lines(&text),
        None => c.and_then(|s| serde_json::from_str(&s.areas).ok()).unwrap_or_default(),
    };
    let coverage = if areas.len() > 200 || areas.iter().any(|area| check(area, 100, false).is_err()) {
        errors.add("areas", texts::TOO_MANY_AREAS);
        Vec::new()
    } else {
        crate::catalogue::coverage::entries_of(&areas).unwrap_or_else(|why| {
            errors.add("areas", why);
            Vec::new()
        })
    };
    errors.finish()?;
    let now = Utc::now();
    let mut change = Change::begin(state).await?;
    let saved = match c {
        Some(current) => {
            let mut row = current.clone().into_active_model();
            row.title = Set(title);
            row.slug = Set(slug);
            row.summary = Set(summary);
            row.description = Set(description);
            row.category_id = Set(category_id);
            row.price_from_pence = Set(price);
            if current.price_unit != unit {
                // Hours and days do not carry over: the new unit starts from its usual lengths.
                let (min, max) = usual_lengths(unit);
                (row.min_length, row.max_length) = (Set(min), Set(max));
            }
            row.price_unit = Set(unit);
            row.status = Set(status);
            row.priority = Set(priority);
            row.areas = Set(serde_json::to_string(&areas).expect("text serialises"));
            row.updated_at = Set(now);
            row.update(change.db()).await
        }
        None => {
            service::ActiveModel {
                title: Set(title),
                slug: Set(slug),
                summary: Set(summary),
                description: Set(description),
                category_id: Set(category_id),
                price_from_pence: Set(price),
                price_unit: Set(unit),
                status: Set(status),
                priority: Set(priority),
                areas: Set(serde_json::to_string(&areas).expect("text serialises")),
                image: Set(None),
                duration_minutes: Set(USUAL_DURATION_MINUTES),
                min_length: Set(usual_lengths(unit).0),
                max_length: Set(usual_lengths(unit).1),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(change.db())
            .await
        }
    };
    let saved = match saved {
        Ok(saved) => saved,
        Err(error) if is_unique_violation(&error) => return Err(AppError::field("slug", texts::SERVICE_SLUG_TAKEN)),
        Err(error) => return Err(error.into()),
    };
    crate::catalogue::coverage::replace(change.db(), &[(saved.id, coverage)]).await?;
    let (before, after) = match c {
        Some(current) => changes(service_json(current), service_json(&saved)),
        None => (Value::Null, service_json(&saved)),
    };
    let (action, verb) = if c.is_some() { ("service.update", "Edited") } else { ("service.create", "Added") };
    change.audit(staff, Action::new(action, "service", Some(saved.id), texts::service_entry(verb, &saved.title)).changed(before, after)).await?;
    // Lists, counts and menus change with a status or a category; the service's own pages always.
    let moved = c.is_none_or(|current| current.status != saved.status || current.category_id != saved.category_id);
    change.touches(if moved { vec![Tag::Site] } else { vec![Tag::Service(saved.id), Tag::Services, Tag::Coverage] });
    change.commit().await?;
    service(state.db(), saved.id).await
}

// ---------- website info ----------

pub async fn website_info(state: &AppState) -> Result<WebsiteInfoForm, AppError> {
    let (_, info) = crate::catalogue::website_info::website_info_with_id(state.db(), None).await?;
    Ok(WebsiteInfoForm {
        brand: info.brand,
        email: info.email,
        phones: info.phones,
        address: info.address,
        opening_hours: info.opening_hours,
        socials: info.socials.into_iter().collect(),
    })
}

/// Replaces the website info with the form's: every field, in one go.
pub async fn save_website_info(state: &AppState, staff: &user::Model, fields: &Fields) -> Result<WebsiteInfoForm, AppError> {
    let mut errors = FieldErrors::default();
    let brand = required(&mut errors, fields, "brand", None, 100);
    let email = required(&mut errors, fields, "email", None, 254);
    let email = if email.is_empty() {
        String::new()
    } else {
        Email::parse(&email).map(|e| e.as_str().to_string()).unwrap_or_else(|problem| {
            errors.add("email", problem);
            String::new()
        })
    };
    let mut phones = Vec::new();
    for line in fields.text("phones").unwrap_or_default().lines().map(str::trim).filter(|l| !l.is_empty()) {
        match UkPhone::parse(line) {
            Ok(phone) => phones.push(phone.as_str().to_string()),
            Err(problem) => errors.add("phones", texts::bad_phone(line, problem)),
        }
    }
    let address = required(&mut errors, fields, "address", None, 300);
    let opening_hours = optional(&mut errors, fields, "opening_hours", None, 200);
    let mut socials = BTreeMap::new();
    for line in fields.text("socials").unwrap_or_default().lines().map(str::trim).filter(|l| !l.is_empty()) {
        match line.rsplit_once(char::is_whitespace) {
            Some((name, url)) if !name.trim().is_empty() && (url.starts_with("https://") || url.starts_with("http://")) && url.len() <= 300 => {
                socials.insert(name.trim().to_string(), url.to_string());
            }
            _ => errors.add("socials", texts::bad_social(line)),
        }
    }
    errors.finish()?;
    let before = website_info(state).await?;
    let now = Utc::now();
    let phones_json = serde_json::to_string(&phones).expect("text serialises");
    let socials_json = serde_json::to_string(&socials).expect("text serialises");
    let mut change = Change::begin(state).await?;
    let existing = website_info::Entity::find().order_by_asc(website_info::Column::Id).one(change.db()).await?;
    match existing {
        Some(row) => {
            let mut row = row.into_active_model();
            (row.brand, row.email, row.phones, row.address, row.opening_hours, row.socials, row.updated_at) =
                (Set(brand), Set(email), Set(phones_json), Set(address), Set(opening_hours), Set(socials_json), Set(now));
            row.update(change.db()).await?;
        }
        None => {
            website_info::ActiveModel {
                brand: Set(brand),
                email: Set(email),
                phones: Set(phones_json),
                address: Set(address),
                opening_hours: Set(opening_hours),
                socials: Set(socials_json),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(change.db())
            .await?;
        }
    }
    let after = {
        let row = website_info::Entity::find().order_by_asc(website_info::Column::Id).one(change.db()).await?.expect("just saved");
        crate::catalogue::website_info::website_info_view(row)
    };
    let (before, after) = changes(
        serde_json::to_value(&before).unwrap_or_default(),
        json!({"brand": after.brand, "email": after.email, "phones": after.phones, "address": after.address, "opening_hours": after.opening_hours, "socials": after.socials.clone().into_iter().collect::<Vec<_>>()}),
    );
    change.audit(staff, Action::new("website_info.update", "website_info", None, texts::WEBSITE_INFO_ENTRY).changed(before, after)).await?;
    change.touches([Tag::Site]);
    change.commit().await?;
    website_info(state).await
}

/// The areas typed one a line, or several on a line separated by commas; a line of districts
/// (`Districts: LS1, LS2`) is one area.
fn area_lines(text: &str) -> Vec<String> {
    text.lines()
        .flat_map(|line| if line.trim_start().to_ascii_lowercase().starts_with("districts:") { vec![line] } else { line.split(',').collect() })
        .map(str::trim)
        .filter(|area| !area.is_empty())
        .map(String::from)
        .collect()
}
