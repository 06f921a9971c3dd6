//! The `/user/*` pages: signing in and the signed-in user's own records.

pub(crate) mod applications;
pub(crate) mod bookings;
pub(crate) mod change_password;
pub(crate) mod forgot_password;
pub(crate) mod login;
pub(crate) mod messages;
pub(crate) mod my_job_post;
pub(crate) mod payments;
pub(crate) mod profile;
pub(crate) mod register;
pub(crate) mod schedule;
pub(crate) mod verify;

use leptos::prelude::*;

/// The sign-in pages' narrow card: heading, a sentence, then the page's form area.
#[component]
fn AuthPanel(title: &'static str, lead: &'static str, children: Children) -> impl IntoView {
    view! {
        <div class="container auth-page">
            <div class="card auth-card">
                <h1>{title}</h1>
                <p class="lead">{lead}</p>
                {children()}
            </div>
        </div>
    }
}
