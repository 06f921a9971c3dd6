//! Where a job is, for a search near a postcode: the district of the postcode its poster gave,
//! else the town its location names ("Leeds", or "Leeds, West Yorkshire").

use crate::domain::{UkPostcode, without_spaces};
use crate::places::{NOT_COVERED_NORTHERN_IRELAND, Point, PostcodeArea, place_point};
use crate::platform::change::Change;
use app::routes::Tag;
use entity::job;
use sea_orm::ActiveValue::Set;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;

/// Jobs updated by one statement: SQLite caps the bound parameters of one statement.
const BATCH: usize = 500;

/// The postcode a poster gave: a full one (`LS1 4AP`) or its district (`LS1`).
#[derive(Clone, Debug, PartialEq)]
pub struct JobPostcode {
    /// As kept: capitals, a full postcode with its one space.
    text: String,
    /// Its district's centroid; `None` in Northern Ireland, whose postcodes the shipped data
    /// leaves out (the job is then placed by its town, if at all).
    point: Option<Point>,
}

impl JobPostcode {
    /// A postcode or district of the UK; one that is well formed but names no district we know
    /// is refused, so that a typing mistake does not place a job nowhere.
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let text = UkPostcode::parse(raw).map(|postcode| postcode.as_str().to_owned()).unwrap_or_else(|_| without_spaces(raw).to_ascii_uppercase());
        match PostcodeArea::parse(raw) {
            Ok(area) => Ok(JobPostcode { text, point: Some(area.point()) }),
            Err(NOT_COVERED_NORTHERN_IRELAND) => Ok(JobPostcode { text, point: None }),
            Err(problem) => Err(problem),
        }
    }
}

/// The point a job is placed at: its postcode's district, else the town its location names.
pub fn job_point(postcode: Option<&JobPostcode>, location: &str) -> Option<Point> {
    postcode.and_then(|postcode| postcode.point).or_else(|| place_point(location)).or_else(|| location.split_once(',').and_then(|(town, _)| place_point(town)))
}

/// Sets a job row's postcode and the point it is placed at.
pub fn set_place(row: &mut job::ActiveModel, postcode: Option<&JobPostcode>, location: &str) {
    let point = job_point(postcode, location);
    row.postcode = Set(postcode.map(|postcode| postcode.text.clone()));
    row.latitude = Set(point.map(|point| point.latitude));
    row.longitude = Set(point.map(|point| point.longitude));
}

/// Places the jobs without a point from their postcode or town (jobs of a database from before
/// jobs were placed), as one change, and returns how many it placed. A job whose town the data
/// does not know ("Remote") is read again at the next start, at little cost.
pub async fn place_unplaced(db: &DatabaseConnection) -> Result<usize, DbErr> {
    let mut change = Change::outside_server(db).await?;
    let unplaced: Vec<(i32, Option<String>, String)> = job::Entity::find()
        .select_only()
        .columns([job::Column::Id, job::Column::Postcode, job::Column::Location])
        .filter(job::Column::Latitude.is_null())
        .into_tuple()
        .all(change.db())
        .await?;
    // Jobs in one place are placed by one statement: the fixtures name a few dozen towns.
    let mut by_place: HashMap<(Option<String>, String), Vec<i32>> = HashMap::new();
    for (id, postcode, location) in unplaced {
        by_place.entry((postcode, location)).or_default().push(id);
    }
    let mut placed = 0;
    for ((postcode, location), ids) in by_place {
        let postcode = postcode.and_then(|postcode| JobPostcode::parse(&postcode).ok());
        let Some(point) = job_point(postcode.as_ref(), &location) else { continue };
        for batch in ids.chunks(BATCH) {
            job::Entity::update_many()
                .col_expr(job::Column::Latitude, Expr::value(point.latitude))
                .col_expr(job::Column::Longitude, Expr::value(point.longitude))
                .filter(job::Column::Id.is_in(batch.iter().copied()))
                .exec(change.db())
                .await?;
        }
        placed += ids.len();
    }
    if placed > 0 {
        // The lists near a postcode change.
        change.touches([Tag::Jobs]);
    }
    change.commit().await?;
    Ok(placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::places::{district_point, town_point};

    #[test]
    fn a_job_is_placed_by_its_postcode_else_its_town() {
        let postcode = JobPostcode::parse("ls6 1aa").unwrap();
        assert_eq!(postcode.text, "LS6 1AA");
        assert_eq!(job_point(Some(&postcode), "Leeds"), district_point("LS6"));
        assert_eq!(JobPostcode::parse("ls6").unwrap().text, "LS6");
        assert_eq!(job_point(None, "Leeds"), town_point("Leeds"));
        assert_eq!(job_point(None, "Leeds, West Yorkshire"), town_point("Leeds"));
        assert_eq!(job_point(None, "Remote"), None);
        // Northern Ireland: kept, placed by nothing the data holds.
        let belfast = JobPostcode::parse("BT1 1AA").unwrap();
        assert_eq!((belfast.text.as_str(), job_point(Some(&belfast), "Belfast")), ("BT1 1AA", None));
        assert_eq!(JobPostcode::parse("ZZ9 9ZZ"), Err(crate::places::UNKNOWN_POSTCODE_AREA));
        assert!(JobPostcode::parse("Leeds").is_err());
    }
}
