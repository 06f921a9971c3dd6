//! Booking mail: an outbox mail may carry a calendar invite (iCalendar text, sent as an
//! `invite.ics` the mail client offers to add), and a booking remembers when its reminder was
//! queued, so that each reminder goes out once.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("mail_outbox").add_column(text_null("calendar")).take()).await?;
        manager.alter_table(Table::alter().table("bookings").add_column(timestamp_with_time_zone_null("reminder_queued_at")).take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("bookings").drop_column("reminder_queued_at").take()).await?;
        manager.alter_table(Table::alter().table("mail_outbox").drop_column("calendar").take()).await
    }
}
