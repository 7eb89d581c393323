"""Probe: what the second dot costs by itself. Gluon's blocks are powers of two, so the Gluon
kernel builds 48-, 80- and 96-wide tiles from two dots (probe_mid_shapes.log: its 32 + 16 tile
runs ~0.35 us behind its 64-wide one at M = 80-128, and the CuTe kernel's one-WGMMA 64 x 48
~0.35 us ahead of that). Here the same tile as one dot and as two equal halves, same CTAs and
bytes: 64 x 64 against 64 x (32 + 32) at M = 80 and 128 (96 CTAs), 64 x 128 against
64 x (64 + 64) at 128 and 200 (48 and 96 CTAs). The halves are not a tuner config (is_valid asks
for BLOCK_S2 < BLOCK_S); the kernel takes them. Timed by tuning.rank_bucket (CUPTI span after a
256 MB zero fill, median, torch.matmul interleaved), three repeats; results checked first.

Usage: python results/logs/s12/probe_two_dot_cost.py      (on the device)
"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402

PAIRS = {
    64: [WsTileConfig(64, 64, 64, 0, PRELOAD=4), WsTileConfig(64, 32, 64, 32, PRELOAD=4)],
    128: [WsTileConfig(64, 128, 64, 0, PRELOAD=4), WsTileConfig(64, 64, 64, 64, PRELOAD=4)],
}
CASES = {80: [64], 128: [64, 128], 200: [128]}


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m, widths in CASES.items():
        cfgs = [c for w in widths for c in PAIRS[w]]
        ratios = {}
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 100)
            us = {c: t for t, c in ranked}
            line = " ".join(f"c{i}:{us[c]:.2f}" if c in us else f"c{i}:WRONG"
                            for i, c in enumerate(cfgs))  # fmt: skip
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | {line}", flush=True)
            for c in us:
                ratios.setdefault(c, []).append(us[c])
        for i, c in enumerate(cfgs):
            t = ratios.get(c, [0])
            tiles = c.num_tiles(m, N)
            line = f"   c{i} {min(t):.2f}-{max(t):.2f} us, {tiles} CTAs, ring {c.ring}: {c}"
            print(line, flush=True)


main()
