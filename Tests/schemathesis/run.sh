#!/usr/bin/env bash
# Property-based API test: schemathesis against the OpenAPI document and a real stint-server.
#
#   Tests/schemathesis/run.sh PATH/TO/stint-server [MAX_EXAMPLES]
#
# Proves, for every operation in Packages/APIContract/openapi.yaml, that the server never answers 5xx and
# never answers with a status, content type, body or header the document does not declare for it.
#
# 1. A Python venv in .build-shared/schemathesis-venv (git-ignored) with a pinned schemathesis from PyPI.
# 2. stint-server on a throwaway data folder and any free loopback port; two users (the one testing and another,
#    so "another user's device" -> 403 is reachable), one registered device each, and a few pushed records so that
#    pulls return real Record documents.
# 3. schemathesis, all phases (examples, coverage, fuzzing, stateful), positive and negative data, at most
#    MAX_EXAMPLES generated cases per operation (default 50: about 20 s on 2 cores; 150 takes about 90 s).
#    The server keeps its default limit on failed sign-ins (ten a minute per address) and trusts X-Forwarded-For;
#    hooks.py gives requests with the real token one address and every other Authorization another, so the
#    guesses end in real 429s while the tester's own requests are never refused (see hooks.py).
# 4. The server is stopped on exit; the exit code is schemathesis's (non-zero when it found a problem).
#
# Environment: STINT_SCHEMATHESIS_SEED=N replays a run (the seed is printed at the end of every run).
# Reports (JUnit XML, and a HAR of every request) land in .build-shared/schemathesis-report.
#
# JSON Lines: /v1/push and /v1/changes also speak `application/jsonl`. schemathesis has no serializer for it, so it
# only ever sends the `application/json` request body (it skips a media type it cannot serialize), and it never
# sends `Accept: application/jsonl`, so every answer it checks is the JSON one. The JSON Lines form is covered by
# the Swift tests (Packages/Server/Tests/StintServerTests/JSONLinesTests.swift), not here.
set -euo pipefail

SCHEMATHESIS_VERSION="4.32.5"

