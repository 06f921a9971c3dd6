use crate::format::{count_of, stars};
use leptos::prelude::*;

/// A service's average rating: stars for the eye, the same in words for screen readers.
#[component]
pub(crate) fn RatingSummary(average: Option<f64>, count: i64) -> impl IntoView {
    match average {
        Some(average) => view! {
            <p class="rating">
                <span class="stars" role="img" aria-label=format!("Rated {average:.1} out of 5")>
                    {stars(average)}
                </span>
                <span class="rating-text">{format!("{average:.1} ({})", count_of(count, "review"))}</span>
            </p>
        }
        .into_any(),
        None => view! { <p class="rating rating--none">"No reviews yet"</p> }.into_any(),
    }
}

/// One review's stars.
#[component]
pub(crate) fn ReviewStars(rating: u8) -> impl IntoView {
    view! {
        <span class="stars" role="img" aria-label=format!("{rating} out of 5 stars")>
            {stars(f64::from(rating))}
        </span>
    }
}
