//! A job as schema.org `JobPosting` (JSON-LD), for Google's job search: every property Google
//! requires (title, description, datePosted, hiringOrganization, jobLocation) and the
//! recommended ones the job has (validThrough, employmentType, baseSalary, directApply,
//! identifier). Only an open job is described: a closed one must not be offered as a vacancy.

use crate::data::{EmploymentType, JobDetail, ListingStatus, SalaryPeriod};
use crate::format::paragraphs;
use serde_json::{Value, json};

fn employment_type(kind: EmploymentType) -> &'static str {
    match kind {
        EmploymentType::FullTime => "FULL_TIME",
        EmploymentType::PartTime => "PART_TIME",
        EmploymentType::Contract => "CONTRACTOR",
        EmploymentType::Temporary => "TEMPORARY",
    }
}

/// "Harrogate, North Yorkshire": the town, then the county if given; always in Great Britain.
fn address(location: &str) -> Value {
    let (town, region) = match location.split_once(',') {
        Some((town, region)) => (town.trim(), Some(region.trim()).filter(|r| !r.is_empty())),
        None => (location.trim(), None),
    };
    let mut address = json!({ "@type": "PostalAddress", "addressLocality": town, "addressCountry": "GB" });
    if let Some(region) = region {
        address["addressRegion"] = json!(region);
    }
    address
}

/// A decimal string in pounds as a JSON number.
fn amount(decimal: &str) -> Option<Value> {
    decimal.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map(Value::Number)
}

fn base_salary(min: Option<&str>, max: Option<&str>, period: SalaryPeriod) -> Option<Value> {
    let unit = match period {
        SalaryPeriod::Hour => "HOUR",
        SalaryPeriod::Year => "YEAR",
    };
    let mut value = json!({ "@type": "QuantitativeValue", "unitText": unit });
    match (min.and_then(amount), max.and_then(amount)) {
        (Some(min), Some(max)) if min != max => {
            value["minValue"] = min;
            value["maxValue"] = max;
        }
        (Some(exact), _) | (None, Some(exact)) => value["value"] = exact,
        (None, None) => return None,
    }
    Some(json!({ "@type": "MonetaryAmount", "currency": "GBP", "value": value }))
}

/// The job's `JobPosting`, or `None` when it is not open. `brand` is the site that lists it.
pub(crate) fn job_posting(detail: &JobDetail, brand: &str) -> Option<Value> {
    if detail.status != ListingStatus::Open {
        return None;
    }
    let job = &detail.job;
    // Google takes the description as HTML: a paragraph each, the text escaped.
    let description: String = paragraphs(&detail.description).iter().map(|p| format!("<p>{}</p>", escape(p))).collect();
    let mut posting = json!({
        "@context": "https://schema.org",
        "@type": "JobPosting",
        "title": job.title,
        "description": description,
        "datePosted": job.posted_at,
        "employmentType": employment_type(job.employment_type),
        "hiringOrganization": { "@type": "Organization", "name": job.company },
        "jobLocation": { "@type": "Place", "address": address(&job.location) },
        "directApply": true,
        "identifier": { "@type": "PropertyValue", "name": brand, "value": job.id.to_string() },
    });
    if let Some(closes) = &job.closes_at {
        // Open to the end of its closing day, UK time.
        posting["validThrough"] = json!(format!("{closes}T23:59:59"));
    }
    if let Some(salary) = base_salary(job.salary_min.as_deref(), job.salary_max.as_deref(), job.salary_period) {
        posting["baseSalary"] = salary;
    }
    Some(posting)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::JobCard;

    fn detail(status: ListingStatus, salary_min: Option<&str>, salary_max: Option<&str>) -> JobDetail {
        JobDetail {
            job: JobCard {
                id: 7,
                slug: "night-care-assistant".into(),
                title: "Night Care Assistant".into(),
                company: "Riverside Care".into(),
                location: "Harrogate, North Yorkshire".into(),
                employment_type: EmploymentType::PartTime,
                salary_min: salary_min.map(str::to_string),
                salary_max: salary_max.map(str::to_string),
                salary_period: SalaryPeriod::Hour,
                posted_at: "2026-11-23".into(),
                closes_at: Some("2026-12-23".into()),
                distance_miles: None,
            },
            description: "Support residents at night.\n\nBring <b>care</b> & kindness.".into(),
            status,
            attachment: None,
        }
    }

    /// Google's required JobPosting properties (developers.google.com/search/docs/appearance/
    /// structured-data/job-posting), each checked for a value of the kind schema.org expects.
    #[test]
    fn an_open_job_carries_every_property_google_requires() {
        let posting = job_posting(&detail(ListingStatus::Open, Some("12.50"), Some("14.00")), "Brightway").unwrap();
        assert_eq!(posting["@context"], "https://schema.org");
        assert_eq!(posting["@type"], "JobPosting");
        for required in ["title", "description", "datePosted"] {
            assert!(posting[required].as_str().is_some_and(|v| !v.is_empty()), "{required}");
        }
        let posted = posting["datePosted"].as_str().unwrap();
        assert!(posted.len() == 10 && posted.split('-').all(|part| part.parse::<u16>().is_ok()), "ISO 8601: {posted}");
        assert_eq!(posting["hiringOrganization"]["@type"], "Organization");
        assert_eq!(posting["hiringOrganization"]["name"], "Riverside Care");
        let address = &posting["jobLocation"]["address"];
        assert_eq!(posting["jobLocation"]["@type"], "Place");
        assert_eq!(address["@type"], "PostalAddress");
        assert_eq!(address["addressCountry"], "GB");
        assert_eq!(address["addressLocality"], "Harrogate");
        assert_eq!(address["addressRegion"], "North Yorkshire");
        // Recommended, and we have them.
        assert_eq!(posting["validThrough"], "2026-12-23T23:59:59");
        assert_eq!(posting["employmentType"], "PART_TIME");
        let salary = &posting["baseSalary"];
        assert_eq!((salary["@type"].as_str(), salary["currency"].as_str()), (Some("MonetaryAmount"), Some("GBP")));
        assert_eq!((salary["value"]["minValue"].as_f64(), salary["value"]["maxValue"].as_f64()), (Some(12.5), Some(14.0)));
        assert_eq!(salary["value"]["unitText"], "HOUR");
        // The description is HTML with the text escaped.
        assert_eq!(posting["description"], "<p>Support residents at night.</p><p>Bring &lt;b&gt;care&lt;/b&gt; &amp; kindness.</p>");
    }

    #[test]
    fn a_closed_job_is_not_offered_and_a_missing_salary_is_left_out() {
        assert_eq!(job_posting(&detail(ListingStatus::Closed, Some("12.50"), None), "Brightway"), None);
        let posting = job_posting(&detail(ListingStatus::Open, None, None), "Brightway").unwrap();
        assert!(posting.get("baseSalary").is_none());
        let one = job_posting(&detail(ListingStatus::Open, Some("24000.00"), None), "Brightway").unwrap();
        assert_eq!(one["baseSalary"]["value"]["value"].as_f64(), Some(24000.0));
    }
}
