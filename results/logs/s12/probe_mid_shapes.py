"""Probe: two questions about the Gluon tiles at M = 80-256, where they trail the CuTe kernel
by 0.37-0.6 us (the CuTe kernel's 64 x 48 / 64 x 80 / 64 x 96 tiles are one WGMMA each; Gluon's
blocks are powers of two, so 48 = 32 + 16, 80 = 64 + 16, 96 = 64 + 32 take a second dot).
1. What does the second dot cost by itself? At M = 80 and 128: 64 x 64 against 64 x (32 + 32)
   (same tile, same CTAs, same bytes; two WGMMAs re-reading X) and 64 x (32 + 16) (the CuTe
   kernel's 64 x 48: 128 CTAs against 96).
2. Swap-AB tiles at 136-200 (64 rows of B, every token on the narrow side as 128 + 8/16/64:
   48 CTAs, each reading its B rows once and all of A) against the table's straight tiles.
Timed by tuning.rank_bucket (CUPTI span after a 256 MB zero fill, median, torch.matmul
interleaved), three repeats; every config's result checked against fp32 first. B's loads are
hinted evict-first in all (the solution's kernel).

Usage: python results/logs/s12/probe_mid_shapes.py      (on the device)
"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig, is_valid  # noqa: E402

TWO_DOT = [
    WsTileConfig(64, 64, 64, 0, PRELOAD=4),
    WsTileConfig(64, 32, 64, 32, PRELOAD=4),
    WsTileConfig(64, 32, 64, 16, PRELOAD=4),
    WsTileConfig(64, 32, 128, 16, PRELOAD=2),
]


def swap(s2, bk, p):
    return WsTileConfig(64, 128, bk, s2, SWAP_AB=True, PRELOAD=p)


SWAP = [swap(s2, bk, p) for s2 in (8, 16, 64) for bk in (64, 128) for p in (2, 4)]
CASES = {80: TWO_DOT, 128: TWO_DOT, 136: SWAP, 144: SWAP, 152: SWAP, 200: SWAP}


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m, extra in CASES.items():
        cfgs = [tg.select_config(m)] + [c for c in extra if is_valid(c, N, K)]
        cfgs = [c for c in dict.fromkeys(cfgs) if c.num_tiles(m, N) <= 132]
        ratios = {}
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 100)
            us = {c: t for t, c in ranked}
            line = " ".join(f"c{i}:{us[c]:.2f}" if c in us else f"c{i}:WRONG"
                            for i, c in enumerate(cfgs))  # fmt: skip
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | {line}", flush=True)
            for c in us:
                ratios.setdefault(c, []).append(torch_us / us[c])
        for i, c in enumerate(cfgs):
            r = ratios.get(c, [0])
            print(f"   c{i} {min(r):.3f}-{max(r):.3f}x {c.num_tiles(m, N)} CTAs {c}", flush=True)


main()
