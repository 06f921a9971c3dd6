#!/usr/bin/env bash
# Throughput and latency of the marketplace's busiest reads, on the benchmark catalogue
# (../shared/fixtures/bench.json, or FIXTURE=...), against the release server on loopback:
# wrk, DURATION seconds (default 10) and CONNECTIONS connections (default 32) each.
# Prints requests per second, p50 and p99 for each URL.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

fixture="${FIXTURE:-../shared/fixtures/bench.json}"
duration="${DURATION:-10}"
connections="${CONNECTIONS:-32}"
port="${BENCH_PORT:-3977}"
command -v wrk >/dev/null || { echo "installing wrk (Debian package)"; as_root apt-get install -y wrk >/dev/null; }

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/marketplace/target}"
cargo build --release -p server --quiet
server="$CARGO_TARGET_DIR/release/server"

data=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$data"' EXIT
export DATA_DIR="$data" PORT="$port" PRERENDER=false SEED_DEMO=false RUST_LOG=warn
"$server" import "$fixture" >/dev/null
"$server" serve >"$data/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fs "$base/api/website-info/" >/dev/null && break; sleep 0.2; done

# Representative records of this catalogue: its first category, a service in it, and a word
# from that service's title.
slug=$(curl -fs "$base/api/service/categories/" | python3 -c 'import json,sys; print(json.load(sys.stdin)["results"][0]["slug"])')
read -r id word < <(curl -fs "$base/api/service/?category__slug=$slug&status=Open&ordering=priority&page_size=1" \
  | python3 -c 'import json,sys; s=json.load(sys.stdin)["results"][0]; print(s["id"], max(s["title"].split(), key=len).strip(",.").lower())')

# And the newest open job, with a word from its title.
job_word=$(curl -fs "$base/api/service/jobs/?status=Open&page_size=1" \
  | python3 -c 'import json,sys; j=json.load(sys.stdin)["results"][0]; print(max(j["title"].split(), key=len).strip(",.()").lower())')

measure() {
  local label="$1" url="$2" report
  report=$(wrk -t2 -c"$connections" -d"${duration}s" --latency "$url")
  if echo "$report" | grep -q "Non-2xx"; then echo "$label: non-2xx answers"; echo "$report"; exit 1; fi
  printf '%-58s %9s req/s   p50 %8s   p99 %8s\n' "$label" \
    "$(echo "$report" | awk '/Requests\/sec/ {print $2}')" \
    "$(echo "$report" | awk '$1 == "50%" {print $2}')" \
    "$(echo "$report" | awk '$1 == "99%" {print $2}')"
}

echo "catalogue: $fixture; wrk ${duration}s, $connections connections, loopback"
measure "GET /api/service/?category__slug=$slug&status=Open&ordering=priority" "$base/api/service/?category__slug=$slug&status=Open&ordering=priority"
measure "GET /api/service/$id/" "$base/api/service/$id/"
measure "GET /api/service/?search=$word" "$base/api/service/?search=$word"
measure "GET /services?category=$slug&search=$word (uncached page)" "$base/services?category=$slug&search=$word"
measure "GET /api/service/jobs/?status=Open" "$base/api/service/jobs/?status=Open"
measure "GET /api/service/jobs/?status=Open&search=$job_word" "$base/api/service/jobs/?status=Open&search=$job_word"
measure "GET /jobs?search=$job_word (uncached page)" "$base/jobs?search=$job_word"
