//! Services: listed and read for staff, added, edited in every field, closed by status.

use super::fields::{Fields, changes, priority, required, slug};
use super::texts;
use crate::domain::Pence;
use crate::domain::text::check;
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::platform::db::is_unique_violation;
use crate::scheduling::length::{USUAL_DURATION_MINUTES, usual_lengths};
use crate::state::AppState;
use app::admin::ServiceRow;
use app::routes::Tag;
use chrono::Utc;
use entity::words::{ListingStatus, PriceUnit, Word};
use entity::{category, service, user};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use std::collections::HashMap;

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
pub async fn list(db: &impl ConnectionTrait, text: Option<&str>, page: PageRequest) -> Result<(u64, Vec<ServiceRow>), DbErr> {
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

pub async fn one(db: &impl ConnectionTrait, id: i32) -> Result<ServiceRow, AppError> {
    let row = service::Entity::find_by_id(id).one(db).await?.ok_or(AppError::NotFound)?;
    let name = category::Entity::find_by_id(row.category_id).one(db).await?.map(|c| c.name).unwrap_or_default();
    Ok(service_row(row, name))
}

/// Adds a service (`id` None) or edits one; only the fields given change.
pub async fn save(state: &AppState, staff: &user::Model, id: Option<i32>, fields: &Fields) -> Result<ServiceRow, AppError> {
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
    one(state.db(), saved.id).await
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
