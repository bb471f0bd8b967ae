#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest.
# Integration tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# Each phase's seconds, printed at the end (also when a phase fails: what ran until then).
phases=()
# step <phase> <what it does>
step() {
  finish_phase
  phase_name="$1"
  phase_started=$SECONDS
  printf '\n==> %s\n' "$2"
}
finish_phase() {
  if [ -n "${phase_name:-}" ]; then phases+=("$(printf '%6d s  %s%s' $((SECONDS - phase_started)) "$phase_name" "${1:-}")"); fi
  phase_name=""
}
summary() {
  if [ $? -ne 0 ]; then finish_phase " (failed)"; else finish_phase; fi
  if [ ${#phases[@]} -eq 0 ]; then return; fi
  printf '\nTime per phase:\n'
  printf '  %s\n' "${phases[@]}"
  printf '  %6d s  in all\n' "$SECONDS"
  recap_failures
}
# What failed, repeated last: a CI log is often read from its tail, and vitest's and the side jobs'
# failures are printed long before it.
recap_failures() {
  local log plain
  if [ -f .test-logs/vitest.log ]; then
    plain=$(sed 's/\x1b\[[0-9;]*m//g' .test-logs/vitest.log)
    if grep -qE '^ *FAIL ' <<<"$plain"; then
      printf '\nvitest failed on:\n'
      # each failed test, and the first line of its error
      awk '/^ *FAIL /{sub(/^ */,"  "); print; want=1; next}
           want && /(Error|expected|timed out)/{sub(/^ */,"      "); print; want=0}' <<<"$plain" | head -60
      grep -E '^ *(Test Files|Tests) ' <<<"$plain" | sed 's/^ */  /'
    fi
  fi
  for log in tsc eslint; do
    if [ -f ".test-logs/$log.status" ] && ! grep -q ' 0$' ".test-logs/$log.status"; then
      printf '\n%s failed; its last lines:\n' "$log"
      tail -n 15 ".test-logs/$log.log" | sed 's/^/  /'
    fi
  done
}
trap summary EXIT

ensure_chromium() {
  local chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ ! -x "$chromium" ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
      step chromium "installing Debian's Chromium for the browser journeys (apt-get)"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
      echo "The browser journeys need Chromium at $chromium." >&2
      echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)" >&2
      exit 1
    fi
  fi
  # The journeys run in Chromium's headless shell when it is there: the same engine without the
  # full browser's compositor, ≈ 30 % less time per journey on 2 cores (playwright.config.ts). It is
  # installed alongside when it can be; without it the journeys run in the full browser.
  if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    step chromium "installing Debian's Chromium headless shell for the browser journeys (apt-get)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 \
      || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1; } \
      || echo "(chromium-headless-shell could not be installed: the journeys run in the full browser)"
  fi
}

# Before vitest: some integration tests read back what a real browser renders (test/receive/decode.test.ts).
ensure_chromium

# The type check and the lint run side by side after the build, then vitest alone, then the
# journeys alone (README "Test speed": on the slower machines of this kind, anything beside the
# journeys doubled their time, and tsc and eslint beside vitest cost it more than their own CPU).
# Each side job's output is kept in .test-logs/ (Playwright empties test-results/ when it starts)
# and printed when it ends; its seconds are its own.
rm -rf .test-logs && mkdir -p .test-logs
# beside <phase> <what it does> <command…>: starts the command in the background.
beside_pids=()
beside_names=()
beside() {
  local name="$1" what="$2"
  shift 2
  printf '\n==> %s (in the background: its output follows when it ends)\n' "$what"
  ( started=$SECONDS; set +e; "$@" > ".test-logs/$name.log" 2>&1; rc=$?; echo "$((SECONDS - started)) $rc" > ".test-logs/$name.status"; exit $rc ) &
  beside_pids+=($!)
  beside_names+=("$name")
}
# settle: waits for every side job, prints its output and time; fails if any failed.
settle() {
  local failed=0 i name secs rc
  for i in "${!beside_pids[@]}"; do
    name="${beside_names[$i]}"
    wait "${beside_pids[$i]}" || true
    printf '\n==> output of %s\n' "$name"
    cat ".test-logs/$name.log"
    read -r secs rc < ".test-logs/$name.status" || { secs=0; rc=1; }
    phases+=("$(printf '%6d s  %s (side by side)%s' "$secs" "$name" "$([ "$rc" = 0 ] || echo ' (failed)')")")
    [ "$rc" = 0 ] || failed=1
  done
  beside_pids=()
  beside_names=()
  return $failed
}

# The templates of new embedded databases (lib/db/pglite-templates.ts), made beside the build: the
# journeys' four servers and every database vitest opens start from them instead of running initdb
# (≈ 8.5 s of CPU each).
printf '\n==> templates of new embedded databases (in the background, beside the build)\n'
node --import tsx scripts/pglite-templates.ts > .test-logs/templates.log 2>&1 &
templates_pid=$!

step build "production build (next build)"
npx next build
if ! wait "$templates_pid"; then cat .test-logs/templates.log; echo "the embedded database templates could not be made" >&2; exit 1; fi
cat .test-logs/templates.log

# The type check and the lint side by side, before vitest rather than beside it: measured on 2 cores
# (the twenty-sixth session), vitest took 372 s alone and 488 s with them beside it, 942 s of CPU
# against 689 s, where the two alone take 39 s (64 s of CPU).
checks=0
step checks "type check (tsc) and lint (eslint), side by side"
beside tsc "type check (tsc)" npx tsc --noEmit
beside eslint "lint (eslint)" npx eslint --max-warnings 0 .
settle || checks=1
finish_phase "$([ "$checks" = 0 ] || echo ' (failed)')"

step vitest "unit and integration tests (vitest on PGlite${TEST_DATABASE_URL:+ and PostgreSQL})"
# vitest's two workers and the processes their tests start (sandboxes, dashboards, PostgreSQL) share
# the 2 cores, so a test may wait a little for one: its time limits (nets against a hang) are doubled
# (TEST_PATIENCE, test/support/patience.ts); what it asserts is unchanged.
vitest=0
# Its output is kept too (.test-logs/vitest.log), so that the failures can be repeated at the end.
TEST_PATIENCE=2 npx vitest run 2>&1 | tee .test-logs/vitest.log || vitest=$?
finish_phase "$([ "$vitest" = 0 ] || echo ' (failed)')"
[ "$vitest" = 0 ] || checks=1

# The journeys run whatever the checks above found, so that one run reports every failure.
step journeys "browser journeys (Playwright in Chromium)"
journeys=0
npx playwright test || journeys=$?
finish_phase "$([ "$journeys" = 0 ] || echo ' (failed)')"
if [ "$checks" != 0 ] || [ "$journeys" != 0 ]; then exit 1; fi

echo
echo "All checks passed."
