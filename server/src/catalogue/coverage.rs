//! Where services work, kept beside them as bases (a point and a radius) and districts, read
//! from their areas (places::CoverageEntry); and whether a service covers a postcode. Lists
//! near a postcode read them from memory (`coverage_index`).

use crate::places::{Base, CoverageEntry, Point, PostcodeArea};
use crate::platform::change::Change;
use crate::platform::db::insert_batches;
use app::routes::Tag;
use entity::{service, service_base, service_district};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set};

/// Services at a time: SQLite caps the bound parameters of one statement.
const BATCH: usize = 500;

/// Reads each of `areas` as a coverage entry; the first that cannot be read says why.
pub fn entries_of(areas: &[String]) -> Result<Vec<CoverageEntry>, String> {
    areas.iter().map(|area| CoverageEntry::parse(area)).collect()
}

/// Replaces the bases and districts of each service with those its entries say.
pub async fn replace(db: &impl ConnectionTrait, services: &[(i32, Vec<CoverageEntry>)]) -> Result<(), DbErr> {
    for batch in services.chunks(BATCH) {
        let ids: Vec<i32> = batch.iter().map(|(id, _)| *id).collect();
        service_base::Entity::delete_many().filter(service_base::Column::ServiceId.is_in(ids.clone())).exec(db).await?;
        service_district::Entity::delete_many().filter(service_district::Column::ServiceId.is_in(ids)).exec(db).await?;
        let (mut bases, mut districts) = (Vec::new(), Vec::new());
        for (service_id, entries) in batch {
            for entry in entries {
                match entry {
                    // A place the data leaves out is found by words only.
                    CoverageEntry::Base(Base { point: None, .. }) => {}
                    CoverageEntry::Base(Base { point: Some(point), radius_miles }) => bases.push(service_base::ActiveModel {
                        service_id: Set(*service_id),
                        latitude: Set(point.latitude),
                        longitude: Set(point.longitude),
                        radius_miles: Set(radius_miles.map(|miles| miles as i32)),
                        ..Default::default()
                    }),
                    CoverageEntry::Districts(list) => districts.extend(list.iter().map(|district| service_district::ActiveModel {
                        service_id: Set(*service_id),
                        district: Set(district.clone()),
                        ..Default::default()
                    })),
                }
            }
        }
        insert_batches(db, bases).await?;
        insert_batches(db, districts).await?;
    }
    Ok(())
}

/// Reads the coverage of the services that have none kept (a database from before coverage
/// was kept; a service whose only areas the data leaves out is read again, at no cost), as one
/// change. Returns how many got any. An entry that cannot be read is left out, named in
/// the log: the write paths refuse such entries, so only a row changed by hand can hold one.
pub async fn fill_missing(db: &DatabaseConnection) -> Result<usize, DbErr> {
    let mut change = Change::outside_server(db).await?;
    let missing: Vec<(i32, String)> = service::Entity::find()
        .select_only()
        .columns([service::Column::Id, service::Column::Areas])
        .filter(Expr::cust("NOT EXISTS (SELECT 1 FROM service_bases WHERE service_bases.service_id = services.id)"))
        .filter(Expr::cust("NOT EXISTS (SELECT 1 FROM service_districts WHERE service_districts.service_id = services.id)"))
        .into_tuple()
        .all(change.db())
        .await?;
    let mut read = Vec::new();
    for (id, areas) in missing {
        let areas: Vec<String> = serde_json::from_str(&areas).unwrap_or_default();
        let entries = areas
            .iter()
            .filter_map(|area| CoverageEntry::parse(area).map_err(|why| tracing::warn!(service = id, "an area left out of distance search: {why}")).ok())
            .collect();
        read.push((id, entries));
    }
    replace(change.db(), &read).await?;
    let placed = read.iter().filter(|(_, entries)| entries.iter().any(|entry| !matches!(entry, CoverageEntry::Base(Base { point: None, .. })))).count();
    if placed > 0 {
        // The lists near a postcode change.
        change.touches([Tag::Services, Tag::Coverage]);
    }
    change.commit().await?;
    Ok(placed)
}

/// Whether service `service_id` covers `area` (within a base's radius, or a district it lists),
/// and then how far its nearest base is, in miles (0 for a listed district); however far that is.
pub async fn distance_if_covering(db: &impl ConnectionTrait, service_id: i32, area: &PostcodeArea, default_radius: u32) -> Result<Option<f64>, DbErr> {
    let lists = service_district::Entity::find()
        .filter(service_district::Column::ServiceId.eq(service_id))
        .filter(service_district::Column::District.eq(area.district()))
        .count(db)
        .await?;
    if lists > 0 {
        return Ok(Some(0.0));
    }
    let bases: Vec<(f64, f64, Option<i32>)> = service_base::Entity::find()
        .select_only()
        .columns([service_base::Column::Latitude, service_base::Column::Longitude, service_base::Column::RadiusMiles])
        .filter(service_base::Column::ServiceId.eq(service_id))
        .into_tuple()
        .all(db)
        .await?;
    let point = area.point();
    let measured = bases
        .into_iter()
        .map(|(latitude, longitude, radius)| (point.miles_to(Point { latitude, longitude }), radius.map_or(default_radius, |r| r.max(0) as u32)));
    let (nearest, covers) =
        measured.fold((f64::INFINITY, false), |(nearest, covers), (miles, radius)| (nearest.min(miles), covers || miles <= f64::from(radius)));
    Ok(covers.then_some(nearest))
}
