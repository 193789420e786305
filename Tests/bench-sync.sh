#!/usr/bin/env bash
# make bench-sync: how long sync takes at the standard benchmark size, on loopback, release builds.
#   1. stint-bench generates 10,000 tasks and 100,000 time entries and imports them into device A
#   2. a release stint-server starts on 127.0.0.1 with an empty data folder
#   3. A logs in and runs its first `stint sync` (the first push); a fresh device B logs in and
#      runs its first `stint sync` (the first pull of everything)
#   4. `stint sync` with nothing to do, timed by hyperfine on B
#   5. the pull endpoint under wrk (16 connections, 10 s), one page of 100 changes per request
# Never part of `make test`. Needs hyperfine and wrk (Debian packages).
set -euo pipefail
stint=$1
server=$2
bench=$3
port=${BENCH_SYNC_PORT:-8431}
work="$(mktemp -d)"
trap 'kill "${server_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

seconds() { python3 -c "import sys; print(f'{float(sys.argv[1]):.2f}')" "$1"; }
timed() { # label command...
    local start end
    start=$(date +%s.%N)
    "${@:2}" >"$work/last.out" 2>&1 || { cat "$work/last.out"; exit 1; }
    end=$(date +%s.%N)
    printf '%-48s %8s s   (%s)\n' "$1" "$(seconds "$(echo "$end - $start" | bc)")" "$(tail -n 1 "$work/last.out")"
}

echo "bench-sync: generating and importing the standard data set into device A…"
"$bench" --stint "$stint" --runs 1 --keep >"$work/bench.out"
home_a=$(sed -n 's/^kept: STINT_HOME=\([^ ]*\) .*/\1/p' "$work/bench.out")
[ -d "$home_a" ] || { echo "bench-sync: stint-bench kept no home"; cat "$work/bench.out"; exit 1; }

"$server" serve --host 127.0.0.1 --port "$port" --data "$work/server" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do grep -q "listening" "$work/server.log" && break; sleep 0.1; done
token=$("$server" user add bench --data "$work/server" | tail -n 1)
url="http://127.0.0.1:$port"
export TZ=UTC NO_COLOR=1
home_b="$work/device-b"

STINT_HOME="$home_a" "$stint" login "$url" --token "$token" >/dev/null
pending=$(STINT_HOME="$home_a" "$stint" sync status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["pending_changes"])')
echo "device A: $pending pending changes"
timed "first push (device A, everything)" env STINT_HOME="$home_a" "$stint" sync
STINT_HOME="$home_b" "$stint" login "$url" --token "$token" >/dev/null
timed "first pull (new device B, everything)" env STINT_HOME="$home_b" "$stint" sync
timed "no-op sync (device B), one run" env STINT_HOME="$home_b" "$stint" sync

echo
hyperfine -N --warmup 3 --runs 30 --export-markdown "$work/noop.md" "env STINT_HOME=$home_b $stint sync" 2>/dev/null |
    grep -E "Time|Range" || true

cat >"$work/pull.lua" <<LUA
wrk.method = "GET"
wrk.headers["Authorization"] = "Bearer $token"
wrk.headers["Stint-Protocol"] = "1"
LUA
cat >"$work/pull-lines.lua" <<LUA
wrk.method = "GET"
wrk.headers["Authorization"] = "Bearer $token"
wrk.headers["Stint-Protocol"] = "1"
wrk.headers["Accept"] = "application/jsonl, application/json; q=0.5"
LUA
echo
echo "pull endpoint under load: wrk -t2 -c16 -d10s, GET /v1/changes?limit=100 from the start"
echo "  as stint asks for it (JSON Lines):"
wrk -t2 -c16 -d10s --latency -s "$work/pull-lines.lua" "$url/v1/changes?limit=100" | grep -E "Requests/sec|Latency|99%|50%"
echo "  as one JSON document (other clients):"
wrk -t2 -c16 -d10s --latency -s "$work/pull.lua" "$url/v1/changes?limit=100" | grep -E "Requests/sec|Latency|99%|50%"
rm -rf "$(dirname "$home_a")"
