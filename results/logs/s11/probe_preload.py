"""Probe: the Gluon kernel with its ring's first PRELOAD stages issued before the
warp-specialized region, against the same tiles without. The timeline
(probe_gluon_timeline.log) shows the producer partition starting ~1 us after the kernel's
entry, ~0.9 us later than the CuTe kernel's. For each M: the table's config and, at small M,
the CuTe kernel's 64 x 16 swap-AB tile (8 stages of 128), each with PRELOAD 0, 1, 2, 4 and
the whole ring. (probe_preload_all.log: the first version, PRELOAD a flag for the whole first
lap, with more tiles.) Timed by tuning.rank_bucket (CUPTI span after a 256 MB zero fill,
median, torch.matmul interleaved), three repeats.

Usage: python results/logs/s11/probe_preload.py [M ...]
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


def configs(m: int) -> list:
    table = tg.select_config(m)
    base = [table] if isinstance(table, WsTileConfig) else []
    if m <= 16:
        base.append(WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8))
    out = [] if isinstance(table, WsTileConfig) else [table]
    for c in base:
        out += [replace(c, PRELOAD=p) for p in sorted({0, 1, 2, 4, c.ring})]
    return out


def main():
    ms = [int(x) for x in sys.argv[1:]] or [
        1,
        16,
        35,
        48,
        64,
        80,
        104,
        128,
        144,
        176,
        200,
        256,
        972,
        2053,
    ]
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in ms:
        cfgs = configs(m)
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 80)
            us = {c: t for t, c in ranked}
            parts = []
            for i, c in enumerate(cfgs):
                tag = f"c{i}/p{getattr(c, 'PRELOAD', '-')}"
                parts.append(f"{tag} {us[c]:.2f}" if c in us else f"{tag} WRONG")
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        for i, c in enumerate(cfgs):
            print(f"        c{i}: {c}", flush=True)


main()
