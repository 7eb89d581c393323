"""Probe: the Gluon warp-specialized tile kernel (ws_tile.py) against the Triton table's config
and torch.matmul at chosen M, under the runner's protocol (rank_bucket: correctness against a
float32 reference on NaN-poisoned outputs, then CUPTI medians after a cold-L2 fill)."""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as triton_main  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig as W  # noqa: E402
from triton_gemm.ws_tile import is_valid  # noqa: E402

PROBES = {
    16: [W(64, 16, 128, SWAP_AB=True), W(64, 16, 64, SWAP_AB=True)],
    64: [W(64, 64, 128, SWAP_AB=True), W(64, 32, 128), W(64, 32, 128, 16)],
    80: [W(64, 32, 128, 16), W(64, 32, 64, 16), W(64, 64, 128), W(64, 64, 128, 16, SWAP_AB=True)],
    96: [W(64, 32, 128, 16), W(64, 64, 128), W(64, 64, 64, 32, SWAP_AB=True)],
    136: [W(64, 64, 64, 16), W(64, 64, 128, 16), W(64, 128, 64, 16, SWAP_AB=True)],
    144: [W(64, 64, 64, 16), W(64, 64, 128, 16), W(64, 128, 64, 16, SWAP_AB=True)],
    176: [W(64, 64, 64, 16), W(64, 64, 128, 16), W(64, 64, 64, 32)],
    200: [W(64, 64, 64, 32), W(64, 64, 128, 32), W(128, 64, 64, 32)],
    256: [W(64, 64, 64, 32), W(128, 64, 64, 32), W(64, 128, 64), W(128, 64, 64)],
    972: [W(128, 128, 64, 64), W(128, 128, 64), W(128, 256, 64)],
    2053: [W(128, 128, 64, 64, SWAP_AB=True), W(128, 128, 64, 64), W(128, 256, 64)],
    2379: [W(128, 128, 64, 64, SWAP_AB=True), W(128, 256, 64), W(128, 128, 64, 64)],
    8192: [W(128, 256, 64), W(128, 128, 64, 64)],
}


def main():
    ms = [int(x) for x in sys.argv[1].split(",")] if len(sys.argv) > 1 else list(PROBES)
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in ms:
        table = triton_main.select_config(m)
        cfgs = [table] + [c for c in PROBES[m] if is_valid(c, N, K)]
        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, triton_main.launch_config, 60)
            us = {repr(c): t for t, c in ranked}
            line = []
            for i, c in enumerate(cfgs):
                t = us.get(repr(c))
                name = "table" if i == 0 else f"ws{i}"
                line.append(f"{name} {'WRONG' if t is None else f'{t:.2f} ({torch_us / t:.3f}x)'}")
            print(f"M={m:5d} rep{rep} torch {torch_us:.2f} | " + " | ".join(line), flush=True)
        for i, c in enumerate(cfgs[1:], 1):
            print(f"   ws{i} = {c}", flush=True)


main()
