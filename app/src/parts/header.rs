use super::menu::{DesktopMenu, MobileMenu};
use crate::data::CategoryCard;
use leptos::prelude::*;

/// The brand mark, the same drawing as `/favicon.svg`; decorative next to the brand name.
#[component]
pub(crate) fn BrandMark() -> impl IntoView {
    view! {
        <svg class="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" fill="currentColor"></rect>
            <path d="M9 23a7 7 0 0 1 14 0M6 23h20M16 7v3M8.5 10.5l2 2M23.5 10.5l-2 2" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"></path>
        </svg>
    }
}

#[component]
pub(crate) fn Header(brand: String, categories: Vec<CategoryCard>, url: String) -> impl IntoView {
    view! {
        <header class="site-header">
            <div class="container header-bar">
                <a class="brand" href="/">
                    <BrandMark/>
                    <span class="brand-name">{brand}</span>
                </a>
                <DesktopMenu categories=categories.clone() url=url.clone()/>
                <MobileMenu categories url/>
            </div>
        </header>
    }
}
