#!/usr/bin/env bash
# Makes the backup archive of one format version that every later build must verify and restore
# (issue 34 §2: older archive versions stay readable; `BackupCLITests`): a small diary — a spot,
# a trip, two catches (one in the Trash) and a photo — backed up by the build of that version to
# Tests/HobbyStoryCLITests/Fixtures/backup-v<VERSION>.hsbackup. Run it once when a new format
# version ships, beside the older fixtures; never to replace one.
#
#   tools/make_backup_fixture.sh VERSION
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:?usage: tools/make_backup_fixture.sh VERSION}
out="Tests/HobbyStoryCLITests/Fixtures/backup-v$version.hsbackup"
[[ -e $out ]] && { echo "$out exists: a shipped version's fixture is never replaced" >&2; exit 1; }
swift build --product hobbystory
bin="$(swift build --show-bin-path)/hobbystory"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
export TZ=UTC HOBBYSTORY_OFFLINE=1 HOME="$data"
h() { "$bin" --data "$data" "$@"; }
id() { python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])'; }
h profile add Anna
spot=$(h spot add --name "Volga bend" --lat 56.84 --lon 35.9 --json | id)
trip=$(h trip add --spot "$spot" --title Dawn --start 2026-06-01T04:30:00+03:00 --end 2026-06-01T09:00:00+03:00 --json | id)
h catch add --trip "$trip" --species "Northern pike" --time 2026-06-01T05:10:00+03:00 --weight-kg 2.4 --length-cm 71 --json >/dev/null
gone=$(h catch add --trip "$trip" --species perca-fluviatilis --time 2026-06-01T06:00:00+03:00 --json | id)
h delete catch "$gone" --yes
h media import Tests/MediaMetadataTests/Fixtures/photo_exif_full.jpg --trip "$trip"
h backup create --to "$out"
h backup verify "$out"
