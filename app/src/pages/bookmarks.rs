//! `/bookmarks`: the services and jobs the user saved.

use super::Page;
use crate::data::SiteData;
use crate::parts::member::MemberPanel;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Bookmarks" lead="The services and jobs you saved, kept in one place for when you are ready."/>
        <div class="container page-body">
            <MemberPanel
                hook="bookmarks"
                what="your bookmarks"
                path="/bookmarks"
                points=&[
                    "Come back to services you are comparing before you book.",
                    "Keep track of jobs you plan to apply for before they close.",
                    "Remove bookmarks you no longer need.",
                ]
            />
        </div>
    };
    Page::new("Bookmarks", &site.info.brand, "The services and jobs you have saved, ready to book or apply for.", body)
}
