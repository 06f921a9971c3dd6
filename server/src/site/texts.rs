//! What the site's pages say that the server writes (the rest is in the app's views): the home
//! page's recent activity.

pub fn new_job(title: &str, location: &str, company: &str) -> String {
    format!("New job: {title} in {location} with {company}")
}

pub fn rated(reviewer: &str, service: &str, rating: impl std::fmt::Display) -> String {
    format!("{reviewer} rated {service} {rating} out of 5")
}
