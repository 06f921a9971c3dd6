//! The sitemap: `/sitemap.xml` is an index of parts (`/sitemaps/N.xml`) of at most 50,000 URLs
//! each, the protocol's limit, so it holds any catalogue. It lists the public pages, every
//! category shown, every Open service and job, each with the date its record last changed, and
//! every provider's profile.

use super::{PageError, Site};
use chrono::{DateTime, Utc};
use std::collections::HashMap;

/// The sitemap protocol's most URLs in one file.
pub const URLS_PER_PART: usize = 50_000;

pub struct Entry {
    pub url: String,
    pub changed: Option<DateTime<Utc>>,
}

/// Every URL worth indexing, in a stable order.
pub async fn entries(site: &Site) -> Result<Vec<Entry>, PageError> {
    use app::routes::{PATHS, Route, parse_query};
    let data = site.site_data().await?;
    let mut entries: Vec<Entry> = PATHS
        .iter()
        .filter_map(|path| Route::parse(path, &parse_query(None)).and_then(Result::ok))
        .filter(Route::indexable)
        .map(|route| Entry { url: route.url(), changed: None })
        .collect();
    let services = crate::catalogue::services::open_services_changed(&site.db).await?;
    let mut category_changed: HashMap<i32, DateTime<Utc>> = HashMap::new();
    for (_, category_id, changed) in &services {
        let newest = category_changed.entry(*category_id).or_insert(*changed);
        *newest = (*newest).max(*changed);
    }
    for category in data.categories.iter().filter(|c| c.service_count > 0) {
        let url = Route::services(Some(category.slug.clone()), 1).url();
        entries.push(Entry { url, changed: category_changed.get(&category.id).copied() });
    }
    let shown: std::collections::HashSet<i32> = data.categories.iter().map(|c| c.id).collect();
    for (id, category_id, changed) in services {
        if shown.contains(&category_id) {
            entries.push(Entry { url: Route::service(id).url(), changed: Some(changed) });
        }
    }
    for (id, changed) in crate::jobs::queries::open_jobs_changed(&site.db).await? {
        entries.push(Entry { url: Route::Apply { job: Some(id) }.url(), changed: Some(changed) });
    }
    for id in crate::providers::profile::all(&site.db).await? {
        entries.push(Entry { url: Route::provider(id).url(), changed: None });
    }
    Ok(entries)
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

const HEAD: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// How many parts `entries` fill; at least one, so that the index is never empty.
pub fn part_count(entries: &[Entry]) -> usize {
    entries.len().div_ceil(URLS_PER_PART).max(1)
}

/// The path of part `number` (from 1).
pub fn part_path(number: usize) -> String {
    format!("/sitemaps/{number}.xml")
}

/// `/sitemap.xml`: the parts, each dated by its newest URL.
pub fn index(public_url: &str, entries: &[Entry]) -> String {
    let mut xml = format!("{HEAD}<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for number in 1..=part_count(entries) {
        xml.push_str(&format!("  <sitemap><loc>{public_url}{}</loc>", part_path(number)));
        if let Some(newest) = part_entries(entries, number).and_then(|part| part.iter().filter_map(|e| e.changed).max()) {
            xml.push_str(&format!("<lastmod>{}</lastmod>", newest.format("%Y-%m-%d")));
        }
        xml.push_str("</sitemap>\n");
    }
    xml.push_str("</sitemapindex>\n");
    xml
}

fn part_entries(entries: &[Entry], number: usize) -> Option<&[Entry]> {
    let start = (number.checked_sub(1)?).checked_mul(URLS_PER_PART)?;
    if number > part_count(entries) {
        return None;
    }
    Some(&entries[start.min(entries.len())..(start + URLS_PER_PART).min(entries.len())])
}

/// Part `number` of the sitemap, or `None` past the last.
pub fn part(public_url: &str, entries: &[Entry], number: usize) -> Option<String> {
    let mut xml = format!("{HEAD}<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for entry in part_entries(entries, number)? {
        xml.push_str(&format!("  <url><loc>{public_url}{}</loc>", xml_escape(&entry.url)));
        if let Some(changed) = entry.changed {
            xml.push_str(&format!("<lastmod>{}</lastmod>", changed.format("%Y-%m-%d")));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    Some(xml)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn many(count: usize) -> Vec<Entry> {
        (0..count).map(|i| Entry { url: format!("/services/details?id={i}"), changed: None }).collect()
    }

    #[test]
    fn parts_hold_at_most_fifty_thousand_urls() {
        let entries = many(URLS_PER_PART * 2 + 1);
        assert_eq!(part_count(&entries), 3);
        let index = index("https://x.uk", &entries);
        assert_eq!(index.matches("<sitemap>").count(), 3);
        assert!(index.contains("<loc>https://x.uk/sitemaps/3.xml</loc>"));
        assert_eq!(part("https://x.uk", &entries, 1).unwrap().matches("<url>").count(), URLS_PER_PART);
        assert_eq!(part("https://x.uk", &entries, 3).unwrap().matches("<url>").count(), 1);
        assert!(part("https://x.uk", &entries, 4).is_none());
        assert!(part("https://x.uk", &entries, 0).is_none());
    }

    #[test]
    fn urls_are_escaped_and_dated() {
        let changed = DateTime::parse_from_rfc3339("2026-11-20T10:00:00Z").unwrap().with_timezone(&Utc);
        let entries = vec![Entry { url: "/services?category=a&page=2".into(), changed: Some(changed) }];
        let xml = part("https://x.uk", &entries, 1).unwrap();
        assert!(xml.contains("<loc>https://x.uk/services?category=a&amp;page=2</loc><lastmod>2026-11-20</lastmod>"), "{xml}");
        assert!(index("https://x.uk", &entries).contains("<lastmod>2026-11-20</lastmod>"));
        assert_eq!(part_count(&[]), 1);
    }
}
