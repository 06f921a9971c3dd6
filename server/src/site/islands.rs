//! Server rendering of React islands: esbuild's server bundle (`renderIsland(name, props,
//! prefix)`) runs in embedded QuickJS. A QuickJS runtime is not `Send`, so a few live on their
//! own threads and take work from a queue. Results are memoised: the same island with the same
//! props renders the same markup. The islands the bundle lists as client only render nothing
//! on the server, so they are not sent to an engine at all; those it lists with a template are
//! rendered once per shape and filled in (`island_templates`).

use super::island_templates::{Declaration, Stencil};
use app::island::IslandRenderer;
use parking_lot::{Mutex, RwLock};
use rquickjs::{CatchResultExt, Context, Function, Runtime};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const MEMORY_LIMIT: usize = 128 * 1024 * 1024;
/// An island that takes longer than this is stuck, not slow.
const RENDER_TIMEOUT: Duration = Duration::from_secs(2);
/// The most bytes of markup (and their keys) the memo keeps before it starts again: a page's
/// island repeats when the page is made again or a search is repeated; bounded by bytes, not
/// entries, as a form's markup is much larger than a card's.
const MEMO_BYTES: usize = 4 << 20;

struct Job {
    name: String,
    props: String,
    prefix: String,
    reply: mpsc::Sender<Result<String, String>>,
}

type MemoKey = (String, String, String);

/// Markup by island, props and prefix, within a budget of bytes.
struct Memo {
    entries: HashMap<MemoKey, String>,
    bytes: usize,
    budget: usize,
}

impl Memo {
    fn new(budget: usize) -> Self {
        Memo { entries: HashMap::new(), bytes: 0, budget }
    }

    fn size(key: &MemoKey, html: &str) -> usize {
        key.0.len() + key.1.len() + key.2.len() + html.len()
    }

    /// Keeps `html`, starting again when the budget is spent; an island over a sixteenth of the
    /// budget is not kept, so that one does not empty the memo of every other.
    fn keep(&mut self, key: MemoKey, html: &str) {
        let size = Memo::size(&key, html);
        if size > self.budget / 16 {
            return;
        }
        if self.bytes + size > self.budget {
            *self = Memo::new(self.budget);
        }
        if self.entries.insert(key, html.to_string()).is_none() {
            self.bytes += size;
        }
    }
}

pub struct QuickJsIslands {
    jobs: Mutex<mpsc::Sender<Job>>,
    memo: RwLock<Memo>,
    client_only: HashSet<String>,
    templates: HashMap<String, Declaration>,
    /// The islands whose template, filled in, was not what React rendered: their cards are
    /// rendered each.
    refused_templates: RwLock<HashSet<String>>,
}

/// What the bundle says about its islands besides rendering them.
struct BundleLists {
    client_only: Vec<String>,
    templates: HashMap<String, Declaration>,
}

impl QuickJsIslands {
    /// Starts `threads` QuickJS engines, each evaluating `bundle` once. Fails if the bundle
    /// does not load or does not define `renderIsland`.
    pub fn start(bundle: String, threads: usize) -> anyhow::Result<Self> {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let bundle = Arc::new(bundle);
        let mut ready = Vec::new();
        for index in 0..threads {
            let receiver = receiver.clone();
            let bundle = bundle.clone();
            let (ready_tx, ready_rx) = mpsc::channel::<Result<BundleLists, String>>();
            ready.push(ready_rx);
            std::thread::Builder::new().name(format!("islands-{index}")).spawn(move || {
                let engine = match Engine::new(&bundle) {
                    Ok((engine, lists)) => {
                        let _ = ready_tx.send(Ok(lists));
                        engine
                    }
                    Err(error) => {
                        let _ = ready_tx.send(Err(error));
                        return;
                    }
                };
                loop {
                    let job = match receiver.lock().recv() {
                        Ok(job) => job,
                        Err(_) => return,
                    };
                    let _ = job.reply.send(engine.render(&job.name, &job.props, &job.prefix));
                }
            })?;
        }
        let mut lists = BundleLists { client_only: Vec::new(), templates: HashMap::new() };
        for ready in ready {
            lists = ready.recv()?.map_err(|e| anyhow::anyhow!("the islands server bundle does not load: {e}"))?;
        }
        Ok(QuickJsIslands {
            jobs: Mutex::new(sender),
            memo: RwLock::new(Memo::new(MEMO_BYTES)),
            client_only: lists.client_only.into_iter().collect(),
            templates: lists.templates,
            refused_templates: RwLock::new(HashSet::new()),
        })
    }

