//! The islands' TypeScript types are generated from a snapshot of the OpenAPI document
//! (`islands/src/lib/api/openapi.json`); this keeps the snapshot equal to the document the router
//! makes, and the islands' own test keeps the types equal to the snapshot.

#[test]
fn the_islands_snapshot_of_the_openapi_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../islands/src/lib/api/openapi.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let snapshot: serde_json::Value = serde_json::from_str(&text).expect("the snapshot is JSON");
    let live: serde_json::Value = serde_json::from_str(&server::http::api::document_json()).expect("the document is JSON");
    // Not assert_eq!: two whole documents in the message would bury the command.
    assert!(
        snapshot == live,
        "islands/src/lib/api/openapi.json is not the server's OpenAPI document; regenerate it and the islands' types:\n  \
         target/debug/server openapi > islands/src/lib/api/openapi.json && (cd islands && npm run api-types)"
    );
}

/// Every operation has an id of its own: client generators name their functions after them
/// (`register` named both sign-up and the job-seeker registration).
#[test]
fn every_operation_id_is_unique() {
    let document: serde_json::Value = serde_json::from_str(&server::http::api::document_json()).expect("the document is JSON");
    let mut seen = std::collections::HashMap::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            if let Some(id) = operation["operationId"].as_str() {
                let here = format!("{method} {path}");
                if let Some(other) = seen.insert(id.to_string(), here.clone()) {
                    panic!("operationId {id:?} names both {other} and {here}");
                }
            }
        }
    }
}
