//! The server's signing secret: `JWT_SECRET`, or one generated on first start and kept in
//! `data/secret` (readable by the server's user only). Each use gets its own derived key.

use anyhow::Context;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::path::Path;

/// A shorter secret could be brute-forced from one signed token.
const MIN_LENGTH: usize = 32;

pub struct Secrets {
    pub tokens: Vec<u8>,
    pub codes: Vec<u8>,
    pub files: Vec<u8>,
    pub mail_links: Vec<u8>,
}

impl Secrets {
    pub fn load(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        let master = match configured {
            Some(secret) => secret.as_bytes().to_vec(),
            None => load_or_create(&data_dir.join("secret"))?,
        };
        if master.len() < MIN_LENGTH {
            let origin = if configured.is_some() { "JWT_SECRET".to_string() } else { data_dir.join("secret").display().to_string() };
            anyhow::bail!("{origin} must hold a secret of at least {MIN_LENGTH} bytes; a short one can be guessed");
        }
        let derive = |purpose: &str| {
            let mut mac = Hmac::<Sha256>::new_from_slice(&master).expect("HMAC takes any key length");
            mac.update(purpose.as_bytes());
            mac.finalize().into_bytes().to_vec()
        };
        Ok(Secrets { tokens: derive("jwt"), codes: derive("one-time-codes"), files: derive("file-links"), mail_links: derive("mail-links") })
    }
}

fn load_or_create(path: &Path) -> anyhow::Result<Vec<u8>> {
    if let Ok(existing) = std::fs::read_to_string(path) {
        return Ok(existing.trim().as_bytes().to_vec());
    }
    std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))?;
    let secret = hex::encode(rand::random::<[u8; 32]>());
    let partial = path.with_extension("partial");
    std::fs::write(&partial, &secret).with_context(|| format!("cannot write {}", partial.display()))?;
    std::fs::rename(&partial, path)?;
    Ok(secret.into_bytes())
}

/// Whether two secrets are equal, in a time that does not tell how much of them matched.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_secret_is_refused_from_the_environment_and_from_the_file() {
        let folder = tempfile::tempdir().unwrap();
        assert!(Secrets::load(Some("too short"), folder.path()).is_err());
        std::fs::write(folder.path().join("secret"), "also too short").unwrap();
        let error = Secrets::load(None, folder.path()).err().expect("a short secret file is refused");
        assert!(error.to_string().contains("at least 32 bytes"), "{error}");
        std::fs::write(folder.path().join("secret"), "x".repeat(32)).unwrap();
        assert!(Secrets::load(None, folder.path()).is_ok());
    }

    #[test]
    fn a_generated_secret_is_kept_and_reused() {
        let folder = tempfile::tempdir().unwrap();
        let first = Secrets::load(None, folder.path()).unwrap();
        let second = Secrets::load(None, folder.path()).unwrap();
        assert_eq!(first.tokens, second.tokens);
        assert_ne!(first.tokens, first.files, "each use has its own key");
    }
}
