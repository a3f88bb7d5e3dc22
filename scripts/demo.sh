#!/usr/bin/env bash
# The main job until the portal exists: builds the hobbystory CLI and runs a short diary session in
# a temporary folder — a profile, a spot, a trip, two catches, a listing, a delete and a restore.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product hobbystory
bin="$(swift build --show-bin-path)/hobbystory"
export HOBBYSTORY_HOME="$(mktemp -d)"
export HOBBYSTORY_OFFLINE="${HOBBYSTORY_OFFLINE:-1}"   # the demo runs anywhere; unset it to fetch weather
trap 'rm -rf "$HOBBYSTORY_HOME"' EXIT
hs() { echo "\$ hobbystory $*"; "$bin" "$@"; echo; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

hs profile add Anna
spot=$("$bin" spot add --name "Volga bend" --lat 56.8412 --lon 35.9030 --water-body Volga --water-body-type river --json | field id)
hs spot list
trip=$("$bin" trip add --spot "$spot" --title "Dawn on the Volga" --start 2026-06-01T04:30:00+03:00 --json | field id)
hs trip list
hs catch add --trip "$trip" --species "Northern pike" --time 2026-06-01T06:10:00+03:00 --weight-kg 2.4 --length-cm 68 --bait spoon --method spinning --released
hs catch add --trip "$trip" --species "Окунь речной" --time 2026-06-01T07:05:00+03:00 --count 3 --bait earthworm --method float
hs catch add --trip "$trip" --species kraken --weight-kg -3 || echo "(refused as expected: exit $?)"
echo
hs trip show "$trip"
hs report run catches-by-species
hs report run --formula "avg(catch.weight_kg) by species"
hs place --lat 56.8412 --lon 35.9030
hs almanac --lat 56.8412 --lon 35.9030 --date 2026-06-01 --tz Europe/Moscow
hs delete trip "$trip" --yes
hs trash list
hs trash restore "$trip"
hs catch list --json
echo "Data was in $HOBBYSTORY_HOME (removed on exit)."
