#!/usr/bin/env bash
# Runs every test: the directory data and import checks, the production set-up behind nginx, the
# whole Swift test suite (debug build), then the app's screens (scripts/check-app.sh). The
# portal's tests run against SQLite and against a throwaway PostgreSQL server that this script installs and starts (scripts/start-postgres.sh);
# without it they would fail, not skip.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh nginx tilemaker chromium chromium-driver fonts-material-design-icons-iconfont
eval "$(scripts/start-postgres.sh)"
export HOBBYSTORY_REQUIRE_POSTGRES=1
python3 tools/check_directories.py
python3 tools/check_target_imports.py
python3 tools/check_dependency_edges.py
python3 tools/check_apple_manifest.py
python3 tools/check_mac_workflow.py
python3 tools/check_platform_switches.py
python3 tools/stand_in_declarations.py check
python3 tools/catalog.py missing
swift build --build-tests
scratch=$(mktemp -d "${TMPDIR:-/tmp}/hobbystory-test-run.XXXXXX")
status=0
# The production set-up (nginx with TLS in front of the portal), run for real: docs/deployment.md.
TMPDIR="$scratch" tools/deployment_check.sh "$(swift build --show-bin-path)" || status=$?
# One test at a time: several suites run real servers with idle timeouts and time budgets, and the
# crash, media and load tests keep two cores and the disk busy; in parallel on a two-core machine
# they starved one another's timers (seen in CI). Serially the whole run takes about seven
# minutes after the build (the attack runs against real portal processes take two of them).
# The tests keep their files in a temporary folder of this run, which must be empty afterwards:
# every test removes what it made, pass or fail (Tests/TestSupport: TestFiles).
TMPDIR="$scratch" swift test --skip-build --no-parallel || status=$?
# The app's SwiftUI layer on Linux: type-checked against the stand-ins, every screen drawn and its
# rules checked, the wireframes photographed into docs/screens (issue 14).
scripts/check-app.sh || status=$?
# (`swift test` itself leaves its lock files and five TemporaryDirectory.* folders holding only a
# `.keep-directory` there, tests or not: those are SwiftPM's, not the tests'.)
left=""
for entry in "$scratch"/* "$scratch"/.[!.]*; do
  [ -e "$entry" ] || continue
  case "$(basename "$entry")" in
    *.lock) continue ;;
    TemporaryDirectory.*) [ "$(ls -A "$entry")" = ".keep-directory" ] && continue ;;
  esac
  left+="$entry"$'\n'
done
rm -rf "$scratch"
if [ -n "$left" ]; then
  echo "FAIL: the tests left files in the temporary directory:" >&2
  echo "$left" >&2
  status=1
fi
exit "$status"
