//! Staff accounts for the back office, made from the command line.

use crate::domain::Email;
use crate::platform::passwords;
use chrono::Utc;
use entity::user;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, IntoActiveModel, QueryFilter, TransactionTrait};

/// Creates a verified staff account, or makes an existing one staff with this password.
/// Returns whether it was created.
pub async fn create_or_promote(db: &DatabaseConnection, email: &Email, password: &str) -> anyhow::Result<bool> {
    let hash = passwords::hash_blocking(password.to_string()).await;
    let now = Utc::now();
    match user::Entity::find().filter(user::Column::Email.eq(email.as_str())).one(db).await? {
        Some(existing) => {
            let id = existing.id;
            let mut row = existing.into_active_model();
            row.password_hash = Set(hash);
            row.is_staff = Set(true);
            row.is_verified = Set(true);
            row.updated_at = Set(now);
            let txn = db.begin().await?;
            row.update(&txn).await?;
            crate::accounts::tokens::revoke_all(&txn, id, None).await?;
            txn.commit().await?;
            Ok(false)
        }
        None => {
            user::ActiveModel {
                email: Set(email.to_string()),
                password_hash: Set(hash),
                full_name: Set("Administrator".into()),
                phone_number: Set(String::new()),
                address_line_1: Set(String::new()),
                postcode: Set(String::new()),
                city: Set(String::new()),
                country: Set("United Kingdom".into()),
                is_verified: Set(true),
                is_staff: Set(true),
                date_joined: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
            Ok(true)
        }
    }
}
