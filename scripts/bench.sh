#!/usr/bin/env bash
# One command for the main job: set up a venv (once) and benchmark every solution on every
# workload. Extra arguments go to the runner, e.g. `scripts/bench.sh --solutions triton_gemm`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -x .venv/bin/python ]]; then
  python3 -m venv .venv
  .venv/bin/pip install -q -e '.[dev]' -c constraints.txt
fi
exec .venv/bin/python -m scripts.run_benchmark "$@"
