#!/usr/bin/env bash
# The marketplace's numbers as one table: `scripts/bench.sh [demo|bench|large]` (default bench:
# ../shared/fixtures/bench.json; large is generated, 10 times that). It imports the data,
# starts the release server on loopback, times its prerender and reads its memory, then
# measures with wrk (DURATION seconds each, default 10; CONNECTIONS connections, default 64)
# cached pages beside nginx serving the same bytes from the same machine (one worker a core,
# the server with as many threads; the median of ROUNDS rounds in turn), uncached search
# pages, API lists and searches, logins, page views as a browser makes them (the page and the
# runtime's start-up calls; the ratio is to the HTML-only rate over the same pages, the median
# of ROUNDS rounds too), the server's memory under 256 connections over its pages, and last
# (bookings change no page) a month of one service's free times once its 24 providers' month
# is booked.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
source "$ROOT/scripts/bench-server.sh"

NGINX_PORT=$((PORT + 1))
[ -x /usr/sbin/nginx ] || { as_root apt-get update -qq; DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nginx-light >/dev/null; }
# nginx's workers run as another user: the pages they serve sit in a folder everyone may read.
NGINX_ROOT="$(mktemp -d)"
chmod 755 "$NGINX_ROOT"
stop_nginx() {
  [ -f "$DATA/nginx.pid" ] && kill "$(cat "$DATA/nginx.pid")" 2>/dev/null || true
  rm -rf "$NGINX_ROOT"
}
trap 'stop_nginx; stop_server' EXIT

# nginx serves the very bytes the server sends for that page: uncompressed, and its gzip.
curl -fs -H 'accept-encoding: identity' "$BASE$PAGE" -o "$NGINX_ROOT/page.html"
curl -fs -H 'accept-encoding: gzip' "$BASE$PAGE" -o "$NGINX_ROOT/page.html.gz"
chmod 644 "$NGINX_ROOT"/page.html*
cat >"$DATA/nginx.conf" <<NGINX
worker_processes $CORES;
pid $DATA/nginx.pid;
error_log $DATA/nginx-error.log;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  client_body_temp_path $DATA/nginx-tmp;
  proxy_temp_path $DATA/nginx-tmp;
  fastcgi_temp_path $DATA/nginx-tmp;
  uwsgi_temp_path $DATA/nginx-tmp;
  scgi_temp_path $DATA/nginx-tmp;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $NGINX_ROOT;
    add_header Cache-Control "public, max-age=0, must-revalidate";
  }
}
NGINX
mkdir -p "$DATA/nginx-tmp"
/usr/sbin/nginx -c "$DATA/nginx.conf"
for _ in $(seq 1 50); do curl -fs -o /dev/null "http://127.0.0.1:$NGINX_PORT/page.html" && break; sleep 0.1; done
NGINX_ETAG=$(curl -fsI "http://127.0.0.1:$NGINX_PORT/page.html" | awk 'tolower($1) == "etag:" {print $2}' | tr -d '\r')
OUR_ETAG=$(curl -fsI "$BASE$PAGE" | awk 'tolower($1) == "etag:" {print $2}' | tr -d '\r')

ROWS=()
# row LABEL NAME [BASELINE NAME]: a line of the table, with the ratio to the baseline if given.
row() {
  local ratio=""
  [ -n "${3:-}" ] && ratio=$(awk -v a="$(rps "$2")" -v b="$(rps "$3")" 'BEGIN {printf "%.2f", a / b}')
  ROWS+=("$(printf '| %-52s | %8s | %8s | %8s | %6s |' "$1" "$(rps "$2")" "$(latency "$2" 50%)" "$(latency "$2" 99%)" "$ratio")")
}

