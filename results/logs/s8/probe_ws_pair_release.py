"""Probe: does releasing the Gluon kernel's ring stages in pairs pay?

In ws_tile's consumer loop every stage's release (one elected mbarrier arrive) comes with two
128-thread bar.sync in the PTX; the CuTe kernel's loop has none, and ws_tile with 64-deep stages
is ~0.9 us slower than with 128-deep ones (twice the stages). Here a copy of ws_tile.py, edited in
a temporary folder, releases stages two at a time (one arrive per pair, on the pair's first
barrier; the producer waits before the first stage of each pair): half the arrives. Each table
config (ring made even) against the same tiles released per stage, at M = 80, 144, 200, 972,
under the runner's protocol (tuning.rank_bucket).
"""

import importlib
import pathlib
import sys
import tempfile
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

WAIT = "        mbarrier.wait(empty.index(s), ((i // STAGES) & 1) ^ 1)\n"
PAIR_WAIT = (
    "        if s % 2 == 0:\n"
    "            mbarrier.wait(empty.index(s // 2), ((i // STAGES) & 1) ^ 1)\n"
)
ARRIVE = "        mbarrier.arrive(empty.index((i + STAGES - 1) % STAGES), count=1, pred=i > 0)\n"
PAIR_ARRIVE = (
    "        done = (i + STAGES - 1) % STAGES\n"
    "        mbarrier.arrive(empty.index(done // 2), count=1, pred=(i > 0) & (done % 2 == 1))\n"
)


def variant(name: str, edits: list):
    """sources/triton_gemm as package `name` in a temporary folder, ws_tile.py edited."""
    folder = pathlib.Path(tempfile.mkdtemp())
    (folder / name).mkdir()
    for f in (REPO_ROOT / "sources" / "triton_gemm").glob("*.py"):
        text = f.read_text()
        if f.name == "ws_tile.py":
            for old, new in edits:
                assert old in text, old
                text = text.replace(old, new)
        (folder / name / f.name).write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module(f"{name}.main")


def main():
    per_stage = variant("tg_stage", [])
    paired = variant("tg_pair", [(WAIT, PAIR_WAIT), (ARRIVE, PAIR_ARRIVE)])
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in (80, 144, 200, 972):
        cfg = per_stage.select_config(m)
        cfg = replace(cfg, STAGES=cfg.ring // 2 * 2)  # an even ring
        pair_cfg = paired.WsTileConfig(**cfg.__dict__)

        def launch(a, b_, c, which, cfg=cfg, pair_cfg=pair_cfg):
            (per_stage if which == "stage" else paired).launch_config(
                a, b_, c, cfg if which == "stage" else pair_cfg
            )

        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, ["stage", "pair"], launch, 60)
            us = {w: t for t, w in ranked}
            line = " | ".join(
                f"{w} {us[w]:.2f}" if w in us else f"{w} WRONG" for w in ("stage", "pair")
            )
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | {line} | {cfg}", flush=True)


main()
