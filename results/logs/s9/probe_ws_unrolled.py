"""Probe: the Gluon kernel with its ring unrolled (one mbarrier allocation per stage, every
consumer thread arriving) against the kernel of 7820a51 (one indexed barrier allocation, one
thread arriving: two 128-thread bar.syncs per stage), same tiles, under the runner's protocol
(tuning.rank_bucket), twice per M. The old kernel's file is passed as the first argument (the
device's copy of the checkout has no git history).
"""

import importlib
import pathlib
import shutil
import sys
import tempfile
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket


def package(name: str, ws_tile_file: pathlib.Path | None):
    """sources/triton_gemm as package `name`, ws_tile.py replaced by ws_tile_file if given."""
    folder = pathlib.Path(tempfile.mkdtemp())
    shutil.copytree(REPO_ROOT / "sources" / "triton_gemm", folder / name)
    if ws_tile_file:
        shutil.copy(ws_tile_file, folder / name / "ws_tile.py")
    sys.path.insert(0, str(folder))
    return importlib.import_module(f"{name}.main"), importlib.import_module(f"{name}.ws_tile")


def main():
    new, new_ws = package("tg_new", None)
    old, old_ws = package("tg_old", pathlib.Path(sys.argv[1]))
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in (80, 144, 200, 972):
        table = new.select_config(m)
        depths = [bk for bk in (64, 128, 256) if bk != table.BLOCK_K]
        shapes = [table] + [replace(table, BLOCK_K=bk) for bk in depths]
        shapes = [c for c in shapes if new_ws.is_valid(c, N, K)]
        cfgs = [(w, c) for c in shapes for w in ("old", "new")]

        def launch(a, b_, c, wc):
            which, cfg = wc
            if which == "new":
                new.launch_config(a, b_, c, cfg)
            else:
                old.launch_config(a, b_, c, old_ws.WsTileConfig(**cfg.__dict__))

        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, launch, 60)
            us = {wc: t for t, wc in ranked}
            parts = [
                f"{w} bk{c.BLOCK_K}/r{c.ring} " + (f"{us[(w, c)]:.2f}" if (w, c) in us else "WRONG")
                for w, c in cfgs
            ]
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        print(f"        {table}", flush=True)


main()
