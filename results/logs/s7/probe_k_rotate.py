"""Probe: k_rotate against the table config at chosen M (CuTe)."""

import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import main as cute_main  # noqa: E402

MS = [int(x) for x in sys.argv[1].split(",")]
ROTS = [int(x) for x in sys.argv[2].split(",")]


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in MS:
        base = cute_main.select_config(m)
        cfgs = [base] + [replace(base, k_rotate=r) for r in ROTS]
        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, cute_main.launch_config, 60)
            if ok < len(cfgs):
                print(f"M={m}: {len(cfgs) - ok} WRONG", flush=True)
            line = " ".join(
                f"r{c.k_rotate}:{us:.2f}" for us, c in sorted(ranked, key=lambda x: x[1].k_rotate)
            )
            print(f"M={m:5d} rep{rep} torch {torch_us:.2f} | {line}", flush=True)


main()
