"""Probe: do fewer "empty" arrives per ring stage pay in the Gluon kernel (ws_tile.py)?

Triton 3.6 lowers the consumer's release of a stage (one elected thread's mbarrier arrive)
with a 128-thread bar.sync before and after it, and each wait on a stage's "ready" barrier
with one before it. RELEASE_EVERY = G hands G stages back with one arrive (2 + G bar.syncs per
G stages instead of 2 G). Each table config with G = 1, 2, 4 and the same tiles 64 deep, under
the runner's protocol (tuning.rank_bucket), twice.
"""

import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm.main import launch_config, select_config  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig, is_valid  # noqa: E402

EXTRA = {16: [WsTileConfig(64, 16, bk, SWAP_AB=True) for bk in (128, 256)]}


def variants(m: int) -> list:
    table = select_config(m)
    base = [table] if isinstance(table, WsTileConfig) else EXTRA.get(m, [])
    out = [table] if not isinstance(table, WsTileConfig) else []
    for cfg in base:
        for bk in sorted({cfg.BLOCK_K, 64}):
            for g in (1, 2, 4):
                c = replace(cfg, BLOCK_K=bk, RELEASE_EVERY=g, STAGES=0)
                if is_valid(c, N, K):
                    out.append(c)
    return list(dict.fromkeys(out))


def short(c) -> str:
    if not isinstance(c, WsTileConfig):
        return type(c).__name__
    return f"{c.BLOCK_R}x{c.BLOCK_S}+{c.BLOCK_S2}/bk{c.BLOCK_K}/G{c.RELEASE_EVERY}/r{c.ring}" + (
        "/swap" if c.SWAP_AB else ""
    )


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in (16, 80, 144, 200, 256, 972, 2053):
        cfgs = variants(m)
        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, launch_config, 60)
            us = {c: t for t, c in ranked}
            parts = [f"{short(c)} {us[c]:.2f}" if c in us else f"{short(c)} WRONG" for c in cfgs]
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)


main()
