//! `/services` and the pages under it.

pub(crate) mod book;
pub(crate) mod details;
pub(crate) mod list;
