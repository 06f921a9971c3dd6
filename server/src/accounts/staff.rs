//! Staff accounts for the back office, made from the command line.

use super::store;
use crate::domain::Email;
use crate::platform::passwords;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, DatabaseConnection, IntoActiveModel, TransactionTrait};

/// Creates a verified staff account, or makes an existing one staff with this password.
/// Returns whether it was created.
pub async fn create_or_promote(db: &DatabaseConnection, email: &Email, password: &str) -> anyhow::Result<bool> {
    let hash = passwords::hash_blocking(password.to_string()).await;
    let now = Utc::now();
    match store::find_by_email(db, email).await? {
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
            let member = store::NewMember { email, password_hash: hash, full_name: "Administrator".into(), phone: None, is_verified: true, is_staff: true };
            store::insert(db, member).await?;
            Ok(true)
        }
    }
}
