#!/usr/bin/env bash
# Lighthouse on the public pages a visitor reads first: `scripts/lighthouse.sh [demo|bench|large]`
# (default bench). It starts the release server with that data as bench.sh does, then runs
# Lighthouse's mobile preset (its emulated phone and simulated slow 4G) in Debian's Chromium on
# the home page, a category, a service, the jobs list, a job, the login page and the provider
# application (a form drawn on the server, React loaded only when it is used), and prints
# the performance score, first contentful paint, largest contentful paint, layout shift and the
# bytes transferred of each. Lighthouse itself is fetched by npx into npm's cache, not the project.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_chromium
source "$ROOT/scripts/bench-server.sh"

JOB=$(curl -fs "$BASE/api/service/jobs/?status=Open&page_size=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["results"][0]["id"])')
printf '| %-40s | %5s | %6s | %6s | %6s | %9s |\n' page score FCP LCP CLS transfer
printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..42})" "-------" "--------" "--------" "--------" "-----------"
for path in "/" "/services?category=$CATEGORY" "$PAGE" "/jobs" "/apply?id=$JOB" "/user/login" "/become-provider"; do
  report="$DATA/lighthouse.json"
  CHROME_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}" npx --yes lighthouse@12 "$BASE$path" --quiet --preset=perf --form-factor=mobile \
    --chrome-flags="--headless=new --no-sandbox" --output=json --output-path="$report" >/dev/null 2>&1
  python3 - "$report" "$path" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
audits = report["audits"]
print("| %-40s | %5d | %6s | %6s | %6.3f | %5.1f KiB |" % (
    sys.argv[2],
    round(report["categories"]["performance"]["score"] * 100),
    audits["first-contentful-paint"]["displayValue"].replace("\u00a0", " "),
    audits["largest-contentful-paint"]["displayValue"].replace("\u00a0", " "),
    audits["cumulative-layout-shift"]["numericValue"],
    audits["total-byte-weight"]["numericValue"] / 1024,
))
PY
done
