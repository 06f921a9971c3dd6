//! Messages on a booking between its customer, its provider and the company: text and a photo
//! each, kept with the booking (a message is part of what happened, as the booking is). Staff
//! may hide one, with a reason. Each reader's place in each thread is kept: the last message
//! they read (for unread counts) and when they were last mailed about it (at most one mail a
//! thread and reader in a while).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn reference(table: &'static str, column: &'static str, target: &'static str, on_delete: ForeignKeyAction) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(format!("fk_{table}_{column}")).from(table, column).to(target, "id").on_delete(on_delete).take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("booking_messages")
                    .col(pk_auto("id"))
                    .col(integer("booking_id"))
                    .col(integer("author_user_id"))
                    // customer, provider or staff: what the writer was to the booking then.
                    .col(string("author_role"))
                    .col(text("body"))
                    .col(string_null("photo"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("hidden_at"))
                    .col(text_null("hidden_reason"))
                    .col(integer_null("hidden_by_user_id"))
                    .foreign_key(&mut reference("booking_messages", "booking_id", "bookings", ForeignKeyAction::NoAction))
                    .foreign_key(&mut reference("booking_messages", "author_user_id", "users", ForeignKeyAction::NoAction))
                    .foreign_key(&mut reference("booking_messages", "hidden_by_user_id", "users", ForeignKeyAction::SetNull))
                    .take(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_booking_messages_thread").table("booking_messages").col("booking_id").col("id").take()).await?;
        manager
            .create_index(Index::create().name("idx_booking_messages_author").table("booking_messages").col("author_user_id").col("created_at").take())
            .await?;
        // The mail round reads the messages of the last days.
        manager.create_index(Index::create().name("idx_booking_messages_recent").table("booking_messages").col("created_at").take()).await?;
        manager
            .create_table(
                Table::create()
                    .table("booking_thread_reads")
                    .col(pk_auto("id"))
                    .col(integer("booking_id"))
                    .col(integer("user_id"))
                    .col(integer("last_read_message_id").default(0))
                    .col(timestamp_with_time_zone_null("last_mailed_at"))
                    .foreign_key(&mut reference("booking_thread_reads", "booking_id", "bookings", ForeignKeyAction::NoAction))
                    // A reader's place is theirs: it goes with their account.
                    .foreign_key(&mut reference("booking_thread_reads", "user_id", "users", ForeignKeyAction::Cascade))
                    .take(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_booking_thread_reads_reader").table("booking_thread_reads").col("booking_id").col("user_id").unique().take(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("booking_thread_reads").take()).await?;
        manager.drop_table(Table::drop().table("booking_messages").take()).await
    }
}
