//! The pieces pages and layouts share. Each is a small component: data in, view out.

pub(crate) mod activity;
pub(crate) mod app_shell;
pub(crate) mod breadcrumbs;
pub(crate) mod cards;
pub(crate) mod contact_details;
pub(crate) mod features;
pub(crate) mod feedback;
pub(crate) mod footer;
pub(crate) mod get_in_touch;
pub(crate) mod header;
pub(crate) mod how_it_works;
pub(crate) mod legal;
pub(crate) mod member;
pub(crate) mod menu;
pub(crate) mod page_intro;
pub(crate) mod pagination;
pub(crate) mod payment_terms;
pub(crate) mod rating;
pub(crate) mod shared_forms;
