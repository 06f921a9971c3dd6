//! schema.org JSON-LD for search engines, besides `JobPosting` (its own module): the company
//! as `Organization` on the home page, a `BreadcrumbList` on category, service and job pages,
//! and a service as `Service` with its starting price as an `Offer` in GBP. A service's rating
//! is shown as text and never marked up: Google treats ratings a business shows about its own
//! services as self-serving and ignores them. URLs are written from the site's root here and
//! made absolute by [`absolute_urls`] when the document is put together.

use crate::data::{ListingStatus, PriceUnit, ServiceDetail, WebsiteInfo};
use serde_json::{Value, json};

const CONTEXT: &str = "https://schema.org";

/// The company from the website info: name, address, contact points and social profiles.
pub(crate) fn organization(info: &WebsiteInfo) -> Value {
    let mut organization = json!({
        "@context": CONTEXT,
        "@type": "Organization",
        "name": format!("{} UK", info.brand),
        "url": "/",
        "logo": "/icon-512.png",
        "email": info.email,
        "address": { "@type": "PostalAddress", "streetAddress": info.address, "addressCountry": "GB" },
    });
    if let Some(phone) = info.phones.first() {
        organization["telephone"] = json!(phone);
    }
    let profiles: Vec<&String> = info.socials.values().filter(|url| url.starts_with("https://")).collect();
    if !profiles.is_empty() {
        organization["sameAs"] = json!(profiles);
    }
    organization
}

/// The trail of links to a page, then the page itself (`url`), as `BreadcrumbList`.
pub(crate) fn breadcrumb_list(trail: &[(String, String)], current: &str, url: &str) -> Value {
    let items: Vec<Value> = trail
        .iter()
        .map(|(href, name)| (href.as_str(), name.as_str()))
        .chain([(url, current)])
        .enumerate()
        .map(|(index, (href, name))| json!({ "@type": "ListItem", "position": index + 1, "name": name, "item": href }))
        .collect();
    json!({ "@context": CONTEXT, "@type": "BreadcrumbList", "itemListElement": items })
}

/// A service and its starting price; `brand` provides it.
pub(crate) fn service(detail: &ServiceDetail, url: &str, brand: &str) -> Value {
    let service = &detail.service;
    let unit = match service.price_unit {
        PriceUnit::Hour => Some("HUR"),
        PriceUnit::Day => Some("DAY"),
        PriceUnit::Fixed => None,
    };
    let mut price = json!({ "@type": "UnitPriceSpecification", "price": service.price_from, "priceCurrency": "GBP" });
    if let Some(unit) = unit {
        price["unitCode"] = json!(unit);
    }
    let mut offer = json!({
        "@type": "Offer",
        "price": service.price_from,
        "priceCurrency": "GBP",
        "priceSpecification": price,
        "url": url,
    });
    if detail.status == ListingStatus::Open {
        offer["availability"] = json!("https://schema.org/InStock");
    }
    json!({
        "@context": CONTEXT,
        "@type": "Service",
        "name": service.title,
        "description": service.summary,
        "serviceType": service.category.name,
        "url": url,
        "provider": { "@type": "Organization", "name": format!("{brand} UK"), "url": "/" },
        "areaServed": service.areas.iter().map(|area| json!({ "@type": "City", "name": area })).collect::<Vec<_>>(),
        "offers": offer,
    })
}

/// Makes every site-relative URL in `data` (`url`, `item`, `logo`) absolute on `origin`.
pub(crate) fn absolute_urls(data: &mut Value, origin: &str) {
    match data {
        Value::Object(fields) => {
            for (name, value) in fields.iter_mut() {
                match value {
                    Value::String(text) if matches!(name.as_str(), "url" | "item" | "logo") && text.starts_with('/') => *text = format!("{origin}{text}"),
                    _ => absolute_urls(value, origin),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| absolute_urls(item, origin)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breadcrumbs_are_numbered_from_one_and_end_with_the_page() {
        let list = breadcrumb_list(&[("/".into(), "Home".into()), ("/jobs".into(), "Jobs".into())], "Chef", "/apply?id=3");
        let items = list["itemListElement"].as_array().unwrap();
        assert_eq!(items.iter().map(|i| i["position"].as_u64().unwrap()).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(items[2]["name"], "Chef");
        assert_eq!(items[2]["item"], "/apply?id=3");
    }

    #[test]
    fn site_relative_urls_become_absolute() {
        let mut data = json!({ "url": "/", "offers": { "url": "/services/details?id=1" }, "itemListElement": [{ "item": "/jobs" }], "sameAs": ["https://x.example"], "name": "/not-a-url" });
        absolute_urls(&mut data, "https://brightway.example");
        assert_eq!(data["url"], "https://brightway.example/");
        assert_eq!(data["offers"]["url"], "https://brightway.example/services/details?id=1");
        assert_eq!(data["itemListElement"][0]["item"], "https://brightway.example/jobs");
        assert_eq!(data["name"], "/not-a-url");
    }
}
