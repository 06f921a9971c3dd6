//! Review moderation: members report a review (once each), staff hide or restore it with a
//! reason; a hidden review is kept (the audit log names it) but leaves every page and average.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("reviews").add_column(timestamp_with_time_zone_null("hidden_at")).take()).await?;
        manager.alter_table(Table::alter().table("reviews").add_column(text_null("hidden_reason")).take()).await?;
        manager
            .create_table(
                Table::create()
                    .table("review_reports")
                    .col(pk_auto("id"))
                    .col(integer("review_id"))
                    .col(integer("user_id"))
                    .col(text("reason"))
                    .col(timestamp_with_time_zone("created_at"))
                    // Set when staff decide on the review (hide or keep it).
                    .col(timestamp_with_time_zone_null("resolved_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_review_reports_review_id")
                            .from("review_reports", "review_id")
                            .to("reviews", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_review_reports_user_id")
                            .from("review_reports", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .take(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_review_reports_once").table("review_reports").col("review_id").col("user_id").unique().take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("review_reports").take()).await?;
        manager.alter_table(Table::alter().table("reviews").drop_column("hidden_reason").take()).await?;
        manager.alter_table(Table::alter().table("reviews").drop_column("hidden_at").take()).await
    }
}
