#!/bin/sh
# Remakes examples/crosscheck/phase/report.txt and disagreements.jsonl: phase.rs (the extra mtgjudge[phase])
# asked for its claims on 1000 generated boards of each query (seed 1): layers boards without effects of resolved
# spells (--max-effects 0: phase can't be given one), combat boards (attack and block), replacement boards; then
# mtgjudge's report. disagreements.jsonl holds the cases phase disagrees on, to replay one:
#     sh examples/crosscheck/phase/run.sh
#     mtgjudge crosscheck examples/crosscheck/phase/disagreements.jsonl --engine phase --jobs 1
set -eu
cd "$(dirname "$0")/../../.."
here=examples/crosscheck/phase
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
{
    mtgjudge generate layers --count 1000 --seed 1 --max-effects 0
    mtgjudge generate combat --count 1000 --seed 1
    mtgjudge generate replacement --count 1000 --seed 1
} > "$work/cases.jsonl"
status=0
mtgjudge crosscheck "$work/cases.jsonl" --engine phase --jobs 2 > "$here/report.txt" || status=$?
test "$status" -le 1  # 1: phase disagrees somewhere
# the case lines the report says differ ("line N: case ID (QUERY): K difference(s)")
python3 - "$work/cases.jsonl" "$here/report.txt" > "$here/disagreements.jsonl" <<'PY'
import re, sys
cases = open(sys.argv[1], encoding="utf-8").read().splitlines(keepends=True)
for line in open(sys.argv[2], encoding="utf-8"):
    m = re.match(r"line (\d+): case .* \d+ difference\(s\)$", line.rstrip("\n"))
    if m:
        sys.stdout.write(cases[int(m.group(1)) - 1])
PY
