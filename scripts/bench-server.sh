# Sourced by bench.sh and load.sh: builds the release server, imports the chosen data
# (SCALE: demo, bench or large) and providers with working terms for one service
# ($SLOTS_SERVICE) into a fresh folder, starts the server on loopback, waits for
# its prerender, and finds representative records ($CATEGORY, $SERVICE and $WORD, $JOB_WORD,
# $PAGE) and every prerendered page ($DATA/paths.lua). Then `run NAME CONNECTIONS URL [wrk
# options]` measures with wrk, and `rps NAME` and `latency NAME 99%` read its report.

SCALE="${1:-bench}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-64}"
PORT="${BENCH_PORT:-3390}"
BASE="http://127.0.0.1:$PORT"
CORES="$(nproc)"

command -v wrk >/dev/null || { as_root apt-get update -qq; as_root apt-get install -y -qq wrk >/dev/null; }
npm_install islands
(cd islands && npm run --silent build >/dev/null)
# SERVER_BIN measures another build (an older one, say) with this checkout's data and islands.
if [ -n "${SERVER_BIN:-}" ]; then
  SERVER="$SERVER_BIN"
else
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/marketplace/target}"
  cargo build --release --locked -p server --quiet
  SERVER="$CARGO_TARGET_DIR/release/server"
fi

DATA="$(mktemp -d)"
stop_server() {
  kill "${SERVER_PID:-}" 2>/dev/null || true
  wait "${SERVER_PID:-}" 2>/dev/null || true
  rm -rf "$DATA"
}
trap stop_server EXIT

case "$SCALE" in
  demo) FIXTURE="$ROOT/server/demo/demo.json" ;;
  bench) FIXTURE="$ROOT/../shared/fixtures/bench.json" ;;
  large)
    FIXTURE="$DATA/large.json"
    python3 "$ROOT/../shared/fixtures/generate.py" --scale large --out "$FIXTURE"
    ;;
  *) echo "usage: $0 [demo|bench|large]" >&2; exit 2 ;;
esac

export DATA_DIR="$DATA" SEED_DEMO=false PORT PUBLIC_URL="$BASE" NO_COLOR=1 LOG_FORMAT=text RUST_LOG="info,sqlx=warn,sea_orm=warn,access=warn"
# wrk opens hundreds of connections from one loopback address, which the per-address cap (64 by
# default; loopback is not exempt in production) would close: the measurements lift it.
export MAX_CONNECTIONS_PER_ADDRESS="${MAX_CONNECTIONS_PER_ADDRESS:-4096}"
export TOKIO_WORKER_THREADS="$CORES"
# /metrics, for where the memory is (`memory_of`).
export METRICS_TOKEN="bench-metrics-token"
# Logins are measured, not limited; bench-slots.py books a month as a few customers.
export RATE_LIMIT_LOGIN_PER_MINUTE=1000000 RATE_LIMIT_LOGIN_FAILURES_PER_15_MINUTES=1000000 RATE_LIMIT_BOOKINGS_PER_HOUR=1000000

started=$(date +%s%N)
"$SERVER" import "$FIXTURE" >/dev/null
IMPORT_SECONDS=$(awk -v ns=$(($(date +%s%N) - started)) 'BEGIN {printf "%.1f", ns / 1e9}')
# Approved providers with working terms on one service ($SLOTS_SERVICE, a slug), for the slots.
SLOTS_SERVICE=$(python3 "$ROOT/scripts/bench-slots.py" fixture "$FIXTURE" "$DATA/providers.json")
"$SERVER" import "$DATA/providers.json" >/dev/null

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$SERVER_PID/status"; }
# Of it, what the program allocated (heap, caches, buffers), not its code and data read from
# the executable's file (the kernel drops those pages under pressure and reads them again).
anonymous_kb() { awk '/^Anonymous:/ {print $2}' "/proc/$SERVER_PID/smaps_rollup"; }

