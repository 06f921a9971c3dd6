//! The site through the real router: every route, errors, payloads, build files, caching.

use crate::common;

use app::routes::PATHS;
use app::routes::Tag;
use common::TestApp;

fn title_of(html: &str) -> &str {
    let start = html.find("<title>").expect("a <title>") + "<title>".len();
    let end = html[start..].find("</title>").expect("a closed <title>") + start;
    &html[start..end]
}

fn description_of(html: &str) -> String {
    let at = html.find("name=\"description\"").expect("a meta description");
    let tag_start = html[..at].rfind('<').unwrap();
    let tag = &html[tag_start..tag_start + html[tag_start..].find('>').unwrap()];
    let content = tag.split("content=\"").nth(1).expect("content").split('"').next().unwrap();
    content.to_string()
}

async fn every_route_answers_its_own_page(app: &TestApp) {
    let mut titles = std::collections::HashSet::new();
    for path in PATHS {
        let (status, html) = app.text(path).await;
        assert_eq!(status, 200, "{path}");
        assert!(html.starts_with("<!DOCTYPE html>"), "{path}");
        assert!(html.contains("<h1"), "{path} has a heading");
        assert!(html.contains(r#"content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no""#), "{path} viewport");
        assert!(!html.contains("<!>"), "{path} has no Leptos text markers");
        assert!(titles.insert(title_of(&html).to_string()), "{path} has a title of its own: {}", title_of(&html));
        for shell in ["isl-toast-region", "isl-loader-region", "isl-contact-button", "isl-back-to-top"] {
            assert!(html.contains(&format!(r#"class="{shell}""#)), "{path} carries the app shell's {shell}");
        }
    }
    let (_, html) = app.text("/notifications").await;
    assert_eq!(title_of(&html), "Notifications - Brightway UK");
    assert_eq!(description_of(&html), "View and manage your notifications");
}
on_both_databases!(every_route_answers_its_own_page);

fn html_escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The id the database gave the record with `slug`.
async fn id_of<E: EntityTrait>(app: &TestApp, slug_column: E::Column, id_column: E::Column, slug: &str) -> i32 {
    use sea_orm::QuerySelect;
    E::find()
        .select_only()
        .column(id_column)
        .filter(slug_column.eq(slug))
        .into_tuple::<i32>()
        .one(&app.site.db)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{slug} was imported"))
}

async fn pages_show_the_catalogue(app: &TestApp) {
    let demo = common::demo();
    let info = &demo["website_info"];
    let categories = demo["categories"].as_array().unwrap();
    let category = categories.iter().min_by_key(|c| c["priority"].as_i64()).unwrap();
    let (slug, name) = (category["slug"].as_str().unwrap(), category["name"].as_str().unwrap());

    let (_, home) = app.text("/").await;
    assert!(home.contains(&html_escaped(name)), "home lists the categories");
    assert!(home.contains(&format!("/services?category={slug}")));
    assert!(home.contains(info["email"].as_str().unwrap()), "home shows the company's email");
    assert!(home.contains(info["phones"][0].as_str().unwrap()), "home shows the company's phone");

    let (status, list) = app.text(&format!("/services?category={slug}")).await;
    assert_eq!(status, 200);
    assert!(title_of(&list).contains(&html_escaped(name)));
    let mut open: Vec<&serde_json::Value> = demo["services"].as_array().unwrap().iter().filter(|s| s["category"] == slug && s["status"] == "Open").collect();
    open.sort_by_key(|s| s["priority"].as_i64());
    assert!(!open.is_empty() && open.len() <= 12, "the demo's first category fits one page");
    let mut last_position = 0;
    for service in &open {
        let title = html_escaped(service["title"].as_str().unwrap());
        let position = list.find(&title).unwrap_or_else(|| panic!("{title} is listed"));
        assert!(position >= last_position, "services are in priority order");
        last_position = position;
    }
    for closed in demo["services"].as_array().unwrap().iter().filter(|s| s["category"] == slug && s["status"] == "Closed") {
        let id = id_of::<entity::service::Entity>(app, entity::service::Column::Slug, entity::service::Column::Id, closed["slug"].as_str().unwrap()).await;
        assert!(!list.contains(&format!("/services/details?id={id}\"")), "closed services are not listed");
    }

    let first = open[0];
    let id = id_of::<entity::service::Entity>(app, entity::service::Column::Slug, entity::service::Column::Id, first["slug"].as_str().unwrap()).await;
    let (status, details) = app.text(&format!("/services/details?id={id}")).await;
    assert_eq!(status, 200);
    assert!(title_of(&details).contains(&html_escaped(first["title"].as_str().unwrap())));
    let mut reviews: Vec<&serde_json::Value> = demo["reviews"].as_array().unwrap().iter().filter(|r| r["service"] == first["slug"]).collect();
    reviews.sort_by_key(|r| std::cmp::Reverse(r["created_at"].as_str().unwrap().to_string()));
    for review in reviews.iter().take(10) {
        let text = review["review"].as_str().unwrap();
        assert!(details.contains(&html_escaped(text)) || details.contains(text), "the review {text:?} is shown");
    }

    let (_, jobs) = app.text("/jobs").await;
    let mut open_jobs: Vec<&serde_json::Value> = demo["jobs"].as_array().unwrap().iter().filter(|j| j["status"] == "Open").collect();
    open_jobs.sort_by_key(|j| std::cmp::Reverse(j["posted_at"].as_str().unwrap().to_string()));
    // The first page holds the twelve newest; jobs posted the same day as the twelfth may go either way.
    let cut = open_jobs.get(12).map(|j| j["posted_at"].as_str().unwrap().to_string()).unwrap_or_default();
    for job in open_jobs.iter().filter(|j| j["posted_at"].as_str().unwrap() > cut.as_str()) {
        let id = id_of::<entity::job::Entity>(app, entity::job::Column::Slug, entity::job::Column::Id, job["slug"].as_str().unwrap()).await;
        assert!(jobs.contains(&format!("/apply?id={id}\"")), "{} is listed", job["title"]);
    }
    for closed in demo["jobs"].as_array().unwrap().iter().filter(|j| j["status"] == "Closed") {
        let id = id_of::<entity::job::Entity>(app, entity::job::Column::Slug, entity::job::Column::Id, closed["slug"].as_str().unwrap()).await;
        assert!(!jobs.contains(&format!("/apply?id={id}\"")), "closed jobs are not listed");
    }

    let newest = open_jobs[0];
    let id = id_of::<entity::job::Entity>(app, entity::job::Column::Slug, entity::job::Column::Id, newest["slug"].as_str().unwrap()).await;
    let (_, search) = app.text(&format!("/jobs?search={}", newest["title"].as_str().unwrap().replace(' ', "+"))).await;
    assert!(search.contains(&format!("/apply?id={id}\"")), "search finds the job by title");

    let (_, contact) = app.text("/contact").await;
    assert!(
        contact.contains(info["email"].as_str().unwrap()) && contact.contains(&html_escaped(info["address"].as_str().unwrap())),
        "contact shows the website info"
    );
}
on_both_databases!(pages_show_the_catalogue);

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

async fn unknown_things_are_not_found(app: &TestApp) {
    for path in
        ["/no-such-page", "/services/details?id=999999", "/services/details?id=abc", "/services?category=no-such-category", "/apply?id=0", "/jobs?page=999"]
    {
        let (status, html) = app.text(path).await;
        assert_eq!(status, 404, "{path}");
        let shown_path = path.split('?').next().unwrap();
        assert!(html.contains(&format!("Page Not Found: {shown_path}")), "{path} says what was not found");
        assert!(html.contains("404"));
        assert!(html.contains("<h1"));
    }
    let (status, body) = app.json("/no-such-page/_payload.json").await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], true);
}
on_both_databases!(unknown_things_are_not_found);

async fn payloads_carry_the_data_pages_render_from(app: &TestApp) {
    let (status, home) = app.json("/_payload.json").await;
    assert_eq!(status, 200);
    assert_eq!(home["page"], "home");
    assert_eq!(home["url"], "/");
    assert!(home["site"]["categories"].as_array().unwrap().len() >= 8);

    let site = app.site.site_data().await.unwrap();
    let slug = &site.categories[0].slug;
    let (status, list) = app.json(&format!("/services/_payload.json?category={slug}")).await;
    assert_eq!(status, 200);
    assert_eq!(list["page"], "services");
    assert_eq!(list["data"]["category"]["slug"], slug.as_str());
    assert!(!list["data"]["services"].as_array().unwrap().is_empty());

    let id = list["data"]["services"][0]["id"].as_i64().unwrap();
    let (_, details) = app.json(&format!("/services/details/_payload.json?id={id}")).await;
    assert_eq!(details["data"]["service"]["id"], id);
}
on_both_databases!(payloads_carry_the_data_pages_render_from);

async fn a_changed_service_shows_once_its_pages_are_invalidated(app: &TestApp) {
    use sea_orm::{ActiveModelTrait, ActiveValue::Set, IntoActiveModel};
    let service = entity::service::Entity::find().filter(entity::service::Column::Status.eq("Open")).one(&app.site.db).await.unwrap().unwrap();
    let path = format!("/services/details?id={}", service.id);
    let (_, before) = app.text(&path).await;
    assert!(before.contains(&service.title));

    let mut row = service.clone().into_active_model();
    row.title = Set("Spotless oven cleaning".into());
    row.update(&app.site.db).await.unwrap();
    let (_, cached) = app.text(&path).await;
    assert!(!cached.contains("Spotless oven cleaning"), "pages are served from the cache until invalidated");

    app.site.invalidate(&[Tag::Service(service.id)]).await;
    let (_, after) = app.text(&path).await;
    assert!(after.contains("Spotless oven cleaning"));
}
on_both_databases!(a_changed_service_shows_once_its_pages_are_invalidated);

async fn importing_the_same_file_twice_changes_nothing(app: &TestApp) {
    let fixture = || server::import::demo(*crate::common::DEMO_DAY).unwrap();
    // The app imported the demo data at start; a second import finds everything in place.
    let report = server::import::import(&app.site.db, fixture()).await.unwrap();
    assert!(!report.changed_anything(), "{report}");

    let bad = server::import::parse(&server::import::DEMO_FIXTURE.replacen("\"Open\"", "\"Maybe\"", 1)).unwrap();
    let error = server::import::import(&app.site.db, bad).await.unwrap_err();
    assert!(format!("{error:#}").contains("status must be Open or Closed"), "{error:#}");
}
on_both_databases!(importing_the_same_file_twice_changes_nothing);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_benchmark_fixture_imports_twice_without_changes() {
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/bench.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{} (shared/ beside the project): {e}", path.display()));
    let fixture: serde_json::Value = serde_json::from_str(&text).unwrap();
    let started = std::time::Instant::now();
    let first = server::import::import_file(&app.site.db, &path).await.unwrap();
    assert_eq!(first.inserted["services"], fixture["services"].as_array().unwrap().len());
    assert_eq!(first.inserted["jobs"], fixture["jobs"].as_array().unwrap().len());
    eprintln!("bench fixture imported in {:.1} s", started.elapsed().as_secs_f64());
    let second = server::import::import_file(&app.site.db, &path).await.unwrap();
    assert!(!second.changed_anything(), "{second}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn responses_are_compressed_and_revalidated() {
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    // A kept page and a search, made per request: both compressed after the start every page shares.
    for path in ["/about", "/services?search=clean"] {
        let url = format!("{}{path}", app.base);
        let plain = app.client.get(&url).send().await.unwrap();
        assert!(plain.headers().get("content-encoding").is_none());
        let plain = plain.text().await.unwrap();
        assert!(plain.ends_with("</html>"), "{path}");
        let br = app.client.get(&url).header("accept-encoding", "br").send().await.unwrap();
        assert_eq!(br.headers()["content-encoding"], "br");
        let etag = br.headers()["etag"].to_str().unwrap().to_string();
        let br = br.bytes().await.unwrap();
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &br[..], &mut decoded).unwrap();
        assert_eq!(String::from_utf8(decoded).unwrap(), plain, "{path} in brotli");
        assert_ne!(br, server::site::compression::brotli(plain.as_bytes()), "{path} is compressed around the stylesheet kept compressed");
        let gzip = app.client.get(&url).header("accept-encoding", "gzip").send().await.unwrap();
        assert_eq!(gzip.headers()["content-encoding"], "gzip");
        let mut decoded = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gzip.bytes().await.unwrap()[..]), &mut decoded).unwrap();
        assert_eq!(decoded, plain, "{path} in gzip");
        let again = app.client.get(&url).header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(again.status(), 304);
    }
    // Their payloads, compressed after the site data every payload shares.
    for path in ["/about/_payload.json", "/services/_payload.json?search=clean"] {
        let url = format!("{}{path}", app.base);
        let plain = app.client.get(&url).send().await.unwrap().bytes().await.unwrap();
        let payload: serde_json::Value = serde_json::from_slice(&plain).unwrap();
        assert!(payload["site"]["categories"].is_array(), "{path}");
        let br = app.client.get(&url).header("accept-encoding", "br").send().await.unwrap();
        assert_eq!(br.headers()["content-encoding"], "br");
        let br = br.bytes().await.unwrap();
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &br[..], &mut decoded).unwrap();
        assert_eq!(decoded, plain, "{path} in brotli");
        assert_ne!(br, server::site::compression::brotli(&plain), "{path} is compressed around the site data kept compressed");
    }
}

