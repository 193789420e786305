#!/bin/bash
# Regenerates taskwarrior-export.json with the real Taskwarrior (Debian's `taskwarrior` package):
#   apt-get install -y taskwarrior && App/Tests/CommandsTests/Fixtures/make-taskwarrior-export.sh
# The tests read the committed file, so they need no Taskwarrior; rerun this when the mapping grows.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TASKRC="$work/rc" TZ=UTC
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nuda.estimate.type=duration\nuda.estimate.label=Est\n' \
    "$work/data" > "$TASKRC"
t() { task rc.hooks=off "$@" > /dev/null 2>&1 || true; }
t add Write release notes project:Website.Backlog priority:H due:2026-12-01 +docs +urgent
t add "Fix login bug" project:Website priority:M estimate:PT2H
t add Plain task
t 1 annotate "talked to Ana about the scope"
t 1 annotate "second thought: ship in two parts"
t add Blocked one depends:1 project:Website.Backlog priority:L
t add Water plants due:2026-11-20 recur:weekly
t add Later wait:2026-12-24 project:Home
t add "Café reçu – 領収書" project:Home.Errands +receipts
t add Gone
t add Started work project:Website
task rc.hooks=off /Started/ start > /dev/null 2>&1
task rc.hooks=off /Plain/ done > /dev/null 2>&1
task rc.hooks=off /Gone/ delete > /dev/null 2>&1
task rc.hooks=off export > "$here/taskwarrior-export.json" 2>/dev/null
echo "wrote $here/taskwarrior-export.json ($(task --version))"
