#!/usr/bin/env bash
# The console's queries at scale: p50 and p95 of the overview, the links list (first page and
# 10,000 deep), a route's list, two searches and one link's page, on a database that
# scripts/console-data.py filled (100,000 links, a year of counters). A benchmark, not a test:
# it runs the ConsoleBenchmark suite, which only runs when LINKGEN_CONSOLE_BENCH_URL is set.
#
#   scripts/console-bench.sh sqlite:/tmp/console.sqlite
#   scripts/console-bench.sh 'postgres://linkgen:linkgen@127.0.0.1:5432/linkgen_test?schema=console_bench'
#
# Fill the database first (a few minutes):
#   linkgen stats --database URL >/dev/null   # creates the schema
#   python3 scripts/console-data.py URL        # (PostgreSQL: a libpq URL psql understands)
#
# Needs the test build (`swift build --build-tests`). Takes about a minute on 2 cores.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DATABASE-URL" >&2; exit 64; }
cd "$(dirname "$0")/.."
LINKGEN_CONSOLE_BENCH_URL="$1" swift test --skip-build --filter ConsoleBenchmark 2>&1 \
  | grep '^console-bench:'
