#!/usr/bin/env bash
# The console's pages at scale: p50 and p95 of the overview (7, 30, 90 days), the links list
# (first page, 10,000 deep, one route), two searches and one link's page, loaded over HTTP from a
# real `linkgen serve` (a release build by default) on a database that scripts/console-data.py
# filled (100,000 links, a year of counters). A benchmark, not a test: it prints a Markdown
# table (scripts/console-bench.py; 20 runs of each page after one warm-up).
#
#   scripts/console-bench.sh sqlite:/tmp/console.sqlite
#   scripts/console-bench.sh 'postgres://linkgen:linkgen@127.0.0.1:5432/linkgen_test?schema=console_bench'
#
# Fill the database first (a few minutes):
#   linkgen stats --database URL >/dev/null   # creates the schema
#   python3 scripts/console-data.py URL        # (PostgreSQL: a libpq URL psql understands)
#
# Needs `swift build -c release --product linkgen` (or LINKGEN=path/to/linkgen). About a
# minute per database on 2 cores.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DATABASE-URL" >&2; exit 64; }
cd "$(dirname "$0")/.."
exec python3 scripts/console-bench.py "$1" "${LINKGEN:-.build/release/linkgen}"
