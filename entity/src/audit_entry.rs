use sea_orm::entity::prelude::*;

/// One staff action: who, when, what, and the values before and after. The database refuses
/// to update or delete a row (triggers), so the log can only grow.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub actor_id: i32,
    /// The staff member's address when they acted; kept if the account later goes.
    pub actor_email: String,
    /// What was done, e.g. `provider.approve`.
    pub action: String,
    /// What it was done to, e.g. `provider`, and its id.
    pub subject_type: String,
    pub subject_id: Option<i32>,
    /// One line a person reads, e.g. "Approved Jane Smith to provide Deep cleaning".
    pub summary: String,
    pub reason: Option<String>,
    /// The changed fields before and after, as JSON objects.
    pub before: Option<String>,
    pub after: Option<String>,
    /// The day a person asked, for an action on a subject access or erasure request.
    pub requested_on: Option<Date>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
