#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests (or reuses the one already running) and prints
# the line that points the tests at it:
#
#     eval "$(scripts/start-postgres.sh)"
#
# Installs postgresql and libpq-dev with apt-get when missing (Debian/Ubuntu). The cluster lives in
# HOBBYSTORY_PG_DIR (default /tmp/hobbystory-pg), accepts only 127.0.0.1 and its own socket with
# trust authentication, runs without fsync, and listens on HOBBYSTORY_PG_PORT (default 54329) or,
# when another program holds that port, the next free one. Under root the server runs as the
# `postgres` system user, which it requires. Progress goes to stderr; stdout carries only the export.
set -euo pipefail

dir=${HOBBYSTORY_PG_DIR:-/tmp/hobbystory-pg}
port=${HOBBYSTORY_PG_PORT:-54329}
database=hobbystory_test
data="$dir/data"

say() { echo "start-postgres: $*" >&2; }
fail() {
  say "$*"
  exit 1
}

# --- Packages -------------------------------------------------------------------------------------
missing=()
for package in postgresql libpq-dev; do
  dpkg -s "$package" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  # Package lists are refreshed only when the install cannot proceed without them (a fresh machine).
  if ! "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2; then
    "${sudo_cmd[@]}" apt-get update -qq >&2
    "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2
  fi
fi

bindir=""
if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
  bindir=$(pg_config --bindir)
else
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
fi
[ -n "$bindir" ] && [ -x "$bindir/initdb" ] || fail "no PostgreSQL server binaries (initdb) found"

# --- Who runs the server --------------------------------------------------------------------------
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || fail "running as root but there is no 'postgres' user to run the server"
  as_owner() { runuser -u postgres -- "$@"; }
  owner=postgres
else
  as_owner() { "$@"; }
  owner=$(id -un)
fi

mkdir -p "$dir"
# One start at a time: parallel CI steps sharing the directory must not both run initdb.
exec 9>"$dir.lock"
flock 9
[ "$(id -u)" -ne 0 ] || chown "$owner": "$dir"
chmod 700 "$dir"
cd "$dir" # the server user may not be able to read the caller's directory

# --- Cluster --------------------------------------------------------------------------------------
if [ ! -f "$data/PG_VERSION" ]; then
  say "creating a cluster in $data"
  as_owner "$bindir/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --no-locale --no-instructions >&2
  cat >>"$data/postgresql.conf" <<EOF

# Throwaway test cluster (scripts/start-postgres.sh): local only, speed over durability.
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
fi

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if as_owner "$bindir/pg_ctl" -D "$data" status >/dev/null 2>&1; then
  # The fourth line of postmaster.pid is the port the running server listens on.
  port=$(sed -n 4p "$data/postmaster.pid")
  say "reusing the server already running on port $port"
else
  first=$port
  while port_taken "$port"; do
    port=$((port + 1))
    [ "$port" -lt $((first + 20)) ] || fail "ports $first-$port are all in use"
  done
  say "starting the server on port $port (log: $dir/server.log)"
  # 9>&-: the server must not inherit the start lock, or it would hold it for its whole life.
  as_owner "$bindir/pg_ctl" -D "$data" -l "$dir/server.log" -o "-p $port" -w -t 60 start >&2 9>&- ||
    fail "the server did not start; see $dir/server.log"
fi

for _ in $(seq 60); do
  "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" && break
  sleep 1
done
"$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" || fail "the server on port $port is not accepting connections"

exists=$("$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
  "SELECT 1 FROM pg_database WHERE datname = '$database'")
[ "$exists" = 1 ] || "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database"

echo "export HOBBYSTORY_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/$database"
