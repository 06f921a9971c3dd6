#!/usr/bin/env bash
# Builds everything (npm packages, islands, stylesheet, release server) and serves the
# marketplace on http://127.0.0.1:3000 with SQLite under data/ and the demo data.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

npm_install islands
(cd islands && npm run --silent build)
cargo build --release --locked -p server
exec "${CARGO_TARGET_DIR:-target}/release/server" serve
