//! One module per route. Owned by the views work: `document` and `error_document` are the
//! entry points `lib.rs` calls.
