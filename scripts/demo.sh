#!/usr/bin/env bash
# The main job: builds the portal and the CLI, starts hobbystory-portal on its embedded SQLite
# default (data in ./portal-data, http://127.0.0.1:8080; PORTAL_PORT and PORTAL_DATA change them),
# runs a short tour with two CLI "devices" syncing through it, then keeps the portal serving until
# Ctrl-C. DEMO_EXIT=1 stops after the tour.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product hobbystory-portal
swift build --product hobbystory
bin="$(swift build --show-bin-path)"
port="${PORTAL_PORT:-8080}"
data="${PORTAL_DATA:-$PWD/portal-data}"
portal="http://127.0.0.1:$port"

mkdir -p "$data"
"$bin/hobbystory-portal" --data "$data" --port "$port" --log-file "$data/portal-log.jsonl" &
portal_pid=$!
devices="$(mktemp -d)"
trap 'kill $portal_pid 2>/dev/null || true; rm -rf "$devices"' EXIT
for _ in $(seq 50); do curl -fs "$portal/health" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$portal/health" >/dev/null || { echo "the portal did not start on $portal" >&2; exit 1; }

export HOBBYSTORY_OFFLINE="${HOBBYSTORY_OFFLINE:-1}"   # the tour runs anywhere; unset it to fetch weather
phone=(--data "$devices/phone")
tablet=(--data "$devices/tablet")
hs() { echo "\$ hobbystory $*"; "$bin/hobbystory" "$@"; echo; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
email="angler-$RANDOM@example.org"

echo "== The phone: a profile, an account on the portal, a trip with catches"
hs "${phone[@]}" profile add Anna
echo "correct horse battery" | hs "${phone[@]}" account signup --portal "$portal" --email "$email" --password-stdin
spot=$("$bin/hobbystory" "${phone[@]}" spot add --name "Volga bend" --lat 56.8412 --lon 35.9030 --water-body Volga --water-body-type river --json | field id)
trip=$("$bin/hobbystory" "${phone[@]}" trip add --spot "$spot" --title "Dawn on the Volga" --start 2026-06-01T04:30:00+03:00 --json | field id)
pike=$("$bin/hobbystory" "${phone[@]}" catch add --trip "$trip" --species "Northern pike" --time 2026-06-01T06:10:00+03:00 --weight-kg 2.4 --length-cm 68 --bait spoon --method spinning --released --json | field id)
hs "${phone[@]}" catch show "$pike"
hs "${phone[@]}" catch add --trip "$trip" --species "Окунь речной" --time 2026-06-01T07:05:00+03:00 --count 3 --bait earthworm --method float
hs "${phone[@]}" catch add --trip "$trip" --species kraken --weight-kg -3 || echo "(refused as expected: exit $?)"
hs "${phone[@]}" sync --json

echo "== The tablet: the same account, the same diary after one sync"
hs "${tablet[@]}" profile add Anna
echo "correct horse battery" | hs "${tablet[@]}" account login --portal "$portal" --email "$email" --password-stdin
hs "${tablet[@]}" sync --json
hs "${tablet[@]}" catch list
hs "${tablet[@]}" report run catches-by-species

echo "== Both edit the pike before syncing: different fields merge, the same field goes to the later edit"
hs "${phone[@]}" catch edit "$pike" --notes "took the spoon by the reeds"
hs "${tablet[@]}" catch edit "$pike" --weight-kg 2.6
hs "${tablet[@]}" sync
hs "${phone[@]}" sync
hs "${tablet[@]}" sync
hs "${tablet[@]}" catch show "$pike"
hs "${phone[@]}" catch edit "$pike" --notes "phone: lost a bigger one first"
hs "${tablet[@]}" catch edit "$pike" --notes "tablet: released by the boat"
hs "${tablet[@]}" sync
hs "${phone[@]}" sync
hs "${phone[@]}" sync history "$pike"
version=$("$bin/hobbystory" "${phone[@]}" sync history "$pike" --json | python3 -c "import json,sys; print(next(e['version'] for e in json.load(sys.stdin)['entries'] if e['fromThisDevice'] and e['reason'] == 'superseded'))")
hs "${phone[@]}" sync restore-version "$pike" --version "$version"
hs "${phone[@]}" sync
hs "${tablet[@]}" sync
hs "${tablet[@]}" catch show "$pike"
hs "${tablet[@]}" delete trip "$trip" --yes
hs "${tablet[@]}" sync
hs "${phone[@]}" sync
hs "${phone[@]}" trash list
hs "${phone[@]}" sync status

echo "== The site: the same diary in a browser (here through curl, with its cookies and form token)"
trip2=$("$bin/hobbystory" "${phone[@]}" trip add --spot "$spot" --title "Evening on the Volga" --start 2026-06-02T19:00:00+03:00 --json | field id)
"$bin/hobbystory" "${phone[@]}" catch add --trip "$trip2" --species sander-lucioperca --time 2026-06-02T20:15:00+03:00 --weight-kg 1.8 >/dev/null
hs "${phone[@]}" sync
jar="$devices/site-cookies"
token=$(curl -fs -c "$jar" -b "$jar" "$portal/signin" | sed -n 's/.*name="csrf" value="\([0-9a-f]*\)".*/\1/p' | head -1)
curl -fs -c "$jar" -b "$jar" -o /dev/null --data-urlencode "csrf=$token" --data-urlencode "email=$email" \
  --data-urlencode "password=correct horse battery" "$portal/signin"
curl -fs -b "$jar" "$portal/diary" | sed -n 's/.*<p class="count" role="status">\([^<]*\)<.*/the diary page says: \1/p'
curl -fs -b "$jar" "$portal/diary" | grep -o '<h2><a href="/diary/trips/[^"]*">[^<]*' | sed 's/.*">/  trip: /'
echo

echo "== Error reports: a damaged photo fails to export; the angler sees what would be sent, agrees, and it groups on the portal"
imported=$("$bin/hobbystory" "${phone[@]}" media import Tests/MediaMetadataTests/Fixtures/photo_exif_full.jpg --json)
media=$(echo "$imported" | field id)
sha=$(echo "$imported" | field sha256)
stored=$(find "$devices/phone" -type f -name "$sha")
printf 'damaged' | dd of="$stored" bs=1 seek=4096 conv=notrunc status=none
hs "${phone[@]}" media export "$media" --to "$devices/pike-copy.jpg" || true
hs "${phone[@]}" diagnostics preview | sed -n 1,24p
hs "${phone[@]}" settings diagnostics on
hs "${phone[@]}" diagnostics send --comment "The export of my pike photo fails"
"$bin/hobbystory-portal" --data "$data" admin errors list

echo "== The licence: a trial on the device (this demo portal sells nothing; docs/licensing.md)"
hs "${phone[@]}" licence status
echo "the key entitlement tokens are checked with: $("$bin/hobbystory-portal" --data "$data" admin licences key)"

echo "== The portal"
curl -fs "$portal/health"; echo
curl -fs "$portal/metrics" | grep -E '^hobbystory_sync_records_total' || true
"$bin/hobbystory-portal" --data "$data" admin stats

[ "${DEMO_EXIT:-0}" = 1 ] && exit 0
cat <<TEXT

The site: open $portal/ and sign in as $email with the password "correct horse battery".
The portal keeps serving on $portal (data in $data; its log, one JSON object per line, in
$data/portal-log.jsonl; the API described at $portal/v1/openapi.json). Point any data folder at it:
  hobbystory profile add Me
  echo 'a long password' | hobbystory account signup --portal $portal --email me@example.org --password-stdin
  hobbystory sync --json          # {"pushed","pulled","conflicts","rejected","directoryVersion"}
  hobbystory sync status
  hobbystory sync history [ID]    # versions other devices' edits replaced; sync restore-version ID --version N
Administration: $bin/hobbystory-portal --data $data admin stats | admin create-admin --email E --password-stdin
                | admin errors list | show FINGERPRINT | resolve FINGERPRINT --in-version V | digest
                | admin licences list | show ORIGINAL_TRANSACTION_ID | events | key
Press Ctrl-C to stop the portal.
TEXT
wait $portal_pid
