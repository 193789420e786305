#!/usr/bin/env bash
# make bench-server: the sync server under load from many devices, on this machine, release builds.
#
#   Tests/bench-server.sh PATH/TO/stint-server [PATH/TO/stint PATH/TO/stint-bench]
#
# For each of SQLite × 1 process, PostgreSQL × 1 process and PostgreSQL × 3 processes (three `stint-server
# serve` on one database, as behind a load balancer, ADR 0024):
#   1. a fresh store (a data folder, or a schema of its own in one throwaway PostgreSQL cluster), three users
#      and 18 devices, each device with a token of its own (`stint-server user add` / `token create`, then
#      POST /v1/devices with curl), and a seed of 10,000 records (2,000 tasks, 8,000 time entries) pushed by
#      another device;
#   2. wrk with the scripts in Tests/load/, 10 s each: pulls by up-to-date devices (empty pages), pulls of a
#      full page of 100 records from a random cursor, and pushes of new records, 10 a batch and 1 a batch (one
#      device per wrk thread). With three processes, three wrk at once (one per port, devices split between
#      them): req/s are summed, p50 and p99 are the worst of the three;
#   3. the CPU each side used meanwhile (/proc and bash's `time`), in % of one core: the servers, PostgreSQL,
#      wrk itself (it shares the two cores with them) and the rest of the machine. Each run first waits for the
#      machine to be idle: on a shared machine someone else's build makes the figures worthless.
# Then, given stint and stint-bench, the first sync of the standard data set (10,000 tasks, 100,000 time
# entries, from stint-bench) on both stores: device A's first push and a new device B's first pull.
#
# One table at the end. Figures and their reading are in docs/benchmarks/server-load.md. Everything listens
# on 127.0.0.1 only and is stopped and removed on exit. Never part of `make test`. Needs wrk, curl, python3
# and PostgreSQL's binaries (Packages/Server/scripts/throwaway-postgres.sh installs them as root).
#
# Environment (defaults in brackets):
#   BENCH_SERVER_PORT [8440]       servers on PORT, PORT+1, PORT+2; the first-sync server on PORT+3
#   BENCH_SERVER_PG_PORT [55434]   the throwaway PostgreSQL cluster (its folder is a temporary one)
#   BENCH_SERVER_DURATION [10s]    each wrk run
#   BENCH_SERVER_BATCH [10]        mutations in each pushed batch of the first push run (the second: 1)
#   BENCH_SERVER_STORES [sqlite:1 postgres:1 postgres:3]   the configurations (store:processes) to load
#   BENCH_SERVER_FIRST_SYNC [1]    0 skips the first push and first pull of the standard data set
#   BENCH_SERVER_QUIET_WAIT [300]  how long each run may wait for the machine to be idle first
set -euo pipefail

