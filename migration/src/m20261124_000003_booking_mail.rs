//! Booking mail: an outbox mail may carry a calendar invite (iCalendar text, sent as an
//! `invite.ics` the mail client offers to add), and a booking remembers when its reminder was
//! queued, so that each reminder goes out once. The reminder job looks bookings up by date
//! every minute, so dates are indexed.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("mail_outbox").add_column(text_null("calendar")).take()).await?;
        manager.alter_table(Table::alter().table("bookings").add_column(timestamp_with_time_zone_null("reminder_queued_at")).take()).await?;
        manager.create_index(Index::create().name("idx_bookings_date").table("bookings").col("date").take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_bookings_date").table("bookings").to_owned()).await?;
        manager.alter_table(Table::alter().table("bookings").drop_column("reminder_queued_at").take()).await?;
        manager.alter_table(Table::alter().table("mail_outbox").drop_column("calendar").take()).await
    }
}