# views_row LABEL NAME BASELINE: a line for page views (a request of NAME is a quarter of a
# view: the page and its start-up calls), with the ratio of views to the baseline's pages.
views_row() {
  local per_view=$((${#STARTUP_CALLS[@]} + 1))
  local views ratio
  views=$(awk -v a="$(rps "$2")" -v n="$per_view" 'BEGIN {printf "%.0f", a / n}')
  ratio=$(awk -v a="$views" -v b="$(rps "$3")" 'BEGIN {printf "%.3f", a / b}')
  ROWS+=("$(printf '| %-52s | %8s | %8s | %8s | %6s |' "$1" "$views" "$(latency "$2" 50%)" "$(latency "$2" 99%)" "$ratio")")
}

# First, the whole catalogue at 256 connections, the server's memory sampled meanwhile (before
# the searches and logins below, whose own memory would be counted too).
PEAK_RSS=0
run every_page 256 "$BASE/" -s "$DATA/paths.lua" &
WRK_PID=$!
while kill -0 "$WRK_PID" 2>/dev/null; do
  rss=$(rss_kb)
  [ "$rss" -gt "$PEAK_RSS" ] && PEAK_RSS=$rss
  sleep 0.5
done
wait "$WRK_PID"

# Cached pages beside nginx, in ROUNDS rounds (an odd number, default 5): each encoding asked of
# both in turn, nginx first in odd rounds and the server first in even ones, since the speed of
# these shared machines drifts by 10 to 25% over minutes. Each ratio is the median round's, and
# its rows are that round's reports.
NGINX_URL="http://127.0.0.1:$NGINX_PORT/page.html"
ROUNDS="${ROUNDS:-5}"
[[ $ROUNDS =~ ^[0-9]*[13579]$ ]] || { echo "ROUNDS must be an odd number: the rows are a median round" >&2; exit 2; }
# nginx_asked KIND ROUND, ours_asked KIND ROUND: one measure of one round (nginx has no brotli:
# the server's brotli is set beside nginx's gzip).
nginx_asked() {
  case "$1" in
    identity) run "nginx_identity_$2" "$CONNECTIONS" "$NGINX_URL" -H 'accept-encoding: identity' ;;
    gzip) run "nginx_gzip_$2" "$CONNECTIONS" "$NGINX_URL" -H 'accept-encoding: gzip' ;;
    304) run "nginx_304_$2" "$CONNECTIONS" "$NGINX_URL" -H "if-none-match: $NGINX_ETAG" ;;
  esac
}
ours_asked() {
  case "$1" in
    identity) run "ours_identity_$2" "$CONNECTIONS" "$BASE$PAGE" -H 'accept-encoding: identity' ;;
    gzip) run "ours_gzip_$2" "$CONNECTIONS" "$BASE$PAGE" -H 'accept-encoding: gzip' ;;
    br) run "ours_br_$2" "$CONNECTIONS" "$BASE$PAGE" -H 'accept-encoding: br, gzip' ;;
    304) run "ours_304_$2" "$CONNECTIONS" "$BASE$PAGE" -H "if-none-match: $OUR_ETAG" -H 'accept-encoding: br, gzip' ;;
  esac
}
for round in $(seq 1 "$ROUNDS"); do
  for kind in identity gzip br 304; do
    if ((round % 2)); then nginx_asked "$kind" "$round"; ours_asked "$kind" "$round"; else ours_asked "$kind" "$round"; nginx_asked "$kind" "$round"; fi
  done
