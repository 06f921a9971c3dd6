use crate::words::ContactStatus;
use sea_orm::entity::prelude::*;

/// A message sent through the contact page's form; visitors may send one.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "contact_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The member who sent it, if signed in.
    pub user_id: Option<i32>,
    pub full_name: String,
    pub email: String,
    /// A UK number, or empty: the phone is optional.
    pub phone_number: String,
    pub subject: String,
    pub message: String,
    pub status: ContactStatus,
    /// Only staff read them.
    pub staff_notes: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
