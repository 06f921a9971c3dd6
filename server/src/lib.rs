//! The marketplace server: configuration, data, the site and the API, behind one router.

pub mod api;
pub mod auth;
pub mod catalogue;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod import;
pub mod mail;
pub mod passwords;
pub mod rate_limit;
pub mod secrets;
pub mod site;
pub mod startup;
pub mod state;
pub mod storage;