"$SERVER" serve >"$DATA/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 3000); do
  grep -q ' prerendered ' "$DATA/server.log" && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$DATA/server.log"; exit 1; }
  sleep 0.2
done
PRERENDER_LINE="$(sed 's/\x1b\[[0-9;]*m//g' "$DATA/server.log" | grep ' prerendered ' | tail -1)"
PAGES="$(grep -o 'rendered=[0-9]*' <<<"$PRERENDER_LINE" | head -1 | cut -d= -f2)"
PRERENDER_MS="$(grep -o 'elapsed_ms=[0-9]*' <<<"$PRERENDER_LINE" | cut -d= -f2)"
RSS_AFTER_PRERENDER=$(rss_kb)
# memory_of: where the memory is now, in MB, as a table's cell: the anonymous memory (what the
# program allocated, as the system counts it), of it the allocator's resident pages, and of
# those the blocks in use, the cached pages and API answers among them, and the allocator's
# own bookkeeping ("-" for a build without those figures).
memory_of() {
  local metrics
  metrics=$(curl -fs -H "authorization: Bearer $METRICS_TOKEN" "$BASE/metrics" || true)
  awk -v anonymous="$(anonymous_kb)" '
    function mb(name) { return (name in v) ? sprintf("%.0f", v[name] / 1048576) : "-" }
    { v[$1] = $2 }
    END {
      printf "%.0f MB anonymous; allocator resident %s, in use %s (cached pages %s, API answers %s), bookkeeping %s\n",
        anonymous / 1024, mb("heap_bytes{state=\"resident\"}"), mb("heap_bytes{state=\"allocated\"}"),
        mb("page_cache_memory_bytes"), mb("api_cache_bytes"), mb("heap_bytes{state=\"metadata\"}")
    }' <<<"$metrics"
}
MEMORY_AFTER_PRERENDER=$(memory_of)

# Representative records: the first category, an open service in it and a word of its title,
# the newest open job and a word of its title.
CATEGORY=$(curl -fs "$BASE/api/service/categories/" | python3 -c 'import json,sys; print(json.load(sys.stdin)["results"][0]["slug"])')
read -r SERVICE WORD < <(curl -fs "$BASE/api/service/?category__slug=$CATEGORY&status=Open&ordering=priority&page_size=1" \
  | python3 -c 'import json,sys; s=json.load(sys.stdin)["results"][0]; print(s["id"], max(s["title"].split(), key=len).strip(",.").lower())')
read -r JOB JOB_WORD < <(curl -fs "$BASE/api/service/jobs/?status=Open&page_size=1" \
  | python3 -c 'import json,sys; j=json.load(sys.stdin)["results"][0]; print(j["id"], max(j["title"].split(), key=len).strip(",.()").lower())')
PAGE="/services/details?id=$SERVICE"

# Every prerendered service and job page, for the load over the whole catalogue.
curl -fs "$BASE/sitemap.xml" | grep -o '<loc>[^<]*</loc>' | sed 's/<loc>//; s/<\/loc>//' | while read -r part; do
  curl -fs "$part" | grep -o '<loc>[^<]*</loc>' | sed "s|<loc>$BASE||; s|</loc>||; s|&amp;|\&|g"
