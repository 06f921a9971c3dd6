//! Card payments for bookings: a payment knows its currency, which provider took it, the
//! checkout the member is sent to and until when it is open, and when it was paid or refunded.
//! A booking has at most one checkout open at a time (a partial unique index, so two starts at
//! once make one payment), and every provider event is recorded once by its id, so a replayed
//! webhook changes nothing.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// One column per statement: SQLite adds a single column per `ALTER TABLE`.
fn payment_columns() -> [ColumnDef; 8] {
    [
        string("currency").default("GBP").take(),
        string("provider").default("test").take(),
        text_null("checkout_url"),
        timestamp_with_time_zone_null("expires_at"),
        // The provider's reference for the money taken (Stripe's payment intent), which refunds use.
        string_null("charge_reference"),
        timestamp_with_time_zone_null("paid_at"),
        string_null("refund_reference"),
        timestamp_with_time_zone_null("refunded_at"),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for mut column in payment_columns() {
            manager.alter_table(Table::alter().table("payments").add_column(&mut column).take()).await?;
        }
        // sea-query cannot write a partial index; both databases read this statement alike.
        manager.get_connection().execute_unprepared("CREATE UNIQUE INDEX idx_payments_one_pending ON payments (booking_id) WHERE status = 'Pending'").await?;
        manager.create_index(Index::create().name("idx_payments_reference").table("payments").col("provider").col("reference").take()).await?;
        manager.create_index(Index::create().name("idx_payments_user_id").table("payments").col("user_id").col("created_at").take()).await?;
        manager
            .create_table(
                Table::create()
                    .table("payment_events")
                    .col(pk_auto("id"))
                    .col(string("provider"))
                    .col(string("event_id"))
                    .col(string("kind"))
                    .col(integer_null("payment_id"))
                    .col(timestamp_with_time_zone("received_at"))
                    // A payment's history is kept with it: never deleted by a cascade.
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payment_events_payment_id")
                            .from("payment_events", "payment_id")
                            .to("payments", "id")
                            .on_delete(ForeignKeyAction::NoAction),
                    )
                    .take(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_payment_events_event").table("payment_events").col("provider").col("event_id").unique().take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("payment_events").take()).await?;
        manager.drop_index(Index::drop().name("idx_payments_user_id").table("payments").to_owned()).await?;
        manager.drop_index(Index::drop().name("idx_payments_reference").table("payments").to_owned()).await?;
        manager.drop_index(Index::drop().name("idx_payments_one_pending").table("payments").to_owned()).await?;
        for column in payment_columns().iter().rev() {
            manager.alter_table(Table::alter().table("payments").drop_column(column.get_column_name()).take()).await?;
        }
        Ok(())
    }
}
