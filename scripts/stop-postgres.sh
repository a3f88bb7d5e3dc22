#!/usr/bin/env bash
# Stops the throwaway test cluster started by scripts/start-postgres.sh. With --remove it also
# deletes the cluster's directory, so the next start creates a fresh one.
set -euo pipefail

dir=${HOBBYSTORY_PG_DIR:-/tmp/hobbystory-pg}
data="$dir/data"

say() { echo "stop-postgres: $*" >&2; }

if [ ! -f "$data/PG_VERSION" ]; then
  say "no cluster in $data"
else
  bindir=""
  if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/pg_ctl" ]; then
    bindir=$(pg_config --bindir)
  else
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  fi
  if [ "$(id -u)" -eq 0 ]; then
    as_owner() { runuser -u postgres -- "$@"; }
  else
    as_owner() { "$@"; }
  fi
  if as_owner "$bindir/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    as_owner "$bindir/pg_ctl" -D "$data" -m fast -w stop >&2
  else
    say "the server in $data is not running"
  fi
fi

if [ "${1:-}" = "--remove" ]; then
  rm -rf "$dir" "$dir.lock"
  say "removed $dir"
fi
