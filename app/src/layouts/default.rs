use super::Frame;
use crate::data::SiteData;
use leptos::prelude::*;

/// Most pages: the content spans the page, and each section sets its own width.
#[component]
pub(crate) fn DefaultLayout(site: SiteData, url: String, children: Children) -> impl IntoView {
    view! { <Frame site url main_class="layout-default">{children()}</Frame> }
}
