//! How the views write money, salaries, dates, employment types, ratings, distances and links: in one place,
//! so that every page says "£1,400.00" and "15 December 2026" the same way.

use words::{EmploymentType, PriceUnit, SalaryPeriod};

/// A decimal string in pounds sterling as the UK writes it: "1400.5" becomes "£1,400.50".
/// Anything that is not a plain decimal is shown as it is, after the pound sign.
pub(crate) fn pounds(amount: &str) -> String {
    let (whole, pence) = amount.split_once('.').unwrap_or((amount, ""));
    let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !is_digits(whole) || !is_digits(pence) || pence.len() > 2 {
        return format!("£{amount}");
    }
    format!("£{}.{:0<2}", thousands(whole), pence)
}

/// "From £120.00", "From £25.00 per hour", "From £260.00 per day".
pub(crate) fn service_price(price_from: &str, price_unit: PriceUnit) -> String {
    let amount = pounds(price_from);
    match price_unit {
        PriceUnit::Hour => format!("From {amount} per hour"),
        PriceUnit::Day => format!("From {amount} per day"),
        PriceUnit::Fixed => format!("From {amount}"),
    }
}

/// "£24,000 - £27,000 a year", "£12.50 an hour": the amounts are decimal strings in pounds.
/// Yearly salaries drop zero pence, as UK job adverts write them; hourly rates keep their pence.
pub(crate) fn salary(min: Option<&str>, max: Option<&str>, period: SalaryPeriod) -> String {
    let per = match period {
        SalaryPeriod::Hour => "an hour",
        SalaryPeriod::Year => "a year",
    };
    let amount = |decimal: &str| {
        let mut written = pounds(decimal);
        if period == SalaryPeriod::Year && written.ends_with(".00") {
            written.truncate(written.len() - ".00".len());
        }
        written
    };
    match (min, max) {
        (Some(min), Some(max)) if min != max => format!("{} - {} {per}", amount(min), amount(max)),
        (Some(exact), Some(_)) => format!("{} {per}", amount(exact)),
        (Some(min), None) => format!("From {} {per}", amount(min)),
        (None, Some(max)) => format!("Up to {} {per}", amount(max)),
        (None, None) => "Salary not stated".to_owned(),
    }
}

/// "1234567" becomes "1,234,567".
fn thousands(digits: &str) -> String {
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/// An ISO date (or the date part of a timestamp) the UK way: "2026-12-15" becomes "15 December 2026".
/// Text that is not a date is shown as it is.
pub(crate) fn long_date(iso: &str) -> String {
    let parts = iso.get(..10).map(|date| {
        let mut fields = date.splitn(3, '-').map(str::parse::<u32>);
        (fields.next(), fields.next(), fields.next())
    });
    match parts {
        Some((Some(Ok(year)), Some(Ok(month @ 1..=12)), Some(Ok(day @ 1..=31)))) => {
            format!("{day} {} {year}", MONTHS[month as usize - 1])
        }
        _ => iso.to_owned(),
    }
}

/// `full_time` in words: "Full-time".
pub(crate) fn employment_type(kind: EmploymentType) -> &'static str {
    match kind {
        EmploymentType::FullTime => "Full-time",
        EmploymentType::PartTime => "Part-time",
        EmploymentType::Contract => "Contract",
        EmploymentType::Temporary => "Temporary",
    }
}

/// Five stars, filled up to the rating rounded to a whole star: 4.3 gives "★★★★☆".
pub(crate) fn stars(rating: f64) -> String {
    let filled = rating.round().clamp(0.0, 5.0) as usize;
    format!("{}{}", "★".repeat(filled), "☆".repeat(5 - filled))
}

/// "1 review", "12 reviews".
pub(crate) fn count_of(count: i64, singular: &str) -> String {
    if count == 1 { format!("1 {singular}") } else { format!("{count} {singular}s") }
}

/// A `tel:` link target: "+44 20 7946 0000" becomes "tel:+442079460000".
pub(crate) fn tel_href(phone: &str) -> String {
    let dialable: String = phone.chars().filter(|c| c.is_ascii_digit() || *c == '+').collect();
    format!("tel:{dialable}")
}

/// Encodes a query-string value as a GET form does (a space becomes `+`), except that `/` stays
/// as it is, which a query may hold (so that `redirect=/user/bookings` stays readable).
pub(crate) fn query_value(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' | b'/' => encoded.push(byte as char),
            b' ' => encoded.push('+'),
            _ => encoded.push_str(&format!("%{byte:02X}")),
        }
    }
    encoded
}

/// The paragraphs of a plain-text description (separated by blank lines).
pub(crate) fn paragraphs(text: &str) -> Vec<String> {
    text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned).collect()
}

/// How far a service found near a postcode is: "Covers your district" at 0 (a district it
/// lists), else as [`miles_away`].
pub(crate) fn distance_away(miles: f64) -> String {
    if miles <= 0.0 { "Covers your district".to_owned() } else { miles_away(miles) }
}