usage() { echo "usage: $0 PATH/TO/stint-server [MAX_EXAMPLES]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage
SERVER_BIN="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
MAX_EXAMPLES="${2:-50}"
[[ -x "$SERVER_BIN" ]] || { echo "error: $1 is not an executable" >&2; exit 2; }
[[ "$MAX_EXAMPLES" =~ ^[1-9][0-9]*$ ]] || { echo "error: MAX_EXAMPLES must be a positive integer" >&2; exit 2; }

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$SCRIPT_DIR/../.." && pwd)"
SPEC="$ROOT/Packages/APIContract/openapi.yaml"
VENV="$ROOT/.build-shared/schemathesis-venv"
REPORT_DIR="$ROOT/.build-shared/schemathesis-report"
PYTHON="${PYTHON:-python3}"

# --- 1. the venv -------------------------------------------------------------------------------------------------
if [[ ! -x "$VENV/bin/schemathesis" ]] \
  || [[ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != *" $SCHEMATHESIS_VERSION" ]]; then
  echo "==> installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
ST="$VENV/bin/schemathesis"

# --- 2. the server ------------------------------------------------------------------------------------------------
WORK="$(mktemp -d "${TMPDIR:-/tmp}/stint-schemathesis.XXXXXX")"
SERVER_PID=""
# shellcheck disable=SC2317  # invoked by the EXIT trap
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

DATA="$WORK/data"
mkdir -p "$DATA"
TOKEN="$("$SERVER_BIN" user add schemathesis --data "$DATA" | tail -n 1)"
OTHER_TOKEN="$("$SERVER_BIN" user add other --data "$DATA" | tail -n 1)"

"$SERVER_BIN" serve --host 127.0.0.1 --port 0 --data "$DATA" --trust-forwarded-for \
  >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
BASE_URL=""
for _ in $(seq 300); do
  BASE_URL="$(sed -n 's|^stint-server listening on \(http://[^ ]*\).*|\1|p' "$WORK/server.out" | head -n 1)"
  [[ -n "$BASE_URL" ]] && break
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.1
done
if [[ -z "$BASE_URL" ]]; then
  echo "error: stint-server did not start" >&2
  cat "$WORK/server.out" "$WORK/server.err" >&2
  exit 1
fi
echo "==> stint-server $BASE_URL (pid $SERVER_PID, data $DATA)"

# A tiny HTTP helper for the seeding below (python, not curl: the venv is there anyway).
# usage: api TOKEN METHOD PATH [JSON-BODY]; prints the answer's body, fails on a non-2xx answer.
api() {
  "$VENV/bin/python" - "$BASE_URL" "$@" <<'PY'
import sys, urllib.request
base, token, method, path = sys.argv[1:5]
body = sys.argv[5].encode() if len(sys.argv) > 5 else None
req = urllib.request.Request(base + path, data=body, method=method, headers={
    "Authorization": "Bearer " + token, "Stint-Protocol": "1", "Content-Type": "application/json"})
with urllib.request.urlopen(req, timeout=30) as resp:
    sys.stdout.write(resp.read().decode())
PY
}
json_field() { "$VENV/bin/python" -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }

DEVICE="6f1c1b0e-8d0f-4e7e-9b55-1a2b3c4d5e6f"        # the tester's device
OTHER_DEVICE="0b9e7c7a-3d1e-4f55-8a3c-7e2f1d0c9b8a"  # another user's device: 403 for the tester
PROJECT="11111111-1111-4111-8111-111111111111"
TASK="22222222-2222-4222-8222-222222222222"
EPOCH="$(api "$TOKEN" GET /v1/session | json_field epoch)"
api "$TOKEN" POST /v1/devices "{\"id\":\"$DEVICE\",\"name\":\"schemathesis\",\"startAfter\":0}" >/dev/null
api "$OTHER_TOKEN" POST /v1/devices "{\"id\":\"$OTHER_DEVICE\",\"name\":\"other\",\"startAfter\":0}" >/dev/null
api "$TOKEN" POST /v1/push "{\"deviceId\":\"$DEVICE\",\"epoch\":\"$EPOCH\",\"first\":1,\"last\":2,\"mutations\":[
  {\"number\":1,\"entity\":\"project\",\"id\":\"$PROJECT\",\"changes\":{\"name\":\"Seed\",\"created_at\":1700000000000,\"updated_at\":1700000000000}},
  {\"number\":2,\"entity\":\"task\",\"id\":\"$TASK\",\"changes\":{\"project_id\":\"$PROJECT\",\"title\":\"Seed task\",\"status\":\"open\",\"priority\":0,\"tags\":[],\"created_at\":1700000000000,\"updated_at\":1700000000000}}]}" >/dev/null
echo "==> seeded: epoch $EPOCH, device $DEVICE (last mutation 2), another user's device $OTHER_DEVICE"

# --- 3. schemathesis ----------------------------------------------------------------------------------------------
# Dictionaries steer part of the generated values to ones this server knows (registered devices, the current epoch,
# real cursors) and hooks.py makes most requests speak protocol 1, so generated requests reach past the first
# validation steps; the rest stays random, so 400, 403, 409, 410 and 426 answers are exercised too.
# The token is taken from the environment.
CONFIG="$WORK/schemathesis.toml"
cat >"$CONFIG" <<TOML
# Written by Tests/schemathesis/run.sh for one run.
# Most requests speak protocol 1, some keep the generated Stint-Protocol value (see hooks.py).
hooks = "$SCRIPT_DIR/hooks.py"

[generation]
database = "none"

[auth.openapi.bearer]
bearer = "\${STINT_SCHEMATHESIS_TOKEN}"

[checks.response_schema_conformance]
validate-formats = true

[dictionaries.devices]
values = ["$DEVICE", "$OTHER_DEVICE"]
[dictionaries.epochs]
values = ["$EPOCH"]
[dictionaries.cursors]
values = ["$EPOCH:0", "$EPOCH:1", "$EPOCH:2", "00000000-0000-4000-8000-000000000000:1"]
[dictionaries.numbers]
values = [1, 2, 3, 4]

[[operations]]
include-operation-id = "registerDevice"
parameters = { "body.id" = { dictionary = "devices", probability = 0.5 } }

[[operations]]
include-operation-id = "push"
parameters = { "body.deviceId" = { dictionary = "devices", probability = 0.8 }, "body.epoch" = { dictionary = "epochs", probability = 0.8 }, "body.first" = { dictionary = "numbers", probability = 0.5 }, "body.last" = { dictionary = "numbers", probability = 0.5 }, "body.mutations[*].number" = { dictionary = "numbers", probability = 0.5 } }

[[operations]]
include-operation-id = "pullChanges"
parameters = { "query.since" = { dictionary = "cursors", probability = 0.6 }, "query.device" = { dictionary = "devices", probability = 0.5 } }
TOML

CHECKS="not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance"
SEED_ARGS=()
[[ -n "${STINT_SCHEMATHESIS_SEED:-}" ]] && SEED_ARGS=(--seed "$STINT_SCHEMATHESIS_SEED")
rm -rf "$REPORT_DIR"
mkdir -p "$REPORT_DIR"

# shellcheck disable=SC2054  # the commas belong to --checks
CMD=("$ST" --config-file "$CONFIG" run "$SPEC"
  --url "$BASE_URL"
  --checks "$CHECKS"
  --max-examples "$MAX_EXAMPLES"
  --mode all
  --phases examples,coverage,fuzzing,stateful
  --workers 1
  --request-timeout 30
  --report junit,har --report-dir "$REPORT_DIR"
  --no-color
  "${SEED_ARGS[@]}")
echo "==> ${CMD[*]}"
STATUS=0
# Run from the throwaway folder so nothing (e.g. a Hypothesis database) lands in the work tree.
(cd "$WORK" && STINT_SCHEMATHESIS_TOKEN="$TOKEN" "${CMD[@]}") || STATUS=$?

# --- 4. verdict ---------------------------------------------------------------------------------------------------
# swift-log's default line: "<timestamp> <level> <label>: <message>".
if grep -q -E '^[^ ]+ (error|critical) ' "$WORK/server.err" "$WORK/server.out" 2>/dev/null; then
  echo "==> the server logged errors (first 20):" >&2
  grep -h -E '^[^ ]+ (error|critical) ' "$WORK/server.err" "$WORK/server.out" | head -n 20 >&2
fi
if ! kill -0 "$SERVER_PID" 2>/dev/null; then
  echo "error: stint-server died during the run" >&2
  tail -n 20 "$WORK/server.err" >&2
  [[ $STATUS -ne 0 ]] || STATUS=1
fi
if [[ $STATUS -eq 0 ]]; then
  echo "schemathesis: no problem found (reports in $REPORT_DIR)"
else
  echo "schemathesis: FAILED with exit code $STATUS (reports in $REPORT_DIR)" >&2
fi
exit "$STATUS"
