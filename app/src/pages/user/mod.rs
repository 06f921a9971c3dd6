//! The `/user/*` pages: signing in and the signed-in user's own records.

pub(super) mod applications;
pub(super) mod bookings;
pub(super) mod change_password;
pub(super) mod forgot_password;
pub(super) mod login;
pub(super) mod my_job_post;
pub(super) mod payments;
pub(super) mod profile;
pub(super) mod register;
pub(super) mod verify;

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
