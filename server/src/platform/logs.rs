//! Log lines on standard output, through `tracing-subscriber`'s own formats.

/// Starts logging to standard output, filtered by `RUST_LOG` (spans' fields included, such as
/// `[request{route=/jobs}]=debug`): one JSON object a line (`LOG_FORMAT=json`, for log
/// collectors; the default unless standard output is a terminal) or plain text
/// (`LOG_FORMAT=text`, the default on a terminal). A line written within a request carries
/// the request's span (`http::observe`): in `span` in JSON, with every span it is in under
/// `spans`; as `request{…}:` in text.
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
        logs.json().with_current_span(true).with_span_list(true).init();
    } else {
        logs.init();
    }
    Ok(())
}
