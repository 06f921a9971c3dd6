//! The whole schema of the API contract: accounts, the catalogue, the marketplace, mail.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn table(name: &'static str) -> TableCreateStatement {
    Table::create().table(name).if_not_exists().col(pk_auto("id")).take()
}

fn created_at() -> ColumnDef {
    timestamp_with_time_zone("created_at")
}

/// A foreign key from `table.column` to `target.id`, deleted with its parent.
fn owned_by(table: &'static str, column: &'static str, target: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(format!("fk_{table}_{column}")).from(table, column).to(target, "id").on_delete(ForeignKeyAction::Cascade).take()
}

fn index(table: &'static str, columns: &[&'static str], unique: bool) -> IndexCreateStatement {
    let mut statement = Index::create();
    statement.name(format!("idx_{table}_{}", columns.join("_"))).table(table).if_not_exists();
    for column in columns {
        statement.col(*column);
    }
    if unique {
        statement.unique();
    }
    statement.take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            table("users")
                .col(string_uniq("email"))
                .col(string("password_hash"))
                .col(string("full_name"))
                .col(string("phone_number"))
                .col(string("address_line_1"))
                .col(string("postcode"))
                .col(string("city"))
                .col(string("country"))
                .col(date_null("date_of_birth"))
                .col(string_null("profile_picture"))
                .col(string_null("resume"))
                .col(string_null("passport"))
                .col(string_null("utility_bill"))
                .col(string_null("other_documents"))
                .col(boolean("is_verified"))
                .col(boolean("is_staff"))
                .col(timestamp_with_time_zone("date_joined"))
                .col(timestamp_with_time_zone("updated_at"))
                .take(),
            table("one_time_codes")
                .col(integer("user_id"))
                .col(string("purpose"))
                .col(string("code_hash"))
                .col(integer("attempts"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("used_at"))
                .col(created_at())
                .foreign_key(&mut owned_by("one_time_codes", "user_id", "users"))
                .take(),
            table("refresh_tokens")
                .col(integer("user_id"))
                .col(string_uniq("jti"))
                .col(string("family"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("used_at"))
                .col(timestamp_with_time_zone_null("revoked_at"))
                .col(created_at())
                .foreign_key(&mut owned_by("refresh_tokens", "user_id", "users"))
                .take(),
            table("certificates")
                .col(integer("user_id"))
                .col(string("name"))
                .col(string("file"))
                .col(timestamp_with_time_zone("uploaded_at"))
                .foreign_key(&mut owned_by("certificates", "user_id", "users"))
                .take(),
            table("categories").col(string_uniq("slug")).col(string("name")).col(text("description")).col(string("icon")).col(integer("priority")).take(),
            table("services")
                .col(string_uniq("slug"))
                .col(integer("category_id"))
                .col(string("title"))
                .col(text("summary"))
                .col(text("description"))
                .col(big_integer("price_from_pence"))
                .col(string("price_unit"))
                .col(string("status"))
                .col(integer("priority"))
                .col(text("areas"))
                .col(string_null("image"))
                .col(created_at())
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut owned_by("services", "category_id", "categories"))
                .take(),
            table("providers")
                .col(integer("user_id"))
                .col(integer("service_id"))
                .col(string("status"))
                .col(boolean("availability"))
                .col(text("bio"))
                .col(integer("experience_years"))
                .col(created_at())
                .foreign_key(&mut owned_by("providers", "user_id", "users"))
                .foreign_key(&mut owned_by("providers", "service_id", "services"))
                .take(),
            table("bookings")
                .col(integer("user_id"))
                .col(integer("service_id"))
                .col(date("date"))
                .col(string("time"))
                .col(string("address_line_1"))
                .col(string("city"))
                .col(string("postcode"))
                .col(text("notes"))
                .col(string("status"))
                .col(big_integer("amount_pence"))
                .col(string("payment_status"))
                .col(created_at())
                .foreign_key(&mut owned_by("bookings", "user_id", "users"))
                .foreign_key(&mut owned_by("bookings", "service_id", "services"))
                .take(),
            table("payments")
                .col(integer("booking_id"))
                .col(integer("user_id"))
                .col(big_integer("amount_pence"))
                .col(string("status"))
                .col(string_null("reference"))
                .col(created_at())
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut owned_by("payments", "booking_id", "bookings"))
                .foreign_key(&mut owned_by("payments", "user_id", "users"))
                .take(),
            table("jobs")
                .col(string_uniq("slug"))
                .col(integer_null("owner_id"))
                .col(string("title"))
                .col(string("company"))
                .col(string("location"))
                .col(string("employment_type"))
                .col(big_integer_null("salary_min_pence"))
                .col(big_integer_null("salary_max_pence"))
                .col(string("salary_period"))
                .col(text("description"))
                .col(string("status"))
                .col(date("posted_at"))
                .col(date_null("closes_at"))
                .col(string_null("attachment"))
                .col(created_at())
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut owned_by("jobs", "owner_id", "users"))
                .take(),
            table("job_applications")
                .col(integer("job_id"))
                .col(integer("user_id"))
                .col(string("full_name"))
                .col(string("email"))
                .col(string("phone_number"))
                .col(text("cover_letter"))
                .col(string("resume"))
                .col(string("status"))
                .col(created_at())
                .foreign_key(&mut owned_by("job_applications", "job_id", "jobs"))
                .foreign_key(&mut owned_by("job_applications", "user_id", "users"))
                .take(),
            table("recruitment_requests")
                .col(integer_null("user_id"))
                .col(string("company_name"))
                .col(string("contact_name"))
                .col(string("email"))
                .col(string("phone_number"))
                .col(string("role"))
                .col(integer("number_of_staff"))
                .col(string("location"))
                .col(date_null("start_date"))
                .col(text("details"))
                .col(created_at())
                .take(),
            table("reviews")
                .col(integer("service_id"))
                .col(integer("user_id"))
                .col(integer("rating"))
                .col(text("review"))
                .col(created_at())
                .foreign_key(&mut owned_by("reviews", "service_id", "services"))
                .foreign_key(&mut owned_by("reviews", "user_id", "users"))
                .take(),
            table("notifications")
                .col(integer("user_id"))
                .col(string("title"))
                .col(text("message"))
                .col(string("link"))
                .col(boolean("is_read"))
                .col(created_at())
                .foreign_key(&mut owned_by("notifications", "user_id", "users"))
                .take(),
            table("website_info")
                .col(string("brand"))
                .col(string("email"))
                .col(text("phones"))
                .col(text("address"))
                .col(string("opening_hours"))
                .col(text("socials"))
                .col(timestamp_with_time_zone("updated_at"))
                .take(),
            table("mail_outbox")
                .col(string("to_address"))
                .col(string("subject"))
                .col(text("text_body"))
                .col(text("html_body"))
                .col(integer("attempts"))
                .col(timestamp_with_time_zone("next_attempt_at"))
                .col(timestamp_with_time_zone_null("sent_at"))
                .col(text_null("last_error"))
                .col(created_at())
                .take(),
        ];
        for statement in tables {
            manager.create_table(statement).await?;
        }

        let indexes = [
            index("one_time_codes", &["user_id", "purpose"], false),
            index("refresh_tokens", &["family"], false),
            index("certificates", &["user_id"], false),
            index("services", &["category_id", "status", "priority"], false),
            index("services", &["status", "priority"], false),
            index("providers", &["user_id", "service_id"], true),
            index("bookings", &["user_id"], false),
            index("payments", &["booking_id"], false),
            index("jobs", &["status", "posted_at"], false),
            index("jobs", &["owner_id"], false),
            index("job_applications", &["job_id", "user_id"], true),
            index("job_applications", &["user_id"], false),
            index("reviews", &["service_id", "user_id"], true),
            index("reviews", &["user_id"], false),
            index("reviews", &["created_at"], false),
            index("notifications", &["user_id", "created_at"], false),
            index("mail_outbox", &["sent_at", "next_attempt_at"], false),
        ];
        for statement in indexes {
            manager.create_index(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            "mail_outbox",
            "website_info",
            "notifications",
            "reviews",
            "recruitment_requests",
            "job_applications",
            "jobs",
            "payments",
            "bookings",
            "providers",
            "services",
            "categories",
            "certificates",
            "refresh_tokens",
            "one_time_codes",
            "users",
        ];
        for name in tables {
            manager.drop_table(Table::drop().table(name).if_exists().take()).await?;
        }
        Ok(())
    }
}
