#!/usr/bin/env bash
# make link-order: rewrites App/link-order.txt, the functions Stint's everyday commands run, in the order a
# release link lays them out (ADR 0028, decision 8).
#
# Each command below runs once under valgrind's callgrind on a small data set made with the commands
# themselves; every function any of them entered becomes one line `.text.<symbol>` (the input section that
# `-function-sections` gives it), those used by the most commands first. gold places those sections together at
# the start of the executable's code, so a point command touches a couple of megabytes of code instead of pages
# scattered over 25 MB, which the kernel's fault-around maps 64 KiB at a time.
#
# The file only orders: a name that no longer exists is ignored by the linker, a new function not in it is laid
# out as before. Refresh it when the everyday paths change a lot (the figures in ADR 0028 say how to check).
# Usage: Tests/link-order.sh path/to/release/stint [out-file]
set -euo pipefail
stint=$1
root="$(cd "$(dirname "$0")/.." && pwd)"
out=${2:-$root/App/link-order.txt}

if ! command -v valgrind >/dev/null; then
    echo "link-order: installing valgrind (apt-get)…" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq valgrind >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export STINT_HOME="$work/home" HOME="$work" TZ=UTC NO_COLOR=1 TERM=dumb
mkdir -p "$STINT_HOME"

# Some data first (not profiled), so lists, shows and reports take their real paths.
"$stint" project add Work >/dev/null
"$stint" project add Home >/dev/null
"$stint" list add Backlog --project Work >/dev/null
for n in $(seq 1 40); do
    "$stint" task add "Task $n" --project Work --due "+$((n % 9))d" --tag "t$((n % 4))" --priority high >/dev/null
done
for n in $(seq 1 10); do "$stint" task add "Errand $n" --project Home >/dev/null; done
for n in $(seq 1 20); do "$stint" log 09:00-09:25 "$n" --date "$(date -u -d "-$n day" +%F)" >/dev/null; done
"$stint" task done 3 >/dev/null

count=0
profile() {
    count=$((count + 1))
    valgrind --tool=callgrind --demangle=no --dump-instr=no --callgrind-out-file="$work/cg.$count" \
        "$stint" "$@" >/dev/null 2>>"$work/valgrind.log" || {
        echo "link-order: \`stint $*\` failed under valgrind (see below)" >&2
        tail -20 "$work/valgrind.log" >&2
        exit 1
    }
}

profile --version
profile
profile timer
profile timer start 5
profile timer
profile timer pause
profile timer resume
profile timer stop
profile task add "Profiled task" --project Work --due tomorrow
profile task list
profile task list --count
profile task list --project Work
profile task list --due overdue --count
profile task show 5
profile task note 5 "a note"
profile task edit 5 --priority low
profile task done 6
profile undo
profile entries
profile entries list --since mon --json
profile report
profile report --week
profile report --year
profile project list
profile log 10:00-10:10 7 --date "$(date -u -d "-30 day" +%F)"

python3 - "$out" "$work"/cg.* <<'EOF'
import collections, re, sys

out, files = sys.argv[1], sys.argv[2:]
used = collections.Counter()
for path in files:
    names = set()
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"c?fn=\(\d+\) (\S+)", line)
            if m:
                # callgrind marks recursion levels as name'2; addresses are functions without a symbol.
                name = m.group(1).split("'")[0]
                if not name.startswith("0x"):
                    names.add(name)
    used.update(names)
ordered = sorted(used, key=lambda name: (-used[name], name))
with open(out, "w") as f:
    for name in ordered:
        f.write(".text." + name + "\n")
print(f"link-order: {len(ordered)} functions from {len(files)} commands into {out}")
EOF
