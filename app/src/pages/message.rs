//! A page that answers a link from a mail: what happened, and at most one button.

use crate::data::MessagePage;
use leptos::prelude::*;

#[component]
pub(super) fn Message(message: MessagePage) -> impl IntoView {
    view! {
        <div class="container error-page">
            <h1>{message.heading}</h1>
            <p class="lead">{message.lead}</p>
            {message.action.map(|action| view! {
                <form method="post" action=action.path>
                    <button class="button button--primary" type="submit">{action.label}</button>
                </form>
            })}
            <p><a href="/jobs">"See open jobs"</a></p>
        </div>
    }
}