/// A kept page asked for by its address is answered before the router (`http::front`): it must
/// get the answer the router gives the same page asked another way (with a parameter the page
/// does not read), headers and all; by GET and by HEAD.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_page_answers_alike_by_its_address_and_through_the_router() {
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    let headers_of = |response: &reqwest::Response| -> std::collections::BTreeMap<String, String> {
        response.headers().iter().filter(|(name, _)| *name != "date").map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_string())).collect()
    };
    let (_, services) = app.json("/api/service/?page_size=1").await;
    let service = services["results"][0]["id"].as_i64().expect("a demo service");
    let (details, details_payload) = (format!("/services/details?id={service}"), format!("/services/details/_payload.json?id={service}"));
    for address in ["/about", "/user/login", "/about/_payload.json", &details, &details_payload] {
        assert_eq!(app.text(address).await.0, 200, "{address} is kept");
        let request = axum::http::Request::get(address).body(()).unwrap();
        assert!(server::site::handlers::kept_page(&app.site, &request).is_some(), "{address} is answered before the router");
        let other_way = format!("{address}{}utm_source=newsletter", if address.contains('?') { '&' } else { '?' });
        let request = axum::http::Request::get(&other_way).body(()).unwrap();
        assert!(server::site::handlers::kept_page(&app.site, &request).is_none(), "{other_way} goes through the router");
        for method in [reqwest::Method::GET, reqwest::Method::HEAD] {
            let ask = |path: String| {
                app.client.request(method.clone(), format!("{}{path}", app.base)).header("accept-encoding", "br").header("x-request-id", "kept-page-1").send()
            };
            let direct = ask(address.to_string()).await.unwrap();
            let routed = ask(other_way.clone()).await.unwrap();
            assert_eq!(direct.status(), 200, "{method} {address}");
            let headers = headers_of(&direct);
            assert_eq!(headers, headers_of(&routed), "{method} {address}");
            assert_eq!(headers["x-request-id"], "kept-page-1");
            assert_eq!(headers["content-encoding"], "br");
            assert!(headers.contains_key("content-security-policy"), "{method} {address}: {headers:?}");
            assert_eq!(headers.get("x-robots-tag").map(String::as_str), (address == "/user/login").then_some("noindex"));
            let body = direct.bytes().await.unwrap();
            assert_eq!(body, routed.bytes().await.unwrap(), "{method} {address}");
            assert_eq!(body.is_empty(), method == reqwest::Method::HEAD, "{method} {address}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn build_files_describe_the_running_build() {
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    let (status, latest) = app.json("/builds/latest.json?t=123").await;
    assert_eq!(status, 200);
    let id = latest["id"].as_str().unwrap();
    assert!(latest["timestamp"].as_i64().unwrap() > 0);
    app.text("/about").await;
    let (status, meta) = app.json(&format!("/builds/meta/{id}.json")).await;
    assert_eq!(status, 200);
    assert_eq!(meta["id"], id);
    assert!(meta["matcher"]["static"]["/jobs"].is_object());
    let prerendered = meta["prerendered"].as_array().unwrap();
    assert!(prerendered.iter().any(|p| p == "/about"));
    assert_eq!(prerendered.len(), PATHS.len(), "paths, not every query of them");
    // Fetched on every page view: compressed, and revalidated rather than sent again.
    let url = format!("{}/builds/meta/{id}.json", app.base);
    let meta = app.client.get(&url).header("accept-encoding", "br").send().await.unwrap();
    assert_eq!(meta.headers()["content-encoding"], "br");
    let etag = meta.headers()["etag"].clone();
    assert_eq!(app.client.get(&url).header("if-none-match", etag).send().await.unwrap().status(), 304);
    let (status, _) = app.json("/builds/meta/not-a-build.json").await;
    assert_eq!(status, 404);
    // Asked with credentials, it goes through the router: the same file.
    let signed_in = app.client.get(&url).bearer_auth("a-members-token").header("accept-encoding", "br").send().await.unwrap();
    assert_eq!((signed_in.status().as_u16(), signed_in.headers()["etag"].clone()), (200, meta.headers()["etag"].clone()));

    let stylesheet = &app.site.build.manifest.stylesheet;
    let css = app.get(stylesheet).await;
    assert_eq!(css.status(), 200);
    assert!(css.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let runtime = app.client.get(format!("{}{}", app.base, app.site.build.manifest.runtime)).header("accept-encoding", "br, gzip").send().await.unwrap();
    assert_eq!(runtime.headers()["content-encoding"], "br", "scripts go out precompressed");
    assert!(runtime.headers()["content-type"].to_str().unwrap().contains("javascript"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prerendering_fills_the_cache_with_every_enumerable_page() {
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    let rendered = app.site.prerender_all().await;
    let services = entity::service::Entity::find().all(&app.site.db).await.unwrap().len();
    assert!(rendered >= PATHS.len() + services, "{rendered} pages");
    let category = &app.site.site_data().await.unwrap().categories[0].slug;
    assert!(app.site.cache.contains(&format!("/services?category={category}")));
    let job = entity::job::Entity::find().filter(entity::job::Column::Status.eq("Open")).one(&app.site.db).await.unwrap().unwrap();
    assert!(app.site.cache.contains(&format!("/apply?id={}", job.id)));
    assert_eq!(app.site.cache.page_count(), rendered);
    assert!(
        !app.site.cache.contains(&format!("/services/book?id={}", entity::service::Entity::find().one(&app.site.db).await.unwrap().unwrap().id)),
        "booking forms are made when asked for"
    );
    assert_eq!(app.site.prerender_all().await, 0, "a second pass finds everything cached");
}

/// A prerender pass loads its pages in batches: each page of a batch must hold its own data, as
/// when it is loaded alone, with a service's newest ten reviews and none that staff hid.
async fn a_batch_of_pages_holds_what_each_page_holds_alone(app: &TestApp) {
    use app::data::ServiceDetail;
    use app::routes::{PageData, Route};
    use sea_orm::{ActiveModelTrait, ActiveValue::Set, IntoActiveModel, QueryOrder, QuerySelect};
    use server::site::{PageError, loaders};
    let db = &app.site.db;
    let services = entity::service::Entity::find().order_by_asc(entity::service::Column::Id).limit(2).all(db).await.unwrap();
    let (busy, quiet) = (&services[0], &services[1]);
    // Newer than any review of the demo data.
    let day = chrono::Utc::now() + chrono::Duration::days(1);
    for n in 0..12 {
        let author = app.member(&format!("Reviewer {n}")).await;
        let review = entity::review::ActiveModel {
            service_id: Set(busy.id),
            user_id: Set(author.user.id),
            rating: Set(1 + n % 5),
            review: Set(format!("Visit {n}")),
            created_at: Set(day + chrono::Duration::days(i64::from(n))),
            ..Default::default()
        };
        let review = review.insert(db).await.unwrap();
        if n == 11 {
            let mut hidden = review.into_active_model();
            hidden.hidden_at = Set(Some(chrono::Utc::now()));
            hidden.update(db).await.unwrap();
        }
    }
    let jobs = entity::job::Entity::find().filter(entity::job::Column::RemovedAt.is_null()).limit(2).all(db).await.unwrap();
    let mut removed = jobs[1].clone().into_active_model();
    removed.removed_at = Set(Some(chrono::Utc::now()));
    removed.update(db).await.unwrap();

    let routes = [
        Route::service(busy.id),
        Route::Apply { job: Some(jobs[0].id) },
        Route::service(quiet.id),
        Route::service(i32::MAX),
        Route::Apply { job: Some(jobs[1].id) },
        Route::Apply { job: Some(i32::MAX) },
        Route::Home,
    ];
    let site = app.site.site_data().await.unwrap();
    let places = app.site.places();
    let batch = loaders::load_pages(db, &routes, &site, places).await.unwrap();
    assert_eq!(batch.len(), routes.len());
    for (route, page) in routes.iter().zip(batch) {
        match (loaders::load_page(db, route, &site, places).await, page) {
            (Ok(alone), Ok(batched)) => assert_eq!(alone, batched, "{}", route.url()),
            (Err(PageError::NotFound), Err(PageError::NotFound)) | (Err(PageError::Gone), Err(PageError::Gone)) => {}
            (alone, batched) => panic!("{}: alone {:?}, in a batch {:?}", route.url(), alone.err(), batched.err()),
        }
    }
    assert!(matches!(loaders::load_page(db, &routes[4], &site, places).await, Err(PageError::Gone)), "a removed job's page is gone");
    assert!(matches!(loaders::load_page(db, &routes[3], &site, places).await, Err(PageError::NotFound)));

    let Ok(PageData::ServicesDetails(Some(ServiceDetail { reviews, .. }))) = loaders::load_page(db, &routes[0], &site, places).await else {
        panic!("the busy service's page")
    };
    let shown: Vec<&str> = reviews.iter().map(|r| r.review.as_str()).collect();
    assert_eq!(shown, (1..=10).rev().map(|n| format!("Visit {n}")).collect::<Vec<_>>(), "the newest ten, the hidden one left out");
    // The same ten as the API's newest reviews of the service, a query of its own.
    let newest = server::reviews::queries::reviews(db, Some(busy.id), 0, 10).await.unwrap();
    assert_eq!(reviews.iter().map(|r| r.id).collect::<Vec<_>>(), newest.iter().map(|r| r.review.id).collect::<Vec<_>>());
}
on_both_databases!(a_batch_of_pages_holds_what_each_page_holds_alone);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_failure_shows_the_error_page_without_details() {
    use sea_orm::ConnectionTrait;
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    app.site.site_data().await.unwrap();
    app.site.db.execute_unprepared("DROP TABLE job_applications; DROP TABLE jobs").await.unwrap();
    let (status, html) = app.text("/jobs").await;
    assert_eq!(status, 500);
    assert!(html.contains("Internal Server Error"));
    assert!(!html.to_lowercase().contains("no such table"), "no internal detail reaches a visitor");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sitemap_and_robots_list_the_public_pages() {
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    let sitemap = app.sitemap().await;
    let open = entity::service::Entity::find().filter(entity::service::Column::Status.eq("Open")).one(&app.site.db).await.unwrap().unwrap();
    assert!(
        sitemap.contains(&format!("<loc>{}/services/details?id={}</loc><lastmod>{}</lastmod>", app.base, open.id, open.updated_at.format("%Y-%m-%d"))),
        "{sitemap}"
    );
    let closed = entity::service::Entity::find()
        .filter(entity::service::Column::Status.ne("Open"))
        .one(&app.site.db)
        .await
        .unwrap()
        .expect("the demo data has a Closed service");
    assert!(!sitemap.contains(&format!("/services/details?id={}<", closed.id)), "only Open services are listed");
    let category = &app.site.site_data().await.unwrap().categories[0];
    assert!(sitemap.contains(&format!("<loc>{}/services?category={}</loc><lastmod>", app.base, category.slug)));
    assert!(sitemap.contains(&format!("<loc>{}/about</loc>", app.base)));
    assert!(!sitemap.contains("/user/profile"), "members' pages are not indexed");
    let (_, robots) = app.text("/robots.txt").await;
    assert!(robots.contains(&format!("Sitemap: {}/sitemap.xml", app.base)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_pack_stays_within_twice_its_live_pages_however_often_they_change() {
    use reqwest::Method;
    let app = TestApp::spawn_with(common::Backend::Sqlite, |config| config.limits.reviews_per_hour = 100).await;
    app.site.prerender_all().await;
    let cache = &app.site.cache;
    let started_with = cache.disk_bytes();
    let (_, services) = app.json("/api/service/?page_size=10").await;
    let services: Vec<serde_json::Value> = services["results"].as_array().unwrap().iter().map(|s| s["id"].clone()).collect();
    let mut members = Vec::new();
    for name in ["Amelia Hughes", "Sam Jones", "Priya Patel", "Tom Walker", "Grace Evans", "Liam Price"] {
        members.push(app.member(name).await);
    }
    for member in &members {
        for service in &services {
            let review = serde_json::json!({"service": service, "rating": 4, "review": "Tidy work, on time."});
            assert_eq!(app.call(Method::POST, "/api/reviews/", Some(review), Some(&member.token)).await.0, 201);
            app.site.prerender_all().await;
            // The compaction an invalidation starts runs beside the requests: give it a moment.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
            while cache.pack_bytes() > 2 * cache.disk_bytes() && std::time::Instant::now() < deadline {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            assert!(cache.pack_bytes() <= 2 * cache.disk_bytes(), "the pack holds {} bytes for {} live", cache.pack_bytes(), cache.disk_bytes());
        }
    }
    assert!(cache.disk_bytes() >= started_with / 2, "the pages were kept again after each change");
    let (status, home) = app.text("/").await;
    assert_eq!(status, 200);
    assert!(home.contains("Tidy work, on time."), "pages read back from the compacted pack are the new ones");
}

/// The one write path: a change dropped without committing leaves no row, no mail and the
/// pages it named; a committed one has its mail sent and its pages dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_tells_and_drops_pages_only_once_committed() {
    use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, PaginatorTrait};
    use server::platform::change::Change;
    let app = TestApp::spawn(common::Backend::Sqlite).await;
    assert_eq!(app.text("/about").await.0, 200);
    assert!(app.site.cache.contains("/about"), "kept after the first view");
    let mail = || server::platform::mail::outbox::Mail {
        to: "ann@lee.example".into(),
        subject: "A change".into(),
        text: "Text".into(),
        html: "<p>Text</p>".into(),
        calendar: None,
        unsubscribe: None,
    };
    let recruitment = |company: &str| entity::recruitment_request::ActiveModel {
        company_name: Set(company.into()),
        contact_name: Set("Ann Lee".into()),
        email: Set("ann@lee.example".into()),
        phone_number: Set("+44 20 7946 0000".into()),
        role: Set("Cook".into()),
        number_of_staff: Set(1),
        location: Set("Leeds".into()),
        details: Set(String::new()),
        created_at: Set(chrono::Utc::now()),
        ..Default::default()
    };

    let mut abandoned = Change::begin(&app.state).await.unwrap();
    recruitment("Abandoned Ltd").insert(abandoned.db()).await.unwrap();
    abandoned.mail(mail()).await.unwrap();
    abandoned.touches([Tag::Site]);
    drop(abandoned);
    assert_eq!(entity::recruitment_request::Entity::find().count(&app.site.db).await.unwrap(), 0, "no row");
    assert_eq!(entity::mail_outbox::Entity::find().count(&app.site.db).await.unwrap(), 0, "no mail");
    assert!(app.site.cache.contains("/about"), "the page stays");

    let mut change = Change::begin(&app.state).await.unwrap();
    recruitment("Kept Ltd").insert(change.db()).await.unwrap();
    change.mail(mail()).await.unwrap();
    change.touches([Tag::Site]);
    change.commit().await.unwrap();
    assert_eq!(entity::recruitment_request::Entity::find().count(&app.site.db).await.unwrap(), 1);
    assert!(!app.site.cache.contains("/about"), "the page it touched is dropped");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while entity::mail_outbox::Entity::find().one(&app.site.db).await.unwrap().is_none_or(|m| m.sent_at.is_none()) {
        assert!(std::time::Instant::now() < deadline, "the committed mail is sent");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
