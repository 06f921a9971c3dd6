//! A booking keeps what its length counts (hours, days, or one fixed-price job) as it was
//! booked, so that a service whose price unit changes later does not turn three hours booked
//! into three days. Bookings from before take their service's unit of today.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("bookings").add_column(string("price_unit").default("fixed")).take()).await?;
        manager
            .get_connection()
            .execute_unprepared("UPDATE bookings SET price_unit = (SELECT services.price_unit FROM services WHERE services.id = bookings.service_id)")
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("bookings").drop_column("price_unit").take()).await?;
        Ok(())
    }
}
