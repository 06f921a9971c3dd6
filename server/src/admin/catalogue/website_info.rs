//! The company's details on every page (the website info), replaced by staff in one go.

use super::fields::{Fields, changes, optional, required};
use super::texts;
use crate::domain::{Email, UkPhone};
use crate::http::AppError;
use crate::http::extract::FieldErrors;
use crate::platform::audit::Action;
use crate::platform::change::Change;
use crate::state::AppState;
use app::admin::WebsiteInfoForm;
use app::routes::Tag;
use chrono::Utc;
use entity::{user, website_info};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, IntoActiveModel, QueryOrder};
use serde_json::json;
use std::collections::BTreeMap;

pub async fn read(state: &AppState) -> Result<WebsiteInfoForm, AppError> {
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
pub async fn save(state: &AppState, staff: &user::Model, fields: &Fields) -> Result<WebsiteInfoForm, AppError> {
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
    let before = read(state).await?;
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
    read(state).await
}
