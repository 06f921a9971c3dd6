//! The server's integration tests, in one binary so that they share one build and one set-up
//! (a migrated template database, see `common`). Each test starts the real server on port 0.
#![forbid(unsafe_code)]

#[macro_use]
mod common;

mod accounts;
mod admin;
mod api_cache;
mod api_input;
mod api_types;
mod bookings;
mod bookmarks;
mod cli;
mod completion;
mod contact;
mod data_rights;
mod edge;
mod faults;
mod health;
mod jobs;
mod jobs_near;
mod marketplace;
mod messages;
mod migrations;
mod near;
mod payments;
mod refreshed_pages;
mod reviews;
mod s3;
mod scheduling;
mod several_servers;
mod shutdown;
mod site;
