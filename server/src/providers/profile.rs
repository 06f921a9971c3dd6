//! An approved provider's public profile (`/providers/profile?id=N`, by account id) and the
//! links to it from their services' pages. Only what a customer choosing a provider needs is
//! public: first name, photo (stored without its metadata), bio, services, the postcode
//! districts they work around, and the rating and reviews of the jobs they did. A member is a
//! provider while an application of theirs is approved and their account is open.

use crate::catalogue::services::{by_ids, service_cards};
use crate::http::AppError;
use crate::messages::views::first_name_of;
use crate::platform::photo_metadata;
use crate::platform::storage::FileKind;
use crate::reviews::queries::{self as reviews, ReviewRow};
use crate::scheduling::terms::{WorkingTerms, row_of};
use crate::state::AppState;
use app::data::{ProviderLink, ProviderProfile};
use app::routes::Tag;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use entity::words::{ListingStatus, ProviderStatus};
use entity::{provider, user};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// The newest reviews a profile shows.
const PROFILE_REVIEWS: u64 = 20;
/// Where a provider's photo is served.
pub const PHOTO_PATH: &str = "/providers/photo";

/// The approved applications of `user_id`, newest decision first, if their account is open.
async fn approved(db: &impl ConnectionTrait, user_id: i32) -> Result<Option<(user::Model, Vec<provider::Model>)>, DbErr> {
    let Some(member) = user::Entity::find_by_id(user_id).one(db).await?.filter(|u| u.is_active) else { return Ok(None) };
    let applications = provider::Entity::find()
        .filter(provider::Column::UserId.eq(user_id))
        .filter(provider::Column::Status.eq(ProviderStatus::Approved))
        .order_by_desc(provider::Column::DecidedAt)
        .order_by_desc(provider::Column::Id)
        .all(db)
        .await?;
    Ok((!applications.is_empty()).then_some((member, applications)))
}

/// The profile of provider `user_id`; `None` when they are not one.
pub async fn profile(db: &impl ConnectionTrait, user_id: i32) -> Result<Option<ProviderProfile>, DbErr> {
    let Some((member, applications)) = approved(db, user_id).await? else { return Ok(None) };
    let service_ids: Vec<i32> = applications.iter().map(|a| a.service_id).collect();
    let open = by_ids(db, &service_ids).await?.into_iter().filter(|(service, _)| service.status == ListingStatus::Open).collect();
    let areas = match row_of(db, user_id).await? {
        Some(row) => WorkingTerms::from_row(&row).areas.iter().map(|area| format!("{} (up to {} miles)", area.district, area.radius_miles)).collect(),
        None => Vec::new(),
    };
    let (rating_average, rating_count) = reviews::provider_rating(db, user_id).await?;
    Ok(Some(ProviderProfile {
        id: user_id,
        first_name: first_name_of(&member.full_name).to_owned(),
        photo: photo_path(&member),
        bio: applications[0].bio.clone(),
        experience_years: applications.iter().map(|a| a.experience_years).max().unwrap_or(0),
        services: service_cards(db, open).await?,
        areas,
        rating_average,
        rating_count,
        jobs_done: reviews::visits_done(db, user_id).await?,
        reviews: reviews::of_provider(db, user_id, PROFILE_REVIEWS).await?.iter().map(ReviewRow::card).collect(),
    }))
}

/// The public address of `member`'s photo: it names the stored file, so a new photo is a new
/// address and a kept page never shows an old one.
fn photo_path(member: &user::Model) -> Option<String> {
    let key = member.profile_picture.as_deref()?;
    let version = key.rsplit('/').next().and_then(|name| name.split('.').next()).unwrap_or("1");
    Some(format!("{PHOTO_PATH}?id={}&v={version}", member.id))
}

