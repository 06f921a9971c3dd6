use crate::data::WebsiteInfo;
use crate::format::tel_href;
use leptos::prelude::*;

/// A call to action: ring, email or use the contact page.
#[component]
pub(crate) fn GetInTouch(info: WebsiteInfo) -> impl IntoView {
    let phone = info.phones.first().cloned();
    let mailto = format!("mailto:{}", info.email);
    view! {
        <section class="section get-in-touch" aria-labelledby="get-in-touch-heading">
            <div class="container get-in-touch-inner">
                <div>
                    <h2 id="get-in-touch-heading">"Not sure where to start?"</h2>
                    <p>
                        "Our UK team can help you choose a service, post a job or find staff. "
                        {format!("We are available {}.", info.opening_hours)}
                    </p>
                </div>
                <ul class="get-in-touch-actions">
                    {phone.map(|phone| view! {
                        <li><a class="button button--light" href=tel_href(&phone)>{format!("Call {phone}")}</a></li>
                    })}
                    <li><a class="button button--light" href=mailto>{format!("Email {}", info.email)}</a></li>
                    <li><a class="button button--outline-light" href="/contact">"Contact us"</a></li>
                </ul>
            </div>
        </section>
    }
}
