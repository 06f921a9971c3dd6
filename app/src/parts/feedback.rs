use super::rating::ReviewStars;
use crate::data::{ReviewAnswer, ReviewView};
use crate::format::long_date;
use crate::island::{Hydrate, Island};
use leptos::prelude::*;
use serde_json::json;

/// One customer's review. `link_service` names the reviewed service with a link, for lists
/// that mix services (on a service's own page it would only repeat the heading); `reportable`
/// adds the way to report it to staff (on the service's own page).
#[component]
pub(crate) fn ReviewQuote(review: ReviewView, #[prop(optional)] link_service: bool, #[prop(optional)] reportable: bool) -> impl IntoView {
    let service_href = format!("/services/details?id={}", review.service_id);
    let report = reportable
        .then(|| view! { <Island name="review-report" props=json!({ "review": review.id, "service": review.service_id }) hydrate=Hydrate::Interaction/> });
    view! {
        <figure class="review">
            <ReviewStars rating=review.rating/>
            <blockquote><p>{review.review}</p></blockquote>
            <figcaption>
                <span class="review-author">{review.user_name}</span>
                {review.verified_booking.then(|| view! { " " <span class="review-verified">"Verified booking"</span> })}
                {link_service.then(|| view! { " on " <a href=service_href>{review.service_title}</a> })}
                ", "
                <time datetime=review.created_at.clone()>{long_date(&review.created_at)}</time>
            </figcaption>
            {review.answer.map(|answer| view! { <Answer answer/> })}
            {report}
        </figure>
    }
}

/// The provider's answer, under the review it answers.
#[component]
fn Answer(answer: ReviewAnswer) -> impl IntoView {
    view! {
        <div class="review-answer">
            <p class="review-answer__by">
                {format!("{} (provider) answered, ", answer.by)}
                <time datetime=answer.created_at.clone()>{long_date(&answer.created_at)}</time>
            </p>
            <p>{answer.answer}</p>
        </div>
    }
}

/// Customer reviews when the page has some, else an invitation to leave one.
#[component]
pub(crate) fn Feedback(reviews: Vec<ReviewView>) -> impl IntoView {
    let body = if reviews.is_empty() {
        view! {
            <p class="lead">
                "Booked a service with us? Your review helps neighbours choose with confidence and helps good providers grow."
            </p>
            <p>
                <a class="button button--secondary" href="/user/bookings">"Review a past booking"</a>
            </p>
        }
        .into_any()
    } else {
        view! {
            <div class="grid grid--3 review-list">
                {reviews.into_iter().map(|review| view! { <ReviewQuote review link_service=true/> }).collect_view()}
            </div>
        }
        .into_any()
    };
    view! {
        <section class="section section--tinted" aria-labelledby="feedback-heading">
            <div class="container">
                <h2 id="feedback-heading">"What our customers say"</h2>
                {body}
            </div>
        </section>
    }
}
