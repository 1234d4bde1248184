#!/usr/bin/env bash
# How evenly shards share a count: each shard of N timed on its own (one after the other, one
# thread each), for N = 2, 4, 16, on pentominoes 6x10 (Dancing Links) and 14 queens (the driver).
#   benches/shard_balance.sh [PENT6X10.dlx]     (default: ../shared/data/exact-cover/pent6x10.dlx)
# Prints, for each problem and N: the slowest shard, the fastest, the mean, and slowest / mean
# (1.00 is a perfect split: the wall time of N machines is the slowest shard's).
set -euo pipefail
cd "$(dirname "$0")/.."
pent=${1:-../shared/data/exact-cover/pent6x10.dlx}
cargo build -q --release --bin backtrack --example queens
now() { date +%s%N; }
run() { # NAME N COMMAND... (with {} for I/N)
    local name=$1 n=$2; shift 2
    local times=() total=0
    for i in $(seq "$n"); do
        local args=("${@//\{\}/$i/$n}")
        local s; s=$(now); "${args[@]}" > /dev/null; local e; e=$(now)
        times+=($(( (e - s) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk -v name="$name" -v n="$n" '
        { t[NR] = $1; sum += $1 }
        END { mean = sum / NR; printf "| %s | %d | %d ms | %d ms | %.0f ms | %.2f |\n", name, n, t[NR], t[1], mean, t[NR] / mean }'
}
echo "| problem | shards | slowest | fastest | mean | slowest / mean |"
echo "|---|---:|---:|---:|---:|---:|"
for n in 2 4 16; do
    run "pent6x10 (DLX)" "$n" target/release/backtrack cover --count --shard {} "$pent"
done
for n in 2 4 16; do
    run "14 queens (driver)" "$n" target/release/examples/queens 14 --count --shard {}
done
