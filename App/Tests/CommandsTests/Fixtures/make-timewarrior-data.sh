#!/bin/bash
# Regenerates the Timewarrior fixtures with the real Timewarrior (Debian's `timewarrior` package):
#   apt-get install -y timewarrior && App/Tests/CommandsTests/Fixtures/make-timewarrior-data.sh
# Writes timewarrior-export.json (`timew export`), timewarrior-data/2026-11.data (its own data file) and
# timewarrior-summary.txt (the seconds `timew summary` totals for the week of 2026-11-16, which the tests compare
# with `stint report` of the same week). The tests read the committed files and need no Timewarrior.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export TIMEWARRIORDB="$(mktemp -d)" TZ=UTC
trap 'rm -rf "$TIMEWARRIORDB"' EXIT
mkdir -p "$TIMEWARRIORDB/data"
touch "$TIMEWARRIORDB/timewarrior.cfg"
t() { timew "$@" > /dev/null; }
t track 2026-11-16T09:00:00 - 2026-11-16T10:30:00 Website meeting
t track 2026-11-16T11:00:00 - 2026-11-16T12:15:30 "Website relaunch" "code review"
t track 2026-11-17T08:00:00 - 2026-11-17T08:45:00
t annotate @1 "standup notes"
t track 2026-11-17T13:00:00 - 2026-11-17T17:20:00 meeting Website
t track 2026-11-18T09:00:00 - 2026-11-19T11:00:00 Home "long haul"
t track 2026-11-20T07:30:00 - 2026-11-20T07:30:00 Home
t track 2026-11-21T10:00:00 - 2026-11-21T10:05:00 Home errands
t annotate @1 'bought "good" bread'
t start 2026-11-23T08:00:00 Website writing
timew export > "$here/timewarrior-export.json"
rm -rf "$here/timewarrior-data"
mkdir -p "$here/timewarrior-data"
cp "$TIMEWARRIORDB/data/2026-11.data" "$here/timewarrior-data/"
# The week's total as Timewarrior reports it, in seconds.
timew summary 2026-11-16 - 2026-11-23 | awk 'NF==1 && $1 ~ /^[0-9]+:[0-9][0-9]:[0-9][0-9]$/ {split($1,p,":"); print p[1]*3600+p[2]*60+p[3]}' \
    > "$here/timewarrior-summary.txt"
echo "wrote Timewarrior fixtures ($(timew --version)); week total $(cat "$here/timewarrior-summary.txt") s"
