#!/usr/bin/env bash
# Load test of the database side of `linkgen serve`: short links that are not in the cache and
# link creation, on a fresh SQLite file and a fresh PostgreSQL schema, on this machine's
# loopback only (127.0.0.1), bounded in time.
#
#   scripts/load-store.sh                   # 3 runs of 5 s per case, the median reported
#   RUNS=1 DURATION=3s scripts/load-store.sh
#   POSTGRES_URL=postgres://… scripts/load-store.sh   # default: $LINKGEN_TEST_POSTGRES_URL;
#                                           # PostgreSQL skipped when unset or set empty
#   CASES="create1 create16 create64" scripts/load-store.sh   # only these cases (names below)
#
# For each database it stores LINKS short links (20,000 by default) with one bulk insert,
# starts `linkgen serve --database …` (click recording on, rate limits off: wrk is one address)
# and runs wrk (2 threads, 32 connections) against:
#   - one hot short link (/s/<code> again and again: answered from the link and page caches);
#   - the LINKS short links picked at random (a wrk Lua script: nearly every request reads the
#     database, builds the link and renders its page);
#   - a Zipf-like mix (s = 1: the first link is asked for most, the tenth a tenth as often);
#   - `POST /api/v1/links` with 1, 16 and 64 clients (a real key; each 201 is committed first).
# The cases' names, for CASES: hot, random, zipf, create1, create16, create64 (default: all).
# Each case runs RUNS times, interleaved, and the median is reported with the load average
# (`uptime`) seen with it: the machine is shared, so the ratios within one run are the figures
# to compare. Targets: random / hot ≥ 0.3 and 16 clients ≥ 3,000 creates/s, 0 errors. After the
# creation runs the server is killed (SIGKILL) and the links in the database are counted
# against the 201s wrk saw: every one must be there.
#
# Needs wrk, sqlite3 and, for PostgreSQL, psql (Debian: apt-get install wrk sqlite3
# postgresql-client) and a release build (made if missing). Prints Markdown tables; exits 1
# when a target is missed or a link is lost (as scripts/load.sh does), 69/70 when it cannot run.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-5s}
RUNS=${RUNS:-3}
LINKS=${LINKS:-20000}
CASES=${CASES:-hot random zipf create1 create16 create64}
for name in $CASES; do
  case "$name" in
    hot | random | zipf | create1 | create16 | create64) ;;
    *)
      echo "load-store.sh: CASES names an unknown case '$name'; the cases are: hot random zipf create1 create16 create64" >&2
      exit 64
      ;;
  esac
done
CONFIG=${CONFIG:-Examples/openlist/linkgen.json}
IPHONE='Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1'

. scripts/load-common.sh
load_setup load-store.sh KILL wrk curl sqlite3
failed=0

# The wrk scripts: random links, Zipf-like links, and a create.
# Each request is "GET <path>" and the rest made once (wrk.format's request for "/", less its
# "GET /": the HTTP version and the headers), as scripts/load.sh's distinct-link script makes
# it: wrk.format per request, which builds every header again in Lua, cost wrk (on the same
# two cores as the server) a few µs a request more.
cat >"$work/random.lua" <<EOF
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
local random, format, rest = math.random, string.format, ""
function init(args)
  math.randomseed(os.time() * 1000 + (id or 0) * 7919)
  rest = wrk.format("GET", "/"):sub(6)
end
request = function()
  return format("GET /s/ld%08d", random(1, $LINKS)) .. rest
end
EOF
cat >"$work/zipf.lua" <<EOF
local threads = 0
local cdf, rest = {}, ""
function setup(thread) threads = threads + 1; thread:set("id", threads) end
function init(args)
  math.randomseed(os.time() * 1000 + (id or 0) * 7919)
  rest = wrk.format("GET", "/"):sub(6)
  local total = 0
  for rank = 1, $LINKS do total = total + 1 / rank; cdf[rank] = total end
  for rank = 1, $LINKS do cdf[rank] = cdf[rank] / total end
end
request = function()
  local r, low, high = math.random(), 1, $LINKS
  while low < high do
    local mid = math.floor((low + high) / 2)
    if cdf[mid] < r then low = mid + 1 else high = mid end
  end
  return string.format("GET /s/ld%08d", low) .. rest
