//! What a search of the public lists filters and sorts its matches by (a service's status,
//! category and priority; a job's removal, status, closing and posting dates), beside each
//! row's id. On SQLite a search finds the ids in the full-text index and then reads each
//! matching row for these: wide rows, scattered over a table larger than SQLite's page cache.
//! These narrow indexes, which SQLite reads instead of the rows, make counting the matches and
//! finding the first page several times faster. Other orders and filters (price, title,
//! town, location) still read the rows. PostgreSQL filters its full-text matches in the same
//! pass over its own index, so it has no use for them.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

const SERVICES: &str = "idx_services_search_facets";
const JOBS: &str = "idx_jobs_search_facets";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DatabaseBackend::Sqlite {
            return Ok(());
        }
        let services = Index::create().name(SERVICES).table("services").col("id").col("status").col("category_id").col("priority").take();
        manager.create_index(services).await?;
        let jobs = Index::create().name(JOBS).table("jobs").col("id").col("removed_at").col("status").col("closes_at").col("posted_at").take();
        manager.create_index(jobs).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DatabaseBackend::Sqlite {
            return Ok(());
        }
        manager.drop_index(Index::drop().name(SERVICES).table("services").to_owned()).await?;
        manager.drop_index(Index::drop().name(JOBS).table("jobs").to_owned()).await
    }
}
