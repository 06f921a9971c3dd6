//! A page that answers a link from a mail: what happened, its buttons, and where to go on.

use crate::data::MessagePage;
use leptos::prelude::*;

#[component]
pub(super) fn Message(message: MessagePage) -> impl IntoView {
    view! {
        <div class="container error-page">
            <h1>{message.heading}</h1>
            <p class="lead">{message.lead}</p>
            {message.actions.into_iter().enumerate().map(|(at, action)| {
                let class = if at == 0 { "button button--primary" } else { "button button--secondary" };
                view! {
                    <form method="post" action=action.path>
                        <button class=class type="submit">{action.label}</button>
                    </form>
                }
            }).collect_view()}
            <p><a href=message.onward.href>{message.onward.label}</a></p>
        </div>
    }
}
