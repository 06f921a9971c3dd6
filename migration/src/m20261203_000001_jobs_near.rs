//! Jobs near a postcode. Each job keeps the postcode its poster gave, if any, and the point it
//! is placed at (that postcode's district, else the town it names; NULL where the shipped data
//! knows neither, such as "Remote"): a near search reads the jobs in a box around the point by
//! the coordinates' index, then measures exactly. A job seeker's alerts may keep to a distance
//! of a postcode district (only the district is kept, never the full postcode).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const PLACE_INDEX: &str = "idx_jobs_place";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite adds no more at once.
        for column in [string_null("postcode"), double_null("latitude"), double_null("longitude")] {
            manager.alter_table(Table::alter().table("jobs").add_column(column).take()).await?;
        }
        // With what a list filters and orders open jobs by, so that the box is read from the index alone.
        let place = Index::create()
            .name(PLACE_INDEX)
            .table("jobs")
            .col("latitude")
            .col("longitude")
            .col("id")
            .col("posted_at")
            .col("status")
            .col("closes_at")
            .col("removed_at")
            .take();
        manager.create_index(place).await?;
        for column in [string_null("near_district"), double_null("within_miles")] {
            manager.alter_table(Table::alter().table("job_seekers").add_column(column).take()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in ["within_miles", "near_district"] {
            manager.alter_table(Table::alter().table("job_seekers").drop_column(column).take()).await?;
        }
        manager.drop_index(Index::drop().name(PLACE_INDEX).table("jobs").to_owned()).await?;
        for column in ["longitude", "latitude", "postcode"] {
            manager.alter_table(Table::alter().table("jobs").drop_column(column).take()).await?;
        }
        Ok(())
    }
}
