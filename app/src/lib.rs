//! The site's views: a page is a pure function of its [`data::PagePayload`].

pub mod data;
pub mod island;
mod layouts;
mod pages;
mod parts;

use data::{Assets, PagePayload, SiteData};
use island::{IslandContext, IslandRenderer};
use leptos::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

/// A whole HTML document for one page.
pub fn render_page(payload: &PagePayload, assets: &Assets, islands: Arc<dyn IslandRenderer>) -> String {
    with_islands(islands, || pages::document(payload, assets))
}

/// The error document: `status` 404 says 'Page Not Found: {path}', anything else
/// 'Internal Server Error'. Shows no internal detail.
pub fn render_error(status: u16, path: &str, site: &SiteData, assets: &Assets, islands: Arc<dyn IslandRenderer>) -> String {
    with_islands(islands, || pages::error_document(status, path, site, assets))
}

fn with_islands(islands: Arc<dyn IslandRenderer>, render: impl FnOnce() -> String) -> String {
    let owner = Owner::new();
    owner.with(|| {
        provide_context(IslandContext { renderer: islands, counter: Arc::new(AtomicUsize::new(0)) });
        render()
    })
}
