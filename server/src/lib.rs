//! The marketplace server: configuration, data, the site and the API, behind one router.
//! `http/` is the edge, `platform/` the shared machinery, `domain/` the values parsed at the
//! edge, and each other folder a feature; they depend on each other one way (`layers`).
// The allocator's configuration (`platform::memory`) is the one place with `unsafe` code.
#![deny(unsafe_code)]

pub mod accounts;
pub mod admin;
pub mod bookings;
pub mod bookmarks;
pub mod catalogue;
pub mod config;
pub mod contact;
pub mod data_rights;
pub mod domain;
pub mod http;
pub mod import;
pub mod job_seekers;
pub mod jobs;
#[cfg(test)]
mod layers;
pub mod messages;
pub mod notifications;
pub mod payments;
pub mod places;
pub mod platform;
pub mod providers;
pub mod recruitment;
pub mod reviews;
pub mod scheduling;
pub mod site;
#[cfg(test)]
mod source_tree;
pub mod startup;
pub mod state;
