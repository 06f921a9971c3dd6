//! How much of a service a booking takes, and what it costs: a fixed price is one visit of the
//! service's duration; an hourly or daily price is charged for each hour or day booked, from
//! the service's fewest to its most. The amount is always worked out here, never read from a
//! request.

use super::slots::VisitLength;
use chrono::Duration;
use entity::service;
use entity::words::{PriceUnit, Word};

/// What a service without providers' hours calls a working day, to say when a daily booking
/// ends on its calendar (staff arrange the real hours).
const NOMINAL_WORKING_DAY_HOURS: i64 = 8;

/// How long a fixed-price visit takes unless its service says.
pub const USUAL_DURATION_MINUTES: i32 = 60;

/// The fewest and most hours or days a service may be booked for unless it says: a working day
/// of hours, a working week of days.
pub fn usual_lengths(unit: PriceUnit) -> (i32, i32) {
    match unit {
        PriceUnit::Fixed => (1, 1),
        PriceUnit::Hour => (1, 8),
        PriceUnit::Day => (1, 5),
    }
}

/// The longest a fixed-price visit may take, and the most hours or days a booking may take.
const MAX_DURATION_MINUTES: i32 = 24 * 60;
const MAX_HOURS: i32 = 24;
const MAX_DAYS: i32 = 31;

/// A service's duration and lengths as its data gives them (each left out takes the usual),
/// or what is wrong with them.
pub fn service_lengths(unit: PriceUnit, duration_minutes: Option<i32>, min: Option<i32>, max: Option<i32>) -> Result<(i32, i32, i32), String> {
    let duration = duration_minutes.unwrap_or(USUAL_DURATION_MINUTES);
    if !(15..=MAX_DURATION_MINUTES).contains(&duration) {
        return Err(format!("duration_minutes is from 15 to {MAX_DURATION_MINUTES}."));
    }
    let (usual_min, usual_max) = usual_lengths(unit);
    let (min, max) = (min.unwrap_or(usual_min), max.unwrap_or(usual_max.max(min.unwrap_or(usual_min))));
    let most = match unit {
        PriceUnit::Fixed => 1,
        PriceUnit::Hour => MAX_HOURS,
        PriceUnit::Day => MAX_DAYS,
    };
    if !(1 <= min && min <= max && max <= most) {
        return Err(format!("min_length and max_length run from 1 to {most}, the fewest first, for a price by the {}.", unit.as_str()));
    }
    Ok((duration, min, max))
}

/// A booking's length, checked against its service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Booked {
    /// Hours or days booked; 1 for a fixed price.
    pub units: i32,
    pub length: VisitLength,
    pub amount_pence: i64,
}

impl Booked {
    /// The service's own length when `requested` is `None`: its fewest hours or days.
    pub fn of(service: &service::Model, requested: Option<i64>) -> Result<Self, String> {
        let units = match service.price_unit {
            PriceUnit::Fixed => match requested {
                None | Some(1) => 1,
                Some(_) => return Err("A fixed-price service is booked as one job: leave the length out.".into()),
            },
            PriceUnit::Hour | PriceUnit::Day => {
                let (fewest, most) = (service.min_length.max(1), service.max_length.max(service.min_length.max(1)));
                let units = requested.unwrap_or(i64::from(fewest));
                if !(i64::from(fewest)..=i64::from(most)).contains(&units) {
                    let unit = if service.price_unit == PriceUnit::Hour { "hours" } else { "days" };
                    return Err(format!("Book from {fewest} to {most} {unit}."));
                }
                i32::try_from(units).expect("within the service's limits")
            }
        };
        let length = match service.price_unit {
            PriceUnit::Fixed => VisitLength::Minutes(u32::try_from(service.duration_minutes.max(1)).unwrap_or(60)),
            PriceUnit::Hour => VisitLength::Minutes(60 * units as u32),
            PriceUnit::Day => VisitLength::Days(units as u32),
        };
        let amount_pence = service.price_from_pence.checked_mul(i64::from(units)).ok_or_else(|| "That booking's amount is too large.".to_string())?;
        Ok(Booked { units, length, amount_pence })
    }

    /// How long the visit is said to last where no provider's hours say it (a service without
    /// providers): its minutes, or the days' nominal working hours.
    pub fn nominal(&self) -> Duration {
        match self.length {
            VisitLength::Minutes(minutes) => Duration::minutes(i64::from(minutes)),
            VisitLength::Days(days) => Duration::days(i64::from(days) - 1) + Duration::hours(NOMINAL_WORKING_DAY_HOURS),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn service(unit: PriceUnit, price_pence: i64, min: i32, max: i32) -> service::Model {
        service::Model {
            id: 1,
            slug: "s".into(),
            category_id: 1,
            title: "S".into(),
            summary: String::new(),
            description: String::new(),
            price_from_pence: price_pence,
            price_unit: unit,
            status: entity::words::ListingStatus::Open,
            priority: 1,
            areas: "[]".into(),
            image: None,
            duration_minutes: 90,
            min_length: min,
            max_length: max,
            created_at: chrono::Utc::now(),
            updated_at: chrono::Utc::now(),
        }
    }

    #[test]
    fn a_services_lengths_default_by_its_price_unit() {
        assert_eq!(service_lengths(PriceUnit::Hour, None, None, None), Ok((60, 1, 8)));
        assert_eq!(service_lengths(PriceUnit::Day, Some(480), Some(2), None), Ok((480, 2, 5)));
        assert_eq!(service_lengths(PriceUnit::Day, None, Some(7), None), Ok((60, 7, 7)), "the most is at least the fewest");
        assert_eq!(service_lengths(PriceUnit::Fixed, Some(90), None, None), Ok((90, 1, 1)));
        assert!(service_lengths(PriceUnit::Fixed, None, None, Some(2)).is_err());
        assert!(service_lengths(PriceUnit::Hour, None, Some(4), Some(2)).is_err());
        assert!(service_lengths(PriceUnit::Hour, Some(5), None, None).is_err());
    }

    #[test]
    fn the_amount_is_the_price_times_the_length() {
        let hourly = service(PriceUnit::Hour, 2500, 2, 8);
        assert_eq!(
            Booked::of(&hourly, None).unwrap(),
            Booked { units: 2, length: VisitLength::Minutes(120), amount_pence: 5000 },
            "the fewest hours by default"
        );
        assert_eq!(Booked::of(&hourly, Some(8)).unwrap().amount_pence, 20_000);
        assert_eq!(Booked::of(&hourly, Some(9)).unwrap_err(), "Book from 2 to 8 hours.");
        assert_eq!(Booked::of(&hourly, Some(1)).unwrap_err(), "Book from 2 to 8 hours.");
        let daily = service(PriceUnit::Day, 18_000, 1, 5);
        assert_eq!(Booked::of(&daily, Some(3)).unwrap(), Booked { units: 3, length: VisitLength::Days(3), amount_pence: 54_000 });
        assert_eq!(Booked::of(&daily, Some(3)).unwrap().nominal(), Duration::hours(56));
        let fixed = service(PriceUnit::Fixed, 12_000, 1, 1);
        assert_eq!(Booked::of(&fixed, None).unwrap(), Booked { units: 1, length: VisitLength::Minutes(90), amount_pence: 12_000 });
        assert_eq!(Booked::of(&fixed, Some(2)).unwrap_err(), "A fixed-price service is booked as one job: leave the length out.");
    }
}
