//! Searches near a postcode read where services work from memory
//! (`server/src/catalogue/coverage_index.rs`), not from a box of `service_bases` by the
//! coordinates' index: that index and the one on the radius served only that box.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const PLACE: &str = "idx_service_bases_place";
const RADIUS: &str = "idx_service_bases_radius_miles";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name(PLACE).table("service_bases").to_owned()).await?;
        manager.drop_index(Index::drop().name(RADIUS).table("service_bases").to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let place = Index::create().name(PLACE).table("service_bases").col("latitude").col("longitude").col("radius_miles").col("service_id").take();
        manager.create_index(place).await?;
        manager.create_index(Index::create().name(RADIUS).table("service_bases").col("radius_miles").take()).await
    }
}
