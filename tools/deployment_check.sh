#!/usr/bin/env bash
# The production set-up of docs/deployment.md, run for real on this machine: the portal behind
# nginx with TLS (deploy/nginx/hobbystory-portal.conf, a certificate from a throwaway CA), two CLI
# devices syncing a diary through HTTPS, certificate verification, the request id shared by
# nginx, the portal and the client, and the framing attacks of issue 12 §1.9 sent through nginx.
#
#     tools/deployment_check.sh BIN_DIR      # BIN_DIR: where hobbystory and hobbystory-portal are
#
# Needs nginx, openssl, curl and python3 (scripts/test.sh installs them), and root (or sudo) to
# run nginx. The devices trust the throwaway CA through the CLI's `--ca-file` (one of them through
# `$HOBBYSTORY_CA_FILE`); without it they refuse the portal.
# Everything it makes lives in one temporary folder, removed at the end, pass or fail.
set -euo pipefail
bin=$(cd "${1:?usage: tools/deployment_check.sh BIN_DIR}" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hobbystory-deployment.XXXXXX")
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
portal_pid=""
cleanup() {
  [ -f "$work/nginx/nginx.pid" ] && "${sudo_cmd[@]}" kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true
  [ -n "$portal_pid" ] && kill "$portal_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  "${sudo_cmd[@]}" rm -rf "$work"
}
trap cleanup EXIT
failures=0
check() { # NAME CONDITION-EXIT-STATUS DETAIL
  if [ "$2" -eq 0 ]; then echo "PASS $1"; else echo "FAIL $1: $3"; failures=$((failures + 1)); fi
}

# --- A throwaway CA and the portal's certificate ------------------------------------------------
mkdir -p "$work/tls"
cd "$work/tls"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=Hobby Story test CA" \
  -keyout ca.key -out ca.pem 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=localhost" \
  -keyout portal.key -out portal.csr 2>/dev/null
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > san.ext
openssl x509 -req -in portal.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile san.ext -out portal.pem 2>/dev/null
cd "$root"

# --- The portal, trusting nginx as its proxy ----------------------------------------------------
mkdir -p "$work/portal"
"$bin/hobbystory-portal" --data "$work/portal" --port 0 --trusted-proxy 127.0.0.1 \
  --log-file "$work/portal/log.jsonl" > "$work/portal/stdout" &
portal_pid=$!
for _ in $(seq 100); do grep -q listening "$work/portal/stdout" 2>/dev/null && break; sleep 0.1; done
upstream=$(grep -o '127.0.0.1:[0-9]*' "$work/portal/stdout")

# --- nginx with the shipped site file ------------------------------------------------------------
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/nginx/tmp"
tools/render-nginx-site.sh localhost "127.0.0.1:$port" "$work/tls/portal.pem" "$work/tls/portal.key" "$upstream" \
  > "$work/nginx/site.conf"
cat > "$work/nginx/nginx.conf" <<CONF
user root;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
http {
    access_log $work/nginx/access.log;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    include $work/nginx/site.conf;
}
CONF
"${sudo_cmd[@]}" nginx -c "$work/nginx/nginx.conf" -p "$work/nginx"
base="https://localhost:$port"
for _ in $(seq 50); do curl -fs --cacert "$work/tls/ca.pem" "$base/health" > /dev/null 2>&1 && break; sleep 0.1; done

health=$(curl -s -D "$work/health.head" --cacert "$work/tls/ca.pem" "$base/health")
check "https health through nginx" "$([ "$health" = '{"backend":"sqlite","status":"ok"}' ]; echo $?)" "$health"
request_id=$(grep -i '^x-request-id:' "$work/health.head" | tr -d '\r' | cut -d' ' -f2)
check "one request id in nginx, the portal and the answer" \
  "$(grep -q "\"requestId\":\"$request_id\"" "$work/portal/log.jsonl"; echo $?)" "id $request_id not in the portal's log"

# --- Two devices sync through HTTPS ---------------------------------------------------------------
(
  export HOBBYSTORY_OFFLINE=1
  hs() { "$bin/hobbystory" --ca-file "$work/tls/ca.pem" "$@"; }
  field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
  hs --data "$work/phone" profile add Anna > /dev/null
  echo "correct horse battery" | hs --data "$work/phone" account signup --portal "$base" --email anna@example.org --password-stdin > /dev/null
  spot=$(hs --data "$work/phone" spot add --name "Volga bend" --lat 56.84 --lon 35.90 --water-body-type river --json | field id)
  trip=$(hs --data "$work/phone" trip add --spot "$spot" --start 2026-06-01T04:30:00+03:00 --json | field id)
  for minute in 10 20 30; do
    hs --data "$work/phone" catch add --trip "$trip" --species "Northern pike" --time 2026-06-01T06:$minute:00+03:00 > /dev/null
  done
  hs --data "$work/phone" sync --json > "$work/phone-sync.json"
  export HOBBYSTORY_CA_FILE="$work/tls/ca.pem"
  tablet() { "$bin/hobbystory" --data "$work/tablet" "$@"; }
  tablet profile add Anna > /dev/null
  echo "correct horse battery" | tablet account login --portal "$base" --email anna@example.org --password-stdin > /dev/null
  tablet sync --json > "$work/tablet-sync.json"
  tablet catch list --json > "$work/tablet-catches.json"
)
catches=$(python3 -c "import json; print(len(json.load(open('$work/tablet-catches.json'))))")
check "two devices sync a diary through HTTPS" "$([ "$catches" = 3 ]; echo $?)" "the tablet has $catches catches, not 3"

# --- The CLI verifies the certificate: without the CA it refuses the portal ---------------------
set +e
untrusted=$(HOBBYSTORY_OFFLINE=1 "$bin/hobbystory" --data "$work/phone" sync 2>&1)
status=$?
set -e
check "a certificate the device does not trust is refused" \
  "$([ $status -ne 0 ] && echo "$untrusted" | grep -qi certificate; echo $?)" "exit $status: $untrusted"

# --- The framing attacks of §1.9, through nginx ----------------------------------------------------
python3 "$root/tools/framing_through_proxy.py" localhost "$port" "$work/tls/ca.pem" || failures=$((failures + 1))

echo "deployment check: $failures failed"
[ "$failures" -eq 0 ]
