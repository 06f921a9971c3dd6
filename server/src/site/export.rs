//! `server export DIR`: the whole public site as a folder that nginx, Caddy or a CDN serves as
//! it is: every enumerable page and its payload, the 404 page, the build's assets, the public
//! files, robots.txt, the sitemap and the build files, each text file with its `.br` and `.gz`
//! beside it. A page with a query is `PATH/index@QUERY.html` (its payload
//! `PATH/_payload@QUERY.json`), QUERY being the canonical query the site links to, so that a
//! server can map `$args` to the file (`docs/exported-site.md` has the nginx configuration).

use super::encoded::{Encoded, Encoding};
use super::{PageError, Site, handlers, sitemap};
use anyhow::Context;
use app::routes::Body;
use app::routes::Route;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub struct Exported {
    pub pages: usize,
    pub files: usize,
}

/// The file names of `route`'s HTML and payload under the export folder.
pub fn file_names(route: &Route) -> (PathBuf, PathBuf) {
    let dir = PathBuf::from(route.path().trim_start_matches('/'));
    match route.url().split_once('?') {
        None => (dir.join("index.html"), dir.join("_payload.json")),
        Some((_, query)) => (dir.join(format!("index@{query}.html")), dir.join(format!("_payload@{query}.json"))),
    }
}

pub async fn export(site: &Arc<Site>, out: &Path) -> anyhow::Result<Exported> {
    use futures::StreamExt;
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    site.prerender_all().await;
    let routes = site.enumerable_routes().await.map_err(|e| anyhow::anyhow!("cannot list the pages: {e}"))?;
    let at_once = std::thread::available_parallelism().map_or(2, |n| n.get()) * 2;
    let mut writes = futures::stream::iter(routes)
        .map(|route| async move {
            let (html_name, payload_name) = file_names(&route);
            let url = route.url();
            let html = match site.page(&route, &url, Body::Html).await {
                Ok(html) => html,
                Err(PageError::NotFound | PageError::Gone) => return Ok(false),
                Err(error) => return Err(anyhow::anyhow!("{url}: {error}")),
            };
            let payload = site.page(&route, &url, Body::Payload).await.map_err(|e| anyhow::anyhow!("{url}: {e}"))?;
            let out = out.to_path_buf();
            tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
                write_encoded(&out.join(html_name), &html)?;
                write_encoded(&out.join(payload_name), &payload)
            })
            .await??;
            Ok::<bool, anyhow::Error>(true)
        })
        .buffer_unordered(at_once);
    let mut pages = 0;
    while let Some(written) = writes.next().await {
        pages += usize::from(written?);
    }

    let public_url = &site.config.public_url;
    let entries = sitemap::entries(site).await.map_err(|e| anyhow::anyhow!("cannot list the sitemap: {e}"))?;
    let mut documents: Vec<(String, Vec<u8>)> = vec![
        ("404.html".into(), site.error_html(404, "/404.html").await.into_bytes()),
        ("robots.txt".into(), handlers::robots_txt(public_url).into_bytes()),
        ("sitemap.xml".into(), sitemap::index(public_url, &entries).into_bytes()),
        ("builds/latest.json".into(), handlers::latest_build_json(&site.build).to_string().into_bytes()),
        (format!("builds/meta/{}.json", site.build.id), handlers::build_meta_json(&site.build).to_string().into_bytes()),
    ];
    for number in 1..=sitemap::part_count(&entries) {
        let xml = sitemap::part(public_url, &entries, number).expect("numbered within the count");
        documents.push((sitemap::part_path(number).trim_start_matches('/').to_string(), xml.into_bytes()));
    }
    let mut files = pages * 6 + documents.len() * 3;
    let (public_dir, assets_dir, out) = (site.config.public_dir.clone(), site.config.islands_dir.join("assets"), out.to_path_buf());
    files += tokio::task::spawn_blocking(move || -> anyhow::Result<usize> {
        for (name, bytes) in documents {
            write_encoded(&out.join(name), &Encoded::fresh(bytes))?;
        }
        // The assets come precompressed from the islands' build; public files are compressed here.
        let copied = copy_tree(&assets_dir, &out.join("assets"), false)? + copy_tree(&public_dir, &out, true)?;
        readable_by_all(&out)?;
        Ok(copied)
    })
    .await??;
    Ok(Exported { pages, files })
}

/// Writes `body` as `path`, `path.br` and `path.gz`.
fn write_encoded(path: &Path, body: &Encoded) -> anyhow::Result<()> {
    for (encoding, suffix) in [(Encoding::Identity, ""), (Encoding::Brotli, ".br"), (Encoding::Gzip, ".gz")] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        write_atomically(Path::new(&name), &body.bytes(encoding)?.0)?;
    }
    Ok(())
}

/// Types worth compressing; images and fonts are compressed already.
fn compressible(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("html" | "css" | "js" | "json" | "svg" | "txt" | "xml" | "webmanifest" | "ico"))
}

/// Copies every file under `from` to `to`, with `.br` and `.gz` beside each compressible one
/// when `compress`; returns how many files it wrote.
fn copy_tree(from: &Path, to: &Path, compress: bool) -> anyhow::Result<usize> {
    let mut written = 0;
    for entry in std::fs::read_dir(from).with_context(|| format!("cannot read {}", from.display()))? {
        let entry = entry?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        if entry.file_type()?.is_dir() {
            written += copy_tree(&source, &target, compress)?;
        } else if compress && compressible(&source) {
            write_encoded(&target, &Encoded::fresh(std::fs::read(&source)?))?;
            written += 3;
        } else {
            write_atomically(&target, &std::fs::read(&source)?)?;
            written += 1;
        }
    }
    Ok(written)
}

/// The server makes its own files readable by itself alone; the export is public, for a web
/// server running as another user.
fn readable_by_all(dir: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755))?;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            readable_by_all(&entry.path())?;
        } else {
            std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o644))?;
        }
    }
    Ok(())
}

fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
    }
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    std::fs::write(&temporary, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    std::fs::rename(&temporary, path)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use app::routes::parse_query;

    fn names(url: &str) -> (PathBuf, PathBuf) {
        let (path, query) = url.split_once('?').map_or((url, None), |(p, q)| (p, Some(q)));
        file_names(&Route::parse(path, &parse_query(query)).unwrap().unwrap())
    }

    #[test]
    fn a_query_goes_into_the_file_name_as_the_site_links_it() {
        assert_eq!(names("/"), (PathBuf::from("index.html"), PathBuf::from("_payload.json")));
        assert_eq!(names("/about"), (PathBuf::from("about/index.html"), PathBuf::from("about/_payload.json")));
        assert_eq!(names("/services?page=2&category=cleaning").0, PathBuf::from("services/index@category=cleaning&page=2.html"));
        assert_eq!(names("/services/details?id=7").1, PathBuf::from("services/details/_payload@id=7.json"));
    }
}
