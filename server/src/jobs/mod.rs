//! Jobs posted on the marketplace.

pub mod queries;
