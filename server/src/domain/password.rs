//! What a password must be (contract: at least 8 characters, not all digits, not the email),
//! and not a common or easily guessed one (NIST SP 800-63B asks for a check against known
//! passwords): zxcvbn's estimate, from its 30,000 common passwords, names, words, keyboard
//! patterns and the account's own email, must be above a million guesses.

use super::Email;
use zxcvbn::Score;

pub const PASSWORD_TOO_SHORT: &str = "This password is too short. It must contain at least 8 characters.";
pub const PASSWORD_NUMERIC: &str = "This password is entirely numeric.";
pub const PASSWORD_LIKE_EMAIL: &str = "The password is too similar to the email address.";
pub const PASSWORD_TOO_LONG: &str = "This password is too long. It must contain at most 128 characters.";
pub const TOO_COMMON: &str = "This password is too common. Choose a longer or less usual one, such as a few words only you would put together.";

pub fn check_password(password: &str, email: Option<&Email>) -> Result<(), &'static str> {
    if password.chars().count() < 8 {
        return Err(PASSWORD_TOO_SHORT);
    }
    if password.chars().all(|c| c.is_ascii_digit()) {
        return Err(PASSWORD_NUMERIC);
    }
    if email.is_some_and(|email| password.trim().eq_ignore_ascii_case(email.as_str())) {
        return Err(PASSWORD_LIKE_EMAIL);
    }
    if password.chars().count() > 128 {
        return Err(PASSWORD_TOO_LONG);
    }
    let own_words: Vec<&str> = email.map(|email| email.as_str().split(['@', '.', '_', '-', '+']).filter(|word| word.len() > 2).collect()).unwrap_or_default();
    if zxcvbn::zxcvbn(password, &own_words).score() < Score::Two {
        return Err(TOO_COMMON);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_follow_the_contract() {
        let email = Email::parse("amelia@example.co.uk").unwrap();
        assert!(check_password("short1", None).is_err());
        assert!(check_password("12345678", None).is_err());
        assert!(check_password("Amelia@Example.co.uk", Some(&email)).is_err());
        assert!(check_password("a quiet garden", Some(&email)).is_ok());
    }

    #[test]
    fn common_and_easily_guessed_passwords_are_refused() {
        let email = Email::parse("amelia.hughes@example.co.uk").unwrap();
        for common in ["password", "Password1", "password123", "qwertyuiop", "iloveyou", "letmein1", "football", "abcdefgh", "aaaaaaaa", "amelia123"] {
            assert_eq!(check_password(common, Some(&email)), Err(TOO_COMMON), "{common}");
        }
        // The passwords the tests and the demo data use are not common.
        for fine in [
            "demo-password-1",
            "a long staff password",
            "a long staff password 1",
            "river walk 22",
            "harbour lights",
            "lavender fields",
            "Harbour-lantern-42",
            "a louder garden",
            "a brand new garden",
            "lantern by the sea",
            "a password to confirm",
            "a new long password",
            "a long password",
            "admin-password-1",
            "a quiet garden",
            "sunny allotment",
            "correct horse",
            "a-good-password",
            "new-secret-22",
        ] {
            assert_eq!(check_password(fine, Some(&email)), Ok(()), "{fine}");
        }
    }
}
