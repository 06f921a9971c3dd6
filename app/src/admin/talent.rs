//! `/admin/talent`: the job seekers who registered with the agency, searched by role, location
//! and employment type; their CVs open by a link that works for 15 minutes.

use super::{EmploymentType, Listing, Pager, TalentRow, Word, when};
use crate::format::employment_type;
use leptos::prelude::*;

#[component]
pub(super) fn TalentPool(list: Listing<TalentRow, Option<EmploymentType>>) -> impl IntoView {
    let (role, location, chosen) = (list.filter("role").to_owned(), list.filter("location").to_owned(), list.chosen);
    let any = view! { <option value="" selected=chosen.is_none()>"Any"</option> };
    let kinds = EmploymentType::ALL.iter().map(|kind| view! { <option value=kind.as_str() selected=Some(*kind) == chosen>{employment_type(*kind)}</option> });
    let options = (any, kinds.collect_view());
    let summary = format!("{} {}", list.count, if list.count == 1 { "person" } else { "people" });
    let rows = list
        .rows
        .into_iter()
        .map(|row| {
            let types = row.employment_types.iter().map(|t| employment_type(*t)).collect::<Vec<_>>().join(", ");
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
