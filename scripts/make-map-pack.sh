#!/usr/bin/env bash
# Builds an offline map pack from an OpenStreetMap extract (issue 15 §2, T10):
#   scripts/make-map-pack.sh OSM_PBF OUT_DIR [NAME [SOURCE_DATE [TITLE]]]
# writes OUT_DIR/NAME.pmtiles (vector tiles: tilemaker with tools/map-pack/config.json and
# process.lua), OUT_DIR/NAME.routing (the road graph for offline routes, issue 15 §3:
# tools/map-pack/routing_graph.py) and OUT_DIR/NAME.json (the manifest). NAME defaults to the extract's name in lower
# case; SOURCE_DATE (YYYY-MM-DD) to the extract's modification date; TITLE, what anglers read, to
# the extract's name. The extract is first made
# self-contained (tools/map-pack/clean_extract.py): raw extracts name nodes beyond their border.
# Installs tilemaker and the Python packages it needs, idempotently.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if (($# < 2)); then
  echo "usage: scripts/make-map-pack.sh OSM_PBF OUT_DIR [NAME [SOURCE_DATE [TITLE]]]" >&2
  exit 2
fi
input=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
name=${3:-$(basename "$input" .osm.pbf | tr '[:upper:]' '[:lower:]')}
if [[ ! $name =~ ^[a-z0-9][a-z0-9-]{0,62}$ ]]; then
  echo "make-map-pack: the name \"$name\" must be lower-case letters, digits and dashes (at most 63)" >&2
  exit 2
fi
"$root/scripts/install-deps.sh" tilemaker >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/hobbystory-map-pack.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 "$root/tools/map-pack/clean_extract.py" "$input" "$work/clean.osm.pbf"
if ! (cd "$work" && tilemaker --input clean.osm.pbf --output "$name.mbtiles" \
  --config "$root/tools/map-pack/config.json" --process "$root/tools/map-pack/process.lua" >tilemaker.log 2>&1); then
  tail -20 "$work/tilemaker.log" >&2
  echo "make-map-pack: tilemaker failed on $input" >&2
  exit 1
fi
python3 "$root/tools/map-pack/routing_graph.py" "$work/clean.osm.pbf" "$work/$name.routing" >&2
python3 "$root/tools/map-pack/pack.py" "$work/$name.mbtiles" "$work/$name.routing" "$input" "$out" "$name" ${4:+"$4"} ${5:+"$5"}
