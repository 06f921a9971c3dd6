//! Members in the database: the queries and writes the account handlers share.

use crate::domain::{Email, UkPhone};
use chrono::Utc;
use entity::user;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;

pub async fn find_by_email(db: &impl ConnectionTrait, email: &Email) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find().filter(user::Column::Email.eq(email.as_str())).one(db).await
}

/// Who a new account is for; the rest of the profile starts empty.
pub struct NewMember<'a> {
    pub email: &'a Email,
    pub password_hash: String,
    pub full_name: String,
    /// Staff made from the command line give none.
    pub phone: Option<&'a UkPhone>,
    pub is_verified: bool,
    pub is_staff: bool,
}

/// Adds the account; a second one for the same address fails on the unique index.
pub async fn insert(db: &impl ConnectionTrait, member: NewMember<'_>) -> Result<user::Model, DbErr> {
    let now = Utc::now();
    user::ActiveModel {
        email: Set(member.email.to_string()),
        password_hash: Set(member.password_hash),
        full_name: Set(member.full_name),
        phone_number: Set(member.phone.map(|p| p.as_str().to_string()).unwrap_or_default()),
        address_line_1: Set(String::new()),
        postcode: Set(String::new()),
        city: Set(String::new()),
        country: Set("United Kingdom".into()),
        is_verified: Set(member.is_verified),
        is_staff: Set(member.is_staff),
        date_joined: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The full names of the accounts `ids`.
pub async fn names_of(db: &impl ConnectionTrait, ids: impl Iterator<Item = i32>) -> Result<HashMap<i32, String>, DbErr> {
    let ids: Vec<i32> = ids.collect();
    Ok(user::Entity::find()
        .select_only()
        .columns([user::Column::Id, user::Column::FullName])
        .filter(user::Column::Id.is_in(ids))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}
