use sea_orm::entity::prelude::*;

/// A member. File fields hold storage keys (never public URLs).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub email: String,
    pub password_hash: String,
    pub full_name: String,
    pub phone_number: String,
    pub address_line_1: String,
    pub postcode: String,
    pub city: String,
    pub country: String,
    pub date_of_birth: Option<Date>,
    pub profile_picture: Option<String>,
    pub resume: Option<String>,
    pub passport: Option<String>,
    pub utility_bill: Option<String>,
    pub other_documents: Option<String>,
    pub is_verified: bool,
    pub is_staff: bool,
    /// False once staff deactivate the account: it cannot sign in and its sessions end.
    pub is_active: bool,
    /// The staff second factor (base32), set at enrolment; enrolled once a first code matched.
    pub totp_secret: Option<String>,
    pub totp_enrolled_at: Option<DateTimeUtc>,
    /// The last 30-second step a code was accepted for, so that a code works once.
    pub totp_last_step: Option<i64>,
    /// Named by the signed links to the member's pages (a booking's thread); raised when every
    /// sign-in ends, which stops those links already sent.
    pub link_version: i32,
    pub date_joined: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::review::Entity")]
    Review,
}

impl Related<super::review::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Review.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
