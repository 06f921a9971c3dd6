//! The schema.org JSON-LD our pages carry, checked against the properties Google documents.

use crate::fixtures::*;
use app::data::*;
use app::routes::PageData;
use std::collections::BTreeMap;

/// The schema.org types our pages mark up, with the properties Google documents for each (its
/// required ones first) or, for types Google has no feature for, schema.org's own: a property
/// outside the list is a typo or markup Google ignores, and a missing required one loses the
/// rich result.
pub(crate) struct SchemaType {
    name: &'static str,
    required: &'static [&'static str],
    recommended: &'static [&'static str],
}

pub(crate) const SCHEMA_TYPES: &[SchemaType] = &[
    // developers.google.com/search/docs/appearance/structured-data/organization: none required.
    SchemaType {
        name: "Organization",
        required: &["name"],
        recommended: &["url", "logo", "email", "telephone", "address", "sameAs", "description", "legalName", "alternateName", "contactPoint", "vatID"],
    },
    // .../breadcrumb: itemListElement; each ListItem needs position, name and item (not the last).
    SchemaType { name: "BreadcrumbList", required: &["itemListElement"], recommended: &[] },
    SchemaType { name: "ListItem", required: &["position", "name"], recommended: &["item"] },
    // .../job-posting.
    SchemaType {
        name: "JobPosting",
        required: &["title", "description", "datePosted", "hiringOrganization", "jobLocation"],
        recommended: &["validThrough", "employmentType", "baseSalary", "directApply", "identifier", "applicantLocationRequirements", "jobLocationType"],
    },
    SchemaType { name: "Place", required: &["address"], recommended: &[] },
    SchemaType { name: "PostalAddress", required: &["addressCountry"], recommended: &["streetAddress", "addressLocality", "addressRegion", "postalCode"] },
    SchemaType { name: "PropertyValue", required: &["name", "value"], recommended: &[] },
    SchemaType { name: "MonetaryAmount", required: &["currency", "value"], recommended: &[] },
    SchemaType { name: "QuantitativeValue", required: &["unitText"], recommended: &["value", "minValue", "maxValue"] },
    // schema.org/Service (no Google feature): what a search engine reads of a service.
    SchemaType { name: "Service", required: &["name", "provider", "offers"], recommended: &["description", "serviceType", "areaServed", "url", "image"] },
    SchemaType { name: "City", required: &["name"], recommended: &[] },
    // .../product-snippet's Offer: price and priceCurrency.
    SchemaType { name: "Offer", required: &["price", "priceCurrency"], recommended: &["priceSpecification", "availability", "url", "priceValidUntil"] },
    SchemaType { name: "UnitPriceSpecification", required: &["price", "priceCurrency"], recommended: &["unitCode", "unitText"] },
];

/// Every JSON-LD block of a page, parsed.
pub(crate) fn json_ld(html: &str) -> Vec<serde_json::Value> {
    html.split(r#"<script type="application/ld+json">"#)
        .skip(1)
        .map(|rest| serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).expect("JSON-LD parses"))
        .collect()
}

/// Checks `value` and everything in it against [`SCHEMA_TYPES`]; `url` names the page.
pub(crate) fn assert_schema(value: &serde_json::Value, url: &str) {
    match value {
        serde_json::Value::Object(fields) => {
            if let Some(name) = fields.get("@type").and_then(|t| t.as_str()) {
                let schema = SCHEMA_TYPES.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("{url}: {name} is not a type we check"));
                for required in schema.required {
                    assert!(fields.contains_key(*required), "{url}: {name} lacks {required}");
                }
                for field in fields.keys().filter(|f| !f.starts_with('@')) {
                    assert!(
                        schema.required.contains(&field.as_str()) || schema.recommended.contains(&field.as_str()),
                        "{url}: {name}.{field} is not a documented property"
                    );
                }
                for link in ["url", "item", "logo"].iter().filter_map(|f| fields.get(*f)) {
                    assert!(link.as_str().is_some_and(|l| l.starts_with("https://brightway.example/")), "{url}: {name} links to {link}");
                }
                if name == "BreadcrumbList" {
                    let items = fields["itemListElement"].as_array().unwrap();
                    for (index, item) in items.iter().enumerate() {
                        assert_eq!(item["position"], index + 1, "{url}: breadcrumb positions count from 1");
                        assert!(index + 1 == items.len() || item.get("item").is_some(), "{url}: only the last breadcrumb may lack its link");
                    }
                }
                if name == "Offer" || name == "UnitPriceSpecification" {
                    assert_eq!(fields["priceCurrency"], "GBP", "{url}");
                    assert!(fields["price"].as_str().is_some_and(|p| p.parse::<f64>().is_ok()), "{url}: price {}", fields["price"]);
                }
            }
            fields.values().for_each(|inner| assert_schema(inner, url));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| assert_schema(item, url)),
        _ => {}
    }
}

#[test]
fn every_json_ld_block_holds_the_properties_google_documents_for_its_type() {
    let mut types_by_page = BTreeMap::new();
    for payload in every_page() {
        let html = render(&payload);
        let blocks = json_ld(&html);
        for block in &blocks {
            assert_eq!(block["@context"], "https://schema.org", "{}", payload.url);
            assert_schema(block, &payload.url);
        }
        assert!(!html.contains("aggregateRating"), "{}: ratings are shown as text, not marked up", payload.url);
        let types: Vec<String> = blocks.iter().map(|b| b["@type"].as_str().unwrap().to_owned()).collect();
        types_by_page.insert(payload.url.clone(), types);
    }
    assert_eq!(types_by_page["/"], ["Organization"]);
    assert_eq!(types_by_page["/services?category=cleaning"], ["BreadcrumbList"]);
    assert_eq!(types_by_page["/services/details?id=1"], ["BreadcrumbList", "Service"]);
    assert_eq!(types_by_page["/apply?id=3"], ["BreadcrumbList", "JobPosting"]);
    assert!(types_by_page["/about"].is_empty());
}

#[test]
fn the_company_and_a_service_are_described_from_their_data() {
    let home = json_ld(&render(&page("/")));
    assert_eq!(home[0]["name"], "Brightway UK");
    assert_eq!(home[0]["email"], "hello@brightway.example");
    assert_eq!(home[0]["telephone"], "+44 20 7946 0000");
    assert_eq!(home[0]["sameAs"][0], "https://facebook.example/brightway");
    let details = render(&page("/services/details?id=1"));
    let blocks = json_ld(&details);
    let service = &blocks[1];
    assert_eq!(service["name"], "End of tenancy cleaning");
    assert_eq!(service["offers"]["price"], "120.00");
    assert_eq!(service["areaServed"][0]["name"], "Swindon");
    let trail: Vec<&str> = blocks[0]["itemListElement"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(trail, ["Home", "Services", "Cleaning", "End of tenancy cleaning"]);
    assert!(details.contains("4.3"), "the rating is shown as text");
}

#[test]
fn a_closed_job_keeps_its_page_but_leaves_search_engines() {
    let mut closed = page("/apply?id=3");
    if let PageData::Apply(Some(detail)) = &mut closed.page {
        detail.status = ListingStatus::Closed;
    }
    let html = render(&closed);
    assert!(html.contains(r#"<meta name="robots" content="noindex">"#));
    assert!(!html.contains("JobPosting"), "a closed job is no vacancy");
    assert!(!render(&page("/apply?id=3")).contains(r#"content="noindex""#));
}
