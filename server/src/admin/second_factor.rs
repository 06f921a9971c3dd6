//! The staff second factor: a time-based one-time password (RFC 6238: SHA-1, 6 digits, 30 s
//! steps, one step of clock drift either way), each code accepted once, and ten single-use
//! recovery codes for a lost phone.

use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, Secret, Totp};

pub const RECOVERY_CODE_COUNT: usize = 10;
const STEP_SECONDS: u64 = 30;

/// A new random secret, base32 as authenticator apps take it (160 bits, RFC 4226's advice).
pub fn new_secret() -> String {
    Secret::new_stack(rand::random::<[u8; 20]>()).to_base32()
}

fn totp(secret: &str, account: &str, issuer: &str) -> Option<Totp> {
    let secret = Secret::try_from_base32(secret).ok()?;
    totp_rs::Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(6)
        .with_skew(1)
        .with_step_duration(STEP_SECONDS)
        .with_secret(secret)
        .with_account_name(account.replace(':', ""))
        .with_issuer(Some(issuer.replace(':', "")))
        .build()
        .ok()
}

/// The `otpauth://` address an authenticator app reads from the QR code.
pub fn otpauth_url(secret: &str, account: &str, issuer: &str) -> String {
    totp(secret, account, issuer).and_then(|t| t.to_url().ok()).unwrap_or_default()
}

/// The step `code` matches at `unix_seconds`, if it matches one after `last_step` (a code
/// already used, or an older one, is refused).
pub fn accepted_step(secret: &str, code: &str, last_step: Option<i64>, unix_seconds: u64) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let step = totp(secret, "staff", "staff")?.check(&code, unix_seconds)? as i64;
    (last_step.is_none_or(|last| step > last)).then_some(step)
}

/// Ten new recovery codes, shown once: `xxxxx-xxxxx`, lower-case base32 (50 bits each).
pub fn new_recovery_codes() -> Vec<String> {
    (0..RECOVERY_CODE_COUNT)
        .map(|_| {
            let text = Secret::new(rand::random::<[u8; 7]>().into()).to_base32().to_lowercase();
            format!("{}-{}", &text[..5], &text[5..10])
        })
        .collect()
}

/// How a recovery code is stored and looked up: typed with or without the dash, any case.
pub fn recovery_code_hash(code: &str) -> String {
    let normal: String = code.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_lowercase();
    hex::encode(Sha256::digest(normal.as_bytes()))
}

/// `text` as a QR code in SVG (one path of dark modules, with the quiet zone), to draw on our
/// own page: the secret never goes to a third-party QR service.
pub fn qr_svg(text: &str) -> String {
    use qrcodegen::{QrCode, QrCodeEcc};
    let Ok(qr) = QrCode::encode_text(text, QrCodeEcc::Medium) else { return String::new() };
    let border = 4;
    let size = qr.size() + border * 2;
    let mut path = String::new();
    for y in 0..qr.size() {
        for x in 0..qr.size() {
            if qr.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + border, y + border));
            }
        }
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="240" height="240" role="img" aria-label="QR code to scan with your authenticator app" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="{path}" fill="#000"/></svg>"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890"), its 8-digit code at
    /// 59 s is 94287082; the 6-digit code is its last six digits.
    const RFC_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    #[test]
    fn the_rfc_vector_is_accepted_once_and_within_one_step() {
        assert_eq!(accepted_step(RFC_SECRET, "287082", None, 59), Some(1));
        assert_eq!(accepted_step(RFC_SECRET, "287 082", None, 59 + 30), Some(1), "one step of drift");
        assert_eq!(accepted_step(RFC_SECRET, "287082", None, 59 + 90), None, "too old");
        assert_eq!(accepted_step(RFC_SECRET, "287082", Some(1), 59), None, "used already");
        assert_eq!(accepted_step(RFC_SECRET, "287083", None, 59), None);
        assert_eq!(accepted_step(RFC_SECRET, "28708", None, 59), None);
    }

    #[test]
    fn recovery_codes_are_ten_different_and_read_in_any_case() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), 10);
        assert_eq!(codes.iter().collect::<std::collections::HashSet<_>>().len(), 10);
        assert!(codes.iter().all(|c| c.len() == 11 && c.as_bytes()[5] == b'-'));
        assert_eq!(recovery_code_hash(&codes[0]), recovery_code_hash(&codes[0].to_uppercase().replace('-', " ")));
    }

    #[test]
    fn the_enrolment_address_and_qr_code_name_the_account() {
        let secret = new_secret();
        let url = otpauth_url(&secret, "staff@example.com", "Brightway");
        assert!(url.starts_with("otpauth://totp/Brightway:staff%40example.com?"), "{url}");
        assert!(url.contains(&format!("secret={secret}")));
        let svg = qr_svg(&url);
        assert!(svg.starts_with("<svg") && svg.contains("<path d=\"M"));
    }
}
