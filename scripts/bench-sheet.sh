#!/usr/bin/env bash
# Benchmarks `linkgen sheet` against scripts/reference-sheet.py (segno + reportlab, the way
# people make invite sheets without linkgen), both measured in the same run on the same cards:
#
#   1. CARDS cards (default 1,000: 84 A4 pages of 3 x 4) with the reference script, with
#      linkgen on one core (--jobs 1) and with linkgen --split on all cores; RUNS runs each,
#      alternating, medians reported, ratio = reference / linkgen;
#   2. BIG cards (default 100,000) in one PDF, peak RSS from /usr/bin/time -v, on one core and
#      on all cores (--split 1000).
#
# The first run creates a virtual environment in .build/bench-venv with segno and reportlab
# from PyPI (python3-venv must be installed) and builds linkgen in release mode.
#
#   bash scripts/bench-sheet.sh                 # the figures in docs/print.md
#   CARDS=200 BIG=5000 RUNS=1 bash scripts/bench-sheet.sh   # a quick look
set -euo pipefail
cd "$(dirname "$0")/.."

CARDS=${CARDS:-1000}
BIG=${BIG:-100000}
RUNS=${RUNS:-3}
CORES=$(getconf _NPROCESSORS_ONLN)
TEMPLATE='https://openlist.example.com/shared-checklists/{id}'
CONFIG=Examples/openlist/linkgen.json

command -v /usr/bin/time >/dev/null || { echo "bench-sheet: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
venv=.build/bench-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || { echo "bench-sheet: needs python3-venv (apt-get install python3-venv)" >&2; exit 1; }
  "$venv/bin/pip" install --quiet 'segno==1.6.6' 'reportlab==5.1.0'
fi
swift build -c release --product linkgen >/dev/null
linkgen=.build/release/linkgen

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The cards: an id and a Latin name per row (reportlab cannot embed the CJK fonts).
rows() {
  awk -v n="$1" 'BEGIN { print "id,name"; for (i = 1; i <= n; i++) printf "9b2e7a10-0c4d-4e8f-a1b2-%012x,Guest %d\n", i, i }'
}
rows "$CARDS" >"$work/cards.csv"
rows "$BIG" >"$work/big.csv"

# Runs a command under /usr/bin/time -v; prints "<seconds> <peak RSS in MB>".
measure() {
  /usr/bin/time -v "$@" >/dev/null 2>"$work/time.txt" || { cat "$work/time.txt" >&2; exit 1; }
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = t[n] + (n > 1 ? 60 * t[n-1] : 0) + (n > 2 ? 3600 * t[n-2] : 0) }
              /Maximum resident set size/ { rss = $2 / 1024 }
              END { printf "%.3f %.1f\n", s, rss }' "$work/time.txt"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

reference=() one=() all=()
for run in $(seq "$RUNS"); do
  reference+=("$(measure "$venv/bin/python" scripts/reference-sheet.py "$work/cards.csv" "$work/reference.pdf" "$TEMPLATE" | cut -d' ' -f1)")
  one+=("$(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/cards.csv" --out "$work/one.pdf" --grid 3x4 --jobs 1 | cut -d' ' -f1)")
  all+=("$(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/cards.csv" --out "$work/split.pdf" --grid 3x4 --split 100 --jobs "$CORES" | cut -d' ' -f1)")
  rm -f "$work"/split-*.pdf
done
reference_s=$(printf '%s\n' "${reference[@]}" | median)
one_s=$(printf '%s\n' "${one[@]}" | median)
all_s=$(printf '%s\n' "${all[@]}" | median)
pages=$(pdfinfo "$work/one.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')

read -r big_one_s big_one_mb < <(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/big.csv" --out "$work/big.pdf" --grid 3x4 --jobs 1)
big_size=$(du -m "$work/big.pdf" | cut -f1)
rm -f "$work/big.pdf"
read -r big_all_s big_all_mb < <(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/big.csv" --out "$work/big.pdf" --grid 3x4 --split 1000 --jobs "$CORES")

awk -v cards="$CARDS" -v pages="${pages:-?}" -v runs="$RUNS" -v cores="$CORES" \
  -v ref="$reference_s" -v one="$one_s" -v all="$all_s" \
  -v big="$BIG" -v b1="$big_one_s" -v m1="$big_one_mb" -v ba="$big_all_s" -v ma="$big_all_mb" -v size="$big_size" 'BEGIN {
  printf "%d cards, %s A4 pages of 3 x 4, median of %d runs, %d cores\n\n", cards, pages, runs, cores
  printf "| run | seconds | cards/s | vs. reference |\n| --- | ---: | ---: | ---: |\n"
  printf "| reference (segno + reportlab) | %.2f | %.0f | 1 |\n", ref, cards / ref
  printf "| linkgen sheet --jobs 1 | %.2f | %.0f | %.1fx |\n", one, cards / one, ref / one
  printf "| linkgen sheet --split 100 --jobs %d | %.2f | %.0f | %.1fx |\n", cores, all, cards / all, ref / all
  printf "\n%d cards in one PDF (%s MB): %.1f s, %.0f cards/s, peak RSS %.1f MB on one core\n", big, size, b1, big / b1, m1
  printf "%d cards, --split 1000 --jobs %d: %.1f s, %.0f cards/s, peak RSS %.1f MB\n", big, cores, ba, big / ba, ma
}'