/// The approved providers of each of `service_ids`, by first name, for their pages.
pub async fn links_of(db: &impl ConnectionTrait, service_ids: &[i32]) -> Result<HashMap<i32, Vec<ProviderLink>>, DbErr> {
    if service_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let applications = provider::Entity::find()
        .filter(provider::Column::ServiceId.is_in(service_ids.iter().copied()))
        .filter(provider::Column::Status.eq(ProviderStatus::Approved))
        .order_by_asc(provider::Column::Id)
        .all(db)
        .await?;
    let members: HashMap<i32, user::Model> = user::Entity::find()
        .filter(user::Column::Id.is_in(applications.iter().map(|a| a.user_id)))
        .filter(user::Column::IsActive.eq(true))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let mut links: HashMap<i32, Vec<ProviderLink>> = HashMap::new();
    for application in applications {
        if let Some(member) = members.get(&application.user_id) {
            links.entry(application.service_id).or_default().push(ProviderLink { id: member.id, first_name: first_name_of(&member.full_name).to_owned() });
        }
    }
    Ok(links)
}

/// The account ids of every provider with a profile, for the sitemap and the prerender.
pub async fn all(db: &impl ConnectionTrait) -> Result<Vec<i32>, DbErr> {
    Ok(with_profiles(db, None).await?.into_iter().collect())
}

/// Of `candidates` (of every member when `None`), those with a profile: an approved
/// application and an open account.
pub async fn with_profiles(db: &impl ConnectionTrait, candidates: Option<&[i32]>) -> Result<BTreeSet<i32>, DbErr> {
    let mut approved = provider::Entity::find().filter(provider::Column::Status.eq(ProviderStatus::Approved));
    if let Some(candidates) = candidates {
        approved = approved.filter(provider::Column::UserId.is_in(candidates.iter().copied()));
    }
    let ids: BTreeSet<i32> = approved.all(db).await?.iter().map(|a| a.user_id).collect();
    user::Entity::find()
        .filter(user::Column::Id.is_in(ids.iter().copied()))
        .filter(user::Column::IsActive.eq(true))
        .all(db)
        .await
        .map(|open| open.into_iter().map(|u| u.id).collect())
}

/// The pages showing member `user_id` as a provider: their profile and the pages of the
/// services they are approved for (which name them). What a change to their name, photo,
/// applications or areas touches.
pub async fn pages_of(db: &impl ConnectionTrait, user_id: i32) -> Result<Vec<Tag>, DbErr> {
    let services: Vec<i32> = provider::Entity::find()
        .filter(provider::Column::UserId.eq(user_id))
        .filter(provider::Column::Status.eq(ProviderStatus::Approved))
        .all(db)
        .await?
        .into_iter()
        .map(|a| a.service_id)
        .collect();
    Ok(std::iter::once(Tag::Provider(user_id)).chain(services.into_iter().map(Tag::Service)).collect())
}

#[derive(serde::Deserialize)]
pub struct PhotoQuery {
    id: Option<String>,
}

/// `GET /providers/photo?id=N`: a provider's profile picture, without the place it was taken
/// and its other metadata (stored so; cleaned again here, as this address is public, for a
/// photo the one-off pass has not reached yet); not found for anyone who is not a provider.
pub async fn photo(State(state): State<Arc<AppState>>, Query(query): Query<PhotoQuery>) -> Result<Response, AppError> {
    let id = query.id.as_deref().and_then(|id| id.parse::<i32>().ok()).ok_or(AppError::NotFound)?;
    let (member, _) = approved(state.db(), id).await?.ok_or(AppError::NotFound)?;
    let key = member.profile_picture.ok_or(AppError::NotFound)?;
    let bytes = state.storage.get(&key).await?;
    let kind = FileKind::sniff(&bytes).ok_or(AppError::NotFound)?;
    let cleaned = photo_metadata::strip(kind, &bytes).map_err(|_| AppError::NotFound)?;
    let mut response = (StatusCode::OK, cleaned).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind.content_type()));
    // Its address changes with the photo (`v`); an hour at most, so that the photo of a
    // provider deactivated or erased leaves shared caches soon.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    Ok(response)
}
