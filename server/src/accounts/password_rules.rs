//! What a password must be (contract: at least 8 characters, not all digits, not the email).

use crate::domain::Email;

pub fn check_password(password: &str, email: Option<&Email>) -> Result<(), &'static str> {
    if password.chars().count() < 8 {
        return Err("This password is too short. It must contain at least 8 characters.");
    }
    if password.chars().all(|c| c.is_ascii_digit()) {
        return Err("This password is entirely numeric.");
    }
    if email.is_some_and(|email| password.trim().eq_ignore_ascii_case(email.as_str())) {
        return Err("The password is too similar to the email address.");
    }
    if password.chars().count() > 128 {
        return Err("This password is too long. It must contain at most 128 characters.");
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
}