done >"$DATA/paths.txt"
cat >"$DATA/paths.lua" <<LUA
local paths = {}
for line in io.lines("$DATA/paths.txt") do paths[#paths + 1] = line end
local i = math.random(#paths)
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "br, gzip" })
end
LUA
# A page view as a browser makes it: the page, then every request the runtime makes before any
# interaction (its start-up calls: the website info, the categories, the build's meta). A first
# visit asks for each afresh; a repeat visit revalidates each with the ETag it was given (none
# when the answer had none). One page view is four requests: views/s is req/s / 4.
BUILD_ID=$(curl -fs "$BASE$PAGE" | grep -o '<meta name="build-id" content="[^"]*"' | sed 's/.*content="//; s/"$//')
STARTUP_CALLS=("/api/website-info/" "/api/service/categories/?page_size=100" "/builds/meta/$BUILD_ID.json")
etag_of() { curl -fsI -H 'accept-encoding: br, gzip' "$BASE$1" | awk 'tolower($1) == "etag:" {print $2}' | tr -d '\r'; }
# Over a sample of the pages (at most 2,000, one request each to learn their ETags): on the
# large data asking for all 68,000 would take longer than the benchmark.
{
  shuf -n 2000 --random-source=<(yes) "$DATA/paths.txt" | while read -r path; do printf '%s\t%s\n' "$path" "$(etag_of "$path")"; done
} >"$DATA/paths-etags.txt"
for call in "${STARTUP_CALLS[@]}"; do printf '%s\t%s\n' "$call" "$(etag_of "$call")"; done >"$DATA/calls-etags.txt"
for visit in first repeat; do
  cat >"$DATA/pageviews-$visit.lua" <<LUA
local revalidate = "$visit" == "repeat"
local function read(file)
  local rows = {}
  for line in io.lines(file) do
    local path, etag = line:match("^([^\t]*)\t?(.*)$")
    rows[#rows + 1] = { path = path, etag = etag }
  end
  return rows
end
local pages = read("$DATA/paths-etags.txt")
local calls = read("$DATA/calls-etags.txt")
local page = math.random(#pages)
local step = 0
request = function()
  local target
  if step == 0 then
    page = page % #pages + 1
    target = pages[page]
  else
    target = calls[step]
  end
  step = (step + 1) % (#calls + 1)
  local headers = { ["Accept-Encoding"] = "br, gzip" }
  if revalidate and target.etag ~= "" then headers["If-None-Match"] = target.etag end
  return wrk.format("GET", target.path, headers)
end
LUA
done
# Searches near a postcode as people make them, none answered from the cache: each request a
# district of Great Britain and a distance (5 to 50 miles, to the hundredth) drawn at random,
# about 13 million addresses; the first page, as a person gets it. near_lua NAME PATH writes
# $DATA/NAME.lua asking PATH with that query: the services and jobs of the API, and a
# category's page as the form sends it.
near_lua() {
  cat >"$DATA/$1.lua" <<LUA
local districts = {}
for line in io.lines("$ROOT/server/data/postcode-districts.csv") do
  local district = line:match("^([A-Z0-9]+),")
  if district then districts[#districts + 1] = district end
end
request = function()
  local query = string.format("near=%s&within=%.2f", districts[math.random(#districts)], math.random(500, 5000) / 100)
  return wrk.format("GET", "$2" .. query, { ["Accept-Encoding"] = "br, gzip" })
end
LUA
}
near_lua near-services "/api/service/?"
near_lua near-jobs "/api/service/jobs/?"
near_lua near-page "/services?category=$CATEGORY&"
cat >"$DATA/login.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"email":"demo@brightway.example","password":"demo-password-1"}'
wrk.headers["Content-Type"] = "application/json"
LUA

# wrk NAME CONNECTIONS URL [wrk options]: runs, fails on any error, keeps the report as NAME.
run() {
  local name="$1" connections="$2" url="$3"
  shift 3
  local threads=$((connections < ${WRK_THREADS:-2} ? connections : ${WRK_THREADS:-2}))
  wrk -t"$threads" -c"$connections" -d"${DURATION}s" --latency "$@" "$url" >"$DATA/$name.txt"
  if grep -qE 'Non-2xx|Socket errors' "$DATA/$name.txt"; then
    echo "$name: errors" >&2
    cat "$DATA/$name.txt" >&2
    exit 1
  fi
}
rps() { awk '/Requests\/sec/ {printf "%.0f", $2}' "$DATA/$1.txt"; }
latency() { awk -v p="$2" '$1 == p {print $2}' "$DATA/$1.txt"; }
