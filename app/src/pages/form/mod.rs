//! The `/form/*` pages, shown in the form layout.

pub(super) mod find_job;
pub(super) mod hire_talent;
pub(super) mod job_post;
