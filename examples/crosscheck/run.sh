#!/bin/sh
# Remakes examples/crosscheck/report.txt: 1000 generated boards of each kind (layers, combat,
# replacement; seed 1), the naive engine's claims on them, and mtgjudge's crosscheck report.
#     sh examples/crosscheck/run.sh
set -eu
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for kind in layers combat replacement; do
    mtgjudge generate "$kind" --count 1000 --seed 1
done > "$work/cases.jsonl"
python examples/crosscheck/naive.py "$work/cases.jsonl" > "$work/claims.jsonl"
status=0
mtgjudge crosscheck "$work/claims.jsonl" > examples/crosscheck/report.txt || status=$?
test "$status" -eq 1  # the naive engine disagrees somewhere: exit status 1
