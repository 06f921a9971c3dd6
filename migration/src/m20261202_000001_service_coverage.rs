//! Where each service works, read from its areas (`server/src/places/coverage.rs`): bases (a
//! point and a radius) and districts covered exactly. A near search reads the bases in a box
//! around the point by their coordinates' index, then measures exactly; the districts by theirs.
//! Derived from the service, so they go with it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn of_service(table: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(format!("fk_{table}_service_id")).from(table, "service_id").to("services", "id").on_delete(ForeignKeyAction::Cascade).take()
}

fn index(table: &'static str, name: &str, columns: &[&'static str]) -> IndexCreateStatement {
    let mut index = Index::create().name(format!("idx_{table}_{name}")).table(table).take();
    for column in columns {
        index.col(*column);
    }
    index
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("service_bases")
                    .col(pk_auto("id"))
                    .col(integer("service_id"))
                    .col(double("latitude"))
                    .col(double("longitude"))
                    // Miles; NULL for the configured default.
                    .col(integer_null("radius_miles"))
                    .foreign_key(&mut of_service("service_bases"))
                    .take(),
            )
            .await?;
        // The box's rows are read from the index alone.
        manager.create_index(index("service_bases", "place", &["latitude", "longitude", "radius_miles", "service_id"])).await?;
        manager.create_index(index("service_bases", "service_id", &["service_id"])).await?;
        manager.create_index(index("service_bases", "radius_miles", &["radius_miles"])).await?;
        manager
            .create_table(
                Table::create()
                    .table("service_districts")
                    .col(pk_auto("id"))
                    .col(integer("service_id"))
                    .col(string("district"))
                    .foreign_key(&mut of_service("service_districts"))
                    .take(),
            )
            .await?;
        manager.create_index(index("service_districts", "district", &["district", "service_id"])).await?;
        manager.create_index(index("service_districts", "service_id", &["service_id"])).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("service_districts").take()).await?;
        manager.drop_table(Table::drop().table("service_bases").take()).await
    }
}
