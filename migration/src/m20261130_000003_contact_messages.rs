//! The contact page's messages: kept, in the back office's inbox beside recruitment requests,
//! each with a status staff move along (New, Answered, Closed) and notes only staff read.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("contact_messages")
                    .if_not_exists()
                    .col(pk_auto("id"))
                    .col(integer_null("user_id"))
                    .col(string("full_name"))
                    .col(string("email"))
                    .col(string("phone_number").default(""))
                    .col(string("subject"))
                    .col(text("message"))
                    .col(string("status").default("New"))
                    .col(text("staff_notes").default(""))
                    .col(timestamp_with_time_zone("created_at"))
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_contact_messages_status").table("contact_messages").col("status").col("created_at").to_owned()).await?;
        manager.create_index(Index::create().name("idx_contact_messages_email").table("contact_messages").col("email").to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("contact_messages").to_owned()).await
    }
}