    pub fn try_render(&self, name: &str, props: &str, prefix: &str) -> Result<String, String> {
        if self.client_only.contains(name) {
            return Ok(String::new());
        }
        let declaration = self.templates.get(name).filter(|_| !self.refused_templates.read().contains(name));
        if let Some(stencil) = declaration.and_then(|declaration| Stencil::of(declaration, props, prefix))
            && let Some(html) = self.filled_in(name, &stencil, props, prefix)
        {
            return Ok(html);
        }
        self.memoised(name, props, prefix)
    }

    /// The card from its shape's template; `None` when that does not work. The first card of a
    /// shape is also rendered itself, and the template kept only if filling it in gives that
    /// card: an island that breaks its declaration (formats an id, changes a title) is
    /// rendered card by card from then on, never wrongly.
    fn filled_in(&self, name: &str, stencil: &Stencil, props: &str, prefix: &str) -> Option<String> {
        let key = (name.to_string(), stencil.props.clone(), stencil.prefix.clone());
        if let Some(template) = self.memo.read().entries.get(&key) {
            return stencil.fill(template);
        }
        let template = self.rendered_by_engine(name, &stencil.props, &stencil.prefix).ok()?;
        let card = self.rendered_by_engine(name, props, prefix).ok()?;
        if stencil.fill(&template).as_ref() == Some(&card) {
            self.memo.write().keep(key, &template);
        } else {
            tracing::error!(
                island = name,
                props = stencil.props,
                "the island's serverTemplate, filled in, is not what React renders: each card is rendered instead"
            );
            self.refused_templates.write().insert(name.to_string());
        }
        Some(card)
    }

    /// The island's markup from the memo, or from an engine (and then kept).
    fn memoised(&self, name: &str, props: &str, prefix: &str) -> Result<String, String> {
        let key = (name.to_string(), props.to_string(), prefix.to_string());
        if let Some(html) = self.memo.read().entries.get(&key) {
            return Ok(html.clone());
        }
        let html = self.rendered_by_engine(name, props, prefix)?;
        self.memo.write().keep(key, &html);
        Ok(html)
    }

    fn rendered_by_engine(&self, name: &str, props: &str, prefix: &str) -> Result<String, String> {
        let (reply, answer) = mpsc::channel();
        self.jobs
            .lock()
            .send(Job { name: name.to_string(), props: props.to_string(), prefix: prefix.to_string(), reply })
            .map_err(|_| "the island engines stopped".to_string())?;
        answer.recv().map_err(|_| "an island engine stopped".to_string())?
    }
}

impl IslandRenderer for QuickJsIslands {
    fn render(&self, name: &str, props_json: &str, id_prefix: &str) -> String {
        self.try_render(name, props_json, id_prefix).unwrap_or_else(|error| {
            tracing::error!(island = name, %error, "island server rendering failed; the browser renders it instead");
            String::new()
        })
    }
}

struct Engine {
    _runtime: Runtime,
    context: Context,
    deadline_ms: Arc<AtomicU64>,
}

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

