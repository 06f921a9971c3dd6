//! What the back office says about the catalogue and the website info: its field errors and
//! the pages' done notices (a text field's own errors are the domain's).

pub(super) const REQUIRED: &str = "This field is required.";
pub(super) const SLUG_FORM: &str = "Use lower-case letters, digits and single hyphens, e.g. deep-cleaning.";
pub(super) const PRIORITY_RANGE: &str = "Enter a whole number from 0 to 1000000.";
pub(super) const TRUE_OR_FALSE: &str = "Must be true or false.";
pub(super) const CATEGORY_SLUG_TAKEN: &str = "Another category has this slug.";
pub(super) const SERVICE_SLUG_TAKEN: &str = "Another service has this slug.";
pub(super) const TOO_MANY_AREAS: &str = "Give at most 200 areas, each at most 100 characters.";

/// A `category` that names no category.
pub(super) fn no_such_category(given: &str) -> String {
    format!("Invalid pk \"{given}\" - object does not exist.")
}

/// A line of `phones` that is not a UK phone number, and why.
pub(super) fn bad_phone(line: &str, problem: &str) -> String {
    format!("{line}: {problem}")
}

/// A line of `socials` that is not a name and an address.
pub(super) fn bad_social(line: &str) -> String {
    format!("\"{line}\" is not a name followed by an address starting https://.")
}

/// What a `done` code in the address says, after a category, a service or the website info is saved.
pub(super) fn done(code: &str) -> Option<&'static str> {
    Some(match code {
        "category-saved" => "Category saved. The site shows it now.",
        "service-saved" => "Service saved. The site shows it now.",
        "info-saved" => "Website info saved. Every page shows it now.",
        _ => return None,
    })
}

// ---------- the audit log ----------

/// "Added the category Cleaning".
pub(super) fn category_entry(verb: &str, name: &str) -> String {
    format!("{verb} the category {name}")
}

pub(super) fn service_entry(verb: &str, title: &str) -> String {
    format!("{verb} the service {title}")
}

pub(super) const WEBSITE_INFO_ENTRY: &str = "Edited the website info";
