#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on 127.0.0.1 and a free port, exported to it as
# TEST_DATABASE_URL; the cluster is removed afterwards. Needs Debian's postgresql package (installed by .ci/run).
# TEST_PG_STOP and TEST_PG_START are shell commands that stop and start the same cluster, for the resilience tests.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (apt-get install postgresql)" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/openvisit-pg.XXXXXX)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
as_pg() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$dir"
cleanup() {
  as_pg "'$bin/pg_ctl' -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
as_pg "'$bin/initdb' -D '$dir/data' -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8" >/dev/null
opts="-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
start="'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"$opts\" start"
as_pg "$start" >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
if [ "$(id -u)" = 0 ]; then wrap() { printf 'su postgres -s /bin/sh -c %q' "$1"; }; else wrap() { printf '%s' "$1"; }; fi
TEST_PG_START=$(wrap "$start")
TEST_PG_STOP=$(wrap "'$bin/pg_ctl' -D '$dir/data' -m fast -w stop")
export TEST_PG_START TEST_PG_STOP
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port"
"$@"
