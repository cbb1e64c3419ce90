#!/usr/bin/env bash
# Benchmarks `linkgen sheet` against scripts/reference-sheet.py (segno + reportlab, the way
# people make invite sheets without linkgen), both measured in the same run on the same cards:
#
#   1. CARDS cards (default 1,000: 84 A4 pages of 3 x 4) with the reference script, with
#      linkgen on one core (--jobs 1), with linkgen as it runs by default (one PDF, all cores:
#      one draws while the others prepare the next cards) and with linkgen --split on all
#      cores; RUNS runs each,
#      alternating, medians reported, ratio = reference / linkgen;
#   2. BIG cards (default 100,000) in one PDF, peak RSS from /usr/bin/time -v, on one core and
#      on all cores (--split 1000); BIG=0 skips this part.
#
# Wall-clock seconds and CPU seconds (user + system) are both reported: on a machine shared
# with other work the wall clock includes waiting for a core, the CPU time does not.
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

# Runs a command under /usr/bin/time -v; prints "<wall seconds> <peak RSS in MB> <CPU seconds>".
measure() {
  /usr/bin/time -v "$@" >/dev/null 2>"$work/time.txt" || { cat "$work/time.txt" >&2; exit 1; }
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = t[n] + (n > 1 ? 60 * t[n-1] : 0) + (n > 2 ? 3600 * t[n-2] : 0) }
              /User time|System time/ { cpu += $2 }
              /Maximum resident set size/ { rss = $2 / 1024 }
              END { printf "%.3f %.1f %.3f\n", s, rss, cpu }' "$work/time.txt"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

reference=() one=() default=() all=() reference_cpu=() one_cpu=() default_cpu=() all_cpu=()
for run in $(seq "$RUNS"); do
  read -r wall _ cpu < <(measure "$venv/bin/python" scripts/reference-sheet.py "$work/cards.csv" "$work/reference.pdf" "$TEMPLATE")
  reference+=("$wall") reference_cpu+=("$cpu")
  read -r wall _ cpu < <(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/cards.csv" --out "$work/one.pdf" --grid 3x4 --jobs 1)
  one+=("$wall") one_cpu+=("$cpu")
  read -r wall _ cpu < <(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/cards.csv" --out "$work/default.pdf" --grid 3x4 --jobs "$CORES")
  default+=("$wall") default_cpu+=("$cpu")
  read -r wall _ cpu < <(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/cards.csv" --out "$work/split.pdf" --grid 3x4 --split 100 --jobs "$CORES")
  all+=("$wall") all_cpu+=("$cpu")
  rm -f "$work"/split-*.pdf
done
reference_s=$(printf '%s\n' "${reference[@]}" | median)
one_s=$(printf '%s\n' "${one[@]}" | median)
default_s=$(printf '%s\n' "${default[@]}" | median)
all_s=$(printf '%s\n' "${all[@]}" | median)
reference_c=$(printf '%s\n' "${reference_cpu[@]}" | median)
one_c=$(printf '%s\n' "${one_cpu[@]}" | median)
default_c=$(printf '%s\n' "${default_cpu[@]}" | median)
all_c=$(printf '%s\n' "${all_cpu[@]}" | median)
pages=$(pdfinfo "$work/one.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')

big_one_s=0 big_one_mb=0 big_one_c=0 big_all_s=0 big_all_mb=0 big_all_c=0 big_size=0
if [ "$BIG" -gt 0 ]; then
  read -r big_one_s big_one_mb big_one_c < <(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/big.csv" --out "$work/big.pdf" --grid 3x4 --jobs 1)
  big_size=$(du -m "$work/big.pdf" | cut -f1)
  rm -f "$work/big.pdf"
  read -r big_all_s big_all_mb big_all_c < <(measure "$linkgen" sheet shared-checklist --config "$CONFIG" --input "$work/big.csv" --out "$work/big.pdf" --grid 3x4 --split 1000 --jobs "$CORES")
fi

awk -v cards="$CARDS" -v pages="${pages:-?}" -v runs="$RUNS" -v cores="$CORES" \
  -v ref="$reference_s" -v one="$one_s" -v def="$default_s" -v all="$all_s" \
  -v refc="$reference_c" -v onec="$one_c" -v defc="$default_c" -v allc="$all_c" \
  -v big="$BIG" -v b1="$big_one_s" -v m1="$big_one_mb" -v c1="$big_one_c" \
  -v ba="$big_all_s" -v ma="$big_all_mb" -v ca="$big_all_c" -v size="$big_size" 'BEGIN {
  printf "%d cards, %s A4 pages of 3 x 4, median of %d runs, %d cores\n\n", cards, pages, runs, cores
  printf "| run | wall s | cards/s | vs. reference | CPU s | vs. reference (CPU) |\n"
  printf "| --- | ---: | ---: | ---: | ---: | ---: |\n"
  printf "| reference (segno + reportlab) | %.2f | %.0f | 1 | %.2f | 1 |\n", ref, cards / ref, refc
  printf "| linkgen sheet --jobs 1 | %.2f | %.0f | %.1fx | %.2f | %.1fx |\n", one, cards / one, ref / one, onec, refc / onec
  printf "| linkgen sheet --jobs %d (the default) | %.2f | %.0f | %.1fx | %.2f | %.1fx |\n", cores, def, cards / def, ref / def, defc, refc / defc
  printf "| linkgen sheet --split 100 --jobs %d | %.2f | %.0f | %.1fx | %.2f | %.1fx |\n", cores, all, cards / all, ref / all, allc, refc / allc
  if (big > 0) {
    printf "\n%d cards in one PDF (%s MB), --jobs 1: %.1f s wall, %.1f s CPU, %.0f cards/s of CPU, peak RSS %.1f MB\n", big, size, b1, c1, big / c1, m1
    printf "%d cards, --split 1000 --jobs %d: %.1f s wall, %.1f s CPU, peak RSS %.1f MB\n", big, cores, ba, ca, ma
  }
}'
