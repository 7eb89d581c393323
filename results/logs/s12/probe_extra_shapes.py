"""Probe: Gluon tiles the tuner does not offer, at the buckets where the Triton solution is
below torch.matmul in the runner (M = 35 and 136-144; both on the table's tiles). M = 35: the
tuner scored the M = 40 bucket's 64 x 64 swap-AB tile at 1.008x there and 1.069x at M = 40;
here it is timed beside swap-AB tiles whose token side (32 + 8 = 40, 32 + 16 = 48) leaves
fewer rows of the box past the end of A, and at M = 33 and 40 for reference. M = 136, 144:
128-row straight tiles (two consumer warp groups) against the table's 64 x (64 + 8/16).
Timed by tuning.rank_bucket (CUPTI span after a 256 MB zero fill, median, torch.matmul
interleaved), three repeats; every config's result checked against fp32 first.

Usage: python results/logs/s12/probe_extra_shapes.py      (on the device)
"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig, is_valid  # noqa: E402


def swap(s, s2, bk, p):
    return WsTileConfig(64, s, bk, s2, SWAP_AB=True, PRELOAD=p)


SMALL = [tg.select_config(40)] + [
    swap(s, s2, bk, p) for s, s2 in ((32, 8), (32, 16)) for bk in (64, 128) for p in (2, 4)
]
MIDDLE = [
    WsTileConfig(r, s, bk, s2, PRELOAD=p)
    for r, s, s2 in ((128, 32, 16), (128, 64, 0), (64, 128, 0), (128, 32, 0))
    for bk in (64, 128)
    for p in (2, 4)
]
CASES = {33: SMALL, 35: SMALL, 40: SMALL, 136: MIDDLE, 144: MIDDLE}


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m, extra in CASES.items():
        cfgs = [tg.select_config(m)] + [c for c in extra if is_valid(c, N, K)]
        cfgs = list(dict.fromkeys(cfgs))
        best = {}
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 100)
            us = {c: t for t, c in ranked}
            line = " ".join(f"c{i}:{us[c]:.2f}" if c in us else f"c{i}:WRONG"
                            for i, c in enumerate(cfgs))  # fmt: skip
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | {line}", flush=True)
            for c in us:
                best.setdefault(c, []).append(torch_us / us[c])
        for i, c in enumerate(cfgs):
            r = best.get(c, [0])
            print(f"   c{i} {min(r):.3f}-{max(r):.3f}x {c}", flush=True)


main()
