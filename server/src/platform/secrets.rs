//! The server's signing secret: `JWT_SECRET`, or one generated on first start and kept in
//! `data/secret` (readable by the server's user only). Each use gets its own derived key.

use anyhow::Context;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::path::Path;

pub struct Secrets {
    pub tokens: Vec<u8>,
    pub codes: Vec<u8>,
    pub files: Vec<u8>,
}

impl Secrets {
    pub fn load(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        let master = match configured {
            Some(secret) if secret.len() >= 32 => secret.as_bytes().to_vec(),
            Some(_) => anyhow::bail!("JWT_SECRET must be at least 32 characters"),
            None => load_or_create(&data_dir.join("secret"))?,
        };
        let derive = |purpose: &str| {
            let mut mac = Hmac::<Sha256>::new_from_slice(&master).expect("HMAC takes any key length");
            mac.update(purpose.as_bytes());
            mac.finalize().into_bytes().to_vec()
        };
        Ok(Secrets { tokens: derive("jwt"), codes: derive("one-time-codes"), files: derive("file-links") })
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
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o600))?;
    }
    std::fs::rename(&partial, path)?;
    Ok(secret.into_bytes())
}
