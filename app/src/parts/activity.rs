use crate::data::ActivityItem;
use crate::format::long_date;
use leptos::prelude::*;

/// What happened on the marketplace lately: new services, jobs and reviews.
#[component]
pub(crate) fn RecentActivity(items: Vec<ActivityItem>) -> impl IntoView {
    (!items.is_empty()).then(|| {
        view! {
            <section class="section" aria-labelledby="activity-heading">
                <div class="container">
                    <h2 id="activity-heading">"Recent activity"</h2>
                    <ul class="activity-list">
                        {items
                            .into_iter()
                            .map(|item| view! {
                                <li>
                                    <a href=item.href>{item.text}</a>
                                    <time datetime=item.date.clone()>{long_date(&item.date)}</time>
                                </li>
                            })
                            .collect_view()}
                    </ul>
                </div>
            </section>
        }
    })
}
