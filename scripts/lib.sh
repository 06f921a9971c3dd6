# Helpers shared by run.sh and test.sh. Sourced, not run.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# `npm ci` in $1 unless its node_modules already matches its package-lock.json.
npm_install() {
  local dir="$ROOT/$1"
  local stamp="$dir/node_modules/.lock-sha"
  local want
  want="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
}

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# rustfmt and clippy, which the test command runs: rustup's default profile has them; say so
# plainly where a minimal toolchain does not (rustup cannot fetch them on every machine).
ensure_rust_checkers() {
  if cargo fmt --version >/dev/null 2>&1 && cargo clippy --version >/dev/null 2>&1; then
    return 0
  fi
  echo "The test command needs rustfmt and clippy: rustup component add rustfmt clippy" >&2
  return 1
}

# Debian's Chromium for the browser tests (npm cannot download browsers here).
ensure_chromium() {
  if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
    return 0
  fi
  echo "Installing Debian's chromium for the browser tests..."
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
}

# moto's S3 server, for the test of uploads to an S3-compatible store.
ensure_moto() {
  command -v moto_server >/dev/null && return 0
  echo "Installing moto (a local S3 server) for the storage test..."
  python3 -m pip install --quiet --disable-pip-version-check "moto[server]"
}

# openapi-spec-validator, which checks the OpenAPI document against the specification. Pinned.
OPENAPI_SPEC_VALIDATOR_VERSION=0.9.0
ensure_openapi_spec_validator() {
  if python3 -m pip show openapi-spec-validator 2>/dev/null | grep -qx "Version: $OPENAPI_SPEC_VALIDATOR_VERSION"; then
    return 0
  fi
  echo "Installing openapi-spec-validator $OPENAPI_SPEC_VALIDATOR_VERSION to check the OpenAPI document..."
  python3 -m pip install --quiet --disable-pip-version-check "openapi-spec-validator==$OPENAPI_SPEC_VALIDATOR_VERSION"
}

# schemathesis, which fuzzes the API from its OpenAPI document. Pinned: its command line and
# its checks change between releases.
SCHEMATHESIS_VERSION=4.32.5
ensure_schemathesis() {
  if [ "$(python3 -m schemathesis.cli --version 2>/dev/null)" = "python -m schemathesis.cli, version $SCHEMATHESIS_VERSION" ]; then
    return 0
  fi
  echo "Installing schemathesis $SCHEMATHESIS_VERSION for the API fuzzing..."
  python3 -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
}
