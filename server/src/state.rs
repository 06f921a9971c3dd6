//! What API handlers share: the site (database, configuration, page cache) and the services
//! accounts need.

use crate::accounts::codes::Codes;
use crate::accounts::tokens::Tokens;
use crate::config::Config;
use crate::payments::provider::PaymentProvider;
use crate::platform::host::Host;
use crate::platform::metrics::RequestMetrics;
use crate::platform::rate_limit::RateLimiter;
use crate::platform::signed_link::SignedLinks;
use crate::platform::storage::Storage;
use crate::site::Site;
use app::routes::Tag;
use futures::future::BoxFuture;
use sea_orm::DatabaseConnection;
use std::sync::Arc;
use tokio::sync::Notify;

pub struct AppState {
    pub site: Arc<Site>,
    pub tokens: Tokens,
    pub codes: Codes,
    pub storage: Storage,
    /// Links in mails that act without signing in.
    pub links: SignedLinks,
    pub limiter: RateLimiter,
    /// Wakes the mail sender after a mail is queued.
    pub mail_queued: Arc<Notify>,
    /// Takes card payments (the test provider or Stripe).
    pub payments: Arc<dyn PaymentProvider>,
    /// Offline mail (files): codes are also logged so a developer can use them.
    pub log_codes: bool,
    /// Requests answered, by route, for `/metrics`.
    pub requests: Arc<RequestMetrics>,
    /// Held by the periodic task running a round on this server ([`Host::periodic_round`]).
    pub periodic_round: tokio::sync::Mutex<()>,
}

impl AppState {
    pub fn db(&self) -> &DatabaseConnection {
        &self.site.db
    }

    pub fn config(&self) -> &Config {
        &self.site.config
    }

    /// The company's name for mails and notifications; the default one if the database fails.
    pub async fn brand(&self) -> String {
        self.site.site_data().await.map(|s| s.info.brand.clone()).unwrap_or_else(|_| "Brightway".into())
    }
}

impl Host for AppState {
    fn db(&self) -> &DatabaseConnection {
        &self.site.db
    }

    fn wake_mail_sender(&self) {
        self.mail_queued.notify_one();
    }

    fn drop_pages<'a>(&'a self, tags: &'a [Tag]) -> BoxFuture<'a, ()> {
        Box::pin(self.site.invalidate(tags))
    }

    fn periodic_round(&self) -> &tokio::sync::Mutex<()> {
        &self.periodic_round
    }
}
