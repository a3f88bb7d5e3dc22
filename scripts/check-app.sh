#!/usr/bin/env bash
# The app's SwiftUI layer on Linux (issue 14 §3–4): type-checks the unchanged AppUI sources against
# the stand-in Apple modules (Platform/StandIns), evaluates every screen in its states into
# wireframes, fails on a control without help in English and Russian, a ring page without a
# screen, or a destructive control never drawn asking first; then photographs the wireframes with
# headless Chromium into docs/screens/<device>/ (iphone, ipad, ipad-portrait, ipad-split,
# iphone-large-type) and writes docs/screens/manifest.json.
# Then checks the app package (App/HobbyStory.swiftpm, §2): its manifest loads, its entry point
# and the widget extension's (issue 33 §5) type-check against AppUI, AppWidgets and the stand-ins, its icon is what tools/make_app_icon.py draws.
# Fails when the committed manifest or icon is stale (regenerate with this script and commit).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium chromium-driver fonts-material-design-icons-iconfont
swift build --product app-wireframes
scratch=$(mktemp -d "${TMPDIR:-/tmp}/hobbystory-wireframes.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
"$(swift build --show-bin-path)/app-wireframes" "$scratch"
python3 tools/screenshot_wireframes.py "$scratch/html" docs/screens
cp "$scratch/manifest.json" docs/screens/manifest.json

(cd App/HobbyStory.swiftpm && swift package dump-package >/dev/null)
bin=$(swift build --show-bin-path)
maps=()
for map in Sources/C*/module.modulemap "$bin"/C*.build/module.modulemap; do
  if [[ -f $map ]]; then maps+=(-Xcc "-fmodule-map-file=$map"); fi
done
swiftc -typecheck -swift-version 6 -parse-as-library -I "$bin/Modules" "${maps[@]}" App/HobbyStory.swiftpm/Sources/*.swift
swiftc -typecheck -swift-version 6 -parse-as-library -I "$bin/Modules" "${maps[@]}" \
  App/HobbyStory.swiftpm/WidgetExtension/*.swift
echo "app package: manifest loads, the app's and the widget extension's entry points type-check"
python3 tools/make_app_icon.py

generated=(docs/screens/manifest.json App/HobbyStory.swiftpm/Sources/Resources)
if git rev-parse --git-dir >/dev/null 2>&1 && [[ -n $(git status --porcelain -- "${generated[@]}") ]]; then
  git --no-pager status --short -- "${generated[@]}"
  echo "FAIL: generated files were stale: commit the regenerated screens, manifest and icon" >&2
  exit 1
fi
