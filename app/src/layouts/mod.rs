//! The two page layouts. Both share the frame: skip link, header, `<main>`, footer and the app
//! shell's islands; they differ in how they lay out the page's own content.

mod default;
mod form;

pub(crate) use default::DefaultLayout;
pub(crate) use form::FormLayout;

use crate::data::SiteData;
use crate::parts::app_shell::AppShell;
use crate::parts::footer::Footer;
use crate::parts::header::Header;
use leptos::prelude::*;

/// Which layout a page sits in: a route table column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    Default,
    /// A single form, centred, without the catalogue's sidebars.
    Form,
}

/// The id the skip link jumps to.
const MAIN_ID: &str = "main-content";

/// Everything around a page's content. `url` is the page's path and query, for the menus'
/// `aria-current`; `main_class` lets a layout style its `<main>`.
#[component]
fn Frame(site: SiteData, url: String, main_class: &'static str, children: Children) -> impl IntoView {
    let skip_href = format!("#{MAIN_ID}");
    // Each part is erased to `AnyView`: nesting them all in one static type overflows the
    // compiler's query depth and slows every build.
    let header = view! { <Header brand=site.info.brand.clone() categories=site.categories.clone() url/> }.into_any();
    let footer = view! { <Footer site/> }.into_any();
    view! {
        <a class="skip-link" href=skip_href>"Skip to main content"</a>
        {header}
        // tabindex -1 lets the skip link move keyboard focus, not just the scroll position.
        <main id=MAIN_ID class=main_class tabindex="-1">{children()}</main>
        {footer}
        {view! { <AppShell/> }.into_any()}
    }
}
