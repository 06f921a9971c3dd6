//! The mails the site sends, each as plain text and HTML carrying the brand.

use crate::platform::mail::layout::html;
use crate::platform::mail::outbox::Mail;

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
