use leptos::prelude::*;

/// The band at the top of an inner page: its one `<h1>` and a sentence saying what it is for.
#[component]
pub(crate) fn PageIntro(
    #[prop(into)] title: String,
    #[prop(into)] lead: String,
    /// Shown above the heading, e.g. breadcrumbs.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    view! {
        <div class="page-intro">
            <div class="container">
                {children.map(|children| children())}
                <h1>{title}</h1>
                <p class="lead">{lead}</p>
            </div>
        </div>
    }
}
