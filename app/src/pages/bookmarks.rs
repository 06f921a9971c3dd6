//! `/bookmarks`: the services and jobs the user saved (a visitor's in the browser, a member's
//! in their account).

use super::Page;
use crate::data::SiteData;
use crate::island::{Hydrate, Island};
use crate::parts::member::{MemberArea, SignInPrompt};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;
use serde_json::json;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Bookmarks" lead="The services and jobs you saved, kept in one place for when you are ready."/>
        <div class="container page-body">
            // No member guard: a visitor's bookmarks live in the browser and are listed too. The
            // `bookmark-list` island fills this place once hydrated.
            <MemberArea hook="bookmarks">
                <noscript>
                    <SignInPrompt
                        message="Sign in to see your bookmarks saved to your account. Bookmarks need JavaScript: turn it on in your browser."
                        path="/bookmarks"
                    />
                </noscript>
                <Island name="bookmark-list" props=json!({}) hydrate=Hydrate::Load/>
            </MemberArea>
        </div>
    };
    Page::new("Bookmarks", &site.info.brand, "The services and jobs you have saved, ready to book or apply for.", body)
}
