#!/usr/bin/env bash
# Installs the system packages the project builds against (Debian/Ubuntu), only those missing, and
# the Python clients the tests drive.
# Safe to run any number of times. Needs root or sudo when something is missing.
set -euo pipefail

# Extra Debian packages may be named as arguments (the tests add nginx).
# The portal serves Leaflet and its marker-cluster plugin from Debian's packages (the site's map);
# libjpeg draws the thumbnails of photos on Linux (the tests, the app's pictures).
packages=(libsqlite3-dev libjpeg-dev libsodium-dev libmicrohttpd-dev libpq-dev libssl-dev libcurl4-openssl-dev zlib1g-dev pkg-config sqlite3 python3 curl openssl libjs-leaflet libjs-leaflet.markercluster "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi
command -v swift >/dev/null || { echo "swift (6.x) is not on PATH: install the Swift toolchain from swift.org first" >&2; exit 1; }
# Python packages the tests drive as independent clients: a tus client this project did not
# write, the API fuzzer that checks the portal against its OpenAPI document, and the browser
# driver that photographs the app's wireframes (scripts/check-app.sh) and drives the site in
# Chromium, with axe-core for the site's accessibility scan; and for map packs
# (scripts/make-map-pack.sh) pyosmium and the PMTiles writer, which is also the reader's oracle;
# and cryptography with cbor2, which make the licensing fixtures, and Apple's App Store Server
# Library, their second opinion (tools/make_licensing_fixtures.py); Pillow and mapbox-vector-tile,
# the oracles of the tile rasteriser and decoder (tools/make_vector_tile_fixtures.py; Pillow also
# reads back the PNGs the tests draw); fontTools, which cuts the map labels' font and reads it as
# the oracle of ours (tools/make_map_font.py); PyYAML, which reads the Mac workflow
# (tools/check_mac_workflow.py); gpxpy, fastkml and lxml, which write the other programs' GPX and
# KML files the import reads and check the diary's own against the OGC KML schema
# (tools/make_interchange_fixtures.py, Tests/DiaryInterchangeTests).
python_packages=(tuspy==1.1.0 schemathesis==4.32.5 selenium==4.51.0 axe-selenium-python==2.1.6 osmium==4.3.2 pmtiles==3.8.1
  cryptography==50.0.2 cbor2==6.2.1 app-store-server-library==3.1.2 pillow==11.3.0 mapbox-vector-tile==2.2.0
  fonttools==4.68.0 pyyaml==6.0.3 gpxpy==1.6.2 fastkml==1.4.0 lxml==6.1.3)
for requirement in "${python_packages[@]}"; do
  name=${requirement%%==*}
  version=${requirement##*==}
  installed=$(python3 -m pip show "$name" 2>/dev/null | sed -n "s/^Version: //p" || true)
  if [ "$installed" != "$version" ]; then
    echo "installing $requirement"
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "$requirement"
  fi
done
