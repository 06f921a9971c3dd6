#!/usr/bin/env bash
# Measures the site on the benchmark fixture (shared/fixtures/bench.json: 4,800 services,
# 2,400 jobs) with a release build on loopback, and prints the numbers:
# import time, uncached render time, requests per second (wrk, 10 s), compressed sizes.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

FIXTURE="${1:-$ROOT/../shared/fixtures/bench.json}"
PORT="${BENCH_PORT:-3390}"
BASE="http://127.0.0.1:$PORT"
command -v wrk >/dev/null || { as_root apt-get update -qq; as_root apt-get install -y -qq wrk >/dev/null; }

npm_install islands
(cd islands && npm run --silent build)
cargo build --release --locked -p server
SERVER="${CARGO_TARGET_DIR:-target}/release/server"

DATA="$(mktemp -d)"
trap 'kill "$SERVER_PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
export DATA_DIR="$DATA" SEED_DEMO=false PORT PUBLIC_URL="$BASE"

echo "== import $FIXTURE"
"$SERVER" import "$FIXTURE"

PRERENDER=false "$SERVER" serve >"$DATA/server.log" 2>&1 &
SERVER_PID=$!
until curl -fs "$BASE/builds/latest.json" >/dev/null; do sleep 0.2; done

# Read from the fixture, not the site, so that no page is rendered (and cached) before the timings.
CATEGORY="$(python3 -c 'import json,sys; print(min(json.load(open(sys.argv[1]))["categories"], key=lambda c: c["priority"])["slug"])' "$FIXTURE")"

echo "== time to render one uncached page (first request; median of 30 service pages)"
for id in $(seq 101 130); do
  curl -fs -o /dev/null -w '%{time_total}\n' -H 'accept-encoding: br' "$BASE/services/details?id=$id"
done | sort -n | awk '{a[NR]=$1} END {printf "uncached /services/details: median %.1f ms, slowest %.1f ms\n", a[int((NR+1)/2)]*1000, a[NR]*1000}'
for path in "/" "/services?category=$CATEGORY" "/jobs"; do
  curl -fs -o /dev/null -w "uncached $path: %{time_total}\n" -H 'accept-encoding: br' "$BASE$path" | awk '{printf "%s %.1f ms\n", $1" "$2, $3*1000}'
done

echo "== requests per second (wrk, 2 threads, 50 connections, 10 s, brotli)"
for path in "/" "/services?category=$CATEGORY"; do
  printf '%s: ' "$path"
  wrk -t2 -c50 -d10s --latency -H 'accept-encoding: br, gzip' "$BASE$path" | awk '/Requests\/sec/ {rps=$2} /99%/ {p99=$2} /Non-2xx/ {bad=$NF} END {print rps " req/s, p99 " p99 (bad ? ", NON-2XX " bad : "")}'
done

echo "== size of / over the wire"
size() { curl -fs -H "accept-encoding: $2" "$BASE$1" | wc -c; }
HOME_HTML="$(curl -fs "$BASE/")"
CSS="$(grep -o '/assets/site-[A-Z0-9]*\.css' <<<"$HOME_HTML" | head -1)"
RUNTIME="$(grep -o '/assets/runtime-[A-Z0-9]*\.js' <<<"$HOME_HTML" | head -1)"
printf 'HTML  %6s B raw, %6s B gzip, %6s B br\n' "$(size / identity)" "$(size / gzip)" "$(size / br)"
printf 'CSS   %6s B raw, %6s B gzip, %6s B br\n' "$(size "$CSS" identity)" "$(size "$CSS" gzip)" "$(size "$CSS" br)"
PAGE_ISLANDS="$(grep -o 'data-island="[a-z-]*"' <<<"$HOME_HTML" | cut -d'"' -f2 | sort -u | tr '\n' ' ')"
JS_FILES="$(python3 - "$ROOT/islands/dist" "$RUNTIME" $PAGE_ISLANDS <<'PY'
import json, os, re, sys
dist, runtime, page_islands = sys.argv[1], sys.argv[2], sys.argv[3:]
# The runtime plus every chunk it imports statically, and the chunks of the page's islands.
seen, todo = set(), [runtime]
manifest = json.load(open(os.path.join(dist, "manifest.json")))
todo += [manifest["islands"][name] for name in page_islands]
while todo:
    path = todo.pop()
    if path in seen: continue
    seen.add(path)
    text = open(os.path.join(dist, path.lstrip("/").removeprefix("assets/").join(["assets/", ""]))).read()
    todo += ["/assets/" + m for m in re.findall(r'from"\./([^"]+\.js)"', text) + re.findall(r'import"\./([^"]+\.js)"', text)]
print(" ".join(sorted(seen)))
PY
)"
TOTAL_RAW=0; TOTAL_GZ=0; TOTAL_BR=0
for f in $JS_FILES; do
  TOTAL_RAW=$((TOTAL_RAW + $(size "$f" identity)))
  TOTAL_GZ=$((TOTAL_GZ + $(size "$f" gzip)))
  TOTAL_BR=$((TOTAL_BR + $(size "$f" br)))
done
printf 'JS    %6s B raw, %6s B gzip, %6s B br (%s files: runtime, its chunks, the chunks of: %s)\n' "$TOTAL_RAW" "$TOTAL_GZ" "$TOTAL_BR" "$(wc -w <<<"$JS_FILES")" "$PAGE_ISLANDS"
