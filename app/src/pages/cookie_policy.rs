//! `/cookie-policy`: what the site stores in the browser, under the UK PECR.

use super::Page;
use crate::data::SiteData;
use crate::parts::legal::LegalText;
use crate::parts::page_intro::PageIntro;
use leptos::prelude::*;

pub(crate) fn page(site: &SiteData) -> Page {
    let brand = site.info.brand.clone();
    let body = view! {
        <PageIntro title="Cookie policy" lead="We only store what the website needs to work. No advertising or analytics cookies, and nothing that tracks you across other sites."/>
        <LegalText updated="2026-11-01" info=site.info.clone()>
            <h2>"About this policy"</h2>
            <p>
                {format!("This policy explains what {brand} UK stores on your device when you use our website, and why. ")}
                "It follows the Privacy and Electronic Communications Regulations 2003 (PECR) and the UK GDPR."
            </p>
            <h2>"Strictly necessary storage only"</h2>
            <p>
                "PECR lets a website store information on your device without asking first when that storage is strictly necessary to provide a service you have asked for. "
                "Everything our website stores falls into this category, which is why we do not show a cookie banner."
            </p>
            <p>"We do not use cookies or similar technologies for advertising, analytics, profiling or social media tracking, and we do not allow third parties to set them on our website."</p>
            <h2>"What we store and why"</h2>
            <p>"Instead of cookies, the website keeps a small amount of information in your browser's local storage:"</p>
            <table class="table">
                <caption class="visually-hidden">"Information kept in your browser"</caption>
                <thead>
                    <tr><th scope="col">"What"</th><th scope="col">"Why"</th><th scope="col">"How long"</th></tr>
                </thead>
                <tbody>
                    <tr>
                        <td>"Sign-in session: your access and refresh tokens, email address and when the session expires"</td>
                        <td>"Keeps you signed in as you move between pages, so you can book, apply and manage your account"</td>
                        <td>"Until you log out; a session cannot be renewed after 7 days"</td>
                    </tr>
                    <tr>
                        <td>"Preferences: the categories, services and jobs you were viewing and your current booking"</td>
                        <td>"Lets you carry on where you left off, for example when you return from paying"</td>
                        <td>"Until you clear it or clear your browser's site data"</td>
                    </tr>
                </tbody>
            </table>
            <p>"Local storage stays on your device. Its contents are not sent to us automatically with every request, as cookies are."</p>
            <h2>"Payments"</h2>
            <p>
                "When you pay for a booking you are taken to our payment partner's secure pages. "
                "They may set strictly necessary cookies of their own to process the payment safely and prevent fraud; their cookie policy explains these."
            </p>
            <h2>"Managing what is stored"</h2>
            <ul>
                <li>"Logging out removes your sign-in session from the browser."</li>
                <li>"You can delete everything the website has stored by clearing this site's data in your browser's settings."</li>
                <li>"If you block local storage, the website still shows services and jobs, but you will not be able to sign in."</li>
            </ul>
            <h2>"Changes to this policy"</h2>
            <p>"If we ever want to use storage that is not strictly necessary, we will update this policy and ask for your consent before doing so."</p>
        </LegalText>
    };
    let description =
        "Our cookie policy: we store only what is strictly necessary, your sign-in session and preferences, with no advertising or analytics cookies.";
    Page::new("Cookie policy", &site.info.brand, description, body)
}
