"""Probe: the Gluon kernel's two dots as one WGMMA (ONE_WGMMA, wgmma_fuse.py) against the same
tile as two WGMMAs and against the table's config, at M where the table or the CuTe kernel uses
a width that is not a power of two (48, 72, 80, 96, 192). Timed by tuning.rank_bucket (CUPTI span
after a 256 MB zero fill, median, torch.matmul interleaved), three repeats; results checked first
(a wrong result is printed WRONG).

Usage: python results/logs/s13/probe_one_wgmma.py      (on the device)
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
    return [cfg, replace(cfg, ONE_WGMMA=True)]


W = WsTileConfig
CASES = {
    40: two_ways(W(64, 32, 64, 16, SWAP_AB=True, PRELOAD=4)),
    80: [W(64, 64, 64, 0, PRELOAD=4)] + two_ways(W(64, 32, 64, 16, PRELOAD=4)),
    128: [W(64, 64, 64, 0, PRELOAD=4)] + two_ways(W(64, 32, 64, 16, PRELOAD=4)),
    144: two_ways(W(64, 64, 64, 8, PRELOAD=4)) + two_ways(W(64, 64, 64, 16, PRELOAD=4)),
    160: two_ways(W(64, 64, 64, 8, PRELOAD=4)) + two_ways(W(64, 64, 64, 16, PRELOAD=4)),
    200: two_ways(W(64, 64, 64, 32, PRELOAD=4)),
    256: two_ways(W(64, 64, 64, 32, PRELOAD=4)),
    972: two_ways(W(128, 128, 64, 64, PRELOAD=1)),
    2053: two_ways(W(128, 128, 64, 64, SWAP_AB=True, PRELOAD=2)),
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
