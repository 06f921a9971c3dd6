//! The member pages: what they say to a visitor, their form islands in the member area, the
//! member guard, notifications and the job forms.

use crate::fixtures::*;
use app::data::*;
use app::routes::PageData;

#[test]
fn member_pages_explain_and_offer_to_sign_in() {
    for payload in every_page() {
        let hook = match payload.page {
            PageData::UserBookings => "bookings",
            PageData::UserPayments => "payments",
            PageData::UserApplications => "applications",
            PageData::UserMyJobPost => "my-job-post",
            PageData::Notifications => "notifications",
            PageData::Bookmarks => "bookmarks",
            _ => continue,
        };
        let html = render(&payload);
        assert!(html.contains(&format!(r#"<section data-member-area="{hook}" class="member-area">"#)), "{hook}");
        assert!(html.contains(&format!(r#"href="/user/login?redirect={}""#, payload.url)), "{hook}");
        assert!(html.contains("Sign in to see your"), "{hook}");
    }
}

#[test]
fn account_pages_hold_their_form_island_in_the_member_area() {
    let email = serde_json::json!({ "email": "demo@brightway.example", "errors": {}, "values": {} });
    // What a post without JavaScript came back with: nothing yet.
    let outcome = serde_json::json!({ "sent": null, "errors": {}, "values": {} });
    // A form a visitor fills in from scratch waits for them; one that starts from the member's
    // records or the link's token hydrates on load.
    let expectations = [
        ("/user/login", "login", "login-form", outcome.clone(), "interaction"),
        ("/user/register", "register", "register-form", serde_json::json!({ "errors": {}, "values": {} }), "interaction"),
        ("/user/verify?email=demo%40brightway.example", "verify", "verify-form", email, "load"),
        ("/user/forgot-password", "forgot-password", "forgot-password-form", outcome, "interaction"),
        ("/user/change-password", "change-password", "change-password-form", serde_json::json!({ "errors": {} }), "load"),
        ("/user/profile", "profile", "profile-editor", serde_json::json!({}), "load"),
    ];
    for (url, hook, name, props, hydrate) in expectations {
        let html = render(&page(url));
        assert_eq!(islands(&html, name), [(props, hydrate.to_owned())], "{url}: one {name}, hydrated on {hydrate}");
        let area = member_area(&html, hook);
        assert!(area.contains(&format!("<span>island {name}</span>")), "{url}: {name} inside the member area");
        // The island is the form: no form, field or form link of the server's own is left.
        for gone in ["<form", "<input", "<button", r#"class="form-links""#, r#"class="checklist""#] {
            assert!(!area.contains(gone), "{url}: {gone} is still in the member area");
        }
        assert!(!html.contains(r#"method="post" action="/user/"#), "{url}: a server-written account form is left");
    }
    // The heading and the intro stay the server's.
    let login = render(&page("/user/login"));
    assert!(login.contains("<h1>Log in</h1>"));
    assert!(login.contains(r#"<p class="lead">Sign in to manage your bookings, applications, job posts and profile.</p>"#));
    let profile = render(&page("/user/profile"));
    assert!(profile.contains("<h1>Your profile</h1>"));
    // Without JavaScript, change-password still says why there is nothing to do yet.
    let change = render(&page("/user/change-password"));
    assert!(member_area(&change, "change-password").contains(r#"href="/user/login?redirect=/user/change-password""#));
    assert!(member_area(&change, "change-password").contains("<noscript><div class=\"notice\">"), "only shown without JavaScript");
}

#[test]
fn verify_hands_the_email_from_the_query_to_its_form() {
    let mut payload = page("/user/verify?email=demo%40brightway.example");
    let tricky = r#"o'neil+"quotes"<&>@example.co.uk"#;
    payload.page = PageData::UserVerify(VerifyData { email: tricky.into(), outcome: FormOutcome::default() });
    let html = render(&payload);
    let props = serde_json::json!({ "email": tricky, "errors": {}, "values": {} });
    assert_eq!(islands(&html, "verify-form"), [(props, "load".to_owned())]);
    assert!(!html.contains(r#""quotes"<&>"#), "the email is escaped in the attribute");

    let mut empty = page("/user/verify?email=demo%40brightway.example");
    empty.page = PageData::UserVerify(VerifyData { email: String::new(), outcome: FormOutcome::default() });
    assert_eq!(islands(&render(&empty), "verify-form"), [(serde_json::json!({ "email": "", "errors": {}, "values": {} }), "load".to_owned())]);
}

#[test]
fn signed_in_pages_and_only_those_carry_the_member_guard() {
    // Not /notifications: a visitor reads its title and a way to sign in there.
    const GUARDED: [&str; 6] = ["/user/profile", "/user/change-password", "/user/bookings", "/user/payments", "/user/applications", "/user/my-job-post"];
    for payload in every_page() {
        let html = render(&payload);
        let guards = islands(&html, "member-guard");
        if GUARDED.contains(&payload.url.as_str()) {
            assert_eq!(guards, [(serde_json::json!({}), "load".to_owned())], "{}: one member guard, on load", payload.url);
        } else {
            assert!(guards.is_empty(), "{}: no member guard", payload.url);
        }
    }
}

#[test]
fn notifications_hold_their_list_island_with_a_way_to_sign_in_without_javascript() {
    let html = render(&payload("/notifications", PageData::Notifications));
    assert_eq!(islands(&html, "notifications-list"), [(serde_json::json!({}), "load".to_owned())]);
    let area = member_area(&html, "notifications");
    assert!(area.contains("<span>island notifications-list</span>"));
    let noscript = &area[area.find("<noscript>").expect("a notice for browsers without JavaScript")..];
    assert!(noscript.contains("Sign in to see your notifications."));
    assert!(noscript.contains(r#"href="/user/login?redirect=/notifications""#));
    assert!(!area.contains("<form"));
}

#[test]
fn notifications_title_and_description_are_the_specs() {
    let html = render(&payload("/notifications", PageData::Notifications));
    assert!(html.contains("<title>Notifications - Brightway UK</title>"));
    assert!(html.contains(r#"<meta name="description" content="View and manage your notifications">"#));
}

#[test]
fn job_forms_are_islands_and_only_the_recruitment_request_posts_without_javascript() {
    // Applying and posting a job need a signed-in member: the island's server markup is the form
    // as a visitor sees it, with a way to sign in (islands/src/islands/job-apply-form and
    // job-post-form check it), hydrated when first reached for; a notice says that it needs
    // JavaScript. The page itself writes no form a browser could post (and get 405 for).
    let signed_in_forms = [
        ("/apply?id=3", "apply", "job-apply-form", serde_json::json!({ "job": 3 }), "Applying needs JavaScript"),
        ("/job-post", "job-post", "job-post-form", serde_json::json!({ "page": "/job-post" }), "Posting a job needs JavaScript"),
        ("/form/job-post", "job-post", "job-post-form", serde_json::json!({ "page": "/form/job-post" }), "Posting a job needs JavaScript"),
    ];
    for (url, hook, name, props, notice) in signed_in_forms {
        let html = render(&page(url));
        assert_eq!(islands(&html, name), [(props, "interaction".to_owned())], "{url}: one {name}, hydrated when first reached for");
        let area = member_area(&html, hook);
        assert!(area.contains(&format!("<span>island {name}</span>")), "{url}: {name} inside the member area");
        let noscript = &area[area.find("<noscript>").unwrap_or_else(|| panic!("{url}: a notice without JavaScript"))..];
        let noscript = &noscript[..noscript.find("</noscript>").unwrap()];
        assert!(noscript.contains(notice), "{url}: {notice}");
        for gone in ["<form", "<input", "<textarea", "<select", "<button", "method=", "action="] {
            assert!(!area.contains(gone), "{url}: {gone} in the member area");
        }
    }
    // The recruitment request is open to everyone: the island's server markup is the whole form,
    // posting to the page (islands/src/islands/recruitment-form checks that markup), hydrated when the
    // visitor first reaches for it.
    for url in ["/recruitment-post", "/form/hire-talent"] {
        let html = render(&page(url));
        let empty = serde_json::json!({ "action": url, "sent": null, "errors": {}, "values": {} });
        assert_eq!(islands(&html, "recruitment-form"), [(empty, "interaction".to_owned())], "{url}");
        assert!(member_area(&html, "recruitment").contains("<span>island recruitment-form</span>"), "{url}");
    }
    // Registering as a job seeker is open to everyone too, below the job search.
    let html = render(&page("/form/find-job"));
    assert_eq!(islands(&html, "find-job-form"), [(serde_json::json!({}), "interaction".to_owned())]);
    let area = member_area(&html, "find-job");
    assert!(area.find(r#"action="/jobs""#).unwrap() < area.find("<span>island find-job-form</span>").unwrap(), "the search first");
    let noscript = &area[area.find("<noscript>").expect("a notice without JavaScript")..];
    assert!(noscript.contains(r#"<a href="mailto:hello@brightway.example">hello@brightway.example</a>"#));
}

#[test]
fn member_marketplace_pages_hold_their_islands_with_a_noscript_notice_and_no_form() {
    let expectations = [
        ("/user/bookings", "bookings", "booking-list", serde_json::json!({ "refund_window_hours": 24 }), "Sign in to see your bookings."),
        (
            "/user/payments",
            "payments",
            "payment-list",
            serde_json::json!({ "brand": "Brightway", "address": "221 Example Street, London, W1A 1AA", "email": "hello@brightway.example" }),
            "Sign in to see your payments.",
        ),
        ("/payment", "payment", "payment-checkout", serde_json::json!({}), "Sign in to pay for your booking."),
        ("/bookmarks", "bookmarks", "bookmark-list", serde_json::json!({}), "Sign in to see your bookmarks"),
    ];
    for (url, hook, name, props, notice) in expectations {
        let html = render(&page(url));
        let placed = islands(&html, name);
        assert_eq!(placed.len(), 1, "{url}: one {name}");
        assert_eq!(placed[0].1, "load", "{url}: {name} hydrated on load");
        if !props.is_null() {
            assert_eq!(placed[0].0, props, "{url}: {name} props");
        }
        let area = member_area(&html, hook);
        assert!(area.contains(&format!("<span>island {name}</span>")), "{url}: {name} inside the member area");
        let noscript = &area[area.find("<noscript>").unwrap_or_else(|| panic!("{url}: a notice without JavaScript"))..];
        let noscript = &noscript[..noscript.find("</noscript>").unwrap()];
        assert!(noscript.contains(notice), "{url}: {notice}");
        assert!(noscript.contains(&format!(r#"href="/user/login?redirect={}""#, url.replace('?', "%3F").replace('=', "%3D"))), "{url}: sign in and come back");
        // Nothing a browser without JavaScript could post (and get 405 for).
        for gone in ["<form", "<input", "<textarea", "<select", "<button", "method=", "action="] {
            assert!(!area.contains(gone), "{url}: {gone} in the member area");
        }
    }
}
