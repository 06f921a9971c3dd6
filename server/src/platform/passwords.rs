//! Password hashing: argon2id, by default at OWASP's minimum (19 MiB, 2 passes, 1 lane). Hashing is
//! deliberately slow, so callers on the async runtime use the async helpers: they run off the
//! runtime, and at most one hash per core but one at a time, so a burst of logins never takes
//! every core from page requests.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};
use argon2::{Algorithm, Argon2, Params, Version};

/// What one hash costs. A stored hash keeps the cost it was made with, so changing it never
/// stops existing passwords from working.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashCost {
    pub memory_kib: u32,
    pub iterations: u32,
}

impl Default for HashCost {
    fn default() -> Self {
        HashCost { memory_kib: 19 * 1024, iterations: 2 }
    }
}

static COST: std::sync::RwLock<Option<HashCost>> = std::sync::RwLock::new(None);

/// Sets the cost of new hashes for this process (the server does at start-up).
pub fn set_cost(cost: HashCost) {
    *COST.write().unwrap_or_else(|e| e.into_inner()) = Some(cost);
}

fn hasher() -> Argon2<'static> {
    let cost = COST.read().unwrap_or_else(|e| e.into_inner()).unwrap_or_default();
    let params = Params::new(cost.memory_kib.max(8), cost.iterations.max(1), 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    hasher().hash_password(password.as_bytes(), &salt).expect("argon2 hashing cannot fail with valid parameters").to_string()
}

pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
}

static HASHING_SLOTS: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    tokio::sync::Semaphore::new(cores.saturating_sub(1).max(1))
});

async fn off_runtime<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let _slot = HASHING_SLOTS.acquire().await.expect("the hashing semaphore is never closed");
    tokio::task::spawn_blocking(work).await.expect("hashing task panicked")
}

pub async fn hash_blocking(password: String) -> String {
    off_runtime(move || hash(&password)).await
}

/// A real hash to check against when there is no account, so that timing does not reveal
/// which addresses have one. Made on first use, off the runtime like any hash.
static DECOY_HASH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| hash("decoy password for timing"));

/// Checks `password` against `stored`; with no stored hash, spends the same time and fails.
pub async fn verify_blocking(password: String, stored: Option<String>) -> bool {
    off_runtime(move || match stored {
        Some(stored) => verify(&password, &stored),
        None => {
            verify(&password, &DECOY_HASH);
            false
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hash_verifies_only_its_password() {
        let stored = super::hash("correct horse");
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(super::verify("correct horse", &stored));
        assert!(!super::verify("wrong horse", &stored));
        assert!(!super::verify("correct horse", "not a hash"));
    }
}
