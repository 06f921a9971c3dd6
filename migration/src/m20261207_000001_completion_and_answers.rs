//! Closing the loop on a job: when a booking was completed (its customer is invited to review
//! it then, once), the booking a review was left for (one review a booking; a review may
//! be updated from a later booking's invitation, and then names that one), and a provider's
//! public answer to a review of their job (one a review, moderated as reviews are).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("bookings").add_column(timestamp_with_time_zone_null("completed_at")).take()).await?;
        // Bookings completed before kept no such moment: the job's end stands for it, or the booking's.
        manager.get_connection().execute_unprepared("UPDATE bookings SET completed_at = COALESCE(ends_at, created_at) WHERE status = 'Completed'").await?;
        manager.alter_table(Table::alter().table("reviews").add_column(integer_null("booking_id")).take()).await?;
        manager.alter_table(Table::alter().table("reviews").add_column(timestamp_with_time_zone_null("updated_at")).take()).await?;
        // A review left before names its author's latest completed booking of the service, as
        // one left now does: "Verified booking" is a review naming its booking.
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE reviews SET booking_id = (SELECT MAX(bookings.id) FROM bookings WHERE bookings.user_id = reviews.user_id \
                 AND bookings.service_id = reviews.service_id AND bookings.status = 'Completed')",
            )
            .await?;
        manager.create_index(Index::create().name("idx_reviews_booking").table("reviews").col("booking_id").unique().take()).await?;
        manager
            .create_table(
                Table::create()
                    .table("review_answers")
                    .col(pk_auto("id"))
                    .col(integer("review_id"))
                    .col(integer("author_user_id"))
                    .col(text("answer"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("hidden_at"))
                    .col(text_null("hidden_reason"))
                    // An answer is part of its review: it goes with it (as when the review's
                    // service is removed with its reviews).
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_review_answers_review_id")
                            .from("review_answers", "review_id")
                            .to("reviews", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_review_answers_author_user_id")
                            .from("review_answers", "author_user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .take(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_review_answers_review").table("review_answers").col("review_id").unique().take()).await?;
        // Erasure and export find a member's answers.
        manager.create_index(Index::create().name("idx_review_answers_author").table("review_answers").col("author_user_id").take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("review_answers").take()).await?;
        manager.drop_index(Index::drop().name("idx_reviews_booking").table("reviews").to_owned()).await?;
        for column in ["booking_id", "updated_at"] {
            manager.alter_table(Table::alter().table("reviews").drop_column(column).take()).await?;
        }
        manager.alter_table(Table::alter().table("bookings").drop_column("completed_at").take()).await?;
        Ok(())
    }
}
