//! Bookmarks: a member's saved services and jobs. A bookmark is personal and worth nothing
//! without what it points at, so it goes with the member, the service or the job.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn cascade_from(column: &'static str, target: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(format!("fk_bookmarks_{column}")).from("bookmarks", column).to(target, "id").on_delete(ForeignKeyAction::Cascade).take()
}

/// One bookmark per member and service, and per member and job (NULLs do not collide).
fn unique(column: &'static str) -> IndexCreateStatement {
    Index::create().name(format!("idx_bookmarks_user_id_{column}")).table("bookmarks").col("user_id").col(column).unique().take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("bookmarks")
                    .col(pk_auto("id"))
                    .col(integer("user_id"))
                    .col(integer_null("service_id"))
                    .col(integer_null("job_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut cascade_from("user_id", "users"))
                    .foreign_key(&mut cascade_from("service_id", "services"))
                    .foreign_key(&mut cascade_from("job_id", "jobs"))
                    .check(Expr::cust("(service_id IS NULL) <> (job_id IS NULL)"))
                    .take(),
            )
            .await?;
        manager.create_index(unique("service_id")).await?;
        manager.create_index(unique("job_id")).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("bookmarks").take()).await
    }
}
