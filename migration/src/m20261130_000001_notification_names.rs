//! A notification that names another member (the job owner's "X applied") says whom it names
//! and how, so that erasing that member can take their name out of it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite alters a table one column at a time.
        manager.alter_table(Table::alter().table("notifications").add_column(integer_null("names_user_id")).take()).await?;
        manager.alter_table(Table::alter().table("notifications").add_column(text_null("named_as")).take()).await?;
        manager.create_index(Index::create().name("idx_notifications_names_user_id").table("notifications").col("names_user_id").to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_notifications_names_user_id").table("notifications").to_owned()).await?;
        manager.alter_table(Table::alter().table("notifications").drop_column("named_as").take()).await?;
        manager.alter_table(Table::alter().table("notifications").drop_column("names_user_id").take()).await
    }
}