done
# paired OURS BASELINE: the round whose ratio OURS / BASELINE is the median, its reports kept as
# OURS and as BASELINE_vs_OURS.
paired() {
  local middle
  middle=$(for round in $(seq 1 "$ROUNDS"); do
    awk -v a="$(rps "$1_$round")" -v b="$(rps "$2_$round")" -v r="$round" 'BEGIN {printf "%.6f %s\n", a / b, r}'
  done | sort -n | awk -v n="$ROUNDS" 'NR == (n + 1) / 2 {print $2}')
  cp "$DATA/$1_$middle.txt" "$DATA/$1.txt"
  cp "$DATA/$2_$middle.txt" "$DATA/$2_vs_$1.txt"
}
paired ours_identity nginx_identity
paired ours_gzip nginx_gzip
paired ours_br nginx_gzip
paired ours_304 nginx_304
# Searches are never cached: each at 1 connection (the latency one person gets) and 32.
for connections in 1 32; do
  run "search_services_$connections" "$connections" "$BASE/services?category=$CATEGORY&search=$WORD" -H 'accept-encoding: br, gzip'
  run "search_jobs_$connections" "$connections" "$BASE/jobs?search=$JOB_WORD" -H 'accept-encoding: br, gzip'
  run "api_search_$connections" "$connections" "$BASE/api/service/?search=$WORD" -H 'accept-encoding: br, gzip'
  run "api_job_search_$connections" "$connections" "$BASE/api/service/jobs/?status=Open&search=$JOB_WORD" -H 'accept-encoding: br, gzip'
  run "near_services_$connections" "$connections" "$BASE/" -s "$DATA/near-services.lua"
  run "near_jobs_$connections" "$connections" "$BASE/" -s "$DATA/near-jobs.lua"
  run "near_page_$connections" "$connections" "$BASE/" -s "$DATA/near-page.lua"
done
run api_categories "$CONNECTIONS" "$BASE/api/service/categories/?page_size=100" -H 'accept-encoding: br, gzip'
run api_website_info "$CONNECTIONS" "$BASE/api/website-info/" -H 'accept-encoding: br, gzip'
run api_services "$CONNECTIONS" "$BASE/api/service/?category__slug=$CATEGORY&status=Open&ordering=priority" -H 'accept-encoding: br, gzip'
run api_service "$CONNECTIONS" "$BASE/api/service/$SERVICE/" -H 'accept-encoding: br, gzip'
run api_reviews "$CONNECTIONS" "$BASE/api/reviews/?service=$SERVICE" -H 'accept-encoding: br, gzip'
run api_jobs "$CONNECTIONS" "$BASE/api/service/jobs/?status=Open" -H 'accept-encoding: br, gzip'
run api_job "$CONNECTIONS" "$BASE/api/service/jobs/$JOB/" -H 'accept-encoding: br, gzip'
run login 8 "$BASE/api/auth/login/" -s "$DATA/login.lua"
# Page views beside the HTML-only pages in ROUNDS rounds too, in turn in a rotating order: their
# ratio is a goal, and the machine's drift would move it as much as any change does.
for round in $(seq 1 "$ROUNDS"); do
  visits=(html first repeat)
  for i in 0 1 2; do
    case "${visits[$(((i + round) % 3))]}" in
      html) run "html_pages_$round" "$CONNECTIONS" "$BASE/" -s "$DATA/paths.lua" ;;
      first) run "pageviews_first_$round" "$CONNECTIONS" "$BASE/" -s "$DATA/pageviews-first.lua" ;;
      repeat) run "pageviews_repeat_$round" "$CONNECTIONS" "$BASE/" -s "$DATA/pageviews-repeat.lua" ;;
    esac
  done
done
# Each visit's ratio is its median round's: the HTML-only row is the first visit's round.
paired pageviews_first html_pages
paired pageviews_repeat html_pages
RSS_AT_END=$(rss_kb)
sleep 5
RSS_AT_REST=$(rss_kb)
ANON_AT_REST=$(anonymous_kb)
MEMORY_AT_REST=$(memory_of)

# A month of one service's free times at a postcode, once its providers' month is booked up.
SLOTS_FROM=$(date -d '+2 days' +%F)
read -r SLOTS_ID SLOTS_BOOKED < <(python3 "$ROOT/scripts/bench-slots.py" book "$BASE" "$SLOTS_SERVICE" "$SLOTS_FROM" 30)
SLOTS_URL="$BASE/api/service/$SLOTS_ID/slots/?postcode=BS1+4DJ&from=$(date -d '+1 day' +%F)&to=$(date -d '+31 days' +%F)"
for connections in 1 32; do
  run "slots_$connections" "$connections" "$SLOTS_URL" -H 'accept-encoding: br, gzip'
