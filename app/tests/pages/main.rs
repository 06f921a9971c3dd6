//! Renders every page from fixture-like data and checks what the spec, SEO and accessibility
//! need from its HTML.
#![forbid(unsafe_code)]

mod documents;
mod fixtures;
mod marketplace;
mod members;
mod structured_data;
