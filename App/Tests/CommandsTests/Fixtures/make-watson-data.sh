#!/bin/bash
# Regenerates the Watson fixtures with the real Watson (PyPI's td-watson):
#   python3 -m venv /tmp/watson && /tmp/watson/bin/pip install td-watson==2.1.0 &&
#   WATSON=/tmp/watson/bin/watson App/Tests/CommandsTests/Fixtures/make-watson-data.sh
# Writes watson-data/frames and watson-data/state (Watson's own files) and watson-report.txt (the seconds
# `watson report` totals for the week of 2026-11-16, which the tests compare with `stint report` of that week).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
watson="${WATSON:-watson}"
export WATSON_DIR="$(mktemp -d)" TZ=UTC
trap 'rm -rf "$WATSON_DIR"' EXIT
w() { "$watson" "$@" > /dev/null; }
w add -f "2026-11-16 09:00" -t "2026-11-16 10:30" Website +meeting
w add -f "2026-11-16 11:00:00" -t "2026-11-16 12:15:30" "Website relaunch" +"code review"
w add -f "2026-11-17 13:00" -t "2026-11-17 17:20" Website +meeting +writing
w add -f "2026-11-18 09:00" -t "2026-11-19 11:00" Home +"long haul"
w add -f "2026-11-21 10:00" -t "2026-11-21 10:05" Home +errands
w start Website +writing --at "2026-11-23 08:00"
rm -rf "$here/watson-data"
mkdir -p "$here/watson-data"
cp "$WATSON_DIR/frames" "$WATSON_DIR/state" "$here/watson-data/"
"$watson" report -f 2026-11-16 -t 2026-11-22 --json \
    | python3 -c 'import json,sys; print(round(json.load(sys.stdin)["time"]))' > "$here/watson-report.txt"
echo "wrote Watson fixtures ($("$watson" --version)); week total $(cat "$here/watson-report.txt") s"
