"""Probe: at M = 8192 (and 4097, the table's same bucket), the Gluon kernel's 128 x 256 tile as
two dots of 128 (one m64n256k16 WGMMA, one Y box) with the output staged a half at a time
(ONE_C_TILE: a 32 KB buffer instead of 64 KB, so a walk keeps a ring of 4 where a one-dot
128 x 256 walk has 2), walked or not, straight or swap-AB, in groups of 8 token tiles or none,
against the table's config (a two-dot swap-AB 128 x (128 + 64) walk). Timed by
tuning.rank_bucket (CUPTI span after a 256 MB zero fill, median of 100, torch.matmul
interleaved), five repeats, results checked first (a wrong result is printed WRONG).

Usage: python results/logs/s15/probe_wide_halves.py      (on the device)
"""

import itertools
import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig, is_valid  # noqa: E402

HALVES = WsTileConfig(128, 128, 64, 128, ONE_WGMMA=True, ONE_Y_BOX=True, ONE_C_TILE=True)


def cases(m):
    table = tg.select_config(m)
    out = [table, replace(table, ONE_WGMMA=True, ONE_Y_BOX=True, ONE_C_TILE=True)]
    for swap, walk, group, preload in itertools.product(
        (False, True), (False, True), (0, 8), (1, 2, 4)
    ):
        if not walk and (group or preload != 1):
            continue
        out.append(
            replace(HALVES, SWAP_AB=swap, PERSISTENT=walk, GROUP_M=group, PRELOAD=preload)
        )
    return [c for c in out if is_valid(c, N, K)]


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in (8192, 4097):
        cfgs = cases(m)
        times = {}
        for rep in range(5):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, tg.launch_config, 100)
            us = {c: t for t, c in ranked}
            line = " ".join(
                f"c{i}:{us[c]:.1f}" if c in us else f"c{i}:WRONG" for i, c in enumerate(cfgs)
            )
            print(f"M={m:4d} rep{rep} torch {torch_us:.1f} | {line}", flush=True)
            times.setdefault("torch", []).append(torch_us)
            for c in us:
                times.setdefault(c, []).append(us[c])
        for i, c in enumerate(cfgs):
            t = sorted(times.get(c, [0]))
            ratio = sorted(a / b for a, b in zip(times["torch"], times.get(c, [1e9] * 5)))
            print(
                f"   c{i} {t[0]:.1f}-{t[-1]:.1f} us (median {t[len(t) // 2]:.1f}), x torch "
                f"{ratio[0]:.3f}-{ratio[-1]:.3f}, {c.num_tiles(m, N)} tiles, ring {c.ring}: {c}",
                flush=True,
            )


main()
