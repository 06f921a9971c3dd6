#!/usr/bin/env bash
# Lighthouse on the public pages a visitor reads first: `scripts/lighthouse.sh [demo|bench|large]`
# (default bench). It starts the release server with that data as bench.sh does, then runs
# Lighthouse's mobile preset (its emulated phone and simulated slow 4G) in Debian's Chromium on
# the home page, a category, a service, the jobs list, a job, the login page and the provider
# application (a form drawn on the server, React loaded only when it is used), and prints
# the performance score, first contentful paint, largest contentful paint, layout shift, the
# bytes transferred and the metrics that cost it points of each, first for a visitor and then
# for the demo member signed in (see scripts/lighthouse-member.mjs). Lighthouse itself is
# fetched by npx into npm's cache, not the project.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_chromium
source "$ROOT/scripts/bench-server.sh"

JOB=$(curl -fs "$BASE/api/service/jobs/?status=Open&page_size=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["results"][0]["id"])')
PATHS=("/" "/services?category=$CATEGORY" "$PAGE" "/jobs" "/apply?id=$JOB" "/user/login" "/become-provider")

# table WHO: the heading and a row per report $DATA/reports/<index>.json, in the order of PATHS.
table() {
  printf '\n%s\n\n' "$1"
  printf '| %-40s | %5s | %6s | %6s | %6s | %9s | %s |\n' page score FCP LCP CLS transfer "metrics under 1"
  printf '|%s|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..42})" "-------" "--------" "--------" "--------" "-----------" "-----------------"
  for index in "${!PATHS[@]}"; do
    python3 - "$DATA/reports/$index.json" "${PATHS[$index]}" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
audits = report["audits"]
# The metrics that cost a page points, each with its score: what to look at in a page under 100.
short = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT", "cumulative-layout-shift": "CLS", "speed-index": "SI"}
under = ", ".join("%s %.2f" % (name, audits[audit]["score"]) for audit, name in short.items() if audits[audit]["score"] is not None and audits[audit]["score"] < 1)
print("| %-40s | %5d | %6s | %6s | %6.3f | %5.1f KiB | %s |" % (
    sys.argv[2],
    round(report["categories"]["performance"]["score"] * 100),
    audits["first-contentful-paint"]["displayValue"].replace("\u00a0", " "),
    audits["largest-contentful-paint"]["displayValue"].replace("\u00a0", " "),
    audits["cumulative-layout-shift"]["numericValue"],
    audits["total-byte-weight"]["numericValue"] / 1024,
    under,
))
PY
  done
}

mkdir -p "$DATA/reports"
for index in "${!PATHS[@]}"; do
  CHROME_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}" npx --yes lighthouse@12 "$BASE${PATHS[$index]}" --quiet --preset=perf --form-factor=mobile \
    --chrome-flags="--headless=new --no-sandbox" --output=json --output-path="$DATA/reports/$index.json" >/dev/null 2>&1
done
table "A visitor (no session):"

# The same pages as the demo member sees them, in a browser that logged in first.
npm_install end2end
node scripts/lighthouse-member.mjs "$BASE" demo@brightway.example demo-password-1 "$DATA/reports" "${PATHS[@]}"
table "The demo member, signed in:"
