//! `/admin/talent`: the job seekers who registered with the agency, searched by role, location
//! and employment type; their CVs open by a link that works for 15 minutes.

use super::{Listing, Pager, TalentRow, when};
use crate::format::employment_type;
use leptos::prelude::*;

const TYPES: [(&str, &str); 5] = [("", "Any"), ("full_time", "Full time"), ("part_time", "Part time"), ("contract", "Contract"), ("temporary", "Temporary")];

#[component]
pub(super) fn TalentPool(list: Listing<TalentRow>) -> impl IntoView {
    let (role, location, chosen) = (list.filter("role").to_owned(), list.filter("location").to_owned(), list.filter("employment_type").to_owned());
    let options = TYPES.iter().map(|(value, label)| view! { <option value=*value selected=*value == chosen>{*label}</option> }).collect_view();
    let summary = format!("{} {}", list.count, if list.count == 1 { "person" } else { "people" });
    let rows = list
        .rows
        .into_iter()
        .map(|row| {
            let types = row.employment_types.iter().map(|t| employment_type(t)).collect::<Vec<_>>().join(", ");
            view! {
                <tr>
                    <td>{row.full_name}<br/><a href=format!("mailto:{}", row.email)>{row.email.clone()}</a><br/>{row.phone_number}</td>
                    <td>{row.roles.join(", ")}</td>
                    <td>{row.locations.join(", ")}</td>
                    <td>{types}</td>
                    <td><a href=row.cv target="_blank" rel="noopener">"Open CV"</a></td>
                    <td>{when(&row.created_at)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <form method="get" action="/admin/talent" class="admin-filter" role="search">
            <div class="field"><label class="field-label" for="role">"Role"</label><input id="role" name="role" type="search" value=role/></div>
            <div class="field"><label class="field-label" for="location">"Location"</label><input id="location" name="location" type="search" value=location/></div>
            <div class="field"><label class="field-label" for="employment_type">"Employment type"</label><select id="employment_type" name="employment_type">{options}</select></div>
            <button class="button button--secondary" type="submit">"Search"</button>
        </form>
        <p>{summary}</p>
        <div class="admin-table">
            <table>
                <thead><tr><th scope="col">"Person"</th><th scope="col">"Roles"</th><th scope="col">"Locations"</th><th scope="col">"Types"</th><th scope="col">"CV"</th><th scope="col">"Registered"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <Pager path="/admin/talent" filters=list.filters page=list.page pages=list.pages/>
    }
}
