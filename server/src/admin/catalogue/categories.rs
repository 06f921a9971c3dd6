//! Categories: listed for staff, added, edited, hidden or shown again.

use super::fields::{Fields, changes, optional, priority, required, slug};
use super::texts;
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::platform::db::is_unique_violation;
use crate::state::AppState;
use app::admin::CategoryRow;
use app::routes::Tag;
use entity::{category, user};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryOrder};
use serde_json::{Value, json};

pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<CategoryRow>, DbErr> {
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
pub async fn save(state: &AppState, staff: &user::Model, id: Option<i32>, fields: &Fields) -> Result<CategoryRow, AppError> {
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
    Ok(list(state.db()).await?.into_iter().find(|c| c.id == saved.id).expect("just saved"))
}