usage() { echo "usage: $0 PATH/TO/stint-server [PATH/TO/stint PATH/TO/stint-bench]" >&2; exit 2; }
[[ $# -eq 1 || $# -eq 3 ]] || usage
server=$1
stint=${2:-}
bench=${3:-}
[[ -x "$server" ]] || { echo "bench-server: $server is not an executable" >&2; exit 2; }
for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "bench-server: needs $tool" >&2; exit 2; }
done

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
postgres_script="$root/Packages/Server/scripts/throwaway-postgres.sh"
port_base=${BENCH_SERVER_PORT:-8440}
pg_port=${BENCH_SERVER_PG_PORT:-55434}
duration=${BENCH_SERVER_DURATION:-10s}
batch=${BENCH_SERVER_BATCH:-10}
first_sync=${BENCH_SERVER_FIRST_SYNC:-1}
stores=${BENCH_SERVER_STORES:-sqlite:1 postgres:1 postgres:3}
# 18 devices of 3 users: 18 pulling connections; 9 pushing devices (pushes are serialised on the server, ADR
# 0023/0024, so more pushers only queue). Divisible by 3 so three wrk instances split them evenly.
users=3
devices_per_user=6
pull_connections=18
push_devices=9
seed_tasks=2000 # and 4 time entries each: 10,000 records

work=$(mktemp -d "${TMPDIR:-/tmp}/stint-bench-server.XXXXXX")
pg_dir="$work/postgres"
server_pids=()
pg_started=0
generated_home=""
# shellcheck disable=SC2317  # invoked by the EXIT trap
cleanup() {
    stop_servers
    [[ $pg_started -eq 0 ]] || "$postgres_script" stop "$pg_dir" || true
    # stint-bench keeps its generated home in a folder of its own, /tmp/stint-bench-UUID/home.
    case $generated_home in */stint-bench-*/home) rm -rf "$(dirname "$generated_home")" ;; esac
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

clock_ticks=$(getconf CLK_TCK)
now() { date +%s.%N; }

# --- helpers ---------------------------------------------------------------------------------------------------

# start_server PORT STORE-ARGS...: a server in the background; waits for its "listening" line.
start_server() {
    local port=$1 log="$work/server-$1.log"
    shift
    "$server" serve --host 127.0.0.1 --port "$port" "$@" >"$log" 2>&1 &
    server_pids+=("$!")
    for _ in $(seq 300); do
        grep -q "listening" "$log" && return 0
        kill -0 "$!" 2>/dev/null || break
        sleep 0.1
    done
    echo "bench-server: stint-server did not start on port $port:" >&2
    cat "$log" >&2
    exit 1
}

# SIGTERM (graceful shutdown), then SIGKILL after 10 s: a server once stayed alive after SIGTERM, which is
# reported here rather than waited for.
stop_servers() {
    local pid
    for pid in "${server_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${server_pids[@]}"; do
        for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$pid" 2>/dev/null; then
            echo "bench-server: stint-server $pid was still running 10 s after SIGTERM; killed" >&2
            kill -KILL "$pid" 2>/dev/null || true
        fi
        wait "$pid" 2>/dev/null || true
    done
    server_pids=()
}

# api TOKEN METHOD PATH [BODY-FILE CONTENT-TYPE] on the first server: prints the body, fails on non-2xx.
api() {
    local args=(-sS --fail-with-body -X "$2" -H "Authorization: Bearer $1" -H "Stint-Protocol: 1")
    [[ $# -lt 4 ]] || args+=(-H "Content-Type: $5" --data-binary "@$4")
    curl "${args[@]}" "http://127.0.0.1:$port_base$3"
}

json_field() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }

# The PostgreSQL cluster's CPU ticks (the postmaster, its backends and those that exited), 0 without one.
pg_ticks() {
    [[ -f "$pg_dir/postmaster.pid" ]] || { echo 0; return; }
    python3 - "$(head -n 1 "$pg_dir/postmaster.pid")" <<'PY'
import os, sys
postmaster, total = sys.argv[1], 0
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        continue
    if pid == postmaster or fields[1] == postmaster:  # fields[1]: the parent
        total += int(fields[11]) + int(fields[12])  # utime + stime
    if pid == postmaster:
        # Children that exited (autovacuum workers, closed connections) leave their time to the postmaster.
        total += int(fields[13]) + int(fields[14])  # cutime + cstime
print(total)
PY
}

# CPU ticks the whole machine spent in user and system time: less the three above, what other programs took
# during a run (a build in another terminal makes the figures worthless). Interrupt time (loopback TCP is
# mostly softirq work) is left out of both.
machine_ticks() {
    awk '/^cpu / { print $2 + $3 + $4 }' /proc/stat
}

# Waits (at most BENCH_SERVER_QUIET_WAIT seconds, default 300) until the machine is idle for 2 seconds, so
# that a run does not start in the middle of someone else's build. The "other" column still tells.
wait_for_quiet() {
    local limit=${BENCH_SERVER_QUIET_WAIT:-300} waited=0 before after
    while ((waited < limit)); do
        before=$(machine_ticks)
        sleep 2
        after=$(machine_ticks)
        # Under 15% of one core busy in those two seconds.
        (((after - before) * 100 < clock_ticks * 2 * 15)) && return 0
        waited=$((waited + 2))
    done
    echo "bench-server: the machine stayed busy for $limit s; measuring anyway (see the other column)" >&2
}

server_ticks() {
    local pid total=0 fields
    for pid in "${server_pids[@]}"; do
        fields=$(sed 's/.*) //' "/proc/$pid/stat")
        total=$((total + $(echo "$fields" | awk '{print $12 + $13}')))
    done
    echo "$total"
}

# --- a store for the load: users, devices, seed ------------------------------------------------------------------

# prepare_store STORE-ARGS...: users and tokens while no server runs (the CLI opens the store itself).
prepare_store() {
    : >"$work/tokens"
    local user device
    for user in $(seq "$users"); do
        "$server" user add "load-$user" "$@" | tail -n 1 >>"$work/tokens"
        for device in $(seq 2 "$devices_per_user"); do
            "$server" token create "load-$user" "$@" | tail -n 1 >>"$work/tokens"
        done
    done
    # The seeding device's own token: the first user's.
    "$server" token create load-1 "$@" | tail -n 1 >"$work/seed-token"
}

# register_and_seed: with the servers running. Writes $work/devices (TOKEN DEVICE EPOCH LAST PROJECT) and
# sets $newest, the newest sequence after the seed.
register_and_seed() {
    local seed_token seeder project epoch token device answer
    seed_token=$(cat "$work/seed-token")
    seeder=$(python3 -c 'import uuid; print(uuid.uuid4())')
    project=$(python3 -c 'import uuid; print(uuid.uuid4())')
    printf '{"id":"%s","name":"seeder","startAfter":0}' "$seeder" >"$work/register.json"
    epoch=$(api "$seed_token" POST /v1/devices "$work/register.json" application/json | json_field epoch)
    # 2,000 tasks in the project and 4 time entries on each, in JSON Lines batches of 1,000 mutations.
    python3 - "$seeder" "$epoch" "$project" "$seed_tasks" "$work/seed" <<'PY'
import json, sys, time, uuid
device, epoch, project, tasks, prefix = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
now = int(time.time() * 1000)
mutations = [{"entity": "project", "id": project, "changes": {"name": "Load", "created_at": now, "updated_at": now}}]
for t in range(tasks):
    task = str(uuid.uuid4())
    mutations.append({"entity": "task", "id": task, "changes": {
        "project_id": project, "title": f"Seed task {t}", "status": "open", "priority": t % 4,
        "tags": ["seed"], "created_at": now, "updated_at": now}})
    for e in range(4):
        start = now - (e + 1) * 7_200_000
        mutations.append({"entity": "timeEntry", "id": str(uuid.uuid4()), "changes": {
            "task_id": task, "start_at": start, "end_at": start + 3_600_000, "duration_seconds": 3600,
            "note": f"seed {e}", "billable": e % 2, "tags": [], "created_at": now, "updated_at": now}})
for number, mutation in enumerate(mutations, 1):
    mutation["number"] = number
for index, first in enumerate(range(0, len(mutations), 1000)):
    chunk = mutations[first:first + 1000]
    header = {"deviceId": device, "epoch": epoch, "first": chunk[0]["number"], "last": chunk[-1]["number"]}
    with open(f"{prefix}-{index:03d}.jsonl", "w") as out:
        out.write("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in [header] + chunk))
PY
    local file
    for file in "$work"/seed-*.jsonl; do
        answer=$(api "$seed_token" POST /v1/push "$file" application/jsonl)
        if grep -q '"rejected"' <<<"$answer"; then
            echo "bench-server: the seed was rejected: ${answer:0:300}" >&2
            exit 1
        fi
    done
    # The newest sequence: what an up-to-date device's cursor holds.
    newest=$(api "$seed_token" GET "/v1/changes?since=$epoch:$((seed_tasks * 5))&limit=5000" | json_field cursor)
    newest=${newest##*:}
    : >"$work/devices"
    while read -r token; do
        device=$(python3 -c 'import uuid; print(uuid.uuid4())')
        printf '{"id":"%s","name":"load device","startAfter":0}' "$device" >"$work/register.json"
        answer=$(api "$token" POST /v1/devices "$work/register.json" application/json)
        echo "$token $device $epoch $(json_field lastMutation <<<"$answer") $project" >>"$work/devices"
    done <"$work/tokens"
}

# refresh_devices: each device's last applied mutation, asked of the server (registering a known device
# returns it), so that the next push run continues each device's numbers instead of replaying old batches.
refresh_devices() {
    local token device epoch last project answer
    : >"$work/devices.new"
    while read -r token device epoch last project; do
        printf '{"id":"%s","name":"load device","startAfter":0}' "$device" >"$work/register.json"
        answer=$(api "$token" POST /v1/devices "$work/register.json" application/json)
        last=$(json_field lastMutation <<<"$answer")
        echo "$token $device $epoch $last $project" >>"$work/devices.new"
    done <"$work/devices"
    mv "$work/devices.new" "$work/devices"
}

# --- load ------------------------------------------------------------------------------------------------------

# run_load STORE PROCESSES OPERATION: wrk on every server port at once, one table row.
run_load() {
    local store=$1 processes=$2 operation=$3
    local script mode="" threads connections index port pids=() server_before pg_before machine_before started
    case $operation in
    pull-empty) script=pull.lua mode=head connections=$((pull_connections / processes)) ;;
    pull-100) script=pull.lua mode=page connections=$((pull_connections / processes)) ;;
    push-*) script=push.lua connections=$((push_devices / processes)) && refresh_devices ;;
    esac
    # Pulls: two wrk threads for one server, one each for three; pushes: one thread (and device) a connection.
    threads=$((processes == 1 ? 2 : 1))
    [[ $operation != push-* ]] || threads=$connections
    wait_for_quiet
    server_before=$(server_ticks)
    pg_before=$(pg_ticks)
    machine_before=$(machine_ticks)
    started=$(now)
    for index in $(seq 0 $((processes - 1))); do
        port=$((port_base + index))
        (
            TIMEFORMAT='%U %S'
            export STINT_LOAD_DEVICES="$work/devices" STINT_LOAD_OFFSET=$((index * connections))
            export STINT_LOAD_MODE=$mode STINT_LOAD_HEAD=$newest STINT_LOAD_LIMIT=100
            export STINT_LOAD_BATCH=${operation#push-}
            { time wrk -t"$threads" -c"$connections" -d"$duration" --timeout 10s -s "$here/load/$script" \
                "http://127.0.0.1:$port" >"$work/wrk-$index.out"; } 2>"$work/wrk-$index.time"
        ) &
        pids+=("$!")
    done
    for index in "${!pids[@]}"; do
        if ! wait "${pids[$index]}"; then
            echo "bench-server: wrk failed:" >&2
            cat "$work/wrk-$index.out" "$work/wrk-$index.time" >&2
            exit 1
        fi
    done
    local elapsed server_cpu pg_cpu wrk_cpu machine_cpu
    elapsed=$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$started" "$(now)")
    machine_cpu=$((($(machine_ticks) - machine_before) * 100 / clock_ticks))
    server_cpu=$((($(server_ticks) - server_before) * 100 / clock_ticks))
    pg_cpu=$((($(pg_ticks) - pg_before) * 100 / clock_ticks))
    wrk_cpu=$(cat "$work"/wrk-*.time | awk '{ total += $1 + $2 } END { printf "%d", total * 100 }')
    python3 - "$store" "$processes" "$operation" "$elapsed" "$server_cpu" "$pg_cpu" "$wrk_cpu" "$machine_cpu" \
        "$work"/wrk-*.out >>"$work/table" <<'PY'
import sys
store, processes, operation, elapsed, server_cpu, pg_cpu, wrk_cpu, machine_cpu = sys.argv[1:9]
other_cpu = max(0, int(machine_cpu) - int(server_cpu) - int(pg_cpu) - int(wrk_cpu))
runs = []
for path in sys.argv[9:]:
    for line in open(path):
        if line.startswith("STINT-LOAD "):
            runs.append(dict(field.split("=", 1) for field in line.split()[1:]))
if len(runs) != len(sys.argv[9:]):
    sys.exit("bench-server: a wrk run printed no STINT-LOAD line")
total = lambda key: sum(float(run[key]) for run in runs)
worst = lambda key: max(float(run[key]) for run in runs)
errors = sum(int(run[key]) for run in runs for key in ("non2xx", "socket_errors", "rejected", "gaps", "replayed"))
share = lambda centiseconds: f"{float(centiseconds) / float(elapsed):.0f}%"
mutations = f"{total('mps'):.0f}" if operation.startswith("push") else "-"
print(f"{store:<10} {processes:>3}   {operation:<10} {total('rps'):>7.0f} {mutations:>9} {worst('p50'):>7.1f} "
      f"{worst('p99'):>7.1f}   {share(server_cpu):>6} {share(pg_cpu):>6} {share(wrk_cpu):>6} {share(other_cpu):>6} "
      f"{errors:>6}")
PY
    rm -f "$work"/wrk-*.out "$work"/wrk-*.time
    tail -n 1 "$work/table"
}

# bench_store STORE PROCESSES STORE-ARGS...
bench_store() {
    local store=$1 processes=$2 index
    shift 2
    echo "bench-server: $store × $processes: users, tokens, devices, a seed of $((seed_tasks * 5)) records…"
    prepare_store "$@"
    for index in $(seq 0 $((processes - 1))); do start_server $((port_base + index)) "$@"; done
    register_and_seed
    # Unmeasured: each process opens its PostgreSQL connections on demand, and the first requests pay for it.
    local warming=()
    for index in $(seq 0 $((processes - 1))); do
        STINT_LOAD_DEVICES="$work/devices" STINT_LOAD_HEAD=$newest wrk -t1 -c$((pull_connections / processes)) \
            -d2s -s "$here/load/pull.lua" "http://127.0.0.1:$((port_base + index))" >/dev/null &
        warming+=("$!")
    done
    wait "${warming[@]}"
    local operation
    for operation in pull-empty pull-100 "push-$batch" push-1; do run_load "$store" "$processes" "$operation"; done
    # swift-log's line: "<timestamp> <level> <label>: <message>".
    local logged
    logged=$(grep -E -h '^[^ ]+ (error|critical) ' "$work"/server-*.log | head -n 5 || true)
    [[ -z "$logged" ]] || printf 'bench-server: the server logged errors (first 5):\n%s\n' "$logged" >&2
    stop_servers
    rm -f "$work"/server-*.log
}

# --- the first sync of the standard data set -------------------------------------------------------------------

seconds_since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$(now)"; }

# first_sync STORE STORE-ARGS...: device A (a copy of the generated home) pushes everything, B pulls it.
first_sync() {
    local store=$1 port=$((port_base + 3)) token url start push_time pull_time answer
    shift
    local home_a="$work/first-$store/a" home_b="$work/first-$store/b"
    mkdir -p "$work/first-$store"
    cp -a "$generated_home" "$home_a"
    token=$("$server" user add bench "$@" | tail -n 1)
    start_server "$port" "$@"
    url="http://127.0.0.1:$port"
    STINT_HOME="$home_a" "$stint" login "$url" --token "$token" >/dev/null
    wait_for_quiet
    start=$(now)
    STINT_HOME="$home_a" "$stint" sync >"$work/sync.out" 2>&1 || { cat "$work/sync.out" >&2; exit 1; }
    push_time=$(seconds_since "$start")
    echo "  $store first push (device A): $push_time s ($(tail -n 1 "$work/sync.out"))"
    STINT_HOME="$home_b" "$stint" login "$url" --token "$token" >/dev/null
    wait_for_quiet
    start=$(now)
    STINT_HOME="$home_b" "$stint" sync >"$work/sync.out" 2>&1 || { cat "$work/sync.out" >&2; exit 1; }
    pull_time=$(seconds_since "$start")
    answer=$(tail -n 1 "$work/sync.out")
    echo "  $store first pull (device B): $pull_time s ($answer)"
    printf '%-10s first push of the standard data set (device A)  %6s s\n' "$store" "$push_time" >>"$work/first"
    printf '%-10s first pull of the standard data set (device B)  %6s s\n' "$store" "$pull_time" >>"$work/first"
    stop_servers
    rm -rf "$work/first-$store"
}

# --- run -------------------------------------------------------------------------------------------------------

echo "bench-server: $(nproc) cores, $(date -u +%Y-%m-%d), wrk $duration a run, batches of $batch mutations"
# Marked first, so that a cluster that started but failed afterwards is still stopped on exit.
pg_started=1
pg_url=$("$postgres_script" start "$pg_dir" "$pg_port" | tail -n 1)

for configuration in $stores; do
    case $configuration in
    sqlite:1) bench_store sqlite 1 --data "$work/sqlite" ;;
    postgres:1) bench_store postgres 1 --database "$pg_url&schema=load_one" ;;
    postgres:3) bench_store postgres 3 --database "$pg_url&schema=load_three" ;;
    *) echo "bench-server: unknown configuration $configuration in BENCH_SERVER_STORES" >&2; exit 2 ;;
    esac
