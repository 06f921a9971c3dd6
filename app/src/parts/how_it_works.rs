use leptos::prelude::*;

const STEPS: [(&str, &str); 4] = [
    ("Choose a service", "Browse by category, compare prices and read reviews from other customers."),
    ("Book a time", "Pick a date and time that suits you and tell us where the work is needed."),
    ("Pay securely", "Pay by card in pounds sterling. Your provider confirms the booking by email."),
    ("Review the work", "Once the job is done, leave a review to help other customers choose."),
];

/// The four steps of booking a service, numbered.
#[component]
pub(crate) fn HowItWorksSteps() -> impl IntoView {
    view! {
        <ol class="steps">
            {STEPS
                .iter()
                .map(|(title, text)| view! {
                    <li class="step">
                        <h3>{*title}</h3>
                        <p>{*text}</p>
                    </li>
                })
                .collect_view()}
        </ol>
    }
}

/// The steps as a section of their own, for the home page.
#[component]
pub(crate) fn HowItWorks() -> impl IntoView {
    view! {
        <section class="section section--tinted" aria-labelledby="how-it-works-heading">
            <div class="container">
                <h2 id="how-it-works-heading">"How it works"</h2>
                <HowItWorksSteps/>
                <p><a href="/how-it-works">"Read more about how it works"</a></p>
            </div>
        </section>
    }
}
