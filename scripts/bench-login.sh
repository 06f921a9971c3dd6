#!/usr/bin/env bash
# Measures sign-in on a release build with the demo data: one login's latency (argon2
# included), then logins per second under load while pages are requested at the same time,
# and the pages' latency meanwhile (wrk on loopback, 10 s).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

PORT="${BENCH_PORT:-3391}"
BASE="http://127.0.0.1:$PORT"
command -v wrk >/dev/null || { as_root apt-get update -qq; as_root apt-get install -y -qq wrk >/dev/null; }
npm_install islands
(cd islands && npm run --silent build >/dev/null)
cargo build --release --locked -p server
SERVER="${CARGO_TARGET_DIR:-target}/release/server"

DATA="$(mktemp -d)"
trap 'kill "$SERVER_PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
DATA_DIR="$DATA" PORT="$PORT" PUBLIC_URL="$BASE" PRERENDER=false RATE_LIMIT_LOGIN_PER_MINUTE=1000000 RATE_LIMIT_LOGIN_FAILURES_PER_15_MINUTES=1000000 "$SERVER" serve >"$DATA/server.log" 2>&1 &
SERVER_PID=$!
until curl -fs "$BASE/builds/latest.json" >/dev/null; do sleep 0.2; done
curl -fs -o /dev/null "$BASE/"

BODY='{"email":"demo@brightway.example","password":"demo-password-1"}'
echo "== one login at a time (20 in a row)"
for _ in $(seq 20); do
  curl -fs -o /dev/null -w '%{time_total}\n' -H 'content-type: application/json' -d "$BODY" "$BASE/api/auth/login/"
done | sort -n | awk '{a[NR]=$1} END {printf "login latency: median %.1f ms, slowest %.1f ms\n", a[int((NR+1)/2)]*1000, a[NR]*1000}'

cat >"$DATA/login.lua" <<LUA
wrk.method = "POST"
wrk.body = '$BODY'
wrk.headers["Content-Type"] = "application/json"
LUA
echo "== logins (8 connections) and pages (20 connections) at the same time, 10 s"
wrk -t1 -c8 -d10s --latency -s "$DATA/login.lua" "$BASE/api/auth/login/" >"$DATA/logins.txt" &
LOGINS=$!
wrk -t1 -c20 -d10s --latency -H 'accept-encoding: br' "$BASE/" >"$DATA/pages.txt"
wait "$LOGINS"
awk '/Requests\/sec/ {print "logins: " $2 " per second"} /Non-2xx/ {print "logins NOT 200: " $NF}' "$DATA/logins.txt"
awk '/Requests\/sec/ {rps=$2} /50%/ {p50=$2} /99%/ {p99=$2} END {print "pages meanwhile: " rps " req/s, p50 " p50 ", p99 " p99}' "$DATA/pages.txt"
