#!/usr/bin/env bash
# Runs every test: the directory data check, then the whole Swift test suite (debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
python3 tools/check_directories.py
swift build --build-tests
swift test --skip-build
