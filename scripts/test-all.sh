#!/usr/bin/env bash
# Every check and test: lint, type check, the statuses each call declares (scripts/call-statuses.mjs), biome.json's
# exception lists (scripts/biome-exceptions.mjs: no entry for a missing file or one that passes), doc paths
# (scripts/doc-links.mjs: every docs/….md named in the repository exists), build, the sign-in page's JavaScript against
# its budget (scripts/web-budget.mjs), unit + API tests on PGlite, the API suite again on PostgreSQL,
# the resilience tests (the real server losing its PostgreSQL, killed mid-write), and the end-to-end tests in Chromium. Ends with one line "N passed, N failed".
set -uo pipefail
SECONDS=0
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
# Runs steps (name, then command) side by side where one alone leaves a core idle. Each prints its output whole when
# all are done, and keeps its own line (its own seconds, overlapping) in the stage table.
together() {
  local i=0 pids=() names=()
  while [ $# -gt 0 ]; do
    local name=$1 cmd=$2; shift 2
    ( local started=$SECONDS; set +e; bash -c "$cmd" > "$out/together.$i.log" 2>&1; echo "$? $((SECONDS - started))" > "$out/together.$i.rc" ) &
    pids+=($!); names+=("$name"); i=$((i + 1))
  done
  wait "${pids[@]}"
  for ((i = 0; i < ${#names[@]}; i++)); do
    local name=${names[$i]} rc seconds
    read -r rc seconds < "$out/together.$i.rc"
    echo "== $name"
    cat "$out/together.$i.log"
    if [ "$rc" -ne 0 ]; then echo "!! $name failed"; checks_failed=$((checks_failed + 1)); echo "$name" >> "$out/failed-steps"; fi
    printf '%s\t%s\n' "$seconds" "$name (beside the others)" >> "$out/stages.tsv"
    rm -f "$out/together.$i.log" "$out/together.$i.rc"
  done
}
# Only read the sources: the type check's second core idles once its shorter projects are done, and the declared
# statuses and the build are single-threaded most of their time.
together typecheck "npm run -s typecheck" "declared statuses" "node scripts/call-statuses.mjs --check" build "npm run -s build"
step "biome exceptions" node scripts/biome-exceptions.mjs
step "doc links" node scripts/doc-links.mjs
step "sign-in page size (scripts/web-budget.mjs)" node scripts/web-budget.mjs
step "unit and API tests (PGlite)" capped 25 env VITEST_JSON="$out/unit.json" npx vitest run --project contract --project server --project web
step "API tests (PostgreSQL)" capped 12 bash scripts/with-postgres.sh env VITEST_JSON="$out/pg.json" npx vitest run --project server
step "resilience (PostgreSQL restart, kill -9)" capped 8 bash scripts/with-postgres.sh env VITEST_JSON="$out/resilience.json" npx vitest run --project resilience
step "end-to-end tests (Chromium)" capped 30 env E2E_JSON="$out/e2e.json" npm run -s test:e2e
echo "$SECONDS" > "$out/elapsed"
node scripts/summary.mjs "$out" "$checks_failed"
