//! What the bookmarks feature says.

pub const SERVICE_OR_JOB: &str = "Give either a service or a job to save.";
