//! What the accounts feature says: the answers and refusals of sign-up, sign-in, codes,
//! tokens, the profile and the password, the account pages' own forms, and the code mails
//! (plain text and HTML carrying the brand).

use crate::platform::mail::layout::html;
use crate::platform::mail::outbox::Mail;

// Signing up and verifying.
pub const REGISTERED: &str = "Registration successful! Please check your email to verify your account.";
pub const EMAIL_TAKEN: &str = "A user with this email already exists.";
/// What a member is told once their address is verified.
pub const VERIFIED: &str = "Verification successful! Please login to continue.";
pub const ALREADY_VERIFIED: &str = "This email address is already verified. Please login.";
pub const CODE_RESENT: &str = "Verification code resent! Please check your email.";

pub fn wait_for_code(seconds: i64) -> String {
    format!("Please wait {seconds} seconds before asking for another code.")
}

// Codes.
pub const INVALID_CODE: &str = "Invalid or expired code.";
pub const TOO_MANY_WRONG_CODES: &str = "Too many wrong codes. Request a new code.";
pub const CODE_FORMAT: &str = "Enter the 6-digit code from the email.";

// Signing in and out, and tokens.
pub const WRONG_CREDENTIALS: &str = "No active account found with the given credentials";
pub const NOT_VERIFIED: &str = "Please verify your email address before logging in. We sent you a code.";
pub const LOGGED_OUT: &str = "Logged out.";
pub const TOKEN_INVALID: &str = "Token is invalid or expired";
pub const TOKEN_NOT_VALID: &str = "Given token not valid for any token type";

// Resetting and changing the password.
/// What is said after a reset code is asked for, whether or not the account exists.
pub const RESET_CODE_SENT: &str = "Password reset code sent! Please check your email.";
/// What a member is told once their new password is set.
pub const PASSWORD_RESET: &str = "Password reset successful! Please login to continue.";
pub const WRONG_OLD_PASSWORD: &str = "Your old password was entered incorrectly. Please enter it again.";
pub const PASSWORD_UPDATED: &str = "Password updated successfully!";

// The profile.
pub const NAME_BLANK: &str = "This field may not be blank.";
pub const EMAIL_UNCHANGEABLE: &str = "The email address cannot be changed.";
pub const BIRTH_NOT_PAST: &str = "Enter a date of birth in the past.";
pub const BIRTH_FORMAT: &str = "Date has wrong format. Use YYYY-MM-DD.";
pub const NOT_CHANGED_HERE: &str = "This field cannot be changed here.";
pub const FORM_UNREADABLE: &str = "The form could not be read";
/// The name of a certificate uploaded without a file name.
pub const CERTIFICATE: &str = "Certificate";
/// A picture that is not a whole JPEG, PNG or WebP: where it was taken cannot be removed from it.
pub const PICTURE_UNREADABLE: &str = "This picture could not be read: upload a JPEG, PNG or WebP image as your camera or phone saved it.";

pub fn field_unreadable(name: &str) -> String {
    format!("The field {name} could not be read")
}

pub fn certificates_per_request(most: usize) -> String {
    format!("Add at most {most} certificates at a time.")
}

pub fn certificates_per_member(most: usize) -> String {
    format!("You can keep at most {most} certificates. Remove one first.")
}

// The account pages' own forms.
/// Said when the login form is posted without JavaScript.
pub const LOGIN_NEEDS_JAVASCRIPT: &str =
    "Logging in needs JavaScript: your session is kept by this site's script in your browser. Turn JavaScript on, then log in again.";
/// Said when the change-password form is posted without JavaScript.
pub const CHANGE_PASSWORD_NEEDS_JAVASCRIPT: &str = "Changing your password needs JavaScript and sign-in: your session is kept by this site's script in your browser. Turn JavaScript on, log in, then change it here.";
pub const PAGE_FORM_UNREADABLE: &str = "The form cannot be read: send it again from the page.";

// The code mails.
/// How a mail greets a member named `full_name`.
pub fn first_name(full_name: &str) -> &str {
    first_name_or(full_name, "there")
}

/// The first word of a member's full name, or `fallback` when it is blank.
pub fn first_name_or<'a>(full_name: &'a str, fallback: &'a str) -> &'a str {
    full_name.split_whitespace().next().unwrap_or(fallback)
}

fn code_mail(to: &str, brand: &str, name: &str, subject: String, heading: &str, intro: &str, code: &str) -> Mail {
    let greeting = format!("Hello {name},");
    let lines = [greeting.clone(), intro.to_string(), "The code works for 10 minutes and only once. We will never ask you for it by phone.".to_string()];
    let text = format!(
        "{greeting}\n\n{intro}\n\n    {code}\n\nThe code works for 10 minutes and only once. We will never ask you for it by phone.\n\n{brand} UK\nIf this was not you, you can ignore this email.\n"
    );
    Mail { to: to.to_string(), subject, text, html: html(brand, heading, &lines, Some(code)), calendar: None, unsubscribe: None }
}

pub fn verification_code(to: &str, brand: &str, name: &str, code: &str) -> Mail {
    code_mail(
        to,
        brand,
        name,
        format!("Your {brand} verification code"),
        "Verify your email address",
        "Welcome! Enter this code to verify your email address:",
        code,
    )
}

pub fn password_reset_code(to: &str, brand: &str, name: &str, code: &str) -> Mail {
    code_mail(
        to,
        brand,
        name,
        format!("Your {brand} password reset code"),
        "Reset your password",
        "Someone asked to reset the password of your account. Enter this code to choose a new password:",
        code,
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn code_mails_carry_the_code_and_the_brand_in_both_bodies() {
        let mail = super::verification_code("amelia@example.co.uk", "Brightway", "Amelia <Hughes>", "042137");
        assert!(mail.subject.contains("Brightway"));
        assert!(!mail.subject.contains("042137"), "subjects show in notifications and lock screens: no code there");
        assert!(mail.text.contains("042137") && mail.text.contains("Hello Amelia <Hughes>,"));
        assert!(mail.html.contains("042137") && mail.html.contains("Brightway"));
        assert!(mail.html.contains("Amelia &lt;Hughes&gt;"), "names are escaped in HTML");
    }
}
