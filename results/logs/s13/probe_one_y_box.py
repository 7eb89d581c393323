"""Probe: ONE_Y_BOX (one TMA box of both dots' Y rows, ws_tile._with_wide_y_box) against two
boxes, both with the two dots as one WGMMA (ONE_WGMMA), at widths 48, 72, 80 and 96. Timed by
tuning.rank_bucket (CUPTI span after a 256 MB zero fill, median, torch.matmul interleaved), three
repeats; results checked first (a wrong result is printed WRONG).

Usage: python results/logs/s13/probe_one_y_box.py      (on the device)
"""

import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402


def two_ways(cfg):
    return [replace(cfg, ONE_WGMMA=True), replace(cfg, ONE_WGMMA=True, ONE_Y_BOX=True)]


W = WsTileConfig
CASES = {
    40: two_ways(W(64, 32, 64, 16, SWAP_AB=True, PRELOAD=4)),
    128: two_ways(W(64, 32, 64, 16, PRELOAD=4)),
    144: two_ways(W(64, 64, 64, 8, PRELOAD=4)),
    160: two_ways(W(64, 64, 64, 16, PRELOAD=4)),
    200: two_ways(W(64, 64, 64, 32, PRELOAD=4)),
    256: two_ways(W(64, 64, 64, 32, PRELOAD=4)),
}


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m, cfgs in CASES.items():
        times = {}
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 100)
            us = {c: t for t, c in ranked}
            line = " ".join(f"c{i}:{us[c]:.2f}" if c in us else f"c{i}:WRONG"
                            for i, c in enumerate(cfgs))  # fmt: skip
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | {line}", flush=True)
            for c in us:
                times.setdefault(c, []).append(us[c])
        for i, c in enumerate(cfgs):
            t = times.get(c, [0])
            line = f"   c{i} {min(t):.2f}-{max(t):.2f} us, {c.num_tiles(m, N)} CTAs, ring {c.ring}: {c}"
            print(line, flush=True)


main()
