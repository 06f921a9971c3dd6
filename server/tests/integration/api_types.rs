//! The islands' TypeScript types are generated from a snapshot of the OpenAPI document
//! (`islands/src/api/openapi.json`); this keeps the snapshot equal to the document the router
//! makes, and the islands' own test keeps the types equal to the snapshot.

#[test]
fn the_islands_snapshot_of_the_openapi_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../islands/src/api/openapi.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let snapshot: serde_json::Value = serde_json::from_str(&text).expect("the snapshot is JSON");
    let live: serde_json::Value = serde_json::from_str(&server::http::api::document_json()).expect("the document is JSON");
    // Not assert_eq!: two whole documents in the message would bury the command.
    assert!(
        snapshot == live,
        "islands/src/api/openapi.json is not the server's OpenAPI document; regenerate it and the islands' types:\n  \
         target/debug/server openapi > islands/src/api/openapi.json && (cd islands && npm run api-types)"
    );
}