done

if [[ $first_sync == 1 && -n "$stint" ]]; then
    echo "bench-server: generating the standard data set (10,000 tasks, 100,000 time entries) with stint-bench…"
    export TZ=UTC NO_COLOR=1
    "$bench" --stint "$stint" --runs 1 --keep >"$work/bench.out"
    generated_home=$(sed -n 's/^kept: STINT_HOME=\([^ ]*\) .*/\1/p' "$work/bench.out")
    if [[ ! -d "$generated_home" ]]; then
        echo "bench-server: stint-bench kept no home" >&2
        cat "$work/bench.out" >&2
        exit 1
    fi
    first_sync sqlite --data "$work/first-sqlite-server"
    first_sync postgres --database "$pg_url&schema=first_sync"
fi

echo
echo "store    procs   operation    req/s  mutat./s  p50 ms  p99 ms   server  pgsql    wrk  other errors"
[[ ! -f "$work/table" ]] || cat "$work/table"
echo "(CPU in % of one core of $(nproc), other: the rest of the machine, which should be near 0; 3 processes:"
echo " req/s summed over three wrk, p50 and p99 the worst of them;"
echo " pull-empty: up-to-date devices; pull-100: a page of 100 records; push-N: N new records a batch;"
echo " errors: non-2xx answers, socket errors, rejected mutations, gaps and replayed batches)"
if [[ -f "$work/first" ]]; then
    echo
    cat "$work/first"
fi
