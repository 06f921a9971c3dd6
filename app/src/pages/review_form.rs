//! The form a completed booking's review invitation opens: the rating (five radio buttons) and
//! the review, or the member's earlier review of the service to update. It works without
//! signing in (the link is signed for the booking's customer) and without JavaScript; once
//! sent, the page thanks them and links to where the review shows.

use crate::data::ReviewFormPage;
use leptos::prelude::*;

#[component]
pub(super) fn ReviewForm(page: ReviewFormPage) -> impl IntoView {
    let service_href = format!("/services/details?id={}", page.service_id);
    let who = page.provider.clone().map(|(name, profile)| view! { <p>"The job was done by " <a href=profile>{name}</a> "."</p> });
    if page.saved {
        return view! {
            <div class="container thread">
                <h1>"Thank you"</h1>
                <p class="lead" role="status">"Review Submitted successfully."</p>
                <p>"It shows on the service's page with \"Verified booking\", as a review of " {page.about} "."</p>
                {who}
                <p><a class="button button--primary" href=service_href>"See it on the service's page"</a></p>
            </div>
        }
        .into_any();
    }
    let (heading, button) = match page.updating {
        false => ("How did it go?", "Send my review"),
        true => ("Update your review", "Update my review"),
    };
    let intro = match page.updating {
        false => "Rate the booking and tell others how it went, in your own words.",
        true => "You reviewed this service before. One review per service is kept: what you send here replaces it, and it will be about this booking.",
    };
    let refusal = page.refusal.map(|refusal| view! { <p class="field-error" role="alert">{refusal}</p> });
    let chosen = page.rating;
    view! {
        <div class="container thread">
            <h1>{heading}</h1>
            <p class="lead">{page.about}</p>
            {who}
            <p>{intro}</p>
            <form class="thread__form" method="post" action=page.form_path>
                {refusal}
                <fieldset class="field">
                    <legend class="field-label">"Your rating"</legend>
                    {(1..=5u8)
                        .map(|stars| {
                            let id = format!("review-rating-{stars}");
                            let label = if stars == 1 { "1 star".to_owned() } else { format!("{stars} stars") };
                            view! {
                                <span class="review-form__choice">
                                    <input type="radio" id=id.clone() name="rating" value=stars.to_string() required=true checked=chosen == Some(stars)/>
                                    <label for=id>{label}</label>
                                </span>
                            }
                        })
                        .collect_view()}
                </fieldset>
                <div class="field">
                    <label class="field-label" for="review-text">"Your review"</label>
                    <textarea id="review-text" name="review" rows="5" maxlength="2000" required=true>{page.review}</textarea>
                </div>
                <button class="button button--primary" type="submit">{button}</button>
            </form>
        </div>
    }
    .into_any()
}
