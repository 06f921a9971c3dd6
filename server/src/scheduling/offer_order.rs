//! Who is offered a booking first, of the providers who cover its postcode and are free at its
//! time: the one with the fewest visits that day, then the one who has waited longest since their
//! last offer (never offered before comes first), then the earliest account.

use chrono::{DateTime, Utc};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub user_id: i32,
    pub visits_that_day: usize,
    pub last_offered_at: Option<DateTime<Utc>>,
}

/// Sorts `candidates` best first.
pub fn best_first(candidates: &mut [Candidate]) {
    candidates.sort_by_key(|candidate| (candidate.visits_that_day, candidate.last_offered_at, candidate.user_id));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: u32) -> Option<DateTime<Utc>> {
        Some(DateTime::parse_from_rfc3339(&format!("2026-12-01T{hour:02}:00:00Z")).unwrap().with_timezone(&Utc))
    }

    #[test]
    fn the_order_is_fewest_visits_then_longest_wait_then_earliest_account() {
        let table = [
            // (user, visits that day, last offered)
            (7, 2, None),
            (3, 1, at(9)),
            (5, 1, at(8)),
            (9, 1, None),
            (4, 0, at(10)),
            (2, 1, at(8)),
        ];
        let mut candidates: Vec<Candidate> =
            table.iter().map(|&(user_id, visits_that_day, last_offered_at)| Candidate { user_id, visits_that_day, last_offered_at }).collect();
        best_first(&mut candidates);
        let order: Vec<i32> = candidates.iter().map(|c| c.user_id).collect();
        assert_eq!(order, [4, 9, 2, 5, 3, 7]);
    }
}
