//! The back office: staff sign in with a second factor (a TOTP secret and ten single-use
//! recovery codes) into a short staff session; a member can be deactivated; a provider
//! application keeps why and when it was decided; and every staff action is written to an
//! audit log that the database itself refuses to change or delete.

use sea_orm_migration::sea_orm::DatabaseBackend;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// One column per statement: SQLite adds a single column per `ALTER TABLE`.
fn user_columns() -> [ColumnDef; 4] {
    [
        boolean("is_active").default(true).take(),
        // Base32, as authenticator apps read it; set at enrolment, confirmed by a first code.
        string_null("totp_secret"),
        timestamp_with_time_zone_null("totp_enrolled_at"),
        // The last 30-second step a code was accepted for: a code works once (RFC 6238, 5.2).
        big_integer_null("totp_last_step"),
    ]
}

fn provider_columns() -> [ColumnDef; 2] {
    [text_null("decision_reason"), timestamp_with_time_zone_null("decided_at")]
}

const APPEND_ONLY_SQLITE: [&str; 2] = [
    "CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
    "CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
];

const APPEND_ONLY_POSTGRES: [&str; 2] = [
    "CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$",
    "CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for mut column in user_columns() {
            manager.alter_table(Table::alter().table("users").add_column(&mut column).take()).await?;
        }
        for mut column in provider_columns() {
            manager.alter_table(Table::alter().table("providers").add_column(&mut column).take()).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("staff_recovery_codes")
                    .col(pk_auto("id"))
                    .col(integer("user_id"))
                    // SHA-256 of the code: the codes are random, so no slow hash is needed.
                    .col(string_uniq("code_hash"))
                    .col(timestamp_with_time_zone_null("used_at"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_staff_recovery_codes_user_id")
                            .from("staff_recovery_codes", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .take(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("staff_sessions")
                    .col(pk_auto("id"))
                    .col(integer("user_id"))
                    .col(string_uniq("token_hash"))
                    // The member sign-in it was opened from: ending that sign-in ends this too.
                    .col(string("family"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .col(timestamp_with_time_zone_null("ended_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_staff_sessions_user_id")
                            .from("staff_sessions", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .take(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("audit_log")
                    .col(pk_auto("id"))
                    // No foreign key: the log outlives the accounts it names.
                    .col(integer("actor_id"))
                    .col(string("actor_email"))
                    .col(string("action"))
                    .col(string("subject_type"))
                    .col(integer_null("subject_id"))
                    .col(text("summary"))
                    .col(text_null("reason"))
                    .col(text_null("before"))
                    .col(text_null("after"))
                    // The day a person asked, for an action taken on a subject access or erasure request.
                    .col(date_null("requested_on"))
                    .col(timestamp_with_time_zone("created_at"))
                    .take(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_audit_log_created_at").table("audit_log").col("created_at").take()).await?;
        manager.create_index(Index::create().name("idx_audit_log_subject").table("audit_log").col("subject_type").col("subject_id").take()).await?;
        let statements = match manager.get_database_backend() {
            DatabaseBackend::Postgres => APPEND_ONLY_POSTGRES,
            _ => APPEND_ONLY_SQLITE,
        };
        for statement in statements {
            manager.get_connection().execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("audit_log").take()).await?;
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            manager.get_connection().execute_unprepared("DROP FUNCTION audit_log_append_only()").await?;
        }
        manager.drop_table(Table::drop().table("staff_sessions").take()).await?;
        manager.drop_table(Table::drop().table("staff_recovery_codes").take()).await?;
        for column in provider_columns().iter().rev() {
            manager.alter_table(Table::alter().table("providers").drop_column(column.get_column_name()).take()).await?;
        }
        for column in user_columns().iter().rev() {
            manager.alter_table(Table::alter().table("users").drop_column(column.get_column_name()).take()).await?;
        }
        Ok(())
    }
}