end
EOF
create_script() {
  cat >"$work/create.lua" <<EOF
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer $1"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"route": "shared-checklist", "params": {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"}}'
EOF
}

# CPU time (user + system, in clock ticks) of a process.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# wrk against the server $pid: prints "requests_per_second p99_ms errors cpu_us_per_request
# completed_2xx load_average".
run() {
  local url=$1 connections=$2 script=$3 before after out
  before=$(ticks "$pid")
  out=$(timeout 120 wrk -t"$((connections < 2 ? 1 : 2))" -c"$connections" -d"$DURATION" --latency \
    -H "User-Agent: $IPHONE" -s "$script" "$url")
  after=$(ticks "$pid")
  python3 - "$out" "$((after - before))" "$(getconf CLK_TCK)" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import re, sys
text = sys.argv[1]
def ms(value):
    number, unit = re.match(r"([\d.]+)(us|ms|s|m)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p99 = ms(re.search(r"^\s*99%\s+(\S+)", text, re.M).group(1))
errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", text))
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
total = int(re.search(r"(\d+) requests in", text).group(1))
bad = int(non2xx.group(1)) if non2xx else 0
cpu = int(sys.argv[2]) / int(sys.argv[3]) / max(total, 1) * 1e6
print(f"{rps:.0f} {p99:.2f} {errors + bad} {cpu:.1f} {total - bad} {sys.argv[4]}")
PY
}

# Stores the links ld00000001… with one statement (the values as the store writes them).
bulk_insert() {
  local backend=$1 url=$2 now columns
  now=$(date +%s)
  columns="code, route, params, created_at, visits, custom"
  if [ "$backend" = sqlite ]; then
    sqlite3 "${url#sqlite:}" "PRAGMA busy_timeout = 5000;
      WITH RECURSIVE series(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM series WHERE i < $LINKS)
      INSERT INTO linkgen_links ($columns)
      SELECT printf('ld%08d', i), 'shared-checklist',
        printf('{\"id\":\"3f2504e0-4f89-11d3-9a0c-%012d\"}', i), $now, 0, 0 FROM series" >/dev/null
  else
    psql "$PG_BASE" -qv ON_ERROR_STOP=1 -c "SET search_path = $schema;
      INSERT INTO linkgen_links ($columns)
      SELECT 'ld' || lpad(i::text, 8, '0'), 'shared-checklist',
        '{\"id\":\"3f2504e0-4f89-11d3-9a0c-' || lpad(i::text, 12, '0') || '\"}', $now, 0, FALSE
      FROM generate_series(1, $LINKS) AS i" >/dev/null
  fi
}

store_table() {
  local backend=$1 url=$2 out port key code=ld00000001 line case connections
  out="$work/$backend"
  key=$("$LINKGEN" keys create --scope links:create --database "$url" 2>/dev/null)
  bulk_insert "$backend" "$url"
  "$LINKGEN" serve --config "$CONFIG" --host 127.0.0.1 --port 0 --log-level notice \
    --database "$url" --rate-limit 0 --key-rate-limit 0 >"$out.out" 2>"$out.err" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 300); do grep -q 'listening on' "$out.out" && break; sleep 0.1; done
  port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$out.out")
  [ -n "$port" ] || { cat "$out.err" >&2; return 70; }
  local S="http://127.0.0.1:$port"
  # The page read whole first: grep -q stopping early would fail curl (SIGPIPE, pipefail).
  local page
  page=$(curl -s -A "$IPHONE" "$S/s/ld$(printf %08d "$LINKS")")
  grep -q "shared-checklistId=3f2504e0-4f89-11d3-9a0c-$(printf %012d "$LINKS")" <<<"$page" ||
    { echo "load-store.sh: $backend: the bulk-inserted links do not serve their page" >&2; return 70; }
  create_script "$key"
  printf 'wrk.method = "GET"\n' >"$work/hot.lua"
  curl -s -o /dev/null -A "$IPHONE" "$S/s/$code"
  # Interleaved runs: each case sees the machine in the same states as the others.
  for _ in $(seq "$RUNS"); do
    for case in "hot|/s/$code|32|hot" "random|/|32|random" "zipf|/|32|zipf" \
      "create1|/api/v1/links|1|create" "create16|/api/v1/links|16|create" \
      "create64|/api/v1/links|64|create"; do
      IFS='|' read -r name lpath connections script <<<"$case"
      [[ " $CASES " == *" $name "* ]] || continue
      run "$S$lpath" "$connections" "$work/$script.lua" >>"$out.$name"
    done
  done
  # Every 201 durable: kill -9, then count the links the creates made.
  kill -9 "$pid"; wait "$pid" 2>/dev/null || true
  local made stored
  made=$({ cat "$out".create* 2>/dev/null || true; } | awk '{s += $5} END {print s + 0}')
  if [ "$backend" = sqlite ]; then
    stored=$(sqlite3 "${url#sqlite:}" "SELECT COUNT(*) - $LINKS FROM linkgen_links")
  else
    stored=$(psql "$PG_BASE" -tAc "SELECT COUNT(*) - $LINKS FROM $schema.linkgen_links")
  fi
  local hot_rps=0
  [ -f "$out.hot" ] && read -r hot_rps _ <<<"$(median <"$out.hot")"
  for case in "hot|one hot short link|" "random|$LINKS short links at random|0.3" \
    "zipf|$LINKS short links, Zipf (s = 1)|" "create1|POST /api/v1/links, 1 client|" \
    "create16|POST /api/v1/links, 16 clients|3000" "create64|POST /api/v1/links, 64 clients|"; do
    IFS='|' read -r name label bound <<<"$case"
    [ -f "$out.$name" ] || continue
    read -r rps p99 errors cpu _ load <<<"$(median <"$out.$name")"
    local ratio verdict="reported"
    ratio=$(python3 -c "print(f'{$rps/$hot_rps:.2f}' if $hot_rps else '—')")
    [[ $name == create* ]] && ratio="—"
    [[ $name == random && $hot_rps == 0 ]] && bound=""
    if [ -n "$bound" ]; then
      verdict=$(python3 -c "
value = $rps / $hot_rps if '$name' == 'random' else $rps
print(('met' if value >= $bound and $errors == 0 else 'MISSED') + ' (' + ('≥ $bound× hot' if '$name' == 'random' else '≥ $bound/s') + ', 0 errors)')")
    fi
    [ "$errors" = 0 ] || verdict="$verdict; $errors errors"
    [[ $verdict == met* || $verdict == reported ]] || failed=1
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
      "$backend" "$label" "$rps" "$ratio" "$p99" "$cpu" "$errors" "$load" "$verdict"
  done
  local durable="met"
  [ "$stored" -ge "$made" ] || { durable="MISSED"; failed=1; }
  printf '\n%s: after kill -9, %s links made by the creates are stored; wrk saw %s answers 201 (requests in flight when wrk stops are committed but not counted by wrk): %s\n\n' \
    "$backend" "$stored" "$made" "$durable"
}

echo "$LINKGEN; wrk 2 threads; $RUNS runs of $DURATION per case, median; $(nproc) cores; $(uptime)" >&2
printf '| database | case | req/s (median) | × hot | p99 (ms) | CPU µs/request | errors | load average | target |\n'
printf '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
store_table sqlite "sqlite:$work/links.sqlite"
PG_BASE=${POSTGRES_URL-${LINKGEN_TEST_POSTGRES_URL:-}}
if [ -n "$PG_BASE" ]; then
  command -v psql >/dev/null || { echo "load-store.sh: psql is missing (apt-get install postgresql-client)" >&2; exit 69; }
  schema="loadstore_$(date +%s)_$$"
  psql "$PG_BASE" -qc "CREATE SCHEMA $schema" >/dev/null
  sep='?'; [[ $PG_BASE == *\?* ]] && sep='&'
  store_table postgresql "$PG_BASE${sep}schema=$schema&sslmode=disable" || failed=1
  psql "$PG_BASE" -qc "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1 || true
else
  echo "load-store.sh: no POSTGRES_URL or LINKGEN_TEST_POSTGRES_URL: PostgreSQL skipped" >&2
fi
exit $failed
