//! `/notifications`: the signed-in user's notifications (the spec fixes this page's title and
//! description word for word).

use super::Page;
use crate::data::SiteData;
use crate::parts::member::{MemberGuard, MemberPanel};
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let body = view! {
        <PageIntro title="Notifications" lead="Updates about your bookings, applications, job posts and reviews, newest first."/>
        <div class="container page-body">
            <MemberPanel
                hook="notifications"
                what="your notifications"
                path="/notifications"
                points=&[
                    "See when a booking is made, confirmed or cancelled.",
                    "Follow your job applications and provider applications.",
                    "Hear when someone applies to a job you posted or reviews a service you provide.",
                    "Mark notifications as read, one at a time or all together.",
                ]
            />
            <MemberGuard/>
        </div>
    };
    Page::new("Notifications", &site.info.brand, "View and manage your notifications", body)
}
