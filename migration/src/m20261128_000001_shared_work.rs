//! What several servers on one database share: when each periodic job last started (so a daily
//! job runs once a day, not once per server), and the rate-limit windows (PostgreSQL only; one
//! SQLite server keeps them in memory).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(Table::create().table("periodic_runs").col(string("job").primary_key()).col(timestamp_with_time_zone("started_at")).take())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("rate_limit_windows")
                    .col(string("action"))
                    .col(string("key"))
                    .col(timestamp_with_time_zone("started_at"))
                    .col(integer("count"))
                    .primary_key(Index::create().col("action").col("key"))
                    .take(),
            )
            .await?;
        // Old windows are swept by when they started.
        manager.create_index(Index::create().name("idx_rate_limit_windows_started_at").table("rate_limit_windows").col("started_at").take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("rate_limit_windows").take()).await?;
        manager.drop_table(Table::drop().table("periodic_runs").take()).await
    }
}
