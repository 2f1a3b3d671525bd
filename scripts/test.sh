#!/usr/bin/env bash
# The one test command (`npm test`): build, type-check, lint (ESLint, with the layer rules), unused code (knip), unit + integration tests (vitest, real keychain in a private
# D-Bus session), end-to-end tests (Playwright + Debian Chromium), then one summary line: `N passed, N failed`
# (with `, N skipped` appended when anything was skipped).
set -uo pipefail
cd "$(dirname "$0")/.."
# Same as under `npm test`: the project's own Node 24 and tools first, even when this script is run directly.
export PATH="$PWD/node_modules/.bin:$PATH"
mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e-report.json test-results/steps.txt
steps_failed=()

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

echo "== build"
npm run --silent build || steps_failed+=(build)
echo "== typecheck"
# One pass of TypeScript's own compiler over every .ts file and the .svelte files (svelte-check turns them into .ts
# in .svelte-check/), plus the Svelte compiler's warnings: `tsc` then svelte-check checked the .ts files twice.
npm run --silent typecheck || steps_failed+=(typecheck)
echo "== lint and layer rules (ESLint)"
eslint --max-warnings 0 . || steps_failed+=(lint)
echo "== unused files, exports and dependencies (knip)"
knip || steps_failed+=(knip)

echo "== unit and integration tests (vitest)"
scripts/with-keyring.sh vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json

echo "== end-to-end tests (Playwright + Chromium)"
if [[ " ${steps_failed[*]} " == *" build "* ]]; then
  echo "skipped: the build failed"
else
  scripts/with-keyring.sh playwright test
fi

printf '%s\n' "${steps_failed[@]}" > test-results/steps.txt
node scripts/summarize-tests.mjs
