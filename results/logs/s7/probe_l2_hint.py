"""Probe: L2 cache policies on the TMA loads against the table config at chosen M (CuTe)."""
import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import main as cute_main  # noqa: E402
from cute_gemm.kernel import L2_HINTS  # noqa: E402

MS = [int(x) for x in sys.argv[1].split(",")]


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in MS:
        base = cute_main.select_config(m)
        cfgs = [base] + [replace(base, l2_hint=h) for h in L2_HINTS]
        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, cute_main.launch_config, 60)
            if ok < len(cfgs):
                print(f"M={m}: {len(cfgs) - ok} WRONG", flush=True)
            by = {c.l2_hint or "dsl0": us for us, c in ranked}
            line = " ".join(f"{h}:{us:.2f}" for h, us in by.items())
            print(f"M={m:5d} rep{rep} torch {torch_us:.2f} | {line}", flush=True)


main()
