//! Accounts: passwords, one-time codes, JWT sessions with rotating refresh tokens, and the
//! extractor that turns a bearer token into the signed-in member.

pub mod admin;
pub mod codes;
pub mod member;
pub mod rules;
pub mod tokens;
