#!/usr/bin/env bash
# Load test of `linkgen serve` against nginx serving the same bytes as static files, in the
# same run, on this machine's loopback only (127.0.0.1), bounded in time.
#
#   scripts/load.sh                      # 10 s per case, 64 connections, 2 wrk threads
#   DURATION=5s CONNECTIONS=128 scripts/load.sh
#   LINKS=0 scripts/load.sh              # the stateless server only
#   DISTINCT=0 scripts/load.sh           # without the distinct-link cases
#   ACCESS_LOG=0 scripts/load.sh         # without the access log's cost (a second server with
#                                        # serve's default logging, same page, interleaved)
#   STORE=0 scripts/load.sh              # without scripts/load-store.sh (cold short links,
#                                        # creation with 1/16/64 clients), which runs last
#   POSTGRES_URL=postgres://… scripts/load.sh   # short links on PostgreSQL too (default:
#                                        # $LINKGEN_TEST_POSTGRES_URL; skipped when unset)
#   SOAK=300 scripts/load.sh             # the soak alone: 300 s of mixed traffic (scripts/soak.py)
#   DISTINCT_SOAK=600 scripts/load.sh    # 600 s of distinct links alone (iPhone, desktop,
#                                        # in-app, ?qr=png at random), resident memory every
#                                        # 30 s (SAMPLE=30)
#   DISTINCT_SOAK=3600 THREADS=1 SOAK_CONNECTIONS=2 SOAK_DELAY=10 scripts/load.sh
#                                        # the hour at a modest rate: each connection waits
#                                        # SOAK_DELAY ms between requests (about 150 req/s)
#
# Then the distinct-link cases (DISTINCT=1, the default): each landing page (iPhone, desktop
# with its QR code, Instagram's in-app browser) and `?qr=png`, first for the same URL every time
# (answered from the server's caches), then for a different link every time (a Lua script
# picks a random UUID per request, so nearly every request renders a page or encodes a code),
# in the same run: distinct / same is the ratio (targets: iPhone and in-app >= 0.5, desktop
# >= 0.25; `?qr=png`: the server's CPU per distinct image at most 1.25x linkgen-bench's qr-png,
# when .build/release/linkgen-bench is built). Measured twice: the issue's method (the same URL
# without a script; RUNS=3 runs of each, interleaved, the median ratio) and at equal client
# cost (both through one cheap Lua script, one run); POOL=20000 paths per wrk thread.
#
# Then, with a database (LINKS=1, the default): a short link's page (/s/<code>, click recording
# on) and the resolve API (GET /api/v1/links/<code>) on SQLite and on PostgreSQL, against the
# stateless landing page measured in the same run, just before each (target ≥ 0.7×), and the
# clicks the server recorded against the requests wrk completed.
#
# For each endpoint (the AASA, a landing page for an iPhone, a QR code PNG, a 404), it takes
# the bytes linkgen serves, gives them to nginx as static files with the same Content-Type,
# and runs wrk against each server in turn: requests per second, p50 and p99 latency, errors.
# Then linkgen's resident memory (now and peak). Needs wrk and nginx (Debian: apt-get install
# wrk nginx) and a release build (made if missing). Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
RUNS=${RUNS:-3}
CONFIG=${CONFIG:-Examples/openlist/linkgen.json}
ID=3f2504e0-4f89-11d3-9a0c-0305e82c3301
IPHONE='Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1'
DESKTOP='Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
INSTAGRAM='Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 361.0.0.35.82 (iPhone14,2; iOS 18_6; en_US; en; scale=3.00; 1170x2532; 674117118)'

. scripts/load-common.sh
load_setup load.sh TERM wrk nginx curl
chmod 755 "$work"  # nginx workers run as an unprivileged user

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

if [ -n "${SOAK:-}" ]; then
  exec python3 scripts/soak.py --linkgen "$LINKGEN" --seconds "$SOAK" --config "$CONFIG" --database "${SOAK_DATABASE:-}"
fi

