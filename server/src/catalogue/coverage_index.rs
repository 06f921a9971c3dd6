//! Where every service works, held in memory for searches near a postcode. A near search
//! measured each base in a box around the point from the database: thousands of rows a search
//! on the `large` data. Bases sit at a few thousand points at
//! most (districts and towns), so the index measures each point once and reads the services
//! based there. It is loaded when first asked for and forgotten whenever where services work,
//! or their categories or statuses, change here or on another server (`Tag::Coverage`, or
//! `Tag::Site`, in `Site::invalidate_here`), then loaded again.

use crate::places::{Near, Point};
use entity::words::ListingStatus;
use entity::{service, service_base, service_district};
use futures::TryStreamExt;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, QuerySelect, StreamTrait};
use std::collections::HashMap;
use std::sync::Arc;

/// A service found near a point: how far its nearest base is, in miles (0 where the point's
/// district is one it lists).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Found {
    pub service_id: i32,
    pub miles: f64,
}

/// The bases at one point: each service based there and its radius (`None` for the default).
struct BasePoint {
    point: Point,
    /// The widest radius said at this point, in miles.
    widest_said: u32,
    /// Whether any base here takes the default radius.
    any_default: bool,
    bases: Vec<(i32, Option<u32>)>,
}

/// Every service's bases grouped by point, the districts each lists, and what a list filters
/// services by (category and status).
pub struct CoverageIndex {
    points: Vec<BasePoint>,
    districts: HashMap<String, Vec<i32>>,
    services: HashMap<i32, (i32, ListingStatus)>,
}

impl std::fmt::Debug for CoverageIndex {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "CoverageIndex({} points, {} districts, {} services)", self.points.len(), self.districts.len(), self.services.len())
    }
}

impl CoverageIndex {
    /// Reads the rows as they come, each kept only as its part of the index: read whole, every
    /// base and service would be held at once while the index is built.
    pub async fn load(db: &(impl ConnectionTrait + StreamTrait)) -> Result<Self, DbErr> {
        let mut bases = service_base::Entity::find()
            .select_only()
            .columns([service_base::Column::ServiceId, service_base::Column::Latitude, service_base::Column::Longitude, service_base::Column::RadiusMiles])
            .into_tuple::<(i32, f64, f64, Option<i32>)>()
            .stream(db)
            .await?;
        let mut at: HashMap<(u64, u64), BasePoint> = HashMap::new();
        while let Some((service_id, latitude, longitude, radius)) = bases.try_next().await? {
            let radius = radius.map(|miles| miles.max(0) as u32);
            let point = at.entry((latitude.to_bits(), longitude.to_bits())).or_insert_with(|| BasePoint {
                point: Point { latitude, longitude },
                widest_said: 0,
                any_default: false,
                bases: Vec::new(),
            });
            point.widest_said = point.widest_said.max(radius.unwrap_or(0));
            point.any_default |= radius.is_none();
            point.bases.push((service_id, radius));
        }
        // A stream holds its pooled connection until dropped: before the next query.
        drop(bases);
        let mut listed = service_district::Entity::find()
            .select_only()
            .columns([service_district::Column::ServiceId, service_district::Column::District])
            .into_tuple::<(i32, String)>()
            .stream(db)
            .await?;
        let mut districts: HashMap<String, Vec<i32>> = HashMap::new();
        while let Some((service_id, district)) = listed.try_next().await? {
            districts.entry(district).or_default().push(service_id);
        }
        drop(listed);
        let mut listings = service::Entity::find()
            .select_only()
            .columns([service::Column::Id, service::Column::CategoryId, service::Column::Status])
            .into_tuple::<(i32, i32, ListingStatus)>()
            .stream(db)
            .await?;
        let mut services = HashMap::new();
        while let Some((id, category, status)) = listings.try_next().await? {
            services.insert(id, (category, status));
        }
        Ok(CoverageIndex { points: at.into_values().collect(), districts, services })
    }

    /// The services that cover `near`'s point (within a base's radius, `default_radius` where it
    /// says none, or in a district they list) and whose nearest base is within its distance,
    /// nearest first.
    pub fn covering(&self, near: &Near, default_radius: u32) -> Vec<Found> {
        let point = near.area.point();
        let within = near.within_miles;
        // Per service: the nearest base, and whether any covers the point.
        let mut seen: HashMap<i32, (f64, bool)> = HashMap::new();
        for at in &self.points {
            let miles = point.miles_to(at.point);
            let widest = if at.any_default { at.widest_said.max(default_radius) } else { at.widest_said };
            // Too far to be a nearest base within the distance, or to cover the point.
            if miles > within && miles > f64::from(widest) {
                continue;
            }
            for &(service_id, radius) in &at.bases {
                let covers = miles <= f64::from(radius.unwrap_or(default_radius));
                let entry = seen.entry(service_id).or_insert((f64::INFINITY, false));
                *entry = (entry.0.min(miles), entry.1 || covers);
            }
        }
        for &service_id in self.districts.get(near.area.district()).into_iter().flatten() {
            seen.insert(service_id, (0.0, true));
        }
        let mut found: Vec<Found> =
            seen.into_iter().filter(|(_, (miles, covers))| *covers && *miles <= within).map(|(service_id, (miles, _))| Found { service_id, miles }).collect();
        found.sort_by(|a, b| a.miles.total_cmp(&b.miles).then(a.service_id.cmp(&b.service_id)));
        found
    }

    /// Whether service `id` is in `category` (any, when `None`) with `status` (any, when `None`).
    pub fn is_in(&self, id: i32, category: Option<i32>, status: Option<ListingStatus>) -> bool {
        self.services.get(&id).is_some_and(|(in_category, is)| category.is_none_or(|c| c == *in_category) && status.is_none_or(|s| s == *is))
    }
}

/// The index, once loaded, and how many times it was forgotten: a load that began before it was
/// forgotten is used but not kept.
#[derive(Default)]
pub struct KeptCoverage {
    kept: parking_lot::RwLock<(Option<Arc<CoverageIndex>>, u64)>,
    /// One load at a time: a burst of searches after a change waits for the one.
    loading: tokio::sync::Mutex<()>,
}

impl KeptCoverage {
    pub async fn get(&self, db: &(impl ConnectionTrait + StreamTrait)) -> Result<Arc<CoverageIndex>, DbErr> {
        if let Some(index) = &self.kept.read().0 {
            return Ok(index.clone());
        }
        let _one_load = self.loading.lock().await;
        let forgotten = {
            let kept = self.kept.read();
            if let Some(index) = &kept.0 {
                return Ok(index.clone());
            }
            kept.1
        };
        let index = Arc::new(CoverageIndex::load(db).await?);
        let mut kept = self.kept.write();
        if kept.1 == forgotten {
            kept.0 = Some(index.clone());
        }
        Ok(index)
    }

    /// Drops the index: where services work, or their categories or statuses, changed.
    pub fn forget(&self) {
        let mut kept = self.kept.write();
        *kept = (None, kept.1 + 1);
    }
}
