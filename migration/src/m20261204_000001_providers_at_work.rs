//! Providers at work. A service says how long its job takes (fixed price) or how many hours or
//! days a booking may take (hourly or daily price). A provider keeps one set of working terms
//! for every service they are approved for (areas, weekly hours, days off, buffer, notice, most
//! jobs a day). A booking records its length, its real start and end (UTC), the provider it is
//! offered to or assigned, where its dispatch stands and its calendar sequence; each offer made
//! to a provider is kept with its answer.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn index(table: &'static str, name: &str, columns: &[&'static str]) -> IndexCreateStatement {
    let mut index = Index::create().name(format!("idx_{table}_{name}")).table(table).take();
    for column in columns {
        index.col(*column);
    }
    index
}

/// Kept with the money and history: a provider's account cannot be deleted from under them.
fn kept_reference(table: &'static str, column: &'static str, target: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(format!("fk_{table}_{column}")).from(table, column).to(target, "id").on_delete(ForeignKeyAction::NoAction).take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite adds no more at once.
        for column in [integer("duration_minutes").default(60).take(), integer("min_length").default(1).take(), integer("max_length").default(1).take()] {
            manager.alter_table(Table::alter().table("services").add_column(column).take()).await?;
        }
        let db = manager.get_connection();
        db.execute_unprepared("UPDATE services SET max_length = 8 WHERE price_unit = 'hour'").await?;
        db.execute_unprepared("UPDATE services SET max_length = 5 WHERE price_unit = 'day'").await?;

        for column in [
            integer("length").default(1).take(),
            timestamp_with_time_zone_null("starts_at"),
            timestamp_with_time_zone_null("ends_at"),
            integer("calendar_sequence").default(0).take(),
            string_null("dispatch"),
        ] {
            manager.alter_table(Table::alter().table("bookings").add_column(column).take()).await?;
        }
        // SQLite adds a reference only with its column, and sea-query writes it for neither.
        db.execute_unprepared("ALTER TABLE bookings ADD COLUMN provider_user_id INTEGER NULL REFERENCES users (id)").await?;
        manager.create_index(index("bookings", "provider_time", &["provider_user_id", "starts_at"])).await?;

        manager
            .create_table(
                Table::create()
                    .table("provider_terms")
                    .col(pk_auto("id"))
                    .col(integer_uniq("user_id"))
                    // JSON: the areas covered, the weekly hours and the days off.
                    .col(text("areas"))
                    .col(text("hours"))
                    .col(text("days_off"))
                    .col(integer("buffer_minutes"))
                    .col(integer("notice_minutes"))
                    .col(integer("max_jobs_per_day"))
                    .col(boolean("paused").default(false))
                    // Raised to revoke the calendar feed's address.
                    .col(integer("feed_version").default(0))
                    .col(timestamp_with_time_zone_null("last_offered_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    // Working terms are the member's own data: they go with the account.
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_provider_terms_user_id")
                            .from("provider_terms", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .take(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("booking_offers")
                    .col(pk_auto("id"))
                    .col(integer("booking_id"))
                    .col(integer("provider_user_id"))
                    .col(timestamp_with_time_zone("offered_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .col(timestamp_with_time_zone_null("answered_at"))
                    .col(string_null("outcome"))
                    .foreign_key(&mut kept_reference("booking_offers", "booking_id", "bookings"))
                    .foreign_key(&mut kept_reference("booking_offers", "provider_user_id", "users"))
                    .take(),
            )
            .await?;
        manager.create_index(index("booking_offers", "booking_id", &["booking_id"])).await?;
        manager.create_index(index("booking_offers", "provider", &["provider_user_id", "outcome"])).await?;
        manager.create_index(index("booking_offers", "open", &["outcome", "expires_at"])).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("booking_offers").take()).await?;
        manager.drop_table(Table::drop().table("provider_terms").take()).await?;
        manager.drop_index(Index::drop().name("idx_bookings_provider_time").table("bookings").to_owned()).await?;
        for column in ["provider_user_id", "dispatch", "calendar_sequence", "ends_at", "starts_at", "length"] {
            manager.alter_table(Table::alter().table("bookings").drop_column(column).take()).await?;
        }
        for column in ["max_length", "min_length", "duration_minutes"] {
            manager.alter_table(Table::alter().table("services").drop_column(column).take()).await?;
        }
        Ok(())
    }
}
