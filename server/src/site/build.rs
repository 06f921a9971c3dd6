//! The running build: the islands' manifest (hashed asset names) and an id that changes
//! whenever the islands, the stylesheet or the server binary change.

use anyhow::Context;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::UNIX_EPOCH;

/// `islands/dist/manifest.json`, written by `islands/build.mjs`.
#[derive(Deserialize, Debug, Clone)]
pub struct Manifest {
    pub runtime: String,
    pub stylesheet: String,
    pub back_office_stylesheet: String,
    pub islands: BTreeMap<String, String>,
    pub hash: String,
}

#[derive(Debug, Clone)]
pub struct Build {
    pub id: String,
    /// Milliseconds since the epoch of the newest of its parts.
    pub timestamp: i64,
    pub manifest: Manifest,
    /// The esbuild server bundle that renders islands.
    pub server_bundle: String,
    /// The site's stylesheet, which every page carries inline.
    pub site_css: std::sync::Arc<str>,
}

/// The running binary's digest: it cannot change while the process runs, so it is read once
/// (a process may start several apps, as the tests do).
fn executable_digest(exe: &Path) -> anyhow::Result<&'static [u8]> {
    static DIGEST: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    if let Some(digest) = DIGEST.get() {
        return Ok(digest);
    }
    let bytes = std::fs::read(exe).with_context(|| format!("cannot read {}", exe.display()))?;
    Ok(DIGEST.get_or_init(|| Sha256::digest(&bytes).to_vec()))
}

impl Build {
    pub fn load(islands_dir: &Path) -> anyhow::Result<Self> {
        let hint = "build the islands first: cd islands && npm ci && npm run build";
        let manifest_path = islands_dir.join("manifest.json");
        let manifest_text = std::fs::read_to_string(&manifest_path).with_context(|| format!("cannot read {} ({hint})", manifest_path.display()))?;
        let manifest: Manifest = serde_json::from_str(&manifest_text).with_context(|| format!("{} is not a manifest", manifest_path.display()))?;
        let bundle_path = islands_dir.join("server.js");
        let server_bundle = std::fs::read_to_string(&bundle_path).with_context(|| format!("cannot read {} ({hint})", bundle_path.display()))?;
        let css_path = islands_dir.join(manifest.stylesheet.trim_start_matches('/'));
        let site_css = std::fs::read_to_string(&css_path).with_context(|| format!("cannot read {} ({hint})", css_path.display()))?;

        let exe = std::env::current_exe().context("cannot find the server binary")?;
        let mut digest = Sha256::new();
        digest.update(manifest.hash.as_bytes());
        digest.update(server_bundle.as_bytes());
        digest.update(executable_digest(&exe)?);
        let id = hex::encode(&digest.finalize()[..8]);

        let modified = |path: &Path| {
            std::fs::metadata(path).and_then(|m| m.modified()).ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).map_or(0, |d| d.as_millis() as i64)
        };
        let timestamp = modified(&exe).max(modified(&manifest_path));
        Ok(Build { id, timestamp, manifest, server_bundle, site_css: site_css.into() })
    }

    /// The assets a page links to.
    pub fn assets(&self, public_url: &str) -> app::data::Assets {
        app::data::Assets {
            site_css: self.site_css.clone(),
            back_office_stylesheet: self.manifest.back_office_stylesheet.clone(),
            runtime: self.manifest.runtime.clone(),
            build_id: self.id.clone(),
            public_url: public_url.to_string(),
        }
    }
}
