#!/usr/bin/env bash
# Schemathesis, a fuzzer no one here wrote, against the real API (docs/serve.md, "The OpenAPI
# document"): starts linkgen serve on 127.0.0.1 (a free port, SQLite in a temporary directory,
# rate limits off so that requests reach the API's logic), makes a key with every scope, and
# runs every operation of Sources/LinkStoreServer/openapi.json — examples, coverage, fuzzing and
# the stateful links (create → resolve → delete, create → stats) — with every check but
# positive_data_acceptance: which routes, values and links are valid is the route table's, not
# the document's, and the server refuses the others with 400 naming the field (the schema and
# negative-data checks still hold those answers to the document). Exit status 1 on any 5xx, any
# answer the document does not describe, schema-invalid data accepted, or the server crashing.
#
#   scripts/api-fuzz.sh                              # 120 s of testing (MAX_TIME), ~2.5 min
#   LINKGEN=.build/release/linkgen MAX_TIME=60 SEED=1 scripts/api-fuzz.sh
#
# The report (JUnit, and the HAR of every request) goes to REPORT_DIR when it is set. Needs
# schemathesis (PyPI): .ci/install-packages installs it. Builds linkgen (debug) unless LINKGEN
# names one.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v st >/dev/null; then
  echo "api-fuzz: schemathesis is missing (pip install schemathesis)" >&2
  exit 2
fi
scratch="$(mktemp -d)"
server=""
cleanup() {
  if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then kill -KILL "$server"; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

linkgen="${LINKGEN:-}"
if [[ -z "$linkgen" ]]; then
  if ! swift build --product linkgen >"$scratch/build.log" 2>&1; then
    grep -E "error:" "$scratch/build.log" || tail -20 "$scratch/build.log"
    echo "api-fuzz: linkgen does not build" >&2
    exit 2
  fi
  linkgen="$(swift build --show-bin-path)/linkgen"
fi
document="Sources/LinkStoreServer/openapi.json"
database="sqlite:$scratch/links.sqlite"
key="$("$linkgen" keys create --scope links:create,links:delete,stats:read --format json \
  --database "$database" | python3 -c 'import json, sys; print(json.load(sys.stdin)["key"])')"

"$linkgen" serve --host 127.0.0.1 --port 0 --config Examples/openlist/linkgen.json \
  --database "$database" --rate-limit 0 --key-rate-limit 0 --log-level warning \
  >"$scratch/out" 2>"$scratch/log" &
server=$!
port=""
for _ in $(seq 300); do
  port="$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$scratch/out")"
  [[ -n "$port" ]] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
if [[ -z "$port" ]]; then
  cat "$scratch/log" >&2
  echo "api-fuzz: linkgen serve did not start" >&2
  exit 2
fi
# The document the server serves is the one tested (OpenAPITests proves it is the committed file).
curl -fsS "http://127.0.0.1:$port/api/v1/openapi.json" -o "$scratch/openapi.json"
cmp -s "$scratch/openapi.json" "$document" || { echo "api-fuzz: the server serves another document" >&2; exit 1; }

# A body over --max-body-size is refused with 413 (and a chunked one with 411): rejections too,
# which schemathesis' negative_data_rejection does not count by default.
cat >"$scratch/schemathesis.toml" <<'TOML'
[checks.negative_data_rejection]
expected-statuses = [400, 401, 403, 404, 405, 409, 411, 413, 429]
TOML
reports=(--report junit,har --report-dir "${REPORT_DIR:-$scratch/report}")
seed=()
[[ -n "${SEED:-}" ]] && seed=(--seed "$SEED")
status=0
# An overall cap beyond --max-time, should a phase hang.
# Run from the scratch directory: schemathesis keeps a .schemathesis/ folder where it runs.
(cd "$scratch" && timeout --kill-after 10 "$(( ${MAX_TIME:-120} + 60 ))" \
  st --config-file "$scratch/schemathesis.toml" run "$scratch/openapi.json" --url "http://127.0.0.1:$port" \
  --header "Authorization: Bearer $key" \
  --checks all --exclude-checks positive_data_acceptance \
  --phases examples,coverage,fuzzing,stateful \
  --max-examples "${MAX_EXAMPLES:-100}" --max-time "${MAX_TIME:-120}" \
  --workers 2 --request-timeout 10 --generation-database none --no-color --output-truncate true \
  "${seed[@]}" "${reports[@]}") || status=$?

if ! kill -0 "$server" 2>/dev/null; then
  echo "api-fuzz: linkgen serve died during the run:" >&2
  tail -40 "$scratch/log" >&2
  exit 1
fi
kill -TERM "$server"
wait "$server" || { echo "api-fuzz: linkgen serve exited with status $? after SIGTERM" >&2; status=1; }
server=""
if grep -qiE "fatal|crash|internalError" "$scratch/log"; then
  grep -iE "fatal|crash|internalError" "$scratch/log" | head -20 >&2
  echo "api-fuzz: the server's log reports a failure" >&2
  status=1
fi
exit "$status"