/// "Under a mile away", "1 mile away", "12 miles away" (to the nearest mile).
pub(crate) fn miles_away(miles: f64) -> String {
    match miles {
        m if m < 1.0 => "Under a mile away".to_owned(),
        m if m.round() == 1.0 => "1 mile away".to_owned(),
        m => format!("{} miles away", m.round()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_read_in_whole_miles() {
        assert_eq!(distance_away(0.0), "Covers your district");
        assert_eq!(distance_away(0.4), "Under a mile away");
        assert_eq!(distance_away(1.2), "1 mile away");
        assert_eq!(distance_away(1.5), "2 miles away");
        assert_eq!(distance_away(24.96), "25 miles away");
        assert_eq!(miles_away(0.0), "Under a mile away");
    }

    #[test]
    fn pounds_group_thousands_and_pad_pence() {
        assert_eq!(pounds("120.00"), "£120.00");
        assert_eq!(pounds("1400.5"), "£1,400.50");
        assert_eq!(pounds("1234567"), "£1,234,567.00");
        assert_eq!(pounds("22.99"), "£22.99");
        assert_eq!(pounds("n/a"), "£n/a");
        assert_eq!(pounds("1.234"), "£1.234");
    }

    #[test]
    fn service_prices_say_their_unit() {
        assert_eq!(service_price("120.00", PriceUnit::Fixed), "From £120.00");
        assert_eq!(service_price("25.00", PriceUnit::Hour), "From £25.00 per hour");
        assert_eq!(service_price("260.00", PriceUnit::Day), "From £260.00 per day");
    }

    #[test]
    fn salaries_are_written_as_uk_adverts_write_them() {
        assert_eq!(salary(Some("24000.00"), Some("27000.00"), SalaryPeriod::Year), "£24,000 - £27,000 a year");
        assert_eq!(salary(Some("24000"), Some("27000.5"), SalaryPeriod::Year), "£24,000 - £27,000.50 a year");
        assert_eq!(salary(Some("12.50"), Some("12.50"), SalaryPeriod::Hour), "£12.50 an hour");
        assert_eq!(salary(Some("12"), Some("15.00"), SalaryPeriod::Hour), "£12.00 - £15.00 an hour");
        assert_eq!(salary(Some("21000.00"), None, SalaryPeriod::Year), "From £21,000 a year");
        assert_eq!(salary(None, Some("13.00"), SalaryPeriod::Hour), "Up to £13.00 an hour");
        assert_eq!(salary(None, None, SalaryPeriod::Year), "Salary not stated");
    }

    #[test]
    fn dates_are_day_month_year_in_words() {
        assert_eq!(long_date("2026-12-15"), "15 December 2026");
        assert_eq!(long_date("2026-01-05T16:31:51Z"), "5 January 2026");
        assert_eq!(long_date("2026-13-01"), "2026-13-01");
        assert_eq!(long_date("soon"), "soon");
    }

    #[test]
    fn employment_types_in_words() {
        assert_eq!(employment_type(EmploymentType::FullTime), "Full-time");
        assert_eq!(employment_type(EmploymentType::PartTime), "Part-time");
        assert_eq!(employment_type(EmploymentType::Contract), "Contract");
        assert_eq!(employment_type(EmploymentType::Temporary), "Temporary");
    }

    #[test]
    fn stars_round_to_whole_stars() {
        assert_eq!(stars(4.3), "★★★★☆");
        assert_eq!(stars(4.5), "★★★★★");
        assert_eq!(stars(0.0), "☆☆☆☆☆");
        assert_eq!(stars(9.0), "★★★★★");
    }

    #[test]
    fn counts_agree_in_number() {
        assert_eq!(count_of(1, "review"), "1 review");
        assert_eq!(count_of(0, "review"), "0 reviews");
        assert_eq!(count_of(12, "service"), "12 services");
    }

    #[test]
    fn phone_links_keep_digits_and_plus() {
        assert_eq!(tel_href("+44 20 7946 0000"), "tel:+442079460000");
    }

    #[test]
    fn query_values_are_percent_encoded() {
        assert_eq!(query_value("care assistant"), "care+assistant");
        assert_eq!(query_value("a+b~"), "a%2Bb%7E");
        assert_eq!(query_value("a&b=c/£"), "a%26b%3Dc/%C2%A3");
        assert_eq!(query_value("/services/book?id=3"), "/services/book%3Fid%3D3");
        assert_eq!(query_value("home-care"), "home-care");
    }

    #[test]
    fn paragraphs_split_on_blank_lines() {
        assert_eq!(paragraphs("One.\n\n  Two.\n\n\n\nThree."), vec!["One.", "Two.", "Three."]);
        assert!(paragraphs("  ").is_empty());
    }
}
