#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest.
# Integration tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n==> %s\n' "$*"; }

ensure_chromium() {
  local chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ -x "$chromium" ]; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    step "installing Debian's Chromium for the browser journeys (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser journeys need Chromium at $chromium." >&2
    echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)" >&2
    exit 1
  fi
}

# Before vitest: some integration tests read back what a real browser renders (test/receive/decode.test.ts).
ensure_chromium

step "type check (tsc)"
npx tsc --noEmit

step "lint (eslint)"
npx eslint --max-warnings 0 .

step "unit and integration tests (vitest on PGlite${TEST_DATABASE_URL:+ and PostgreSQL})"
npx vitest run

step "production build (next build)"
npx next build

step "browser journeys (Playwright in Chromium)"
npx playwright test

echo
echo "All checks passed."
