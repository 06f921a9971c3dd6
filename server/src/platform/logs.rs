//! Log lines on standard output, and the request each belongs to.
//!
//! A request's id, method and route are kept beside the task that answers it and written into
//! a line only when one is written: a tracing span per request cost 4% of serving a cached
//! page, to format fields that a request answered without a line never used.

use axum::extract::MatchedPath;
use axum::http::{HeaderValue, Method};
use std::fmt;
use std::future::Future;
use tokio::task::futures::TaskLocalFuture;
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::fmt::format::{FormatEvent, FormatFields, JsonFields, Writer};
use tracing_subscriber::fmt::{FmtContext, FormattedFields};
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

/// Runs `f` on the context of the request being answered, if any, in this task.
fn with_request<T>(f: impl FnOnce(Option<&RequestContext>) -> T) -> T {
    let mut f = Some(f);
    let found = REQUEST.try_with(|request| (f.take().expect("called once"))(Some(request)));
    match found {
        Ok(value) => value,
        Err(_) => (f.take().expect("called once"))(None),
    }
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
        let mut fields = FormattedFields::<N>::new(String::new());
        ctx.format_fields(fields.as_writer(), event)?;
        writer.write_str(if fields.is_empty() { "{}" } else { &fields })?;
        write!(writer, r#","target":{}"#, text(meta.target())?)?;
        with_request(|request| match request {
            Some(request) => write!(
                writer,
                r#","span":{{"request_id":{},"method":{},"route":{},"name":"request"}}"#,
                text(request.id.to_str().unwrap_or_default())?,
                text(request.method.as_str())?,
                text(request.route.as_str())?
            ),
            None => Ok(()),
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
        with_request(|request| match request {
            Some(request) => {
                write!(writer, "request{{request_id={} method={} route={}}}: ", request.id.to_str().unwrap_or_default(), request.method, request.route.as_str())
            }
            None => Ok(()),
        })?;
        write!(writer, "{}: ", meta.target())?;
        ctx.format_fields(writer.by_ref(), event)?;
        writeln!(writer)
    }
}
