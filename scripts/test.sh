#!/usr/bin/env bash
# The one test command (`npm test`): build; then side by side type-check, lint (ESLint, with the layer rules), unused
# code (knip), unit + integration tests (vitest, real keychain in a private D-Bus session) and end-to-end tests
# (Playwright + Debian Chromium); the time of each phase; then one summary line: `N passed, N failed` (with
# `, N skipped` appended when anything was skipped).
set -uo pipefail
cd "$(dirname "$0")/.."
# Same as under `npm test`: the project's own Node 24 and tools first, even when this script is run directly.
export PATH="$PWD/node_modules/.bin:$PATH"
mkdir -p test-results
rm -f test-results/vitest.json test-results/vitest.seconds test-results/playwright.seconds test-results/e2e-report.json test-results/steps.txt test-results/static-*.log test-results/static-*.status
steps_failed=()

# Phase times, printed just above the summary line: what each step cost, to see where a slow run went. Beside the
# wall time, the CPU time (user + system) of the step's processes: on a machine shared with other work the wall time
# follows the others' load, the CPU time much less, so two runs are compared by both. That CPU time counts only
# processes waited for by their parents: most of Chromium's escape it (sampling every process of a Playwright run found
# about twice the figure), so it compares runs, not machines.
phase_times=()
run_started=$EPOCHREALTIME
seconds_since() { awk -v start="$1" -v now="$EPOCHREALTIME" 'BEGIN { printf "%.1f", now - start }'; }
# User + system seconds of every child of this script that has ended so far, into $cpu_now: the second line of bash's
# `times`, run in this shell (in a subshell, as `$(times)` would be, it counts that subshell's children only).
read_cpu() {
  times > test-results/cpu-times.txt
  cpu_now=$(awk 'NR == 2 { total = 0; for (i = 1; i <= 2; i++) { split($i, part, /[ms]/); total += part[1] * 60 + part[2] } printf "%.1f", total }' test-results/cpu-times.txt)
}
# CPU seconds since $1 (a $cpu_now read before): call `read_cpu` first.
cpu_since() { awk -v start="$1" -v now="$cpu_now" 'BEGIN { printf "%.1f", now - start }'; }

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v dbus-run-session >/dev/null 2>&1 || missing+=(dbus)
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing+=(gnome-keyring)
pkg-config --exists libsecret-1 2>/dev/null || [ -f node_modules/keytar/build/Release/keytar.node ] || missing+=(libsecret-1-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install -y chromium libsecret-1-dev gnome-keyring dbus dbus-x11 (or run: bash scripts/setup.sh)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

# Not required: without Debian's headless shell the end-to-end tests run on the full Chromium (playwright.config.ts),
# which cost about a fifth more CPU.
command -v chromium-headless-shell >/dev/null 2>&1 ||
  echo "Note: chromium-headless-shell is not installed, so the end-to-end tests run on the full Chromium, which costs more CPU (sudo apt-get install -y chromium-headless-shell)."

echo "== build"
started=$EPOCHREALTIME
read_cpu
cpu=$cpu_now
npm run --silent build || steps_failed+=(build)
read_cpu
phase_times+=("build $(seconds_since "$started") s (CPU $(cpu_since "$cpu") s)")

# Then everything that checks the build at once: the static checks (typecheck: one pass of TypeScript's own compiler
# over every .ts file and the .svelte files, which svelte-check turns into .ts in .svelte-check/, plus the Svelte
# compiler's warnings; lint: ESLint with the layer rules; knip: unused files, exports and dependencies), the unit and
# integration tests (vitest, real keychain in a private D-Bus session) and the end-to-end tests (Playwright + Chromium).
# The two test runners mostly wait (on sockets, child processes, the keychain, the browser): side by side they kept
# about one of the 2 cores busy, so the static checks (about 45 s of CPU, 22 s of wall as a phase of their own before
# the tests) now run in that idle time. Playwright is the longest of them and starts at once; nothing runs at a lower
# priority: on a machine shared with other work, a niced runner got a small share of the cores and became the tail.
# Each writes its own log, printed in this order once all are done.
static_check() {
  local name=$1
  shift
  local started=$EPOCHREALTIME
  "$@" > "test-results/static-$name.log" 2>&1
  echo "$? $(seconds_since "$started")" > "test-results/static-$name.status"
}
started=$EPOCHREALTIME
read_cpu
cpu=$cpu_now
playwright_started=$EPOCHREALTIME
if [[ " ${steps_failed[*]} " == *" build "* ]]; then
  echo "skipped: the build failed" > test-results/playwright.log
  echo 0 > test-results/playwright.seconds
else
  (
    scripts/with-keyring.sh playwright test > test-results/playwright.log 2>&1
    seconds_since "$playwright_started" > test-results/playwright.seconds
  ) &
fi
(
  vitest_started=$EPOCHREALTIME
  scripts/with-keyring.sh vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json > test-results/vitest.log 2>&1
  seconds_since "$vitest_started" > test-results/vitest.seconds
) &
static_check typecheck npm run --silent typecheck &
static_check lint eslint --max-warnings 0 . &
static_check knip knip &
wait
read_cpu
parts=()
for name in typecheck lint knip; do
  echo "== $name"
  cat "test-results/static-$name.log"
  read -r status seconds < "test-results/static-$name.status" || { status=1; seconds='?'; }
  [ "$status" = 0 ] || steps_failed+=("$name")
  parts+=("$name $seconds s")
done
echo "== unit and integration tests (vitest)"
cat test-results/vitest.log
echo "== end-to-end tests (Playwright + Chromium)"
cat test-results/playwright.log
parts+=("vitest $(cat test-results/vitest.seconds 2>/dev/null || echo '?') s" "Playwright $(cat test-results/playwright.seconds 2>/dev/null || echo '?') s")
phase_times+=("checks and tests side by side $(seconds_since "$started") s ($(IFS=,; echo "${parts[*]}" | sed 's/,/, /g'), CPU $(cpu_since "$cpu") s)")

echo "Phase times: $(IFS=';'; echo "${phase_times[*]}" | sed 's/;/; /g'); total $(seconds_since "$run_started") s"
printf '%s\n' "${steps_failed[@]}" > test-results/steps.txt
node scripts/summarize-tests.mjs
