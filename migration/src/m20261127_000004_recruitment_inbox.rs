//! The recruitment inbox: each request a company sends has a status staff move along (New,
//! Contacted, Closed) and notes only staff read.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("recruitment_requests").add_column(string("status").default("New")).take()).await?;
        manager.alter_table(Table::alter().table("recruitment_requests").add_column(text("staff_notes").default("")).take()).await?;
        manager.create_index(Index::create().name("idx_recruitment_requests_status").table("recruitment_requests").col("status").col("created_at").take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_recruitment_requests_status").table("recruitment_requests").to_owned()).await?;
        manager.alter_table(Table::alter().table("recruitment_requests").drop_column("staff_notes").take()).await?;
        manager.alter_table(Table::alter().table("recruitment_requests").drop_column("status").take()).await
    }
}
