//! Staff accounts for the back office, made from the command line.

use super::members;
use crate::domain::Email;
use crate::platform::change::Change;
use crate::platform::passwords;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, DatabaseConnection, IntoActiveModel};

/// Creates a verified staff account, or makes an existing one staff with this password.
/// Returns whether it was created.
pub async fn create_or_promote(db: &DatabaseConnection, email: &Email, password: &str) -> anyhow::Result<bool> {
    let hash = passwords::hash_blocking(password.to_string()).await;
    let now = Utc::now();
    match members::find_by_email(db, email).await? {
        Some(existing) => {
            let id = existing.id;
            let mut row = existing.into_active_model();
            row.password_hash = Set(hash);
            row.is_staff = Set(true);
            row.is_verified = Set(true);
            row.updated_at = Set(now);
            let change = Change::outside_server(db).await?;
            row.update(change.db()).await?;
            crate::accounts::tokens::revoke_all(change.db(), id, None).await?;
            change.commit().await?;
            Ok(false)
        }
        None => {
            let member = members::NewMember { email, password_hash: hash, full_name: "Administrator".into(), phone: None, is_verified: true, is_staff: true };
            let change = Change::outside_server(db).await?;
            members::insert(change.db(), member).await?;
            change.commit().await?;
            Ok(true)
        }
    }
}

/// Earlier demo data made a staff account with a password published in this repository
/// (`admin@brightway.example` / `admin-password-1`), and seeded it into any empty database.
/// Where that account still has that password, it loses staff rights and the password (no
/// password matches `!`), and its sign-ins end. Runs at every start; cheap once it is done.
pub async fn retire_published_staff_account(db: &DatabaseConnection) -> anyhow::Result<()> {
    use entity::user;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let published = user::Entity::find().filter(user::Column::Email.eq("admin@brightway.example")).filter(user::Column::IsStaff.eq(true)).one(db).await?;
    let Some(account) = published else { return Ok(()) };
    if !passwords::verify_blocking("admin-password-1".into(), Some(account.password_hash.clone())).await {
        return Ok(());
    }
    let id = account.id;
    let mut row = account.into_active_model();
    row.is_staff = Set(false);
    row.password_hash = Set("!".into());
    row.updated_at = Set(Utc::now());
    let change = Change::outside_server(db).await?;
    row.update(change.db()).await?;
    crate::accounts::tokens::revoke_all(change.db(), id, None).await?;
    change.commit().await?;
    tracing::warn!("the demo staff account with a published password was retired: make staff with `server create-admin`");
    Ok(())
}
