#!/usr/bin/env bash
# Puzzle generation beside qqwing (Debian package `qqwing`), one thread each, per grade, in one
# run: N puzzles of each grade, timed by the wall clock, best of R runs.
#
#   benches/generate_vs_qqwing.sh [N] [R]
#
# The grades do not have the same names. qqwing rates by the hardest step of its own solver:
# simple (naked singles), easy (hidden singles), intermediate (pairs, pointing, box/line),
# expert (guessing). Ours are the logic solver's (see `backtrack generate --help`). The rows pair
# each qqwing grade with ours that asks for the same steps; qqwing's expert needs guessing with
# its small set of techniques, ours needs guessing after every technique we have, so it is the
# harder of the two. Both make minimal puzzles without symmetry.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-200}
runs=${2:-3}
command -v qqwing >/dev/null || { echo "qqwing is needed: apt-get install qqwing" >&2; exit 2; }
cargo build --release --quiet
bin=target/release/backtrack

best() { # the least of R timings of a command, in seconds
    local best=""
    for _ in $(seq "$runs"); do
        local start end t
        start=$(date +%s.%N)
        "$@" >/dev/null
        end=$(date +%s.%N)
        t=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    echo "$best"
}

echo "| qqwing grade | ours | N | qqwing | backtrack generate | puzzles a second (qqwing / ours) | ratio |"
echo "|---|---|---:|---:|---:|---:|---:|"
for pair in simple:easy easy:easy intermediate:medium expert:guessing; do
    theirs=${pair%%:*}
    ours=${pair##*:}
    tq=$(best qqwing --generate "$n" --difficulty "$theirs" --symmetry none --one-line)
    tb=$(best "$bin" generate --count "$n" --grade "$ours" --jobs 1 --seed 1)
    printf "| %s | %s | %d | %.2f s | %.3f s | %.0f / %.0f | %.1f× |\n" "$theirs" "$ours" "$n" "$tq" "$tb" \
        "$(echo "$n / $tq" | bc -l)" "$(echo "$n / $tb" | bc -l)" "$(echo "$tq / $tb" | bc -l)"
done
for ours in hard fiendish; do
    tb=$(best "$bin" generate --count "$n" --grade "$ours" --jobs 1 --seed 1)
    printf "| (none) | %s | %d | | %.3f s | – / %.0f | |\n" "$ours" "$n" "$tb" "$(echo "$n / $tb" | bc -l)"
done
