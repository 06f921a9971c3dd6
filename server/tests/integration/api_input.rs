//! Input the accounts API must refuse with the contract's JSON 400, never a 500 or plain text:
//! what fuzzing the OpenAPI document (schemathesis, in `scripts/test.sh`) turned up.

use crate::common;

use common::TestApp;
use serde_json::{Value, json};

async fn answer(response: reqwest::Response) -> (u16, Option<String>, Value) {
    let status = response.status().as_u16();
    let content_type = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string());
    (status, content_type, response.json().await.unwrap())
}

async fn refuses_nul_in_text_and_bodies_that_are_not_forms(app: &TestApp) {
    let url = |path: &str| format!("{}{path}", app.base);
    // PostgreSQL cannot store NUL: it was a 500 there.
    let registration = json!({"full_name": "Amelia\u{0}Hughes", "email": "amelia@example.co.uk", "phone_number": "07700 900123", "password": "a quiet garden"});
    let (status, _, body) = answer(app.client.post(url("/api/auth/register/")).json(&registration).send().await.unwrap()).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["full_name"], json!(["Null characters are not allowed."]));

    let login = json!({"email": "demo@brightway.example", "password": "demo-password-1"});
    let (status, _, tokens) = answer(app.client.post(url("/api/auth/login/")).json(&login).send().await.unwrap()).await;
    assert_eq!(status, 200, "{tokens}");
    let access = tokens["access"].as_str().unwrap();
    let form = reqwest::multipart::Form::new().text("address_line_1", "1 High Street\u{0}");
    let (status, _, body) = answer(app.client.patch(url("/api/auth/profile/")).bearer_auth(access).multipart(form).send().await.unwrap()).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["address_line_1"], json!(["Null characters are not allowed."]));

    // The profile takes a multipart form; anything else was axum's plain-text 400.
    let (status, content_type, body) =
        answer(app.client.patch(url("/api/auth/profile/")).bearer_auth(access).json(&json!({"city": "Leeds"})).send().await.unwrap()).await;
    assert_eq!((status, content_type.as_deref()), (400, Some("application/json")));
    assert_eq!(body, json!({"error": true, "message": "Send the form as multipart/form-data."}));
}
on_both_databases!(refuses_nul_in_text_and_bodies_that_are_not_forms);

/// A free-text query parameter has a length limit and answers 400 past it: a 50,000-character
/// `area` was a 500 (SQLite refuses so long a LIKE pattern).
async fn refuses_query_values_past_their_length(app: &TestApp) {
    let long = "a".repeat(50_000);
    for (path, name) in [("/api/service/", "area"), ("/api/service/", "search"), ("/api/service/jobs/", "location"), ("/api/service/jobs/", "search")] {
        let (status, _, body) = answer(app.client.get(format!("{}{path}?{name}={long}", app.base)).send().await.unwrap()).await;
        assert_eq!(status, 400, "{path}?{name}=: {body}");
        assert_eq!(body[name], json!(["Ensure this value has at most 200 characters."]), "{path}?{name}=");
    }
    let longest = "a".repeat(200);
    let (status, _, body) = answer(app.client.get(format!("{}/api/service/?area={longest}", app.base)).send().await.unwrap()).await;
    assert_eq!(status, 200, "200 characters are within the limit: {body}");
}
on_both_databases!(refuses_query_values_past_their_length);
