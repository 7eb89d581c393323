"""Probe: TMA descriptor prefetch (PREFETCH=True) in the Triton solution's TMA kernels.

Neither Triton nor Gluon prefetches a TMA descriptor; the CuTe kernel does (cpasync.
prefetch_descriptor). Under the protocol the zero fill evicts the descriptors (kernel
parameters) from L2, so each CTA's first TMA waits for them from DRAM. For each M: the table's
config with and without the prefetch, plus, at small M, the Gluon and TMA swap-AB tiles that
lost to the pointer kernels in the ninth session. Timed by tuning.rank_bucket (CUPTI span after
a 256 MB zero fill, median, torch.matmul interleaved), three repeats.

Usage: python results/logs/s11/probe_prefetch.py [M ...]
"""

import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.tma_tile import TileTmaConfig  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402

SMALL_M_EXTRA = [
    WsTileConfig(64, 16, 128, SWAP_AB=True),
    WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8),
    TileTmaConfig(16, 64, 128, SWAP_AB=True, num_warps=4, num_stages=8),
]


def configs(m: int) -> list:
    table = tg.select_config(m)
    base = [table]
    if m <= 16:
        base += [c for c in SMALL_M_EXTRA if c != table]
    out = []
    for c in base:
        out.append(c)
        if hasattr(c, "PREFETCH"):
            out.append(replace(c, PREFETCH=True))
    return out


def main():
    ms = [int(x) for x in sys.argv[1:]] or [1, 16, 35, 64, 80, 120, 144, 200, 972, 2053, 2379]
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in ms:
        cfgs = configs(m)
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 80)
            us = {c: t for t, c in ranked}
            parts = []
            for i, c in enumerate(cfgs):
                tag = f"c{i}{'+P' if getattr(c, 'PREFETCH', False) else ''}"
                parts.append(f"{tag} {us[c]:.2f}" if c in us else f"{tag} WRONG")
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        for i, c in enumerate(cfgs):
            print(f"        c{i}: {c}", flush=True)


main()