done


row "cached page, uncompressed: nginx" nginx_identity_vs_ours_identity
row "cached page, uncompressed: marketplace" ours_identity nginx_identity_vs_ours_identity
row "cached page, gzip: nginx gzip_static" nginx_gzip_vs_ours_gzip
row "cached page, gzip: marketplace" ours_gzip nginx_gzip_vs_ours_gzip
row "cached page, brotli: marketplace (vs nginx gzip)" ours_br nginx_gzip_vs_ours_br
row "revalidation, 304: nginx" nginx_304_vs_ours_304
row "revalidation, 304: marketplace" ours_304 nginx_304_vs_ours_304
for connections in 1 32; do
  row "uncached /services?category&search, $connections conn." "search_services_$connections"
  row "uncached /jobs?search, $connections conn." "search_jobs_$connections"
  row "API: service search, $connections conn." "api_search_$connections"
  row "API: job search, $connections conn." "api_job_search_$connections"
  row "API: services near a postcode (uncached), $connections conn." "near_services_$connections"
  row "API: jobs near a postcode (uncached), $connections conn." "near_jobs_$connections"
  row "uncached /services?category&near, $connections conn." "near_page_$connections"
done
row "API: categories (a start-up call)" api_categories
row "API: website info (a start-up call)" api_website_info
row "API: services of a category" api_services
row "API: one service" api_service
row "API: a service's reviews" api_reviews
row "API: open jobs" api_jobs
row "API: one job" api_job
row "API: login (argon2; 8 connections)" login
for connections in 1 32; do
  row "API: slots for a month, $SLOTS_BOOKED booked, $connections conn." "slots_$connections"
done
row "every page, 256 connections ($(wc -l <"$DATA/paths.txt") URLs)" every_page
row "every page, HTML only" html_pages_vs_pageviews_first
views_row "page views/s, first visit (page + ${#STARTUP_CALLS[@]} calls)" pageviews_first html_pages_vs_pageviews_first
views_row "page views/s, repeat visit (all revalidated)" pageviews_repeat html_pages_vs_pageviews_repeat

echo
echo "$SCALE data ($(basename "$FIXTURE")), $CORES cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), wrk ${DURATION} s, $CONNECTIONS connections unless said, cached pages and page views the median of $ROUNDS rounds, loopback"
echo
printf '| %-52s | %8s | %8s | %8s | %6s |\n' "measure" "req/s" "p50" "p99" "ratio"
printf '|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..54})" "----------" "----------" "----------" "--------"
printf '%s\n' "${ROWS[@]}"
echo
echo "| import | $IMPORT_SECONDS s |"
echo "| prerender | $PAGES pages in $PRERENDER_MS ms |"
echo "| memory (RSS) after prerender | $((RSS_AFTER_PRERENDER / 1024)) MB |"
echo "| of it, then | $MEMORY_AFTER_PRERENDER |"
echo "| memory (RSS), peak under 256 connections over every page | $((PEAK_RSS / 1024)) MB |"
echo "| memory (RSS) at the end, after searches and logins | $((RSS_AT_END / 1024)) MB |"
echo "| memory (RSS) at rest, 5 s after the traffic stops | $((RSS_AT_REST / 1024)) MB |"
echo "| of it, allocated (anonymous) / the program's file | $((ANON_AT_REST / 1024)) MB / $(((RSS_AT_REST - ANON_AT_REST) / 1024)) MB |"
echo "| of it, at rest | $MEMORY_AT_REST |"
echo "| page cache budget (PAGE_CACHE_MB) | ${PAGE_CACHE_MB:-64} MB |"
