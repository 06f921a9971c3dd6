//! What the providers feature tells members: its refusals and the notice of an application.

use crate::notifications::notice::Notice;

pub const NOT_TAKING_APPLICATIONS: &str = "This service is not taking provider applications.";
pub const ALREADY_APPLIED: &str = "You have already applied to provide this service.";

pub fn years_out_of_range(most: i64) -> String {
    format!("Enter a number of years from 0 to {most}.")
}

pub fn application_received(service: &str) -> Notice {
    Notice {
        title: "Provider application received".into(),
        message: format!("Thank you for applying to provide {service}. Our team will review your application and let you know."),
        link: "/become-provider".into(),
        calendar: None,
    }
}
