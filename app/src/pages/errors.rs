//! The error views: a page nobody answers (404), one taken down for good (410) and a failure
//! on our side (500).

use leptos::prelude::*;

#[component]
fn ErrorLinks() -> impl IntoView {
    view! {
        <ul class="error-links">
            <li><a class="button button--primary" href="/">"Go to the home page"</a></li>
            <li><a href="/services">"Browse services"</a></li>
            <li><a href="/jobs">"See open jobs"</a></li>
            <li><a href="/contact">"Contact us"</a></li>
        </ul>
    }
}

#[component]
pub(super) fn NotFound(path: String) -> impl IntoView {
    view! {
        <div class="container error-page">
            <p class="error-code">"404"</p>
            <h1>"Page Not Found"</h1>
            <p class="lead">{format!("Page Not Found: {path}")}</p>
            <p>"The page may have moved, or the address may have a typing mistake. These links may help:"</p>
            <ErrorLinks/>
        </div>
    }
}

#[component]
pub(super) fn Gone() -> impl IntoView {
    view! {
        <div class="container error-page">
            <p class="error-code">"410"</p>
            <h1>"No Longer Available"</h1>
            <p class="lead">"This job advert has been taken down and is no longer available."</p>
            <p>"Other jobs and services may suit you:"</p>
            <ErrorLinks/>
        </div>
    }
}

#[component]
pub(super) fn Unavailable() -> impl IntoView {
    view! {
        <div class="container error-page">
            <p class="error-code">"503"</p>
            <h1>"Service Unavailable"</h1>
            <p class="lead">"We cannot reach our records for a moment. Please try again shortly."</p>
            <p>"Nothing you sent before this was lost."</p>
            <ErrorLinks/>
        </div>
    }
}

#[component]
pub(super) fn ServerError() -> impl IntoView {
    view! {
        <div class="container error-page">
            <p class="error-code">"500"</p>
            <h1>"Internal Server Error"</h1>
            <p class="lead">
                "Sorry, something went wrong on our side and we could not show this page. Please try again in a few minutes."
            </p>
            <p>"If the problem continues, contact us and we will help straight away."</p>
            <ErrorLinks/>
        </div>
    }
}
