#!/bin/sh
# Regenerates the shipped dependency catalogue (README.md here, docs/loops.md): run from anywhere,
#   sh examples/loops/run.sh            (JOBS=N for N worker processes; MTGJUDGE="mtgjudge" for the installed command)
# 1. the pool of pool.txt, every pair (--max-size 2): catalogue.jsonl, absent.jsonl, report.txt, witnesses/, graph.*
# 2. the classic cards of classic.txt, pairs and triples (--max-size 3): the same files under triples/
set -e
cd "$(dirname "$0")/../.."
MTGJUDGE=${MTGJUDGE:-python -m engine.app.cli}
# (journal.jsonl: a run's record of its searches, kept only until the run ends: docs/loops.md)
rm -f examples/loops/journal.jsonl examples/loops/triples/journal.jsonl
$MTGJUDGE loops --pool examples/loops/pool.txt --max-size 2 --jobs "${JOBS:-2}" --time-limit 600 --out examples/loops >/dev/null
$MTGJUDGE loops --pool examples/loops/classic.txt --max-size 3 --jobs "${JOBS:-2}" --time-limit 600 --out examples/loops/triples >/dev/null
rm -f examples/loops/journal.jsonl examples/loops/triples/journal.jsonl
