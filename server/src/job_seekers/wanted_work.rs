//! What a job seeker wants, parsed once from the registration form: roles, towns and kinds of
//! employment, kept as lines and a comma list, and a distance of a postcode.

use super::texts;
use crate::config::Distances;
use crate::http::extract::{FieldErrors, not_a_choice};
use crate::places::Near;
use entity::words::{EmploymentType, Word};

const MOST_ENTRIES: usize = 10;
const ENTRY_MAX_CHARS: usize = 80;

pub struct WantedWork {
    pub roles: Vec<String>,
    pub locations: Vec<String>,
    pub employment_types: Vec<EmploymentType>,
    /// Only jobs within a distance of a postcode's district.
    pub near: Option<Near>,
}

/// What the registration form says the job seeker wants, as sent.
pub struct WantedWorkForm<'a> {
    pub roles: Option<&'a str>,
    pub locations: Option<&'a str>,
    pub employment_types: Option<&'a str>,
    pub near: Option<&'a str>,
    pub within: Option<&'a str>,
}

/// Entries one per line or separated by commas, trimmed, without blanks or repeats.
fn entries(errors: &mut FieldErrors, field: &str, raw: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for entry in raw.split(['\n', ',']).map(str::trim).filter(|e| !e.is_empty()) {
        if entry.chars().count() > ENTRY_MAX_CHARS || entry.contains('\0') {
            errors.add(field, texts::entry_too_long(ENTRY_MAX_CHARS));
            return found;
        }
        if !found.iter().any(|f| f.eq_ignore_ascii_case(entry)) {
            found.push(entry.to_string());
        }
    }
    if found.len() > MOST_ENTRIES {
        errors.add(field, texts::too_many_entries(MOST_ENTRIES));
    }
    found
}

impl WantedWork {
    pub fn parse(errors: &mut FieldErrors, form: WantedWorkForm, distances: Distances) -> WantedWork {
        let WantedWorkForm { roles, locations, employment_types, near, within } = form;
        let roles = roles.unwrap_or("");
        if roles.split(['\n', ',']).all(|entry| entry.trim().is_empty()) {
            errors.add("roles", texts::NO_ROLE);
        }
        let roles = entries(errors, "roles", roles);
        let locations = entries(errors, "locations", locations.unwrap_or(""));
        let mut kinds = Vec::new();
        for raw in employment_types.unwrap_or("").split(',').map(str::trim).filter(|e| !e.is_empty()) {
            match EmploymentType::parse(raw) {
                Some(kind) if !kinds.contains(&kind) => kinds.push(kind),
                Some(_) => {}
                None => errors.add("employment_types", not_a_choice::<EmploymentType>(raw)),
            }
        }
        let near = Near::read(near, within, distances).unwrap_or_else(|problems| {
            problems.into_iter().for_each(|(field, problem)| errors.add(field, problem));
            None
        });
        WantedWork { roles, locations, employment_types: kinds, near }
    }

    pub fn employment_types_text(&self) -> String {
        self.employment_types.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",")
    }
}
