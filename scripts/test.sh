#!/usr/bin/env bash
# Runs the tests. With no argument, every test, as CI runs them: formatting and clippy, island
# unit tests (vitest), Rust tests on SQLite and PostgreSQL (the fault tests that need root only
# when run as root), the OpenAPI document checked by a validator and used to fuzz the API, and
# the browser tests (Playwright driving Debian's Chromium) against the real server. Installs
# what it needs: npm packages, Debian's chromium, and from PyPI moto (a local S3 server),
# openapi-spec-validator and schemathesis.
#
# `fast`: the loop while working (a few minutes on two cores with a warm cargo cache):
# formatting, clippy, vitest, and the Rust tests on SQLite only; it says what it leaves out.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

mode="${1:-full}"
case "$mode" in
  full | fast) ;;
  *) echo "usage: scripts/test.sh [fast]   (no argument: every test, as CI runs them)" >&2; exit 2 ;;
esac

# PostgreSQL for the database tests: each test makes and drops its own database there.
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"

# A target directory shared with other checkouts may hold their build of our crates, which
# cargo can take as fresh (it compares file times): rebuild ours, keep the dependencies. Not
# in `fast`, which runs in the working tree that built them.
if [ "$mode" = full ] && [ -n "${CARGO_TARGET_DIR:-}" ] && [[ "$(realpath -m "$CARGO_TARGET_DIR")" != "$ROOT"/* ]]; then
  cargo clean --quiet -p server -p app -p entity -p migration 2>/dev/null || true
fi

echo "== checks: formatting and clippy"
ensure_rust_checkers
cargo fmt --all --check
cargo clippy --quiet --locked --workspace --all-targets -- -D warnings

npm_install islands
echo "== islands: build, types, unit tests"
(cd islands && npm run --silent build && npm run --silent typecheck && npm test --silent)

if [ "$mode" = fast ]; then
  echo "== rust: unit, render and API tests on SQLite"
  cargo test --quiet --locked --workspace -- --test-threads=2 --skip ::postgres --skip faults:: --skip several_servers:: \
    --skip health::readiness_follows_the_database --skip s3::
  echo "fast left out: the integration tests on PostgreSQL, the fault, several-servers and S3 tests, the OpenAPI"
  echo "validator, the API fuzzing and the browser tests; ./scripts/test.sh (no argument) runs everything."
  exit 0
fi

ensure_chromium
ensure_moto
ensure_schemathesis
ensure_openapi_spec_validator
npm_install end2end

echo "== rust: unit, render and API tests (SQLite and PostgreSQL)"
cargo test --locked --workspace -- --test-threads=2 --skip faults:: --skip several_servers::

echo "== rust: faults and several servers (with the figures they print)"
# Two fault tests need root (a tmpfs mounted, a PostgreSQL server run as the postgres user):
# they are #[ignore]d with that reason, and run here when we are root, as in CI.
if [ "$(id -u)" -eq 0 ]; then
  needs_root=(--include-ignored)
else
  needs_root=()
  echo "Not root: the fault tests that need root are skipped (listed as ignored below, with the reason)."
fi
cargo test --locked -p server --test integration -- --test-threads=2 --show-output "${needs_root[@]}" faults:: several_servers::

cargo build --locked -p server
SERVER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/server"

echo "== api: the OpenAPI document against the OpenAPI specification (the snapshot the Rust tests keep equal to it)"
python3 -m openapi_spec_validator islands/src/lib/api/openapi.json

echo "== api: schemathesis against /api/openapi.json"
(
  data="$(mktemp -d)"
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  base="http://127.0.0.1:$port"
  # Rate limits out of reach, so that the fuzzing tests validation rather than the limiter.
  PORT="$port" DATA_DIR="$data" DATABASE_URL="sqlite://$data/marketplace.sqlite3" SEED_DEMO=true PRERENDER=false \
    RATE_LIMIT_LOGIN_PER_MINUTE=100000 RATE_LIMIT_LOGIN_FAILURES_PER_15_MINUTES=100000 RATE_LIMIT_REGISTER_PER_HOUR=100000 RATE_LIMIT_RESEND_PER_HOUR=100000 \
    RATE_LIMIT_RESET_PER_HOUR=100000 RATE_LIMIT_BOOKINGS_PER_HOUR=100000 RATE_LIMIT_JOB_POSTS_PER_HOUR=100000 \
    RATE_LIMIT_JOB_APPLICATIONS_PER_HOUR=100000 RATE_LIMIT_RECRUITMENT_PER_HOUR=100000 RATE_LIMIT_CONTACT_PER_HOUR=100000 RATE_LIMIT_JOB_SEEKERS_PER_HOUR=100000 RATE_LIMIT_PAYMENTS_PER_HOUR=100000 RATE_LIMIT_REVIEWS_PER_HOUR=100000 PASSWORD_HASH_MEMORY_KIB=64 PASSWORD_HASH_ITERATIONS=1 RUST_LOG=warn \
    "$SERVER_BIN" > "$data/server.log" 2>&1 &
  server=$!
  trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
  tries=0
  until curl -fs -o /dev/null "$base/api/openapi.json"; do
    if ! kill -0 "$server" 2>/dev/null || [ $((tries += 1)) -gt 150 ]; then
      echo "The server did not start:"; cat "$data/server.log"; exit 1
    fi
    sleep 0.2
  done
  # The demo member's token, for the operations that need one.
  token="$(curl -fsS -H 'Content-Type: application/json' -d '{"email": "demo@brightway.example", "password": "demo-password-1"}' \
    "$base/api/auth/login/" | python3 -c 'import json, sys; print(json.load(sys.stdin)["access"])')"
  cat > "$data/schemathesis.toml" <<'TOML'
# schemathesis guesses formats from the messages of 400 answers: "Date has wrong format. Use
# YYYY-MM-DD." makes it take date_of_birth for a plain date and drop the documented empty value
# that clears it. The document states the formats, so there is nothing to guess.
[phases.fuzzing.error-feedback]
enabled = false

# Schema-valid bodies that these operations rightly refuse with the contract's 400, for reasons
# no schema can state: the address is already registered (generated data repeats addresses) or
# already verified, the code or the (old) password is not the right one.
[[operations]]
include-name = ["POST /api/auth/register/", "POST /api/auth/verify-email/", "POST /api/auth/resend-otp/", "POST /api/auth/password-reset-confirm/", "PUT /api/auth/update-password/", "POST /api/auth/delete-account/"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# Marketplace writes whose bodies name a record by id: schemathesis makes up ids of no record
# (answered with the contract's 400 on that field), booking and start dates in the past, and
# bookmarks naming both a service and a job; no schema can state "an existing service" or
# "today or later" (nor, for working terms, "a postcode district that exists"; nor, for an
# answer, "a review of a job you did": 403).
[[operations]]
include-name = ["POST /api/reviews/", "POST /api/reviews/{id}/answer/", "POST /api/service/booking/", "POST /api/service/booking/{id}/reschedule/", "PUT /api/schedule/terms/", "POST /api/service/providers/", "POST /api/bookmarks/", "POST /api/send-recruitment/", "POST /api/payments/"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# Likewise the forms with files: a date of birth must be in the past and a closing date in the
# future, a job applied for must exist, a message must hold text or a photo, a job is marked
# done only by its provider once started (404, 400); and
# schemathesis has no PDF, Word, JPEG or PNG sample, so for a file it sends bytes of another
# kind, which is rightly a 415.
# A form carries only text and files, so schemathesis's type-changing "invalid" values arrive
# as valid text (an integer for `city`) or as an empty file part, which the server takes as no
# file, as browsers send for an empty file input: accepting them is right here. (`enabled =
# false` would lose to `--checks all`.)
[[operations]]
include-name = ["PATCH /api/auth/profile/", "POST /api/service/jobs/", "POST /api/job-apply/", "POST /api/job-seekers/", "POST /api/service/booking/{id}/messages/", "POST /api/admin/bookings/{id}/messages/", "POST /api/schedule/jobs/{id}/complete/"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "415", "429"]
checks.negative_data_rejection.expected-statuses = ["2xx", "4xx"]

# A search near a postcode: one of the right shape may name no district of Great Britain, or
# Northern Ireland's, which distance search does not cover; each is rightly a 400 on `near`
# saying which. (`mine=true` on the jobs needs the token it may be sent without: 401.) A
# service's free times likewise, and for dates from today to a year on.
[[operations]]
include-name = ["GET /api/service/", "GET /api/service/jobs/", "GET /api/service/{id}/slots/"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "404"]

# The payment provider's webhook takes only events signed with its secret, which generated
# bodies never are: each is rightly refused with a 400 and changes nothing.
[[operations]]
include-name = ["POST /api/payments/webhook/"]
checks.positive_data_acceptance.expected-statuses = ["200", "400"]
TOML
  # In the temporary folder: schemathesis and Hypothesis write their files where they run.
  cd "$data"
  python3 -m schemathesis.cli --config-file schemathesis.toml run "$base/api/openapi.json" --checks all \
    --seed 1 --max-examples 100 --generation-database none --no-color -H "Authorization: Bearer $token" \
    || { echo "Server log:"; cat server.log; exit 1; }
)

echo "== end2end: Chromium against the real server"
(cd end2end && SERVER_BIN="$SERVER_BIN" npm test --silent)
