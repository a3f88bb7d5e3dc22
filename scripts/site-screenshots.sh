#!/usr/bin/env bash
# Photographs every page of the site at phone, tablet and desktop sizes into docs/site/<size>/
# (issue 16 §4): runs the browser test (tests/PortalTests/SiteBrowserTests, which fills a portal
# with a fixed clock and drives Chromium) with HOBBYSTORY_SITE_SCREENSHOTS set, then stores the
# pictures with a 128-colour palette (Pillow) so that they stay small in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium chromium-driver
python3 -m pip show pillow >/dev/null 2>&1 || python3 -m pip install --quiet --root-user-action=ignore pillow==11.3.0
out="$PWD/docs/site"
rm -rf "$out"
swift build --build-tests
HOBBYSTORY_SITE_SCREENSHOTS="$out" swift test --skip-build --no-parallel --filter SiteBrowserTests
python3 - "$out" <<'PY'
import pathlib, sys
from PIL import Image
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.png")):
    Image.open(path).convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
PY
du -sh "$out"
