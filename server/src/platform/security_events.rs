//! Security events, logged at `warn` under the `security` target for whoever watches the logs
//! (`RUST_LOG=security=warn` keeps only them): failed sign-ins, wrong codes and refused staff
//! calls. Each line carries the request's id and route (`platform::logs`), the account
//! when one is known, never a password or a code.

/// What happened.
#[derive(Clone, Copy, Debug)]
pub enum SecurityEvent {
    /// A wrong password, an unknown address, or an account that may not sign in.
    SignInFailed,
    /// A wrong or spent emailed code (verification, password reset).
    WrongEmailCode,
    /// A wrong authenticator or recovery code for the back office.
    WrongStaffCode,
    /// A staff call refused: not staff, no second factor yet, or a change from another origin.
    StaffCallRefused,
}

impl SecurityEvent {
    fn name(self) -> &'static str {
        match self {
            SecurityEvent::SignInFailed => "sign_in_failed",
            SecurityEvent::WrongEmailCode => "wrong_email_code",
            SecurityEvent::WrongStaffCode => "wrong_staff_code",
            SecurityEvent::StaffCallRefused => "staff_call_refused",
        }
    }
}

/// Logs `event`, about `account` when it is known.
pub fn record(event: SecurityEvent, account: Option<i32>) {
    // An absent account records no field.
    tracing::warn!(target: "security", event = event.name(), account, "security event");
}
