#!/usr/bin/env bash
# make bench-peers: Stint side by side with Taskwarrior, Timewarrior and Watson on one data set.
#   1. installs what is missing: taskwarrior, timewarrior and time (GNU time, for peak memory) from
#      Debian's packages, and Watson (PyPI td-watson, pinned with arrow and click) in a virtual environment in the build folder
#   2. runs `stint-bench peers`, which generates 10,000 tasks and 100,000 time entries, loads them into
#      each tool, checks that all of them read the same totals, and times the shared commands, the tools
#      taking turns; it prints Markdown for docs/benchmarks.md
# Never part of `make test`. Usage: Tests/bench-peers.sh STINT STINT_BENCH [stint-bench peers options…]
# (BENCH_PEERS_VENV overrides where the virtual environment lives).
set -euo pipefail
stint=$1
bench=$2
shift 2
root="$(cd "$(dirname "$0")/.." && pwd)"
venv=${BENCH_PEERS_VENV:-$root/.build-shared/peers-venv}
# Watson and the two libraries its speed and output depend on, pinned so runs on other days compare.
requirements="td-watson==2.1.0 arrow==1.4.0 click==8.5.1"

missing=()
command -v task >/dev/null || missing+=(taskwarrior)
command -v timew >/dev/null || missing+=(timewarrior)
[ -x /usr/bin/time ] || missing+=(time)
command -v python3 >/dev/null || missing+=(python3 python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
    echo "bench-peers: installing ${missing[*]} (apt-get)…" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "$(cat "$venv/bench-peers-requirements" 2>/dev/null)" != "$requirements" ] || [ ! -x "$venv/bin/watson" ]; then
    echo "bench-peers: installing $requirements into $venv…" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" || {
        echo "bench-peers: python3 -m venv failed; apt-get install python3-venv" >&2
        exit 1
    }
    # shellcheck disable=SC2086 # one word per requirement
    "$venv/bin/pip" install --quiet $requirements
    echo "$requirements" >"$venv/bench-peers-requirements"
fi

exec "$bench" peers --stint "$stint" --task "$(command -v task)" --timew "$(command -v timew)" \
    --watson "$venv/bin/watson" "$@"
