#!/usr/bin/env bash
# The app's SwiftUI layer on Linux (issue 14 §3–4): type-checks the unchanged AppUI sources against
# the stand-in Apple modules (Platform/StandIns), evaluates every screen in its states into
# wireframes, fails on a control without help in English and Russian, a ring page without a
# screen, or a destructive control never drawn asking first; then photographs the wireframes with
# headless Chromium into docs/screens/{iphone,ipad}/ and writes docs/screens/manifest.json.
# Fails when the committed manifest is stale (regenerate with this script and commit both).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium chromium-driver
swift build --product app-wireframes
scratch=$(mktemp -d "${TMPDIR:-/tmp}/hobbystory-wireframes.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
"$(swift build --show-bin-path)/app-wireframes" "$scratch"
python3 tools/screenshot_wireframes.py "$scratch/html" docs/screens
cp "$scratch/manifest.json" docs/screens/manifest.json
if git rev-parse --git-dir >/dev/null 2>&1 && ! git diff --quiet -- docs/screens/manifest.json; then
  git --no-pager diff --stat -- docs/screens/manifest.json
  echo "FAIL: docs/screens/manifest.json was stale: commit the regenerated screens" >&2
  exit 1
fi
