//! The site's menus. The desktop menu and the mobile disclosure list the same links, so both
//! are built from the lists below.

use crate::data::CategoryCard;
use leptos::prelude::*;

/// The menu after "Services", in order.
const MAIN_LINKS: [(&str, &str); 5] =
    [("/jobs", "Jobs"), ("/form/hire-talent", "Hire talent"), ("/become-provider", "Become a provider"), ("/about", "About"), ("/contact", "Contact")];

/// `aria-current` for a menu link on the page at `url` (path and query): `page` for the page
/// itself, `true` for a page inside the link's section (e.g. a service under /services).
pub(crate) fn current_marker(url: &str, href: &str) -> Option<&'static str> {
    let path = url.split_once('?').map_or(url, |(path, _)| path);
    if url == href || (!href.contains('?') && path == href) {
        Some("page")
    } else if href != "/" && path.strip_prefix(href).is_some_and(|rest| rest.starts_with('/')) {
        Some("true")
    } else {
        None
    }
}

#[component]
fn MenuLink(href: String, label: String, url: String) -> impl IntoView {
    let current = current_marker(&url, &href);
    view! { <a href=href aria-current=current>{label}</a> }
}

/// The category links under "Services".
#[component]
fn CategoryLinks(categories: Vec<CategoryCard>, url: String) -> impl IntoView {
    view! {
        <ul class="submenu">
            {categories
                .into_iter()
                .map(|category| {
                    let href = format!("/services?category={}", category.slug);
                    view! { <li><MenuLink href label=category.name url=url.clone()/></li> }
                })
                .collect_view()}
        </ul>
    }
}

#[component]
fn MainLinks(url: String) -> impl IntoView {
    MAIN_LINKS
        .iter()
        .map(|(href, label)| {
            view! { <li><MenuLink href=href.to_string() label=label.to_string() url=url.clone()/></li> }
        })
        .collect_view()
}

/// "Log in" and "Register", or once signed in the user's name, the notifications and "Log out":
/// the runtime's account menu (plain TypeScript) changes these links when a session is stored.
#[component]
fn AccountMenu() -> impl IntoView {
    view! {
        <div class="menu-account" data-shell="account-menu">
            <div class="isl-account-menu">
                <a class="isl-account-menu__link" href="/user/login">"Log in"</a>
                <a class="button button--primary isl-account-menu__register" href="/user/register">"Register"</a>
            </div>
        </div>
    }
}

/// Wide screens: a horizontal menu; the categories open under "Services" on hover or when
/// keyboard focus enters it, so no script is needed.
#[component]
pub(crate) fn DesktopMenu(categories: Vec<CategoryCard>, url: String) -> impl IntoView {
    view! {
        <nav class="desktop-menu" aria-label="Main">
            <ul class="menu">
                <li class="menu-item has-submenu">
                    <MenuLink href="/services".to_string() label="Services".to_string() url=url.clone()/>
                    <CategoryLinks categories url=url.clone()/>
                </li>
                <MainLinks url/>
            </ul>
            <AccountMenu/>
        </nav>
    }
}

/// Narrow screens: a `<details>` disclosure, which opens with Enter or Space without JavaScript.
#[component]
pub(crate) fn MobileMenu(categories: Vec<CategoryCard>, url: String) -> impl IntoView {
    view! {
        <details class="mobile-menu">
            <summary>
                <span class="menu-icon" aria-hidden="true"></span>
                "Menu"
            </summary>
            <nav class="mobile-menu-panel" aria-label="Mobile">
                <ul class="menu">
                    <li>
                        <MenuLink href="/services".to_string() label="Services".to_string() url=url.clone()/>
                        <CategoryLinks categories url=url.clone()/>
                    </li>
                    <MainLinks url/>
                </ul>
                <AccountMenu/>
            </nav>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::current_marker;

    #[test]
    fn the_current_page_and_its_section_are_marked() {
        assert_eq!(current_marker("/jobs", "/jobs"), Some("page"));
        assert_eq!(current_marker("/jobs?search=care", "/jobs"), Some("page"));
        assert_eq!(current_marker("/services?category=cleaning", "/services?category=cleaning"), Some("page"));
        assert_eq!(current_marker("/services?category=cleaning", "/services?category=plumbing"), None);
        assert_eq!(current_marker("/services/details?id=3", "/services"), Some("true"));
        assert_eq!(current_marker("/servicesx", "/services"), None);
        assert_eq!(current_marker("/about", "/"), None);
    }
}
