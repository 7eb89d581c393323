"""Probe: WARP_ARRIVES (ring stages handed back by one arrive a warp, warp_arrives.py) against
one arrive a consumer thread, on the table's Gluon config at M = 1, 16, 40, 80, 144, 200, 256,
972, 2053, 2379 and 8192. Timed by tuning.rank_bucket (CUPTI span after a 256 MB zero fill,
median of 100, torch.matmul interleaved), three repeats; results checked first (a wrong result
is printed WRONG).

Usage: python results/logs/s14/probe_warp_arrives.py      (on the device)

Ran at 7c4cab7 (the elected lane's arrive an mbarrier.arrive: probe_warp_arrives_release.log)
and at 551533e (a cp.async arrive: probe_warp_arrives_cp_async.log), on the H200: one arrive a
warp was slower at every M in both (0.3-2.5 us at M = 1-256, 0.03-0.8 us above), and
WARP_ARRIVES was taken out again.
"""

import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402

MS = [1, 16, 40, 80, 144, 200, 256, 972, 2053, 2379, 8192]


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in MS:
        table = tg.select_config(m)
        cfgs = [table, replace(table, WARP_ARRIVES=True)]
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
            print(f"   c{i} {min(t):.2f}-{max(t):.2f} us: {c}", flush=True)


main()
