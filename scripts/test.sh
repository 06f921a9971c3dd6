#!/usr/bin/env bash
# Runs every test: island unit tests (vitest), Rust tests on SQLite and PostgreSQL, and the
# browser tests (Playwright driving Debian's Chromium) against the real server. Installs what
# it needs: npm packages, Debian's chromium, and moto (a local S3 server) from PyPI.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# PostgreSQL for the database tests: each test makes and drops its own database there.
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"

# A target directory shared with other checkouts may hold their build of our crates, which
# cargo can take as fresh (it compares file times): rebuild ours, keep the dependencies.
if [ -n "${CARGO_TARGET_DIR:-}" ] && [[ "$(realpath -m "$CARGO_TARGET_DIR")" != "$ROOT"/* ]]; then
  cargo clean --quiet -p server -p app -p entity -p migration 2>/dev/null || true
fi

ensure_chromium
ensure_moto
npm_install islands
npm_install end2end

echo "== islands: build, types, unit tests"
(cd islands && npm run --silent build && npm run --silent typecheck && npm test --silent)

echo "== rust: unit, render and API tests (SQLite and PostgreSQL)"
cargo test --locked --workspace -- --test-threads=2

echo "== end2end: Chromium against the real server"
cargo build --locked -p server
(cd end2end && SERVER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/server" npm test --silent)
