//! A refund is recorded as owed in the transaction that owes it (a cancellation, staff's
//! refund) and made afterwards, retried until the provider answers; these columns say when it
//! was owed, how often it was tried, when it is tried next and what went wrong last.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite alters a table one column at a time.
        let add = |column: ColumnDef| Table::alter().table("payments").add_column(column).take();
        manager.alter_table(add(timestamp_with_time_zone_null("refund_owed_at"))).await?;
        manager.alter_table(add(integer("refund_attempts").default(0).take())).await?;
        manager.alter_table(add(timestamp_with_time_zone_null("refund_retry_at"))).await?;
        manager.alter_table(add(text_null("refund_error"))).await?;
        manager.create_index(Index::create().name("idx_payments_refund_retry_at").table("payments").col("refund_retry_at").to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_payments_refund_retry_at").table("payments").to_owned()).await?;
        for column in ["refund_error", "refund_retry_at", "refund_attempts", "refund_owed_at"] {
            manager.alter_table(Table::alter().table("payments").drop_column(column).take()).await?;
        }
        Ok(())
    }
}
