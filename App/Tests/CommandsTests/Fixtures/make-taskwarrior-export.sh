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
# The uuid of the one task a filter names (a dependency names its task by uuid).
uuid() {
    local found
    found="$(task rc.hooks=off "$@" _uuids 2> /dev/null)"
    [[ -n "$found" && "$found" != *$'\n'* ]] || { echo "not one task matches: $*" >&2; return 1; }
    echo "$found"
}
t add Write release notes project:Website.Backlog priority:H due:2026-12-01 +docs +urgent
t add "Fix login bug" project:Website priority:M estimate:PT2H
t add Plain task
t 1 annotate "talked to Ana about the scope"
t 1 annotate "second thought: ship in two parts"
t add Blocked one depends:1 project:Website.Backlog priority:L
# A series with an end, made before Water plants so only it gets three occurrences at once: Taskwarrior makes
# recurrence.limit occurrences ahead of today, so whatever day this runs (before 2026-12-07) they are
# 2026-12-07, 12-14 and 12-21, the last one on its until day.
t add Team retro project:Home due:2026-12-07 recur:weekly until:2026-12-21
t rc.recurrence.limit=3 list
t add Water plants due:2026-11-20 recur:weekly
t add Later wait:2026-12-24 project:Home
t add "Café reçu – 領収書" project:Home.Errands +receipts
t add Gone
t add Started work project:Website
# Each uuid in a variable of its own, so one that is not found stops the script (set -e).
release="$(uuid /Write.release/)" login="$(uuid /Fix.login/)"
t add Deploy site project:Website "depends:$release,$login"
# On a task completed, one deleted (the import drops that one) and a recurring task's occurrence.
plain="$(uuid /Plain/)" gone="$(uuid /Gone/)" retro="$(uuid status:pending /Team.retro/ due:2026-12-14)"
t add Announce "depends:$plain,$gone,$retro"
task rc.hooks=off /Started/ start > /dev/null 2>&1
task rc.hooks=off /Plain/ done > /dev/null 2>&1
task rc.hooks=off /Gone/ delete > /dev/null 2>&1
task rc.hooks=off status:pending /Team.retro/ due:2026-12-07 done > /dev/null 2>&1
task rc.hooks=off export > "$here/taskwarrior-export.json" 2>/dev/null
echo "wrote $here/taskwarrior-export.json ($(task --version))"
