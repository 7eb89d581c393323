"""Probe: where the second dot's ~0.45 us goes (probe_two_dot_cost.log: 64 x 64 against
64 x (32 + 32) at M = 80, same CTAs and bytes). Runs probe_gluon_timeline_regs.py (the Gluon
kernel's per-CTA timeline, stamps kept in registers) at M = 80 on each of the two tiles in turn,
by handing it each config in place of the table's: the consumer loop's end against the CTA's
end splits the difference between the K loop and the epilogue (two shared-memory tiles and two
TMA stores with two dots).

Usage: python results/logs/s12/probe_two_dot_timeline.py      (on the device)
"""

import runpy
import sys

from fibgemm import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402

TIMELINE = REPO_ROOT / "results/logs/s11/probe_gluon_timeline_regs.py"

for cfg in (WsTileConfig(64, 64, 64, 0, PRELOAD=4), WsTileConfig(64, 32, 64, 32, PRELOAD=4)):
    tg.select_config = lambda m, cfg=cfg: cfg
    sys.argv = [str(TIMELINE), "80"]
    print(f"=== {cfg}", flush=True)
    runpy.run_path(str(TIMELINE))
