#!/usr/bin/env bash
# One command for the main job: set up .venv (once) and benchmark every solution on every
# workload. Extra arguments go to `fibgemm run`, e.g. `scripts/bench.sh --solutions triton_gemm`.
#
# The install counts as done only once it finished: a marker holding the hash of what was
# installed is written last, so an interrupted first run (or a changed pyproject.toml or
# constraints.txt) installs again instead of leaving a broken .venv behind for good.
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(cat pyproject.toml constraints.txt | sha1sum | cut -d' ' -f1)
marker=.venv/.fibgemm-installed
if [[ ! -f $marker || $(cat "$marker") != "$want" ]]; then
  echo "installing into .venv (torch, triton, the CuTe DSL, flashinfer-bench: a few minutes)..."
  python3 -m venv .venv
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e '.[dev]' -c constraints.txt
  echo "$want" > "$marker"
fi
exec .venv/bin/python -m fibgemm run "$@"
