//! A member's link version: the signed links to their pages (a booking's thread) name it, and
//! raising it, as a password change or the end of every sign-in does, makes every such link
//! already sent stop working.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("users").add_column(integer("link_version").default(0)).take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("users").drop_column("link_version").take()).await
    }
}
