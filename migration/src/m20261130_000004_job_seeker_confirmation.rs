//! When a job seeker's address was confirmed through the emailed link: the registration is then
//! tied to whoever holds the address, for their data rights, whether or not alerts stay on.
//! Registrations with alerts on were confirmed (alerts start only by the link).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("job_seekers").add_column(timestamp_with_time_zone_null("confirmed_at")).take()).await?;
        let backfill = Query::update().table("job_seekers").value("confirmed_at", Expr::col("created_at")).and_where(Expr::col("alerts").eq("On")).to_owned();
        manager.exec_stmt(backfill).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("job_seekers").drop_column("confirmed_at").take()).await
    }
}
