#!/usr/bin/env bash
# Every check and test: lint, type check, the statuses each call declares (scripts/call-statuses.mjs), biome.json's
# exception lists (scripts/biome-exceptions.mjs: no entry for a missing file or one that passes), doc paths
# (scripts/doc-links.mjs: every docs/….md named in the repository exists), build, the sign-in page's JavaScript against
# its budget (scripts/web-budget.mjs), unit + API tests on PGlite, the API suite again on PostgreSQL,
# the resilience tests (the real server losing its PostgreSQL, killed mid-write), and the end-to-end tests in Chromium. Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
out=.tmp/results
rm -rf "$out" && mkdir -p "$out"
checks_failed=0
# Each step's wall-clock seconds go to $out/stages.tsv, for the summary's stage table.
step() {
  local name=$1; shift
  echo "== $name"
  local started=$SECONDS
  if ! "$@"; then echo "!! $name failed"; checks_failed=$((checks_failed + 1)); echo "$name" >> "$out/failed-steps"; fi
  printf '%s\t%s\n' "$((SECONDS - started))" "$name" >> "$out/stages.tsv"
}
# The long stages end at a cap: a hang the tests' own bounds missed then fails its stage with a reason, and the run still
# prints its closing line well within CI's 90 minutes (the caps add up to 75). Each cap is over twice the stage's time on
# this 2-core machine (unit 8, PostgreSQL 4, resilience 1.5, end-to-end 13 minutes), so a busy machine is not red.
# timeout signals its whole process group: the servers and browsers a stage started end with it.
capped() {
  local minutes=$1; shift
  timeout --kill-after=60 "$((minutes * 60))" "$@"
  local status=$?
  [ "$status" -ne 124 ] && [ "$status" -ne 137 ] || echo "!! stopped at its cap of $minutes minutes: a test hung"
  return "$status"
}
step lint npx biome check .
step typecheck npm run -s typecheck
step "declared statuses" node scripts/call-statuses.mjs --check
step "biome exceptions" node scripts/biome-exceptions.mjs
step "doc links" node scripts/doc-links.mjs
step build npm run -s build
step "sign-in page size (scripts/web-budget.mjs)" node scripts/web-budget.mjs
step "unit and API tests (PGlite)" capped 25 env VITEST_JSON="$out/unit.json" npx vitest run --project contract --project server --project web
step "API tests (PostgreSQL)" capped 12 bash scripts/with-postgres.sh env VITEST_JSON="$out/pg.json" npx vitest run --project server
step "resilience (PostgreSQL restart, kill -9)" capped 8 bash scripts/with-postgres.sh env VITEST_JSON="$out/resilience.json" npx vitest run --project resilience
step "end-to-end tests (Chromium)" capped 30 env E2E_JSON="$out/e2e.json" npm run -s test:e2e
node scripts/summary.mjs "$out" "$checks_failed"
