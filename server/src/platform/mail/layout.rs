//! The look every mail shares: a short branded HTML page around a few paragraphs.

pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A short branded HTML mail around `paragraphs`, with `code` shown large when given.
pub fn html(brand: &str, heading: &str, paragraphs: &[String], code: Option<&str>) -> String {
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
            body.push_str(&format!("<p style=\"font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 16px;color:#0b5563\">{}</p>", escape(code)));
        }
    }
    body.push_str(&format!(
        "<p style=\"font-size:13px;color:#5a6b70;margin:24px 0 0\">{brand} UK. You received this email because of an action on your {brand} account. If it was not you, you can ignore it.</p></div></body></html>"
    ));
    body
}
