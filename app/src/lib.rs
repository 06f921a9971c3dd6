//! The site's views: a page is a pure function of its [`data::PagePayload`].
#![forbid(unsafe_code)]
// Leptos views are nested static types; a whole page (header, menus, footer) goes deeper than
// the default limit of 128 when the compiler lays them out.
#![recursion_limit = "256"]

pub mod admin;
pub mod data;
mod format;
pub mod island;
mod layouts;
mod pages;
mod parts;
pub mod routes;

use data::{Assets, PagePayload, SiteData};
use island::{IslandContext, IslandRenderer};
use leptos::prelude::*;
pub use pages::inline_stylesheet;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

/// A whole HTML document for one page.
pub fn render_page(payload: &PagePayload, assets: &Assets, islands: Arc<dyn IslandRenderer>) -> String {
    with_islands(islands, || pages::document(payload, assets))
}

/// The error document: `status` 404 says 'Page Not Found: {path}', 410 'No Longer
/// Available', 503 'Service Unavailable', anything else 'Internal Server Error'. Shows no
/// internal detail.
pub fn render_error(status: u16, path: &str, site: &SiteData, assets: &Assets, islands: Arc<dyn IslandRenderer>) -> String {
    with_islands(islands, || pages::error_document(status, path, site, assets))
}

/// A short page that answers a link from a mail (confirming job alerts, unsubscribing): a
/// heading, a sentence, and maybe one button that posts back. Not indexed.
pub fn render_message(message: &data::MessagePage, path: &str, site: &SiteData, assets: &Assets, islands: Arc<dyn IslandRenderer>) -> String {
    with_islands(islands, || pages::message_document(message, path, site, assets))
}

/// A page a signed link from a mail opens (a booking's messages, a review invitation's form):
/// server-rendered per request, never cached or indexed.
pub fn render_linked(page: &data::LinkedPage, path: &str, site: &SiteData, assets: &Assets, islands: Arc<dyn IslandRenderer>) -> String {
    with_islands(islands, || pages::linked_document(page, path, site, assets))
}

/// A page of the back office, for staff only: server-rendered per request, never cached or indexed.
pub fn render_admin(page: &admin::AdminPage, site: &SiteData, assets: &Assets, islands: Arc<dyn IslandRenderer>) -> String {
    with_islands(islands, || admin::document(page, site, assets))
}

fn with_islands(islands: Arc<dyn IslandRenderer>, render: impl FnOnce() -> String) -> String {
    let owner = Owner::new();
    owner.with(|| {
        provide_context(IslandContext { renderer: islands, counter: Arc::new(AtomicUsize::new(0)) });
        without_text_separators(render())
    })
}

/// Leptos puts `<!>` between adjacent text nodes so that its own hydration can tell them
/// apart. Nothing hydrates Leptos markup here (islands are React), and `<!>` is an HTML parse
/// error, so it goes. Text and attributes are escaped, so `<!>` can only be such a marker.
fn without_text_separators(html: String) -> String {
    const SEPARATOR: &[u8] = b"<!>";
    let mut bytes = html.into_bytes();
    // In place: a page is tens of kilobytes and most have a few separators.
    let separators = memchr::memmem::Finder::new(SEPARATOR);
    let (mut kept, mut read) = (0, 0);
    while let Some(found) = separators.find(&bytes[read..]) {
        bytes.copy_within(read..read + found, kept);
        kept += found;
        read += found + SEPARATOR.len();
    }
    bytes.copy_within(read.., kept);
    bytes.truncate(kept + bytes.len() - read);
    String::from_utf8(bytes).expect("removing an ASCII sequence leaves UTF-8")
}

#[cfg(test)]
mod tests {
    #[test]
    fn text_separators_go_wherever_they_are() {
        let without = |html: &str| super::without_text_separators(html.to_string());
        assert_eq!(without("<p>a<!>b</p>"), "<p>ab</p>");
        assert_eq!(without("<!>a<!><!>b<!>"), "ab");
        assert_eq!(without("<p>£5 – café</p>"), "<p>£5 – café</p>");
        assert_eq!(without("<!-- a comment --><!DOCTYPE html>"), "<!-- a comment --><!DOCTYPE html>");
    }
}
