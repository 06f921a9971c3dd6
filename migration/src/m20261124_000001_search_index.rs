//! A full-text index over services and jobs, so that a search stays fast as the catalogue
//! grows (a `LIKE '%...%'` reads every row).
//!
//! SQLite: an external-content FTS5 table per searched table (`services_search`,
//! `jobs_search`), kept in step by triggers; words are stemmed (porter) and accents folded.
//! PostgreSQL: a generated `search_vector` column (English configuration; columns weighted A
//! to D, most important first, for ranking should results ever be ordered by relevance; lists
//! are ordered by their `ordering` today) with a GIN index. `server/src/platform/search.rs` queries either through one function.
//!
//! On SQLite, write to these tables inside a transaction (as the app's one write path does): a
//! refused autocommit DELETE on a table with these triggers was seen to leave its pooled
//! connection reading an old snapshot afterwards (see the migrations test's `refused_delete`).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// `(table, its searched columns, most important first)`.
const SEARCHED: &[(&str, &[&str])] = &[("services", &["title", "summary", "description", "areas"]), ("jobs", &["title", "company", "location", "description"])];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for &(table, columns) in SEARCHED {
            let statements = match db.get_database_backend() {
                DatabaseBackend::Postgres => postgres_up(table, columns),
                _ => sqlite_up(table, columns),
            };
            for statement in statements {
                db.execute_unprepared(&statement).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for &(table, _) in SEARCHED {
            let statements = match db.get_database_backend() {
                DatabaseBackend::Postgres => {
                    vec![format!("DROP INDEX IF EXISTS {table}_search_vector"), format!("ALTER TABLE {table} DROP COLUMN IF EXISTS search_vector")]
                }
                _ => {
                    let mut drops: Vec<String> =
                        ["insert", "delete", "update"].iter().map(|event| format!("DROP TRIGGER IF EXISTS {table}_search_{event}")).collect();
                    drops.push(format!("DROP TABLE IF EXISTS {table}_search"));
                    drops
                }
            };
            for statement in statements {
                db.execute_unprepared(&statement).await?;
            }
        }
        Ok(())
    }
}

fn sqlite_up(table: &str, columns: &[&str]) -> Vec<String> {
    let names = columns.join(", ");
    let new_values = columns.iter().map(|c| format!("new.{c}")).collect::<Vec<_>>().join(", ");
    let old_values = columns.iter().map(|c| format!("old.{c}")).collect::<Vec<_>>().join(", ");
    let index = format!("{table}_search");
    let insert = format!("INSERT INTO {index}(rowid, {names}) VALUES (new.id, {new_values});");
    let delete = format!("INSERT INTO {index}({index}, rowid, {names}) VALUES ('delete', old.id, {old_values});");
    vec![
        format!("CREATE VIRTUAL TABLE {index} USING fts5({names}, content='{table}', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')"),
        format!("CREATE TRIGGER {index}_insert AFTER INSERT ON {table} BEGIN {insert} END"),
        format!("CREATE TRIGGER {index}_delete AFTER DELETE ON {table} BEGIN {delete} END"),
        // Only when searched text changes: a status change, or a foreign key action such as a
        // job's poster leaving (SET NULL), does not touch the index.
        format!("CREATE TRIGGER {index}_update AFTER UPDATE OF {names} ON {table} BEGIN {delete} {insert} END"),
        format!("INSERT INTO {index}({index}) VALUES ('rebuild')"),
    ]
}

fn postgres_up(table: &str, columns: &[&str]) -> Vec<String> {
    const WEIGHTS: [&str; 4] = ["A", "B", "C", "D"];
    let vector = columns
        .iter()
        .zip(WEIGHTS)
        .map(|(column, weight)| format!("setweight(to_tsvector('english'::regconfig, coalesce({column}, '')), '{weight}')"))
        .collect::<Vec<_>>()
        .join(" || ");
    vec![
        format!("ALTER TABLE {table} ADD COLUMN search_vector tsvector GENERATED ALWAYS AS ({vector}) STORED"),
        format!("CREATE INDEX {table}_search_vector ON {table} USING GIN (search_vector)"),
    ]
}
