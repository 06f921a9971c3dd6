use sea_orm::entity::prelude::*;

/// The company's contact details; the site uses the first row.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "website_info")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub brand: String,
    pub email: String,
    /// JSON array of phone numbers.
    pub phones: String,
    pub address: String,
    pub opening_hours: String,
    /// JSON object: network name to URL.
    pub socials: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