# A distinct link per request for DISTINCT_SOAK seconds, the server's resident memory every
# SAMPLE seconds: the caches are bounded by bytes, so memory levels off.
distinct_soak() {
  cat >"$work/soak.lua" <<'EOF'
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
function init(args) math.randomseed(os.time() * 1000 + (id or 0) * 7919) end
local hex = "0123456789abcdef"
local agents = { os.getenv("IPHONE"), os.getenv("DESKTOP"), os.getenv("INSTAGRAM") }
local pause = tonumber(os.getenv("SOAK_DELAY") or "")
if pause then function delay() return pause end end
request = function()
  local t = {}
  for i = 1, 32 do local r = math.random(1, 16); t[i] = hex:sub(r, r) end
  local s = table.concat(t)
  local uuid = s:sub(1, 8) .. "-" .. s:sub(9, 12) .. "-" .. s:sub(13, 16) .. "-" .. s:sub(17, 20) .. "-" .. s:sub(21, 32)
  local pick = math.random(1, 4)
  local path = "/shared-checklists/" .. uuid .. (pick == 4 and "?qr=png" or "")
  return wrk.format("GET", path, { ["User-Agent"] = agents[pick == 4 and 1 or pick] })
end
EOF
  local sample=${SAMPLE:-30} elapsed=0 wrk_pid peak
  IPHONE=$IPHONE DESKTOP=$DESKTOP INSTAGRAM=$INSTAGRAM SOAK_DELAY=${SOAK_DELAY:-} timeout $((DISTINCT_SOAK + 60)) \
    wrk -t"$THREADS" -c"${SOAK_CONNECTIONS:-32}" -d"${DISTINCT_SOAK}s" -s "$work/soak.lua" "$L/" \
    >"$work/soak.out" &
  wrk_pid=$!
  printf '| seconds | resident MB | peak MB | pages made (cache misses) |\n| ---: | ---: | ---: | ---: |\n'
  while kill -0 "$wrk_pid" 2>/dev/null && [ "$elapsed" -le "$DISTINCT_SOAK" ]; do
    printf '| %s | %s | %s | %s |\n' "$elapsed" \
      "$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$linkgen_pid/status")" \
      "$(awk '/VmHWM/ {print int($2/1024)}' "/proc/$linkgen_pid/status")" \
      "$(curl -s "$L/metrics" | awk '/cache="page",result="miss"/ {print $2}')"
    sleep "$sample"
    elapsed=$((elapsed + sample))
  done
  wait "$wrk_pid" || true
  grep -E 'requests in|Requests/sec|Non-2xx|Socket errors' "$work/soak.out" || true
  peak=$(awk '/VmHWM/ {print int($2/1024)}' "/proc/$linkgen_pid/status")
  printf '\npeak resident memory %s MB (target < 100 MB: %s)\n' "$peak" \
    "$([ "$peak" -lt 100 ] && echo met || echo MISSED)"
  [ "$peak" -lt 100 ]
}

# start_server NAME ARGS…: a `linkgen serve` without a database, output in $work/NAME.out and
# .err; sets started_pid and started_url.
start_server() {
  local name=$1
  shift
  "$LINKGEN" serve --config "$CONFIG" --host 127.0.0.1 --port 0 --no-database "$@" \
    >"$work/$name.out" 2>"$work/$name.err" &
  started_pid=$!
  pids+=("$started_pid")
  for _ in $(seq 100); do grep -q 'listening on' "$work/$name.out" && break; sleep 0.1; done
  started_url=$(sed -n 's/.*listening on \(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$work/$name.out")
  [ -n "$started_url" ] || { cat "$work/$name.err" >&2; exit 70; }
}

# linkgen, without the access log (nginx runs with access_log off too).
LOG_LEVEL=${LOG_LEVEL:-notice}
start_server linkgen --log-level "$LOG_LEVEL"
linkgen_pid=$started_pid
L=$started_url
if [ -n "${DISTINCT_SOAK:-}" ]; then
  distinct_soak
  exit
fi

# The same bytes, as static files.
root="$work/root"
mkdir -p "$root/.well-known" "$root/shared-checklists"
curl -sf "$L/.well-known/apple-app-site-association" -o "$root/.well-known/apple-app-site-association"
curl -sf -A "$IPHONE" "$L/shared-checklists/$ID" -o "$root/shared-checklists/$ID"
curl -sf "$L/shared-checklists/$ID?qr=png" -o "$root/qr.png"
curl -s "$L/nowhere" -o "$root/404.html"

nginx_port=$(free_port)
mkdir -p "$work/nginx"
cat >"$work/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$nginx_port;
    root $root;
    error_page 404 /404.html;
    location = /404.html { internal; default_type "text/html; charset=utf-8"; }
    location /.well-known/ { default_type application/json; }
    location /shared-checklists/ { default_type "text/html; charset=utf-8"; }
    location = /qr.png { default_type image/png; }
    location = /nowhere { return 404; }
  }
}
EOF
nginx -c "$work/nginx.conf" -p "$work/nginx" &
nginx_pid=$!
pids+=("$nginx_pid")
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$nginx_port/qr.png" -o /dev/null && break; sleep 0.1; done
N="http://127.0.0.1:$nginx_port"
nginx_workers=$(pgrep -P "$nginx_pid" | tr '\n' ' ')

