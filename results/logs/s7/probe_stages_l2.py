"""Probe: ring depth with and without B evict-first, against the table config (CuTe)."""
import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import main as cute_main  # noqa: E402

MS = [int(x) for x in sys.argv[1].split(",")]


def label(c):
    return f"s{c.stages or 'max'}{'+' + c.l2_hint if c.l2_hint else ''}"


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in MS:
        base = cute_main.select_config(m)
        cfgs = [base, replace(base, l2_hint="")]
        for s in (3, 4, 6, 8):
            cfgs += [replace(base, stages=s, l2_hint="b_first"), replace(base, stages=s, l2_hint="")]
        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, cute_main.launch_config, 60)
            if ok < len(cfgs):
                print(f"M={m}: {len(cfgs) - ok} WRONG", flush=True)
            line = " ".join(f"{label(c)}:{us:.2f}" for us, c in ranked)
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | {line}", flush=True)


main()
