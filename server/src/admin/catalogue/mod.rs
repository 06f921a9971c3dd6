//! Staff edit the catalogue and the company's details: categories (add, edit, hide or show),
//! services (add, edit every field, close by status) and the website info. Each input is parsed
//! into checked values once; each change is one transaction with its audit row (the changed
//! fields before and after), then the kept pages showing it are dropped.

pub mod api;
mod categories;
mod fields;
pub mod pages;
mod services;
mod texts;
mod website_info;

pub use fields::Fields;
