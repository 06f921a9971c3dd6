//! Reviews that members leave on services.

pub mod queries;
