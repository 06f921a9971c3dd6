//! The public catalogue: categories, services and the company's website info. Pages and the
//! API read it through these plain functions.

pub mod categories;
pub mod services;
pub mod website_info;
