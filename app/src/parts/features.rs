use leptos::prelude::*;

const FEATURES: [(&str, &str); 6] = [
    ("Vetted providers", "Every provider's identity and references are checked before their first booking. Carers and tutors also hold an enhanced DBS check."),
    ("Clear prices in pounds", "Each service shows its starting price in pounds sterling before you book, so there are no surprises on the day."),
    ("Secure payments", "Card payments are handled by our regulated payment partner. We never see or store your card number."),
    ("Jobs and recruitment together", "Apply for local roles with your CV, or tell us the staff you need and our team will put forward suitable candidates."),
    (
        "Private documents stay private",
        "CVs, passports and proof of address are never public. Only the people who need them can open them, through links that expire.",
    ),
    ("Genuine reviews", "Reviews come from signed-in customers, one per service, so the ratings you read reflect real experiences."),
];

/// What the platform offers, in a grid of short statements.
#[component]
pub(crate) fn PlatformFeatures() -> impl IntoView {
    view! {
        <section class="section" aria-labelledby="features-heading">
            <div class="container">
                <h2 id="features-heading">"Why customers and providers choose us"</h2>
                <ul class="grid grid--3 feature-list">
                    {FEATURES
                        .iter()
                        .map(|(title, text)| view! {
                            <li class="feature">
                                <h3>{*title}</h3>
                                <p>{*text}</p>
                            </li>
                        })
                        .collect_view()}
                </ul>
            </div>
        </section>
    }
}
