//! The layers run one way (CONTRIBUTING, "Layers"): `domain/` knows nothing else of the server;
//! `platform/` knows the domain; `http/` knows both and the server's state, and the features
//! only in its route table; a feature may use all of these. The compiler sees one crate, so
//! this test reads the sources' `crate::` paths to keep it so.

use crate::source_tree::rust_files;
use std::collections::{BTreeMap, BTreeSet};

/// What the server's files are, by their first folder (or file) under `src/`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Layer {
    Domain,
    Platform,
    Http,
    /// `config`, `state`, `startup`, `lib`, `main`: what puts the server together.
    Server,
    /// Test helpers that read the sources.
    SourceTree,
    Feature,
}

fn layer_of(top: &str) -> Layer {
    match top {
        "domain" => Layer::Domain,
        "platform" => Layer::Platform,
        "http" => Layer::Http,
        "config" | "state" | "startup" | "lib" | "main" => Layer::Server,
        "source_tree" | "layers" => Layer::SourceTree,
        _ => Layer::Feature,
    }
}

/// The files of `http/` that name the features' routes: the route table, its OpenAPI
/// document, and the front that answers kept pages before the table.
const ROUTE_TABLE: [&str; 3] = ["http/api.rs", "http/openapi.rs", "http/front.rs"];

/// Whether the file `name`, in `from`, may use `to`.
fn may_use(name: &str, from: Layer, to: Layer) -> bool {
    match (from, to) {
        (_, Layer::SourceTree) => true,
        (Layer::Domain, to) => to == Layer::Domain,
        (Layer::Platform, to) => matches!(to, Layer::Platform | Layer::Domain),
        (Layer::Http, Layer::Feature) => ROUTE_TABLE.contains(&name),
        (Layer::Http, _) => true,
        (Layer::Server | Layer::Feature | Layer::SourceTree, _) => true,
    }
}

/// The first part of each path in `text` that names the crate's own modules, as the file
/// `name` reaches them: `crate::x`, each name of a `crate::{x, y}` group, and `super::` paths,
/// which climb from the file's own module (out of `platform/` they reach the crate's root).
fn used_tops(name: &str, text: &str) -> Vec<String> {
    let mut tops = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => tops.extend(group.split('}').next().unwrap_or("").split(',').map(|part| first_name(part.trim()).to_string())),
            None => tops.push(first_name(rest).to_string()),
        }
    }
    let module = module_of(name);
    for (at, _) in text.match_indices("super::") {
        let before = &text[..at];
        if before.ends_with("super::") || before.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut rest = &text[at..];
        let mut climbs = 0;
        while let Some(after) = rest.strip_prefix("super::") {
            climbs += 1;
            rest = after;
        }
        let top = if climbs >= module.len() { first_name(rest) } else { module[0] };
        tops.push(top.to_string());
    }
    tops.retain(|top| !top.is_empty());
    tops
}

fn first_name(path: &str) -> &str {
    let end = path.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(path.len());
    &path[..end]
}

/// The module path of the file `name`: `platform/mail/outbox.rs` is platform::mail::outbox,
/// `platform/mod.rs` is platform.
fn module_of(name: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = name.split('/').collect();
    let file = parts.pop().unwrap_or("");
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem);
    }
    parts
}

fn top_of(name: &str) -> &str {
    let first = name.split('/').next().unwrap_or(name);
    first.strip_suffix(".rs").unwrap_or(first)
}

/// Every use that runs against the layers, as `file uses crate::top`.
fn uses_against_the_layers(files: &[(String, String)]) -> Vec<String> {
    let mut against = Vec::new();
    for (name, text) in files {
        let from = layer_of(top_of(name));
        for top in used_tops(name, text).into_iter().filter(|top| !may_use(name, from, layer_of(top))) {
            let found = format!("{name} uses crate::{top}");
            if !against.contains(&found) {
                against.push(found);
            }
        }
    }
    against
}

/// The features that reach themselves through other features' uses: each is in a cycle.
fn features_in_cycles(files: &[(String, String)]) -> BTreeSet<String> {
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, text) in files {
        let from = top_of(name);
        if layer_of(from) != Layer::Feature {
            continue;
        }
        let used = used_tops(name, text).into_iter().filter(|top| top != from && layer_of(top) == Layer::Feature);
        uses.entry(from.to_string()).or_default().extend(used);
    }
    let reaches_itself = |feature: &String| {
        let mut seen = BTreeSet::new();
        let mut to_visit: Vec<&String> = uses.get(feature).into_iter().flatten().collect();
        while let Some(next) = to_visit.pop() {
            if next == feature {
                return true;
            }
            if seen.insert(next) {
                to_visit.extend(uses.get(next).into_iter().flatten());
            }
        }
        false
    };
    uses.keys().filter(|feature| reaches_itself(feature)).cloned().collect()
}

/// The features still tangled in cycles (issue 54 unties them: the pages' shared machinery moves
/// out of `site`, and `accounts` stops reading providers' and reviews' pages). A feature that
/// joins them fails the test; one that leaves them is taken off the list.
const STILL_IN_CYCLES: [&str; 12] =
    ["accounts", "catalogue", "contact", "import", "jobs", "messages", "notifications", "places", "providers", "reviews", "scheduling", "site"];

#[test]
fn no_feature_joins_a_cycle() {
    let in_cycles = features_in_cycles(&rust_files());
    assert_eq!(in_cycles, STILL_IN_CYCLES.map(String::from).into_iter().collect::<BTreeSet<_>>());
}

#[test]
fn a_cycle_of_features_is_found() {
    let files = [
        ("bookings/mod.rs", "use crate::scheduling::slots;"),
        ("scheduling/mod.rs", "use super::payments;"),
        ("payments/mod.rs", "crate::bookings::x"),
        ("jobs/mod.rs", "crate::bookings::y"),
    ]
    .map(|(name, text)| (name.to_string(), text.to_string()));
    assert_eq!(features_in_cycles(&files), ["bookings", "payments", "scheduling"].map(String::from).into_iter().collect::<BTreeSet<_>>());
}

#[test]
fn the_layers_run_one_way() {
    let against = uses_against_the_layers(&rust_files());
    assert!(against.is_empty(), "{against:#?}");
}

#[test]
fn a_use_against_the_layers_is_found_however_it_is_written() {
    let files = [
        ("platform/change.rs", "use crate::notifications::notice::Notice;"),
        ("domain/email.rs", "use crate::platform::db;"),
        ("http/extract.rs", "crate::accounts::signed_in::Member"),
        ("platform/mail/outbox.rs", "use super::super::super::site::Site; use super::Mail;"),
        ("platform/mod.rs", "pub use super::admin::audit;"),
        ("platform/db.rs", "use crate::{domain::Email, jobs::queries};"),
        ("http/api.rs", "crate::accounts::routes()"),
        ("bookings/mod.rs", "use crate::http::AppError; use super::scheduling::dispatch;"),
    ]
    .map(|(name, text)| (name.to_string(), text.to_string()));
    assert_eq!(
        uses_against_the_layers(&files),
        [
            "platform/change.rs uses crate::notifications",
            "domain/email.rs uses crate::platform",
            "http/extract.rs uses crate::accounts",
            "platform/mail/outbox.rs uses crate::site",
            "platform/mod.rs uses crate::admin",
            "platform/db.rs uses crate::jobs",
        ]
    );
}
