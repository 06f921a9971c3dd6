//! The `/form/*` pages, shown in the form layout.

pub(crate) mod find_job;
pub(crate) mod hire_talent;
pub(crate) mod job_post;
