//! The placeholder for a React island: the server renders the island's TSX (through the
//! renderer given to [`crate::render_page`]) and the browser runtime hydrates it in place.

use leptos::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Renders an island's markup from its name and JSON props. `id_prefix` must be passed to
/// React's `identifierPrefix` on both sides so that `useId` agrees during hydration.
pub trait IslandRenderer: Send + Sync {
    fn render(&self, name: &str, props_json: &str, id_prefix: &str) -> String;
}

/// When the browser hydrates an island.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hydrate {
    Load,
    Idle,
    Visible,
    /// When the viewer first points at, touches or focuses it: for an island whose server
    /// markup is already the whole form, so that a page only read never loads React. Until
    /// then the runtime draws a signed-in member's own state on that markup (their form, their
    /// bookmarks). A press made before it hydrates is replayed after.
    Interaction,
}

impl Hydrate {
    fn as_str(self) -> &'static str {
        match self {
            Hydrate::Load => "load",
            Hydrate::Idle => "idle",
            Hydrate::Visible => "visible",
            Hydrate::Interaction => "interaction",
        }
    }
}

/// Per-render state the `Island` component reads from context.
#[derive(Clone)]
pub(crate) struct IslandContext {
    pub renderer: Arc<dyn IslandRenderer>,
    pub counter: Arc<AtomicUsize>,
}

/// `<div data-island=NAME data-props=JSON data-hydrate=WHEN data-prefix=ID>` around the
/// island's server markup.
#[component]
pub fn Island(
    name: &'static str,
    #[prop(into)] props: serde_json::Value,
    #[prop(default = Hydrate::Load)] hydrate: Hydrate,
    /// Extra classes for the root element (layout only; the island owns its inside).
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    let ctx = use_context::<IslandContext>().expect("islands are rendered through render_page");
    let index = ctx.counter.fetch_add(1, Ordering::Relaxed);
    let prefix = format!("{name}-{index}-");
    let props_json = props.to_string();
    let html = ctx.renderer.render(name, &props_json, &prefix);
    view! {
        <div
            class=if class.is_empty() { "island" } else { class }
            data-island=name
            data-props=props_json
            data-hydrate=hydrate.as_str()
            data-prefix=prefix
            inner_html=html
        ></div>
    }
}
