use sea_orm::entity::prelude::*;

/// A place a service works around: its point and radius (derived from the service's areas).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "service_bases")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub service_id: i32,
    pub latitude: f64,
    pub longitude: f64,
    /// Miles; `None` for the configured default.
    pub radius_miles: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
