//! How much of a service a booking takes, and what it costs: a fixed price is one job of the
//! service's duration; an hourly or daily price is charged for each hour or day booked, from
//! the service's fewest to its most. The amount is always worked out here, never read from a
//! request.

use super::slots::JobLength;
use chrono::Duration;
use entity::service;
use entity::words::PriceUnit;

/// What a service without providers' hours calls a working day, to say when a daily booking
/// ends on its calendar (staff arrange the real hours).
const NOMINAL_WORKING_DAY_HOURS: i64 = 8;

/// A booking's length, checked against its service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Booked {
    /// Hours or days booked; 1 for a fixed price.
    pub units: i32,
    pub job: JobLength,
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
        let job = match service.price_unit {
            PriceUnit::Fixed => JobLength::Minutes(u32::try_from(service.duration_minutes.max(1)).unwrap_or(60)),
            PriceUnit::Hour => JobLength::Minutes(60 * units as u32),
            PriceUnit::Day => JobLength::Days(units as u32),
        };
        let amount_pence = service.price_from_pence.checked_mul(i64::from(units)).ok_or_else(|| "That booking's amount is too large.".to_string())?;
        Ok(Booked { units, job, amount_pence })
    }

    /// How long the job is said to last where no provider's hours say it (a service without
    /// providers): its minutes, or the days' nominal working hours.
    pub fn nominal(&self) -> Duration {
        match self.job {
            JobLength::Minutes(minutes) => Duration::minutes(i64::from(minutes)),
            JobLength::Days(days) => Duration::days(i64::from(days) - 1) + Duration::hours(NOMINAL_WORKING_DAY_HOURS),
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
    fn the_amount_is_the_price_times_the_length() {
        let hourly = service(PriceUnit::Hour, 2500, 2, 8);
        assert_eq!(Booked::of(&hourly, None).unwrap(), Booked { units: 2, job: JobLength::Minutes(120), amount_pence: 5000 }, "the fewest hours by default");
        assert_eq!(Booked::of(&hourly, Some(8)).unwrap().amount_pence, 20_000);
        assert_eq!(Booked::of(&hourly, Some(9)).unwrap_err(), "Book from 2 to 8 hours.");
        assert_eq!(Booked::of(&hourly, Some(1)).unwrap_err(), "Book from 2 to 8 hours.");
        let daily = service(PriceUnit::Day, 18_000, 1, 5);
        assert_eq!(Booked::of(&daily, Some(3)).unwrap(), Booked { units: 3, job: JobLength::Days(3), amount_pence: 54_000 });
        assert_eq!(Booked::of(&daily, Some(3)).unwrap().nominal(), Duration::hours(56));
        let fixed = service(PriceUnit::Fixed, 12_000, 1, 1);
        assert_eq!(Booked::of(&fixed, None).unwrap(), Booked { units: 1, job: JobLength::Minutes(90), amount_pence: 12_000 });
        assert_eq!(Booked::of(&fixed, Some(2)).unwrap_err(), "A fixed-price service is booked as one job: leave the length out.");
    }
}
