#!/bin/sh
# The console in Chromium (selenium + Debian's chromium-driver): builds linkgen, then runs
# scripts/console-browser.py against it. About a minute; exit 0 when everything held.
set -eu
cd "$(dirname "$0")/.."
swift build --product linkgen
exec python3 scripts/console-browser.py .build/debug/linkgen
