//! The talent pool: job seekers who registered with the agency, searched by role, location and
//! employment type, newest first; each CV opens by a signed link that works 15 minutes.

use crate::http::list::{PageRequest, rows_of_page};
use crate::platform::storage::Storage;
use app::admin::TalentRow;
use entity::job_seeker;
use entity::words::{EmploymentType, Word};
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

#[derive(Default)]
pub struct TalentFilter {
    pub role: Option<String>,
    pub location: Option<String>,
    pub employment_type: Option<EmploymentType>,
}

pub async fn search(db: &impl ConnectionTrait, filter: &TalentFilter, storage: &Storage, page: PageRequest) -> Result<(u64, Vec<TalentRow>), DbErr> {
    let mut select = job_seeker::Entity::find().order_by_desc(job_seeker::Column::CreatedAt).order_by_desc(job_seeker::Column::Id);
    if let Some(role) = &filter.role {
        select = select.filter(crate::admin::contains(job_seeker::Column::Roles, role));
    }
    if let Some(location) = &filter.location {
        select = select.filter(crate::admin::contains(job_seeker::Column::Locations, location));
    }
    if let Some(kind) = filter.employment_type {
        select = select.filter(crate::admin::contains(job_seeker::Column::EmploymentTypes, kind.as_str()));
    }
    let (count, rows) = rows_of_page(db, select, page).await?;
    // Roles and towns are kept one a line, employment types comma-separated (job_seekers/registration.rs).
    let lines = |text: &str| text.lines().map(str::to_string).collect::<Vec<_>>();
    Ok((
        count,
        rows.into_iter()
            .map(|s| TalentRow {
                id: s.id,
                full_name: s.full_name,
                email: s.email,
                phone_number: s.phone_number,
                roles: lines(&s.roles),
                locations: lines(&s.locations),
                employment_types: s.employment_types.split(',').filter_map(EmploymentType::parse).collect(),
                cv: storage.signed_url(&s.cv),
                created_at: crate::http::timestamp(s.created_at),
            })
            .collect(),
    ))
}
