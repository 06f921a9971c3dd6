//! A booking as a calendar invite (RFC 5545, with the iTIP methods of RFC 5546): one stable
//! UID per booking, so that the cancellation (`METHOD:CANCEL`, `STATUS:CANCELLED`, a higher
//! `SEQUENCE`) removes the very event the confirmation added. Times are Europe/London wall-clock
//! times with the zone's rules written out, as calendar clients need them.

use super::texts;
use crate::config::Config;
use chrono::{DateTime, NaiveDateTime, NaiveTime, Utc};
use entity::words::BookingStatus;
use entity::{booking, service, user};

/// What the invite says, whatever the booking's state.
pub struct Invite<'a> {
    pub booking_id: i32,
    /// The site's host, which makes the UID unique worldwide, e.g. `brightway.example`.
    pub host: &'a str,
    pub brand: &'a str,
    /// The company's address that sends the mail.
    pub organizer_email: &'a str,
    /// The member who booked: iTIP wants the attendee named in a request and its cancellation.
    pub attendee_name: &'a str,
    pub attendee_email: &'a str,
    pub title: &'a str,
    /// UK wall-clock start.
    pub starts: NaiveDateTime,
    /// How long the event lasts, in minutes.
    pub minutes: i64,
    /// Raised on every change of the booking, so that calendars replace the event they hold.
    pub sequence: i32,
    pub location: String,
    pub description: String,
}

impl<'a> Invite<'a> {
    /// The invite of `booking` of `service`, sent by the company `brand` from `config`'s address.
    pub fn of(booking: &booking::Model, service: &'a service::Model, member: &'a user::Model, brand: &'a str, config: &'a Config) -> Self {
        let host = config.public_url.split("://").nth(1).unwrap_or(&config.public_url).split('/').next().unwrap_or_default();
        let organizer_email = config.mail_from.rsplit('<').next().unwrap_or(&config.mail_from).trim_end_matches('>').trim();
        let starts =
            NaiveTime::parse_from_str(&booking.time, "%H:%M").map(|time| booking.date.and_time(time)).unwrap_or_else(|_| booking.date.and_time(NaiveTime::MIN));
        Invite {
            booking_id: booking.id,
            host,
            brand,
            organizer_email,
            attendee_name: &member.full_name,
            attendee_email: &member.email,
            title: &service.title,
            starts,
            minutes: match (booking.starts_at, booking.ends_at) {
                (Some(starts_at), Some(ends_at)) => (ends_at - starts_at).num_minutes().max(1),
                _ => UNKNOWN_LENGTH_MINUTES,
            },
            sequence: booking.calendar_sequence,
            location: format!("{}, {}, {}", booking.address_line_1, booking.city, booking.postcode),
            description: texts::invite_description(brand, booking.id, &service.title, &config.public_url),
        }
    }
}

/// How long the invite of a booking made before bookings had lengths blocks in the calendar:
/// an hour marks the start time without claiming the whole day.
const UNKNOWN_LENGTH_MINUTES: i64 = 60;

/// The Europe/London rules since 1996: BST from the last Sunday of March, 01:00 GMT, to the
/// last Sunday of October, 02:00 BST.
const LONDON: &[&str] = &[
    "BEGIN:VTIMEZONE",
    "TZID:Europe/London",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0000",
    "TZOFFSETTO:+0100",
    "TZNAME:BST",
    "DTSTART:19700329T010000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0000",
    "TZNAME:GMT",
    "DTSTART:19701025T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
];

/// A parameter value (such as a `CN`): in double quotes, which it cannot itself hold (3.2).
fn quoted(value: &str) -> String {
    format!("\"{}\"", value.replace('"', "'").replace(['\r', '\n'], " "))
}

/// Text as a property value: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11).
fn text(value: &str) -> String {
    value.replace('\\', "\\\\").replace(';', "\\;").replace(',', "\\,").replace("\r\n", "\\n").replace('\n', "\\n").replace('\r', "")
}

/// A content line folded at 75 octets, continuation lines starting with a space (3.1), never
/// splitting a UTF-8 character.
fn fold(line: &str) -> String {
    let mut folded = String::with_capacity(line.len() + 8);
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            folded.push_str("\r\n ");
            width = 1;
        }
        folded.push(c);
        width += c.len_utf8();
    }
    folded
}

impl Invite<'_> {
    /// The invite for a booking in `status`: a Pending one is added as tentative, a Confirmed
    /// one as confirmed, a Cancelled one is removed; each change carries the booking's next
    /// sequence, so that it replaces what the calendar holds.
    pub fn render(&self, status: BookingStatus, now: DateTime<Utc>) -> String {
        let method = if status.stays_in_calendars() { "REQUEST" } else { "CANCEL" };
        let mut event = self.event(status, now);
        event.insert(
            event.len() - 2,
            format!("ATTENDEE;CN={};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:{}", quoted(self.attendee_name), self.attendee_email),
        );
        calendar(self.brand, Some(method), [event])
    }

    /// The event's lines, from `BEGIN:VEVENT` to `END:VEVENT`, without attendees.
    fn event(&self, status: BookingStatus, now: DateTime<Utc>) -> Vec<String> {
        let status = match status {
            BookingStatus::Pending => "TENTATIVE",
            BookingStatus::Confirmed | BookingStatus::Completed => "CONFIRMED",
            BookingStatus::Cancelled => "CANCELLED",
        };
        vec![
            "BEGIN:VEVENT".into(),
            format!("UID:booking-{}@{}", self.booking_id, self.host),
            format!("DTSTAMP:{}", now.format("%Y%m%dT%H%M%SZ")),
            format!("SEQUENCE:{}", self.sequence),
            format!("DTSTART;TZID=Europe/London:{}", self.starts.format("%Y%m%dT%H%M%S")),
            format!("DURATION:PT{}M", self.minutes),
            format!("SUMMARY:{}", text(self.title)),
            format!("LOCATION:{}", text(&self.location)),
            format!("DESCRIPTION:{}", text(&self.description)),
            format!("ORGANIZER;CN={}:mailto:{}", quoted(self.brand), self.organizer_email),
            format!("STATUS:{status}"),
            "END:VEVENT".into(),
        ]
    }
}

