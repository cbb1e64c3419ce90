#!/usr/bin/env bash
# Checks deploy/linkgen.service with `systemd-analyze verify`, against the real linkgen binary.
#
#   scripts/doctor-verify-unit.sh [PATH-TO-LINKGEN]    # default: .build/release/linkgen
#
# verify refuses a unit whose ExecStart binary does not exist, and the unit names the installed
# path (/usr/local/bin/linkgen). So the unit is copied with only that path replaced by the built
# binary's, and verified there. verify exits 0 even for an unknown key or a value it cannot
# parse (it only prints a warning and ignores the line), so any output at all fails this check.
# Also prints systemd-analyze security's exposure score (informational).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# realpath -m: a missing binary gets the message below, not realpath's own.
binary=$(realpath -m "${1:-$root/.build/release/linkgen}")
[ -x "$binary" ] || { echo "no linkgen binary at $binary (build one: swift build -c release --product linkgen, or pass its path)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s#/usr/local/bin/linkgen#$binary#" "$root/deploy/linkgen.service" >"$work/linkgen.service"
if ! output=$(systemd-analyze verify "$work/linkgen.service" 2>&1) || [ -n "$output" ]; then
  echo "deploy/linkgen.service does not verify:" >&2
  echo "$output" >&2
  exit 1
fi
echo "deploy/linkgen.service: systemd-analyze verify OK"
systemd-analyze security --offline=yes "$work/linkgen.service" 2>/dev/null | tail -1 || true
