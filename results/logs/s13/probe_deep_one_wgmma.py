"""Probe: one-WGMMA 48-wide tiles 128 deep (Y loaded in 64-deep parts, ws_tile._y_tiles), with
one and two Y boxes, against the table's configs at M = 40-128 (the CuTe kernel's 64 x 48 is
128 deep there) and against 64 deep one-WGMMA tiles at 144 and 200. Timed by
tuning.rank_bucket (CUPTI span after a 256 MB zero fill, median, torch.matmul interleaved), three
repeats; results checked first (a wrong result is printed WRONG).

Usage: python results/logs/s13/probe_deep_one_wgmma.py      (on the device)
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


def deep(cfg):
    deep = replace(cfg, BLOCK_K=128, ONE_WGMMA=True)
    return [deep, replace(deep, ONE_Y_BOX=True)]


W = WsTileConfig
FUSED64 = dict(ONE_WGMMA=True, ONE_Y_BOX=True)
CASES = {
    40: [W(64, 32, 64, 16, SWAP_AB=True, PRELOAD=2, ONE_WGMMA=True, ONE_Y_BOX=True)]
    + deep(W(64, 32, 64, 16, SWAP_AB=True, PRELOAD=2)),
    48: [W(64, 32, 128, 0, PRELOAD=2)] + deep(W(64, 32, 64, 16, SWAP_AB=True, PRELOAD=2)),
    80: [W(64, 64, 64, 0, PRELOAD=4)] + deep(W(64, 32, 64, 16, PRELOAD=4)),
    104: [W(64, 64, 64, 0, PRELOAD=4)] + deep(W(64, 32, 64, 16, PRELOAD=4)),
    128: [W(64, 64, 64, 0, PRELOAD=4)] + deep(W(64, 32, 64, 16, PRELOAD=4)),
    144: [W(64, 64, 64, 16, PRELOAD=4, **FUSED64)] + deep(W(64, 64, 64, 16, PRELOAD=4)),
    200: [W(64, 64, 64, 32, PRELOAD=4, **FUSED64)] + deep(W(64, 64, 64, 32, PRELOAD=4)),
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
