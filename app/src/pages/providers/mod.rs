//! `/providers` pages: an approved provider's public profile.

pub(crate) mod profile;
