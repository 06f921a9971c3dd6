//! The layers run one way (CONTRIBUTING, "Layers"): `domain/` knows nothing else of the server;
//! `platform/` knows the domain; `http/` knows both and the server's state, and the features
//! only in its route table; a feature may use all of these. The compiler sees one crate, so
//! this test reads the sources' `crate::` paths to keep it so.

use crate::source_tree::rust_files;

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

/// Each `crate::` path's first part in `text`.
fn used_tops(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("crate::").map(move |(at, _)| {
        let rest = &text[at + "crate::".len()..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        &rest[..end]
    })
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
        for top in used_tops(text).filter(|top| !may_use(name, from, layer_of(top))) {
            let found = format!("{name} uses crate::{top}");
            if !against.contains(&found) {
                against.push(found);
            }
        }
    }
    against
}

#[test]
fn the_layers_run_one_way() {
    let against = uses_against_the_layers(&rust_files());
    assert!(against.is_empty(), "{against:#?}");
}

#[test]
fn a_platform_file_that_uses_a_feature_is_found() {
    let files = [
        ("platform/change.rs".to_string(), "use crate::notifications::notice::Notice;".to_string()),
        ("domain/email.rs".to_string(), "use crate::platform::db;".to_string()),
        ("http/extract.rs".to_string(), "crate::accounts::signed_in::Member".to_string()),
        ("http/api.rs".to_string(), "crate::accounts::routes()".to_string()),
        ("bookings/mod.rs".to_string(), "use crate::http::AppError;".to_string()),
    ];
    assert_eq!(
        uses_against_the_layers(&files),
        ["platform/change.rs uses crate::notifications", "domain/email.rs uses crate::platform", "http/extract.rs uses crate::accounts"]
    );
}
