//! The jobs side: a member removes a job post without losing the applications to it (the post
//! is marked removed and leaves every list); jobs past their closing date are found by date;
//! people register with the agency as job seekers, with a private CV and, if they ask, job
//! alerts; an alert mail carries its one-click unsubscribe address (`List-Unsubscribe`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("jobs").add_column(timestamp_with_time_zone_null("removed_at")).take()).await?;
        // Covers the open-jobs filter, so that counting them reads the index, not every row.
        manager.create_index(Index::create().name("idx_jobs_status_closes_at").table("jobs").col("status").col("closes_at").col("removed_at").take()).await?;
        manager.alter_table(Table::alter().table("job_applications").add_column(timestamp_with_time_zone_null("updated_at")).take()).await?;
        manager.alter_table(Table::alter().table("mail_outbox").add_column(string_null("unsubscribe_url")).take()).await?;
        manager
            .create_table(
                Table::create()
                    .table("job_seekers")
                    .col(pk_auto("id"))
                    // Personal data: it goes with the member's account.
                    .col(integer_null("user_id"))
                    .col(string("full_name"))
                    .col(string("email"))
                    .col(string("phone_number"))
                    .col(text("roles"))
                    .col(text("locations"))
                    .col(string("employment_types"))
                    .col(string("cv"))
                    .col(string("alerts"))
                    // Jobs posted after this are new to the seeker's next alert.
                    .col(timestamp_with_time_zone("alerted_until"))
                    .col(timestamp_with_time_zone_null("last_alert_at"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_job_seekers_user_id")
                            .from("job_seekers", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .take(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_job_seekers_alerts").table("job_seekers").col("alerts").take()).await?;
        manager.create_index(Index::create().name("idx_job_seekers_email").table("job_seekers").col("email").take()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("job_seekers").take()).await?;
        manager.alter_table(Table::alter().table("mail_outbox").drop_column("unsubscribe_url").take()).await?;
        manager.alter_table(Table::alter().table("job_applications").drop_column("updated_at").take()).await?;
        manager.drop_index(Index::drop().name("idx_jobs_status_closes_at").table("jobs").to_owned()).await?;
        manager.alter_table(Table::alter().table("jobs").drop_column("removed_at").take()).await
    }
}
