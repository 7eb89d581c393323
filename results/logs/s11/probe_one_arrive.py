"""Probe: the Gluon kernel's ring stages released by one arrive (ONE_ARRIVE=True: the warp
group's first thread, an arrive.expect_tx of 0 bytes, no bar.sync) instead of one
cp.async.mbarrier.arrive per consumer thread, as the CuTe kernel releases them (one arrive per
warp group). For each M: the table's config and, where it is a 64-row Gluon tile, the same tile
with ONE_ARRIVE; at small M also the Gluon swap-AB tiles that lost to the pointer kernels in the
ninth session. Timed by tuning.rank_bucket (CUPTI span after
a 256 MB zero fill, median, torch.matmul interleaved), three repeats.

Usage: python results/logs/s11/probe_one_arrive.py [M ...]
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

SMALL_M_EXTRA = [
    WsTileConfig(64, 16, 128, SWAP_AB=True),
    WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8),
    WsTileConfig(64, 16, 256, SWAP_AB=True),
]


def configs(m: int) -> list:
    table = tg.select_config(m)
    base = [table]
    if m <= 16:
        base += [c for c in SMALL_M_EXTRA if c != table]
    out = []
    for c in base:
        out.append(c)
        if isinstance(c, WsTileConfig) and c.BLOCK_R == 64:
            out.append(replace(c, ONE_ARRIVE=True))
    return out


def main():
    ms = [int(x) for x in sys.argv[1:]] or [1, 16, 80, 96, 144, 176, 200, 256]
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in ms:
        cfgs = configs(m)
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 80)
            us = {c: t for t, c in ranked}
            parts = []
            for i, c in enumerate(cfgs):
                tag = f"c{i}{'+1' if getattr(c, 'ONE_ARRIVE', False) else ''}"
                parts.append(f"{tag} {us[c]:.2f}" if c in us else f"{tag} WRONG")
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        for i, c in enumerate(cfgs):
            print(f"        c{i}: {c}", flush=True)


main()