# Same bytes?
for pair in ".well-known/apple-app-site-association|.well-known/apple-app-site-association" \
  "shared-checklists/$ID|shared-checklists/$ID" "shared-checklists/$ID?qr=png|qr.png" "nowhere|nowhere"; do
  a=${pair%%|*}; b=${pair##*|}
  cmp -s <(curl -s -A "$IPHONE" "$L/$a") <(curl -s -A "$IPHONE" "$N/$b") ||
    { echo "load.sh: nginx and linkgen differ for /$a" >&2; exit 70; }
done

# CPU time (user + system, in clock ticks) of processes.
ticks() { local total=0 pid; for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$total"; }

# wrk, one run against a server whose processes are $3…: prints "requests_per_second p50_ms
# p99_ms errors cpu_us_per_request".
run() {
  local url=$1 expect404=$2 before after out
  shift 2
  before=$(ticks "$@")
  # UA: the User-Agent (an iPhone's by default); LUA: a wrk script (the distinct-link cases).
  out=$(timeout 120 wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency \
    -H "User-Agent: ${UA:-$IPHONE}" ${LUA:+-s "$LUA"} "$url")
  after=$(ticks "$@")
  [ -z "${WRK_LOG:-}" ] || printf '%s\n%s\n' "$url" "$out" >>"$WRK_LOG"
  python3 - "$expect404" "$out" "$((after - before))" "$(getconf CLK_TCK)" <<'PY'
import re, sys
text = sys.argv[2]
def ms(value):
    number, unit = re.match(r"([\d.]+)(us|ms|s|m)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p50 = ms(re.search(r"^\s*50%\s+(\S+)", text, re.M).group(1))
p99 = ms(re.search(r"^\s*99%\s+(\S+)", text, re.M).group(1))
errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", text))
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
total = int(re.search(r"(\d+) requests in", text).group(1))
if sys.argv[1] == "yes":
    errors += total - (int(non2xx.group(1)) if non2xx else 0)  # every response must be the 404
elif non2xx:
    errors += int(non2xx.group(1))
cpu = int(sys.argv[3]) / int(sys.argv[4]) / total * 1e6
print(f"{rps:.0f} {p50:.2f} {p99:.2f} {errors} {cpu:.1f}")
PY
}

echo "linkgen $L (pid $linkgen_pid) vs nginx $N; wrk -t$THREADS -c$CONNECTIONS -d$DURATION; $(nproc) cores" >&2
printf '| endpoint | nginx req/s | linkgen req/s | ratio | nginx p50 / p99 (ms) | linkgen p50 / p99 (ms) | CPU µs/request nginx / linkgen | linkgen errors | target |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
cases=(
  "AASA|/.well-known/apple-app-site-association|/.well-known/apple-app-site-association|no|ratio>=0.5"
  "landing page (iPhone)|/shared-checklists/$ID|/shared-checklists/$ID|no|ratio>=0.3"
  "QR PNG|/qr.png|/shared-checklists/$ID?qr=png|no|rps>=2000"
  "404|/nowhere|/nowhere|yes|ratio>=0.5"
)
failed=0
for case in "${cases[@]}"; do
  IFS='|' read -r name npath lpath is404 target <<<"$case"
  curl -s -o /dev/null "$N$npath"; curl -s -o /dev/null -A "$IPHONE" "$L$lpath"  # warm
  # shellcheck disable=SC2086 # the worker pids are words
  read -r nrps np50 np99 _ ncpu <<<"$(run "$N$npath" "$is404" $nginx_workers)"
  read -r lrps lp50 lp99 lerr lcpu <<<"$(run "$L$lpath" "$is404" "$linkgen_pid")"
  ratio=$(python3 -c "print(f'{$lrps/$nrps:.2f}')")
  verdict=$(python3 - <<PY
rps, ratio, p99, errors = $lrps, $ratio, $lp99, $lerr
kind, bound = "$target".split(">=")
value = ratio if kind == "ratio" else rps
ok = value >= float(bound) and p99 < 20 and errors == 0
print(("met" if ok else "MISSED") + f" ({kind} ≥ {bound}, p99 < 20 ms, 0 errors)")
PY
)
  [[ $verdict == met* ]] || failed=1
  printf '| %s | %s | %s | %s | %s / %s | %s / %s | %s / %s | %s | %s |\n' \
    "$name" "$nrps" "$lrps" "$ratio" "$np50" "$np99" "$lp50" "$lp99" "$ncpu" "$lcpu" "$lerr" "$verdict"
done

# The access log's cost (ACCESS_LOG=1, the default): `linkgen serve`'s defaults write one text
# line per request to standard error (here a file). A second server with them answers the same
# iPhone page, RUNS times interleaved with the server above; medians. Reported, no target.
if [ "${ACCESS_LOG:-1}" != 0 ] && [ "$LOG_LEVEL" = notice ]; then
  start_server logged
  logged_pid=$started_pid
  logged=$started_url
  : >"$work/logpairs"
  for _ in $(seq "$RUNS"); do
    read -r qrps _ _ qerr qcpu <<<"$(run "$L/shared-checklists/$ID" no "$linkgen_pid")"
    read -r arps _ _ aerr acpu <<<"$(run "$logged/shared-checklists/$ID" no "$logged_pid")"
    echo "$(python3 -c "print(f'{$arps/$qrps:.4f}')") $qrps $arps $qcpu $acpu $((qerr + aerr))" \
      >>"$work/logpairs"
  done
  read -r ratio qrps arps qcpu acpu _ <<<"$(median <"$work/logpairs")"
  printf '\n| landing page (iPhone), same URL | req/s | server CPU µs/request |\n| --- | ---: | ---: |\n'
  printf '| `--log-level notice` (no access log) | %s | %s |\n' "$qrps" "$qcpu"
  printf '| default logging (access log, text, to a file) | %s (%.2f×) | %s |\n' "$arps" "$ratio" "$acpu"
  printf '(median of %s interleaved runs; errors: %s; lines logged: %s)\n' "$RUNS" \
    "$(awk '{n += $6} END {print n}' "$work/logpairs")" "$(grep -c '\] request$' "$work/logged.err")"
  kill "$logged_pid" 2>/dev/null || true
fi

# Distinct links, measured two ways (docs/serve.md, "Every link, not only the popular one"):
#
# - the issue's method: the same URL through wrk without a script, against a Lua request()
#   that makes a new random UUID for every request (eight 16-bit math.random draws through one
#   string.format, appended to the request line wrk.format made once). Part of the distinct
#   cost is then wrk's own (the client shares the 2 cores with the server). Until this round's
#   last session the script built each UUID from 32 one-character strings and ran wrk.format
#   per request: the same method, with more of wrk's CPU per request.
# - equal client cost: both through the same cheap script. Each wrk thread builds a pool of
#   POOL paths once in init() (20,000 by default, each thread seeded apart) and request()
#   returns the next one in turn; for the same URL the pool holds one fixed path. A path comes
#   back only after POOL other requests of its thread, far more than the caches hold (2,048
#   pages and 12 MiB, about 1,100 of these pages; 1,024 images), so every distinct request is a
#   miss: the server's own counters say so (misses / requests, from /metrics).
#
# The server's CPU time per request (same / distinct) does not depend on wrk at all.
POOL=${POOL:-20000}
issue_script() {
  cat >"$work/issue$2.lua" <<EOF
local suffix = "$1"
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
local random, format, rest = math.random, string.format, ""
function init(args)
  math.randomseed(os.time() * 1000 + (id or 0) * 7919)
  -- wrk.format's request for "/", less its "GET /": the HTTP version and the headers.
  rest = wrk.format("GET", "/"):sub(6)
end
request = function()
  local uuid = format("%04x%04x-%04x-%04x-%04x-%04x%04x%04x", random(0, 65535), random(0, 65535),
    random(0, 65535), random(0, 65535), random(0, 65535), random(0, 65535), random(0, 65535),
    random(0, 65535))
  return "GET /shared-checklists/" .. uuid .. suffix .. rest
end
EOF
  echo "$work/issue$2.lua"
}
# pool_script SUFFIX NAME [FIXED_PATH]: the cheap script; with FIXED_PATH every entry is it.
pool_script() {
  cat >"$work/pool$2.lua" <<EOF
local suffix, fixed, size = "$1", "${3:-}", $POOL
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
local paths, n, i = {}, 0, 0
function init(args)
  math.randomseed(os.time() * 1000 + (id or 0) * 7919)
  local hex = "0123456789abcdef"
  for k = 1, size do
    local path = fixed
    if path == "" then
      local t = {}
      for j = 1, 32 do local r = math.random(1, 16); t[j] = hex:sub(r, r) end
      local s = table.concat(t)
      path = "/shared-checklists/" .. s:sub(1, 8) .. "-" .. s:sub(9, 12) .. "-" .. s:sub(13, 16) .. "-" .. s:sub(17, 20) .. "-" .. s:sub(21, 32) .. suffix
    end
    paths[k] = wrk.format("GET", path)
  end
  n = size
end
request = function()
  i = i + 1
  if i > n then i = 1 end
  return paths[i]
end
EOF
  echo "$work/pool$2.lua"
}
# The server's page or image cache misses so far.
misses() {
  curl -s "$L/metrics" | awk -v cache="$1" '$0 ~ "cache=\"" cache "\",result=\"miss\"" {print $2}'
}
# distinct_run UA PATH_OR_ROOT SCRIPT CACHE: "rps p99 errors cpu misses/request".
distinct_run() {
  local before after rps p99 err cpu requests
  before=$(misses "$4")
  read -r rps _ p99 err cpu <<<"$(UA=$1 LUA=$3 WRK_LOG=$work/distinct.log run "$2" no "$linkgen_pid")"
  after=$(misses "$4")
  requests=$(awk '/requests in/ {n=$1} END {print n}' "$work/distinct.log")
  echo "$rps $p99 $err $cpu $(python3 -c "print(f'{($after - $before) / max($requests, 1):.2f}')")"
}

# `linkgen-bench qr-png`'s ns per PNG in this run, when the benchmark is built (release): the
# median of three quick runs (one quick run moved by a third between readings).
qr_png_bench() {
  [ -x .build/release/linkgen-bench ] || return 0
  for _ in 1 2 3; do
    .build/release/linkgen-bench --quick qr-png 2>/dev/null |
      sed -n 's/^BENCH qr-png ns_per_op=\([0-9.]*\).*/\1/p'
  done | median
}

if [ "${DISTINCT:-1}" != 0 ]; then
  printf '\nIssue method: same URL without a script, distinct through a random UUID per request.\n'
  printf 'Issue method: %s runs of each, interleaved; the median ratio.\n' "$RUNS"
  printf 'Equal client cost: both through the pool script (POOL=%s per wrk thread), one run.\n' "$POOL"
  printf '\n| request | issue method: same / distinct req/s (median run) | ratio, median (each run) | equal client cost: same / distinct req/s | ratio | server CPU µs/request same / distinct | CPU ratio same/distinct | misses per distinct request | errors | target (issue method) |\n'
  printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
  for case in "landing page, iPhone|$IPHONE||0.5|page" \
    "landing page, desktop (with its QR code)|$DESKTOP||0.25|page" \
    "landing page, Instagram in-app|$INSTAGRAM||0.5|page" "?qr=png|$IPHONE|?qr=png||qr"; do
    IFS='|' read -r name ua suffix bound cache <<<"$case"
    same_path="/shared-checklists/$ID$suffix"
    curl -s -o /dev/null -A "$ua" "$L$same_path"; curl -s -o /dev/null -A "$ua" "$L$same_path"  # warm (kept from the second request)
    # The issue's method, RUNS times interleaved (same, distinct, same, …): the ratio is the
    # median of the runs' ratios, and the rates shown are that run's.
    : >"$work/pairs"
    for _ in $(seq "$RUNS"); do
      read -r srps _ _ serr _ <<<"$(UA=$ua run "$L$same_path" no "$linkgen_pid")"
      read -r drps _ derr _ dmiss <<<"$(distinct_run "$ua" "$L/" "$(issue_script "$suffix" "${#suffix}")" "$cache")"
      echo "$(python3 -c "print(f'{$drps/$srps:.4f}')") $srps $drps $((serr + derr)) $dmiss" >>"$work/pairs"
    done
    read -r ratio srps drps _ dmiss <<<"$(median <"$work/pairs")"
    ratio=$(python3 -c "print(f'{$ratio:.2f}')")
    ratios=$(awk '{printf "%s%.2f", (NR > 1 ? ", " : ""), $1}' "$work/pairs")
    issue_errors=$(awk '{n += $4} END {print n}' "$work/pairs")
    read -r psrps _ pserr pscpu _ <<<"$(distinct_run "$ua" "$L/" "$(pool_script "$suffix" "same${#suffix}" "$same_path")" "$cache")"
    read -r pdrps _ pderr pdcpu pdmiss <<<"$(distinct_run "$ua" "$L/" "$(pool_script "$suffix" "${#suffix}")" "$cache")"
    pratio=$(python3 -c "print(f'{$pdrps/$psrps:.2f}')")
    cpuratio=$(python3 -c "print(f'{$pscpu/$pdcpu:.2f}')")
    errors=$((issue_errors + pserr + pderr))
    verdict="reported"
    if [ -n "$bound" ]; then
      verdict=$(python3 -c "print(('met' if $ratio >= $bound and $errors == 0 else 'MISSED') + ' (≥ $bound×, 0 errors)')")
      [[ $verdict == met* ]] || failed=1
    else
      bench=$(qr_png_bench)
      if [ -n "$bench" ]; then
        verdict=$(python3 -c "
over = $pdcpu * 1000 / $bench - 1
print(f'server {$pdcpu:.0f} µs vs linkgen-bench qr-png {$bench / 1000:.0f} µs: {over * 100:+.0f} % (' + ('met' if over <= 0.25 else 'MISSED') + ', ≤ +25 %)')")
        [[ $verdict != *MISSED* ]] || failed=1
      else
        verdict="reported (build linkgen-bench for the +25 % check)"
      fi
    fi
    printf '| %s | %s / %s | %s (%s) | %s / %s | %s | %s / %s | %s | %s / %s | %s | %s |\n' \
      "$name" "$srps" "$drps" "$ratio" "$ratios" "$psrps" "$pdrps" "$pratio" "$pscpu" "$pdcpu" "$cpuratio" \
      "$dmiss" "$pdmiss" "$errors" "$verdict"
  done
  printf '\n(server CPU: user + system time of the server process per request, from /proc, with the pool script; misses per distinct request: issue method / equal client cost, from the server'"'"'s page or image cache counters)\n'
fi

# Short links: one server per database, click recording on, rate limits off (wrk is one
# address).
links_table() {
  local backend=$1 url=$2 out port pid key code body
  out="$work/links-$backend"
  "$LINKGEN" serve --config "$CONFIG" --host 127.0.0.1 --port 0 --log-level "$LOG_LEVEL" \
    --database "$url" --rate-limit 0 --key-rate-limit 0 >"$out.out" 2>"$out.err" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 300); do grep -q 'listening on' "$out.out" && break; sleep 0.1; done
  port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$out.out")
  [ -n "$port" ] || { cat "$out.err" >&2; return 70; }
  key=$("$LINKGEN" keys create --scope links:create --database "$url" 2>/dev/null)
  body=$(curl -sf -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -d "{\"route\": \"shared-checklist\", \"params\": {\"id\": \"$ID\"}}" \
    "http://127.0.0.1:$port/api/v1/links")
  code=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["code"])' "$body")
  # The short link's page is the route's landing page (it copies and reports the short link).
  # The page read whole first: grep -q stopping early would fail curl (SIGPIPE, pipefail).
  local page
  page=$(curl -s -A "$IPHONE" "http://127.0.0.1:$port/s/$code")
  grep -q "openlist://shared-checklists?shared-checklistId=$ID" <<<"$page" ||
    { echo "load.sh: the short link does not serve the route's landing page" >&2; return 70; }
  # --- CONSOLE_LOOP=1 (console-data): a signed-in client loads console pages from this server
  # in a loop while wrk runs; it stops when the server does and prints its pages' times.
  if [ "${CONSOLE_LOOP:-0}" = 1 ]; then
    python3 scripts/console-loop.py "http://127.0.0.1:$port" \
      "$("$LINKGEN" keys create --scope console --database "$url" 2>/dev/null)" "$pid" &
  fi
  # --- end CONSOLE_LOOP
  local sent=0 name lpath
  for case in "short-link page|/s/$code" "resolve API|/api/v1/links/$code"; do
    IFS='|' read -r name lpath <<<"$case"
    curl -s -o /dev/null -A "$IPHONE" "http://127.0.0.1:$port$lpath"
    local rps p50 p99 errors cpu ratio verdict landing_rps
    # The stateless landing page just before, so that both see the machine in the same state.
    read -r landing_rps _ <<<"$(run "$L/shared-checklists/$ID" no "$linkgen_pid")"
    read -r rps p50 p99 errors cpu <<<"$(run "http://127.0.0.1:$port$lpath" no "$pid")"
    if [ "$name" = "short-link page" ]; then
      sent=$(awk '/requests in/ {print $1}' <(tail -n 20 "$WRK_LOG" 2>/dev/null) | tail -1)
    fi
    ratio=$(python3 -c "print(f'{$rps/$landing_rps:.2f}')")
    verdict=$(python3 -c "print('met' if $ratio >= 0.7 and $errors == 0 else 'MISSED')")
    [ "$verdict" = met ] || failed=1
    printf '| %s | %s | %s | %s | %s | %s / %s | %s | %s | %s (≥ 0.7×, 0 errors) |\n' \
      "$backend" "$name" "$landing_rps" "$rps" "$ratio" "$p50" "$p99" "$cpu" "$errors" "$verdict"
  done
  # SIGTERM writes the last counts; then the recorded clicks are read back.
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  local recorded
  recorded=$("$LINKGEN" stats --database "$url" --link "$code" --by link --format json |
    python3 -c 'import json,sys; r=json.load(sys.stdin)["rows"]; print(sum(x["clicks"] for x in r), sum(x["bots"] for x in r))')
  printf '\n%s: clicks recorded for the short link %s (people, bots): %s; wrk completed %s requests (plus the 2 warm-up and check requests; requests in flight when wrk stops are served and counted but not reported by wrk)\n\n' \
    "$backend" "$code" "$recorded" "${sent:-?}"
}

if [ "${LINKS:-1}" != 0 ]; then
  WRK_LOG=${WRK_LOG:-$work/wrk.log}
  printf '\n| database | case | stateless landing page req/s | req/s | ratio | p50 / p99 (ms) | CPU µs/request | errors | target |\n'
  printf '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
  links_table sqlite "sqlite:$work/links.sqlite"
  pg=${POSTGRES_URL:-${LINKGEN_TEST_POSTGRES_URL:-}}
  if [ -n "$pg" ]; then
    schema="load_$(date +%s)_$$"
    sep='?'; [[ $pg == *\?* ]] && sep='&'
    links_table postgresql "$pg${sep}schema=$schema&sslmode=disable"
    psql "$pg" -qc "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1 || true
  else
    echo "load.sh: no POSTGRES_URL or LINKGEN_TEST_POSTGRES_URL: PostgreSQL skipped" >&2
  fi
fi

rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$linkgen_pid/status")
peak=$(awk '/VmHWM/ {print int($2/1024)}' "/proc/$linkgen_pid/status")
memory="met"
[ "$peak" -lt 100 ] || { memory="MISSED"; failed=1; }
printf '\nlinkgen resident memory after the runs: %s MB (peak %s MB; target < 100 MB: %s)\n' "$rss" "$peak" "$memory"
# Then the store's own cases (scripts/load-store.sh): cold short links and link creation.
if [ "${STORE:-1}" != 0 ] && [ "${LINKS:-1}" != 0 ]; then
  LINKGEN="$LINKGEN" POSTGRES_URL="${POSTGRES_URL:-${LINKGEN_TEST_POSTGRES_URL:-}}" \
    bash scripts/load-store.sh || failed=1
fi
exit $failed
