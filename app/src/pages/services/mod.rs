//! `/services` and the pages under it.

pub(super) mod book;
pub(super) mod details;
pub(super) mod list;