impl Engine {
    /// An engine with `bundle` evaluated, and what the bundle lists about its islands.
    fn new(bundle: &str) -> Result<(Self, BundleLists), String> {
        let runtime = Runtime::new().map_err(|e| e.to_string())?;
        runtime.set_memory_limit(MEMORY_LIMIT);
        runtime.set_max_stack_size(1024 * 1024);
        let deadline_ms = Arc::new(AtomicU64::new(u64::MAX));
        let deadline = deadline_ms.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || now_ms() > deadline.load(Ordering::Relaxed))));
        let context = Context::full(&runtime).map_err(|e| e.to_string())?;
        let lists = context.with(|ctx| -> Result<BundleLists, String> {
            ctx.eval::<(), _>(bundle).catch(&ctx).map_err(|e| e.to_string())?;
            ctx.globals().get::<_, Function>("renderIsland").map_err(|_| "renderIsland is not defined".to_string())?;
            let client_only = ctx
                .globals()
                .get::<_, Option<Vec<String>>>("clientOnlyIslands")
                .map(Option::unwrap_or_default)
                .map_err(|_| "clientOnlyIslands is not a list of names".to_string())?;
            let templates: String = ctx.eval("JSON.stringify(globalThis.islandTemplates ?? {})").catch(&ctx).map_err(|e| e.to_string())?;
            let templates = serde_json::from_str(&templates).map_err(|e| format!("islandTemplates is not a map of declarations: {e}"))?;
            Ok(BundleLists { client_only, templates })
        })?;
        Ok((Engine { _runtime: runtime, context, deadline_ms }, lists))
    }

    fn render(&self, name: &str, props: &str, prefix: &str) -> Result<String, String> {
        self.deadline_ms.store(now_ms() + RENDER_TIMEOUT.as_millis() as u64, Ordering::Relaxed);
        let result = self.context.with(|ctx| {
            let render: Function = ctx.globals().get("renderIsland").map_err(|e| e.to_string())?;
            render.call::<_, String>((name, props, prefix)).catch(&ctx).map_err(|e| e.to_string())
        });
        self.deadline_ms.store(u64::MAX, Ordering::Relaxed);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUNDLE: &str = r#"
        globalThis.clientOnlyIslands = ["quiet"];
        globalThis.renderIsland = function (name, props, prefix) {
            if (name === "quiet") throw new Error("a client-only island was sent to the engine");
            if (name === "loop") { for (;;) {} }
            if (name !== "hello") throw new Error("unknown island " + name);
            return "<p id=\"" + prefix + "x\">Hello " + JSON.parse(props).who + "</p>";
        };
    "#;

    #[test]
    fn renders_with_props_and_prefix() {
        let islands = QuickJsIslands::start(BUNDLE.into(), 1).unwrap();
        assert_eq!(islands.try_render("hello", r#"{"who":"Leeds"}"#, "h-0-").unwrap(), "<p id=\"h-0-x\">Hello Leeds</p>");
    }

    #[test]
    fn a_client_only_island_is_left_empty_without_the_engine() {
        let islands = QuickJsIslands::start(BUNDLE.into(), 1).unwrap();
        assert_eq!(islands.try_render("quiet", r#"{"service":1}"#, "q-0-").unwrap(), "");
        let without_list = QuickJsIslands::start(BUNDLE.replace(r#"globalThis.clientOnlyIslands = ["quiet"];"#, ""), 1).unwrap();
        assert!(without_list.try_render("quiet", "{}", "q-0-").is_err(), "with no list, every island goes to the engine");
    }

    #[test]
    fn an_unknown_island_is_an_error_not_a_crash() {
        let islands = QuickJsIslands::start(BUNDLE.into(), 1).unwrap();
        let error = islands.try_render("nope", "{}", "n-0-").unwrap_err();
        assert!(error.contains("unknown island nope"), "{error}");
        assert_eq!(islands.render("nope", "{}", "n-0-"), "");
        assert!(islands.try_render("hello", r#"{"who":"York"}"#, "h-0-").is_ok(), "the engine survives an error");
    }

    #[test]
    fn a_runaway_island_is_interrupted() {
        let islands = QuickJsIslands::start(BUNDLE.into(), 1).unwrap();
        assert!(islands.try_render("loop", "{}", "l-0-").is_err());
        assert!(islands.try_render("hello", r#"{"who":"Bath"}"#, "h-0-").is_ok());
    }

    #[test]
    fn the_memo_keeps_within_its_budget() {
        let islands = QuickJsIslands::start(BUNDLE.into(), 1).unwrap();
        *islands.memo.write() = Memo::new(1_600);
        for town in 0..100 {
            islands.try_render("hello", &format!(r#"{{"who":"Town {town}"}}"#), "h-0-").unwrap();
            let memo = islands.memo.read();
            assert!(memo.bytes <= 1_600 && !memo.entries.is_empty(), "{} bytes in {} entries", memo.bytes, memo.entries.len());
            assert_eq!(memo.bytes, memo.entries.iter().map(|(key, html)| Memo::size(key, html)).sum::<usize>());
        }
        let big = format!(r#"{{"who":"{}"}}"#, "Llanfair".repeat(20));
        assert!(islands.try_render("hello", &big, "h-0-").unwrap().contains("Llanfair"));
        assert!(!islands.memo.read().entries.keys().any(|key| key.1 == big), "an island over a sixteenth of the budget is not kept");
    }

    /// The islands' own server bundle, as `npm run build` makes it.
    fn the_islands_bundle() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../islands/dist/server.js");
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e} (build the islands first: cd islands && npm run build)"))
    }

    #[test]
    fn an_island_filled_in_from_its_template_is_what_react_renders() {
        let islands = QuickJsIslands::start(the_islands_bundle(), 1).unwrap();
        let title = "  Tom & Jerry's \"best\" <clean> 100% £40 /x?a=1&b=2  ";
        let cases = [
            ("bookmark-toggle", serde_json::json!({ "service": 12, "title": title })),
            ("bookmark-toggle", serde_json::json!({ "service": 31, "title": "Oven clean" })),
            ("bookmark-toggle", serde_json::json!({ "job": 7, "title": "Cook" })),
            ("bookmark-toggle", serde_json::json!({ "service": 13, "title": "" })),
            ("review-form", serde_json::json!({ "service": 12 })),
            ("review-report", serde_json::json!({ "review": 3, "service": 12 })),
            ("booking-form", serde_json::json!({ "service": 12 })),
            ("job-apply-form", serde_json::json!({ "job": 7 })),
        ];
        assert!(!islands.templates.is_empty(), "the bundle lists the islands' templates");
        for name in islands.templates.keys() {
            assert!(cases.iter().any(|case| case.0 == name), "{name} declares a template: give it a case here");
        }
        for (name, props) in &cases {
            for prefix in ["c-0-", "c-17-"] {
                let props = props.to_string();
                let filled = islands.try_render(name, &props, prefix).unwrap();
                assert_eq!(filled, islands.rendered_by_engine(name, &props, prefix).unwrap(), "{name} {props} {prefix}");
            }
        }
        let memo = islands.memo.read();
        assert!(
            memo.entries.keys().all(|(_, _, prefix)| prefix.starts_with('\u{E000}')),
            "every card came from its island's template: {:?}",
            memo.entries.keys().collect::<Vec<_>>()
        );
        assert_eq!(memo.entries.keys().filter(|key| key.0 == "bookmark-toggle").count(), 3, "one template per shape");
        drop(memo);
        // A title that looks like a stand-in is rendered as it is.
        let look_alike = serde_json::json!({ "service": 14, "title": "\u{E000}1\u{E001} 9007100000001" }).to_string();
        assert_eq!(
            islands.try_render("bookmark-toggle", &look_alike, "c-1-").unwrap(),
            islands.rendered_by_engine("bookmark-toggle", &look_alike, "c-1-").unwrap()
        );
    }

    #[test]
    fn a_template_that_does_not_give_the_card_is_refused_and_each_card_rendered() {
        // This island says its title is only shown, but shows it in capitals.
        let bundle = format!(
            "{BUNDLE}\nglobalThis.islandTemplates = {{ shout: {{ who: 'text' }} }};\nconst plain = globalThis.renderIsland;\nglobalThis.renderIsland = function (name, props, prefix) {{ return name === 'shout' ? '<b>' + JSON.parse(props).who.toUpperCase() + '</b>' : plain(name, props, prefix); }};"
        );
        let islands = QuickJsIslands::start(bundle, 1).unwrap();
        assert_eq!(islands.try_render("shout", r#"{"who":"Leeds"}"#, "s-0-").unwrap(), "<b>LEEDS</b>");
        assert_eq!(islands.try_render("shout", r#"{"who":"York"}"#, "s-1-").unwrap(), "<b>YORK</b>");
        assert!(islands.refused_templates.read().contains("shout"));
        assert!(islands.memo.read().entries.keys().all(|key| key.0 != "shout" || !key.2.starts_with('\u{E000}')), "no template of it is kept");
    }

    #[test]
    fn a_bundle_without_render_island_is_refused() {
        assert!(QuickJsIslands::start("var x = 1;".into(), 1).is_err());
    }
}
