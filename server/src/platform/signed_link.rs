//! Links in mails that act without signing in (confirm job alerts, unsubscribe): the record's
//! id and what the link does, signed with a server key, so that nobody can make one for
//! someone else's record.

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

pub struct SignedLinks {
    key: Vec<u8>,
}

impl SignedLinks {
    pub fn new(key: &[u8]) -> Self {
        SignedLinks { key: key.to_vec() }
    }

    fn mac(&self, action: &str, id: i32) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(format!("{action}\n{id}").as_bytes());
        mac
    }

    /// The signature of `action` on record `id`.
    pub fn sign(&self, action: &str, id: i32) -> String {
        hex::encode(self.mac(action, id).finalize().into_bytes())
    }

    /// Whether `signature` is ours for `action` on `id` (compared in constant time).
    pub fn verify(&self, action: &str, id: i32, signature: &str) -> bool {
        let Ok(given) = hex::decode(signature) else { return false };
        self.mac(action, id).verify_slice(&given).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::SignedLinks;

    #[test]
    fn a_signature_holds_only_for_its_action_and_record() {
        let links = SignedLinks::new(b"a key of the server for the tests");
        let signature = links.sign("unsubscribe", 7);
        assert!(links.verify("unsubscribe", 7, &signature));
        assert!(!links.verify("unsubscribe", 8, &signature));
        assert!(!links.verify("confirm", 7, &signature));
        assert!(!links.verify("unsubscribe", 7, "not hex"));
        assert!(!SignedLinks::new(b"another key of another server!!!").verify("unsubscribe", 7, &signature));
    }
}
