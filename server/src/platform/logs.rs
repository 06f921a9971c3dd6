//! Log lines on standard output, and the request each belongs to.
//!
//! A request's id, method and route are kept beside the task that answers it and written into
//! a line only when one is written: a tracing span per request cost 4% of serving a cached
//! page, to format fields that a request answered without a line never used. So there is no
//! request span for `RUST_LOG` to select by (`[request{route=…}]`), and spans of the libraries
//! are not written. Work a request hands to another task (`spawn`, `spawn_blocking`) logs
//! without the request, as it did with the span.

use axum::extract::MatchedPath;
use axum::http::{HeaderValue, Method};
use std::fmt;
use std::future::Future;
use tokio::task::futures::TaskLocalFuture;
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::fmt::FmtContext;
use tracing_subscriber::fmt::format::{FormatEvent, FormatFields, JsonFields, Writer};
use tracing_subscriber::registry::LookupSpan;

/// What a request's log lines say of it.
#[derive(Clone)]
pub struct RequestContext {
    /// Sane: short, and ASCII a log reader cannot be fooled by.
    pub id: HeaderValue,
    pub method: Method,
    pub route: RouteName,
}

/// The route a request is counted and logged under: the router's pattern (such as
/// `/api/service/{id}/`, not its path), or a fixed name, so that the names stay as few as the
/// routes.
#[derive(Clone)]
pub enum RouteName {
    Pattern(MatchedPath),
    Fixed(&'static str),
}

impl RouteName {
    pub fn as_str(&self) -> &str {
        match self {
            RouteName::Pattern(matched) => matched.as_str(),
            RouteName::Fixed(route) => route,
        }
    }
}

tokio::task_local! {
    static REQUEST: RequestContext;
}

/// `answer`, with every line it writes naming `request`.
pub fn within<F: Future>(request: RequestContext, answer: F) -> TaskLocalFuture<RequestContext, F> {
    REQUEST.scope(request, answer)
}

/// What `f` makes, with every line it writes naming `request`.
pub fn within_now<T>(request: RequestContext, f: impl FnOnce() -> T) -> T {
    REQUEST.sync_scope(request, f)
}

/// What `f` makes of the request being answered in this task; `None` outside one.
pub fn current_request<T>(f: impl FnOnce(&RequestContext) -> T) -> Option<T> {
    REQUEST.try_with(f).ok()
}

/// Writes what `write` makes of the request being answered; nothing outside one.
fn write_request(write: impl FnOnce(&RequestContext) -> fmt::Result) -> fmt::Result {
    current_request(write).unwrap_or(Ok(()))
}

/// Starts logging to standard output, filtered by `RUST_LOG`: one JSON object a line
/// (`LOG_FORMAT=json`, for log collectors; the default unless standard output is a terminal)
/// or plain text (`LOG_FORMAT=text`, the default on a terminal). A request's lines carry its
/// id, method and route: in `span` in JSON, as `request{…}:` in text.
pub fn start() -> anyhow::Result<()> {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn,sea_orm=warn".into());
    let json = match std::env::var("LOG_FORMAT").ok().filter(|format| !format.is_empty()).as_deref() {
        None => !std::io::stdout().is_terminal(),
        Some("json") => true,
        Some("text") => false,
        Some(other) => anyhow::bail!("LOG_FORMAT must be json or text, not {other:?}"),
    };
    let logs = tracing_subscriber::fmt().with_env_filter(filter);
    if json {
        logs.fmt_fields(JsonFields::new()).event_format(JsonLine).init();
    } else {
        logs.event_format(TextLine).init();
    }
    Ok(())
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// `{"timestamp":…,"level":…,"fields":{…},"target":…,"span":{"request_id":…,"method":…,"route":…}}`
struct JsonLine;

impl<S, N> FormatEvent<S, N> for JsonLine
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        let meta = event.metadata();
        let text = |value: &str| serde_json::to_string(value).map_err(|_| fmt::Error);
        write!(writer, r#"{{"timestamp":"{}","level":"{}","fields":"#, now(), meta.level())?;
        // An object, `{}` when the event has no fields.
        ctx.format_fields(writer.by_ref(), event)?;
        write!(writer, r#","target":{}"#, text(meta.target())?)?;
        write_request(|request| {
            write!(
                writer,
                r#","span":{{"request_id":{},"method":{},"route":{},"name":"request"}}"#,
                text(request.id.to_str().unwrap_or_default())?,
                text(request.method.as_str())?,
                text(request.route.as_str())?
            )
        })?;
        writeln!(writer, "}}")
    }
}

/// `2026-11-27T13:00:00.000000Z  INFO request{request_id=… method=GET route=/x}: target: message k=v`
struct TextLine;

impl<S, N> FormatEvent<S, N> for TextLine
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        let meta = event.metadata();
        let level = *meta.level();
        if writer.has_ansi_escapes() {
            let colour = match level {
                Level::ERROR => 31,
                Level::WARN => 33,
                Level::INFO => 32,
                Level::DEBUG => 34,
                Level::TRACE => 35,
            };
            write!(writer, "\x1b[2m{}\x1b[0m \x1b[{colour}m{level:>5}\x1b[0m ", now())?;
        } else {
            write!(writer, "{} {level:>5} ", now())?;
        }
        write_request(|request| {
            write!(writer, "request{{request_id={} method={} route={}}}: ", request.id.to_str().unwrap_or_default(), request.method, request.route.as_str())
        })?;
        write!(writer, "{}: ", meta.target())?;
        ctx.format_fields(writer.by_ref(), event)?;
        writeln!(writer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// The lines written by `subscriber` while `f` runs, inside a request and outside.
    fn lines_of(json: bool, f: impl AsyncFnOnce()) -> Vec<String> {
        let written = Arc::new(Mutex::new(Vec::new()));
        let writer = {
            let written = written.clone();
            move || Lines(written.clone())
        };
        let logs = tracing_subscriber::fmt().with_writer(writer).with_ansi(false);
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        if json {
            let _default = tracing::subscriber::set_default(logs.fmt_fields(JsonFields::new()).event_format(JsonLine).finish());
            runtime.block_on(f());
        } else {
            let _default = tracing::subscriber::set_default(logs.event_format(TextLine).finish());
            runtime.block_on(f());
        }
        String::from_utf8(written.lock().unwrap().clone()).unwrap().lines().map(str::to_owned).collect()
    }

    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Lines {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn request() -> RequestContext {
        RequestContext { id: HeaderValue::from_static("lb-7"), method: Method::POST, route: RouteName::Fixed("/api/auth/login/") }
    }

    #[test]
    fn json_lines_carry_the_request_they_belong_to_and_escape_what_they_hold() {
        let lines = lines_of(true, async || {
            tracing::info!(target: "server", "starting");
            within(request(), async { tracing::warn!(target: "security", account = 3, note = "a \"quoted\"\nline", "sign_in_failed") }).await;
        });
        let [outside, inside] = &lines[..] else { panic!("two lines: {lines:?}") };
        let outside: serde_json::Value = serde_json::from_str(outside).unwrap();
        assert_eq!(
            (outside["level"].as_str(), outside["target"].as_str(), outside["fields"]["message"].as_str()),
            (Some("INFO"), Some("server"), Some("starting"))
        );
        assert!(outside.get("span").is_none(), "no request: {outside}");
        let inside: serde_json::Value = serde_json::from_str(inside).unwrap();
        assert_eq!(inside["span"], serde_json::json!({ "request_id": "lb-7", "method": "POST", "route": "/api/auth/login/", "name": "request" }));
        assert_eq!((inside["level"].as_str(), inside["fields"]["account"].as_u64()), (Some("WARN"), Some(3)));
        assert_eq!(inside["fields"]["note"], "a \"quoted\"\nline");
        assert!(inside["timestamp"].as_str().is_some_and(|at| chrono::DateTime::parse_from_rfc3339(at).is_ok()), "{inside}");
    }

    #[test]
    fn text_lines_name_the_request_before_the_target() {
        let lines = lines_of(false, async || {
            within(request(), async { tracing::info!(target: "access", status = 200, "answered") }).await;
        });
        let [line] = &lines[..] else { panic!("one line: {lines:?}") };
        assert!(line.ends_with(" INFO request{request_id=lb-7 method=POST route=/api/auth/login/}: access: answered status=200"), "{line}");
    }
}
