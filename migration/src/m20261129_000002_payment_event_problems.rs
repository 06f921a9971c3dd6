//! A provider event that cannot be applied as it is (its amount or currency is not the
//! payment's) is kept with what is wrong with it, for staff to look at.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("payment_events").add_column(text_null("problem")).take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("payment_events").drop_column("problem").take()).await
    }
}
