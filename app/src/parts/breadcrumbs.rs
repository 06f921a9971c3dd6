use leptos::prelude::*;

/// A trail of links ending with the current page, which is not a link.
#[component]
pub(crate) fn Breadcrumbs(trail: Vec<(String, String)>, current: String) -> impl IntoView {
    view! {
        <nav class="breadcrumbs" aria-label="Breadcrumb">
            <ol>
                {trail
                    .into_iter()
                    .map(|(href, label)| view! { <li><a href=href>{label}</a></li> })
                    .collect_view()}
                <li aria-current="page">{current}</li>
            </ol>
        </nav>
    }
}
