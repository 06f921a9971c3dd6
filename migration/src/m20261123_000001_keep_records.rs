//! Money and history are never deleted by accident: removing a member, a service, a category
//! or a job no longer cascades into bookings, payments, provider and job applications, or a
//! service's reviews. Such a delete is refused while records point at the row (`NO ACTION`,
//! checked when the statement or transaction ends), and a job outlives its poster's account
//! (`SET NULL`). A member's own reviews, codes, tokens, certificates and notifications still
//! go with their account: they are personal data.
//!
//! PostgreSQL swaps the constraints in place. SQLite cannot alter a foreign key, so each table
//! is made again from its own `CREATE TABLE` text with the new actions, children before
//! parents, inside one transaction with deferred checks (foreign keys stay on: the pragma
//! cannot change inside a transaction, and the pool gives no other way to hold one connection).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// `(table, column, referenced table, action)`, children first: a parent is rebuilt only after
/// every child that cascaded from it, so dropping the old parent deletes nothing.
const KEPT: &[(&str, &str, &str, &str)] = &[
    ("payments", "booking_id", "bookings", "NO ACTION"),
    ("payments", "user_id", "users", "NO ACTION"),
    ("job_applications", "job_id", "jobs", "NO ACTION"),
    ("job_applications", "user_id", "users", "NO ACTION"),
    ("providers", "user_id", "users", "NO ACTION"),
    ("providers", "service_id", "services", "NO ACTION"),
    ("reviews", "service_id", "services", "NO ACTION"),
    ("bookings", "user_id", "users", "NO ACTION"),
    ("bookings", "service_id", "services", "NO ACTION"),
    ("jobs", "owner_id", "users", "SET NULL"),
    ("services", "category_id", "categories", "NO ACTION"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(false)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let changes: Vec<_> = KEPT.iter().map(|&(table, column, target, action)| (table, column, target, "CASCADE", action)).collect();
        change_actions(manager, &changes).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let changes: Vec<_> = KEPT.iter().rev().map(|&(table, column, target, action)| (table, column, target, action, "CASCADE")).collect();
        change_actions(manager, &changes).await
    }
}

/// `(table, column, referenced table, action now, action wanted)`.
type Change<'a> = (&'a str, &'a str, &'a str, &'a str, &'a str);

async fn change_actions(manager: &SchemaManager<'_>, changes: &[Change<'_>]) -> Result<(), DbErr> {
    let txn = manager.begin().await?;
    let db = txn.get_connection();
    match db.get_database_backend() {
        DatabaseBackend::Postgres => {
            for (table, column, target, _, action) in changes {
                let constraint = format!("fk_{table}_{column}");
                db.execute_unprepared(&format!(
                    "ALTER TABLE \"{table}\" DROP CONSTRAINT \"{constraint}\", ADD CONSTRAINT \"{constraint}\" FOREIGN KEY (\"{column}\") REFERENCES \"{target}\" (\"id\") ON DELETE {action}"
                ))
                .await?;
            }
        }
        DatabaseBackend::Sqlite => {
            db.execute_unprepared("PRAGMA defer_foreign_keys = ON").await?;
            let mut tables: Vec<&str> = changes.iter().map(|change| change.0).collect();
            tables.dedup();
            for table in tables {
                rebuild_sqlite_table(db, table, changes.iter().filter(|change| change.0 == table)).await?;
            }
            let broken = db.query_all_raw(Statement::from_string(DatabaseBackend::Sqlite, "PRAGMA foreign_key_check")).await?;
            if !broken.is_empty() {
                return Err(DbErr::Migration(format!("{} rows point at missing records after the rebuild", broken.len())));
            }
        }
        other => return Err(DbErr::Migration(format!("{other:?} is not supported"))),
    }
    txn.commit().await
}

async fn rebuild_sqlite_table<'a>(db: &impl ConnectionTrait, table: &str, changes: impl Iterator<Item = &'a Change<'a>>) -> Result<(), DbErr> {
    let schema = |kind: &str| {
        Statement::from_sql_and_values(
            DatabaseBackend::Sqlite,
            "SELECT sql FROM sqlite_master WHERE type = ? AND tbl_name = ? AND sql IS NOT NULL",
            [kind.into(), table.into()],
        )
    };
    let create: String = db.query_one_raw(schema("table")).await?.ok_or_else(|| DbErr::Migration(format!("no table {table}")))?.try_get("", "sql")?;
    let mut rebuilt = create.clone();
    for (_, column, target, now, wanted) in changes {
        let clause = |action: &str| format!("FOREIGN KEY (\"{column}\") REFERENCES \"{target}\" (\"id\") ON DELETE {action}");
        if rebuilt.contains(&clause(now)) {
            rebuilt = rebuilt.replace(&clause(now), &clause(wanted));
        } else if !rebuilt.contains(&clause(wanted)) {
            return Err(DbErr::Migration(format!("{table}.{column} is not the foreign key this migration expects: {create}")));
        }
    }
    // Already done (a run that stopped before it was recorded): nothing to rebuild.
    if rebuilt == create {
        return Ok(());
    }
    // Dropping the table forgets its AUTOINCREMENT counter: keep it, so no id is given twice.
    let sequence = Statement::from_sql_and_values(DatabaseBackend::Sqlite, "SELECT seq FROM sqlite_sequence WHERE name = ?", [table.into()]);
    let last_id: Option<i64> = match db.query_one_raw(sequence).await? {
        Some(row) => Some(row.try_get("", "seq")?),
        None => None,
    };
    let indexes: Vec<String> = db.query_all_raw(schema("index")).await?.iter().map(|row| row.try_get("", "sql")).collect::<Result<_, _>>()?;
    // Rows wait in a copy while the table is made again under its own name: SQLite counts
    // deferred violations as they happen (dropping the table orphans its children) and counts
    // them back only when the parent rows come back into a table of that name.
    db.execute_unprepared(&format!("CREATE TEMP TABLE \"{table}_copy\" AS SELECT * FROM \"{table}\"")).await?;
    db.execute_unprepared(&format!("DROP TABLE \"{table}\"")).await?;
    db.execute_unprepared(&rebuilt).await?;
    db.execute_unprepared(&format!("INSERT INTO \"{table}\" SELECT * FROM temp.\"{table}_copy\"")).await?;
    db.execute_unprepared(&format!("DROP TABLE temp.\"{table}_copy\"")).await?;
    for index in indexes {
        db.execute_unprepared(&index).await?;
    }
    if let Some(last_id) = last_id {
        db.execute_raw(Statement::from_sql_and_values(
            DatabaseBackend::Sqlite,
            "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?",
            [last_id.into(), table.into()],
        ))
        .await?;
        db.execute_raw(Statement::from_sql_and_values(
            DatabaseBackend::Sqlite,
            "INSERT INTO sqlite_sequence (name, seq) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)",
            [table.into(), last_id.into(), table.into()],
        ))
        .await?;
    }
    Ok(())
}
