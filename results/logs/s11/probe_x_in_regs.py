"""Probe: two-dot Gluon tiles with X in registers (X_IN_REGS=True: one ldmatrix load of the
X stage, then both WGMMAs take it from registers) against X from shared memory for each dot.
An m64nNk16 WGMMA reads its 2 KB of X from shared memory each time: at N = 16 or 32 those reads
(128 B a clock) take longer than the math, so the second, narrow dot costs nearly as much as
the first. For each M: the table's config and, where it is a two-dot Gluon tile, the same
tile with X_IN_REGS. Timed by tuning.rank_bucket (CUPTI span after
a 256 MB zero fill, median, torch.matmul interleaved), three repeats.

Usage: python results/logs/s11/probe_x_in_regs.py [M ...]
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
        if isinstance(c, WsTileConfig) and c.BLOCK_S2:
            out.append(replace(c, X_IN_REGS=True))
    return out


def main():
    ms = [int(x) for x in sys.argv[1:]] or [136, 144, 160, 176, 192, 200, 224, 256, 972, 2053]
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in ms:
        cfgs = configs(m)
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 80)
            us = {c: t for t, c in ranked}
            parts = []
            for i, c in enumerate(cfgs):
                tag = f"c{i}{'+R' if getattr(c, 'X_IN_REGS', False) else ''}"
                parts.append(f"{tag} {us[c]:.2f}" if c in us else f"{tag} WRONG")
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        for i, c in enumerate(cfgs):
            print(f"        c{i}: {c}", flush=True)


main()
