//! The marketplace server: configuration, data, the site and the API, behind one router.

pub mod catalogue;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod import;
pub mod passwords;
pub mod site;
pub mod startup;
