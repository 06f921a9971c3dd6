//! The mails the site sends, each as plain text and HTML carrying the brand.

use crate::platform::mail::outbox::Mail;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A short branded HTML mail around `paragraphs`, with `code` shown large when given.
fn html(brand: &str, heading: &str, paragraphs: &[String], code: Option<&str>) -> String {
    let brand = escape(brand);
    let mut body = format!(
        "<!DOCTYPE html><html lang=\"en-GB\"><head><meta charset=\"utf-8\"><title>{heading}</title></head>\
         <body style=\"margin:0;padding:24px;background:#f4f7f8;font-family:Arial,Helvetica,sans-serif;color:#1d2b30\">\
         <div style=\"max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px\">\
         <p style=\"margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b5563\">{brand}</p>\
         <h1 style=\"font-size:22px;margin:0 0 16px\">{heading}</h1>",
        heading = escape(heading)
    );
    for paragraph in paragraphs {
        body.push_str(&format!("<p style=\"font-size:16px;line-height:1.5;margin:0 0 16px\">{}</p>", escape(paragraph)));
        if let Some(code) = code.filter(|_| paragraph.ends_with(':')) {
            body.push_str(&format!(
                "<p style=\"font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 16px;color:#0b5563\">{}</p>",
                escape(code)
            ));
        }
    }
    body.push_str(&format!(
        "<p style=\"font-size:13px;color:#5a6b70;margin:24px 0 0\">{brand} UK. You received this email because of an action on your {brand} account. If it was not you, you can ignore it.</p></div></body></html>"
    ));
    body
}

fn code_mail(to: &str, brand: &str, name: &str, subject: String, heading: &str, intro: &str, code: &str) -> Mail {
    let greeting = format!("Hello {name},");
    let lines = [greeting.clone(), intro.to_string(), "The code works for 10 minutes and only once. We will never ask you for it by phone.".to_string()];
    let text = format!(
        "{greeting}\n\n{intro}\n\n    {code}\n\nThe code works for 10 minutes and only once. We will never ask you for it by phone.\n\n{brand} UK\nIf this was not you, you can ignore this email.\n"
    );
    Mail { to: to.to_string(), subject, text, html: html(brand, heading, &lines, Some(code)) }
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
