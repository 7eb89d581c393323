#!/usr/bin/env bash
# Runner passes on this workplace's device machine, with the results brought back in one piece.
#
#   bash scripts/device_passes.sh PASSES LABEL [runner args...]
#
# Runs PASSES passes of `python -m scripts.run_benchmark` over a copy of the dataset in
# /tmp/ds (the device's copy of the checkout is overwritten by the next call, so results written
# into it are lost), with FIBGEMM_COMMIT=LABEL, and copies into $OUT the four files a commit
# needs (traces, CSV, summary, plot) plus one tar of the pass logs: at most 8 files come back.
# Copy them over traces/gemm/ and results/ here afterwards.
set -euo pipefail
passes=$1 label=$2
shift 2
: "${OUT:?run on the device machine, where OUT is set}"
ds=/tmp/ds
rm -rf "$ds" /tmp/pass-logs && mkdir -p "$ds" /tmp/pass-logs
cp -r definitions workloads solutions traces results "$ds"/
for p in $(seq 1 "$passes"); do
  FIBGEMM_COMMIT=$label python -m scripts.run_benchmark --root "$ds" "$@" \
    >/tmp/pass-logs/pass$p.log 2>&1 || echo "pass $p failed: see pass$p.log"
  # After every pass, so that a call cut short still returns what finished.
  cp "$ds"/traces/gemm/gemm_n3072_k2048.jsonl "$ds"/results/gemm_n3072_k2048.csv \
    "$ds"/results/summary.md "$ds"/results/latency.png "$OUT"/
  tar -C /tmp -cf "$OUT"/pass-logs.tar pass-logs
  grep -h "geomean" /tmp/pass-logs/pass$p.log || true
done