/// A calendar feed that calendar apps subscribe to: the events of `invites`, published with no
/// method (RFC 5545) and no attendees.
pub fn feed<'a>(brand: &str, invites: impl IntoIterator<Item = (Invite<'a>, BookingStatus)>, now: DateTime<Utc>) -> String {
    calendar(brand, None, invites.into_iter().map(|(invite, status)| invite.event(status, now)))
}

/// A whole calendar of `events`, folded, with the Europe/London zone they refer to.
fn calendar(brand: &str, method: Option<&str>, events: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut lines: Vec<String> =
        vec!["BEGIN:VCALENDAR".into(), format!("PRODID:-//{}//Marketplace bookings//EN", text(brand)), "VERSION:2.0".into(), "CALSCALE:GREGORIAN".into()];
    lines.extend(method.map(|method| format!("METHOD:{method}")));
    lines.extend(LONDON.iter().map(|line| line.to_string()));
    lines.extend(events.into_iter().flatten());
    lines.push("END:VCALENDAR".into());
    lines.iter().map(|line| fold(line)).collect::<Vec<_>>().join("\r\n") + "\r\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invite() -> Invite<'static> {
        Invite {
            booking_id: 42,
            host: "brightway.example",
            brand: "Brightway",
            organizer_email: "no-reply@brightway.example",
            attendee_name: "Amelia \"Millie\" Hughes",
            attendee_email: "amelia@example.co.uk",
            title: "End of tenancy clean; deep",
            starts: NaiveDateTime::parse_from_str("2026-07-01 10:30", "%Y-%m-%d %H:%M").unwrap(),
            minutes: 90,
            sequence: 0,
            location: "1 High Street, Bath, BA1 1AA".into(),
            description: "Ring twice.\nThe key is under the mat, next to a very long line of text that must be folded by the writer so that no line passes seventy-five octets".into(),
        }
    }

    #[test]
    fn a_request_and_its_cancellation_share_one_uid() {
        let now = Utc::now();
        let request = invite().render(BookingStatus::Pending, now);
        let cancel = Invite { sequence: 2, ..invite() }.render(BookingStatus::Cancelled, now);
        for ics in [&request, &cancel] {
            assert!(ics.contains("\r\nUID:booking-42@brightway.example\r\n"));
            assert!(ics.contains("\r\nDTSTART;TZID=Europe/London:20260701T103000\r\n"));
            assert!(ics.contains("\r\nTZID:Europe/London\r\n"));
            assert!(ics.lines().all(|line| line.len() <= 75), "folded at 75 octets");
            assert!(ics.ends_with("END:VCALENDAR\r\n"));
        }
        assert!(request.contains("\r\nMETHOD:REQUEST\r\n") && request.contains("\r\nSTATUS:TENTATIVE\r\n") && request.contains("\r\nSEQUENCE:0\r\n"));
        assert!(cancel.contains("\r\nMETHOD:CANCEL\r\n") && cancel.contains("\r\nSTATUS:CANCELLED\r\n") && cancel.contains("\r\nSEQUENCE:2\r\n"));
        assert!(request.contains("\r\nDURATION:PT90M\r\n"), "as long as the job");
        assert!(request.contains("SUMMARY:End of tenancy clean\\; deep"), "text is escaped");
        assert!(request.contains("LOCATION:1 High Street\\, Bath\\, BA1 1AA"));
        for ics in [&request, &cancel] {
            let unfolded = ics.replace("\r\n ", "");
            assert!(unfolded.contains("\r\nATTENDEE;CN=\"Amelia 'Millie' Hughes\";"), "the attendee, quoted: {unfolded}");
            assert!(unfolded.contains("RSVP=FALSE:mailto:amelia@example.co.uk\r\n"));
            assert!(unfolded.contains("\r\nORGANIZER;CN=\"Brightway\":mailto:no-reply@brightway.example\r\n"));
        }
    }

    #[test]
    fn a_feed_holds_every_event_without_method_or_attendees() {
        let ics = feed("Brightway", [(invite(), BookingStatus::Confirmed), (Invite { booking_id: 43, ..invite() }, BookingStatus::Confirmed)], Utc::now());
        assert_eq!(ics.matches("BEGIN:VEVENT").count(), 2);
        assert!(ics.contains("UID:booking-42@") && ics.contains("UID:booking-43@"));
        assert!(!ics.contains("METHOD:") && !ics.contains("ATTENDEE") && !ics.contains("amelia@"), "{ics}");
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\n") && ics.ends_with("END:VCALENDAR\r\n"));
    }

    #[test]
    fn folding_never_splits_a_character() {
        let line = format!("DESCRIPTION:{}", "é".repeat(60));
        let folded = fold(&line);
        assert!(folded.split("\r\n").all(|part| part.len() <= 75));
        assert_eq!(folded.replace("\r\n ", ""), line);
    }
}
