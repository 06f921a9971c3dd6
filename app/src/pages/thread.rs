//! A booking's messages, on the page a reader's mail links to: the thread oldest first, each
//! message with who wrote it and when, its photo, and a plain form to answer with text and a
//! photo. It works without signing in (the link is signed for its reader) and without
//! JavaScript.

use crate::data::{ThreadMessage, ThreadPage};
use leptos::prelude::*;

#[component]
pub(super) fn Thread(page: ThreadPage) -> impl IntoView {
    let empty = page.messages.is_empty().then(|| view! { <p>"No messages yet: write the first below."</p> });
    let form = match page.closed {
        Some(why) => view! { <p>{why}</p> }.into_any(),
        None => {
            let refusal = page.refusal.map(|refusal| view! { <p class="field-error" role="alert">{refusal}</p> });
            view! {
                <form class="thread__form" method="post" enctype="multipart/form-data" action=page.form_path>
                    <h2>"Write a message"</h2>
                    {refusal}
                    <div class="field">
                        <label class="field-label" for="thread-body">"Your message"</label>
                        <textarea id="thread-body" name="body" rows="4" maxlength="2000"></textarea>
                    </div>
                    <div class="field">
                        <label class="field-label" for="thread-photo">"A photo (JPEG, PNG or WebP, optional)"</label>
                        <input id="thread-photo" type="file" name="photo" accept="image/jpeg,image/png,image/webp"/>
                    </div>
                    <button class="button button--primary" type="submit">"Send"</button>
                </form>
            }
            .into_any()
        }
    };
    view! {
        <div class="container thread">
            <h1>"Messages"</h1>
            <p class="lead">{page.about}</p>
            {empty}
            <ol class="thread__messages">{page.messages.into_iter().map(|message| view! { <Message message/> }).collect_view()}</ol>
            {form}
        </div>
    }
}

#[component]
fn Message(message: ThreadMessage) -> impl IntoView {
    let class = if message.mine { "thread__message thread__message--mine" } else { "thread__message" };
    let said = if message.hidden {
        view! { <p class="thread__hidden">"This message was hidden by our team."</p> }.into_any()
    } else {
        let alt = format!("Photo from {}", message.author);
        let photo = message.photo.map(|photo| {
            let src = photo.clone();
            view! { <a href=photo><img class="thread__photo" src=src alt=alt width="320" loading="lazy"/></a> }
        });
        let paragraphs =
            message.body.split("\n\n").map(str::to_owned).filter(|text| !text.trim().is_empty()).map(|text| view! { <p>{text}</p> }).collect_view();
        view! { {paragraphs}{photo} }.into_any()
    };
    view! {
        <li class=class>
            <p class="thread__meta">
                <strong>{message.author}</strong>
                {format!(" ({}), ", message.role)}
                <time datetime=message.at_iso>{message.at}</time>
            </p>
            {said}
        </li>
    }
}
