#!/usr/bin/env bash
# The load test: `scripts/load.sh [demo|bench|large]` (default bench) puts 256 connections at
# once on the release server for DURATION seconds (default 60), on loopback: cached pages over
# the whole catalogue (192 connections), uncached search pages (24), API lists and searches
# (24), logins (8) and uploads (8, a CV replacing the demo member's), each class from a wrk of
# its own so that each has its own figures. By default each connection pauses between requests
# (about 100 ms for pages and the API, 200 ms for searches, 500 ms for uploads, a second for
# logins: some 2,300 requests a second in all), so that the latencies are those of a busy site
# rather than of a queue; PACE=off asks again the moment each answer comes, which measures
# throughput (where latency is only connections over throughput). It prints the figures and
# fails on any error or missed goal: cached pages p99 at most 20 ms, API p99 at most 50 ms,
# logins p99 at most 500 ms.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
export DURATION="${DURATION:-60}"
source "$ROOT/scripts/bench-server.sh"

TOKEN=$(curl -fsS -H 'Content-Type: application/json' -d '{"email": "demo@brightway.example", "password": "demo-password-1"}' \
  "$BASE/api/auth/login/" | python3 -c 'import json, sys; print(json.load(sys.stdin)["access"])')

rotating() { # rotating FILE PATH...: a wrk script that asks for each path in turn
  local file="$1"
  shift
  {
    printf 'local paths = {'
    printf '"%s", ' "$@"
    printf '}\nlocal i = 0\nrequest = function()\n  i = i %% #paths + 1\n  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "br, gzip" })\nend\n'
  } >"$file"
}
rotating "$DATA/search.lua" "/services?category=$CATEGORY&search=$WORD" "/jobs?search=$JOB_WORD" "/services?search=$WORD"
rotating "$DATA/api.lua" "/api/service/?category__slug=$CATEGORY&status=Open&ordering=priority" "/api/service/jobs/?status=Open" \
  "/api/service/?search=$WORD" "/api/service/jobs/?status=Open&search=$JOB_WORD" "/api/service/$SERVICE/"
cat >"$DATA/upload.lua" <<LUA
wrk.method = "PATCH"
wrk.headers["Authorization"] = "Bearer $TOKEN"
wrk.headers["Content-Type"] = "multipart/form-data; boundary=load-test-boundary"
wrk.body = "--load-test-boundary\r\nContent-Disposition: form-data; name=\"resume\"; filename=\"cv.pdf\"\r\nContent-Type: application/pdf\r\n\r\n"
  .. "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
  .. string.rep("% a line of the CV, to give the file some weight\n", 400)
  .. "\r\n--load-test-boundary--\r\n"
LUA

PACE="${PACE:-on}"
# paced NAME SCRIPT INTERVAL_MS: NAME's wrk script, each connection waiting INTERVAL_MS on
# average (uniformly half to one and a half times it) before each request, unless PACE=off.
paced() {
  cp "$2" "$DATA/$1-paced.lua"
  [ "$PACE" = off ] || printf 'delay = function() return math.random(%d, %d) end\n' $(($3 / 2)) $(($3 * 3 / 2)) >>"$DATA/$1-paced.lua"
  echo "$DATA/$1-paced.lua"
}
offered() { # offered CONNECTIONS INTERVAL_MS: the requests a second those connections offer
  if [ "$PACE" = off ]; then echo "as fast as answered"; else echo "$(($1 * 1000 / $2))"; fi
}

echo "Loading $BASE for $DURATION s with 256 connections (PACE=$PACE)..."
export WRK_THREADS=1
LOADS=()
run cached 192 "$BASE/" -s "$(paced cached "$DATA/paths.lua" 100)" & LOADS+=($!)
run searches 24 "$BASE/" -s "$(paced searches "$DATA/search.lua" 200)" & LOADS+=($!)
run api 24 "$BASE/" -s "$(paced api "$DATA/api.lua" 100)" & LOADS+=($!)
run logins 8 "$BASE/api/auth/login/" -s "$(paced logins "$DATA/login.lua" 1000)" & LOADS+=($!)
run uploads 8 "$BASE/api/auth/profile/" -s "$(paced uploads "$DATA/upload.lua" 500)" & LOADS+=($!)
failed=0
for load in "${LOADS[@]}"; do wait "$load" || failed=1; done
[ "$failed" -eq 0 ] || { echo "errors under load: see above" >&2; exit 1; }

# milliseconds NAME PERCENTILE: wrk's figure (in us, ms or s) in milliseconds.
milliseconds() {
  latency "$1" "$2" | awk '/us$/ {printf "%.2f", $1 / 1000; next} /ms$/ {printf "%.2f", $1 + 0; next} /s$/ {printf "%.2f", $1 * 1000}'
}
requests() { awk '/requests in/ {print $1}' "$DATA/$1.txt"; }
missed=0
line() { # line LABEL NAME CONNECTIONS INTERVAL_MS GOAL_MS
  local p99 verdict="-"
  p99=$(milliseconds "$2" 99%)
  if [ -n "$5" ]; then
    if awk -v a="$p99" -v b="$5" 'BEGIN {exit !(a <= b)}'; then verdict="met (<= $5 ms)"; else verdict="MISSED (> $5 ms)"; missed=1; fi
  fi
  printf '| %-36s | %18s | %9s | %7s | %8s | %8s | %-18s |\n' "$1 ($3)" "$(offered "$3" "$4")" "$(requests "$2")" "$(rps "$2")" "$(milliseconds "$2" 50%)" "$p99" "$verdict"
}
echo
echo "$SCALE data, $CORES cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $DURATION s, 256 connections, PACE=$PACE, loopback, 0 errors"
echo
printf '| %-36s | %18s | %9s | %7s | %8s | %8s | %-18s |\n' "class (connections)" "offered req/s" "requests" "req/s" "p50 ms" "p99 ms" "p99 goal"
printf '|%s|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..38})" "--------------------" "-----------" "---------" "----------" "----------" "--------------------"
line "cached pages, every page" cached 192 100 20
line "uncached search pages" searches 24 200 ""
line "API lists and searches" api 24 100 50
line "logins, argon2" logins 8 1000 500
line "uploads, a CV each" uploads 8 500 ""
echo
echo "memory (RSS) at the end: $(($(rss_kb) / 1024)) MB"
exit "$missed"
