"""Why does a runner pass read 0.1-0.15 us more than a probe at M <= 16?

Hypothesis: the runner times each workload after host-side work (correctness trials, float
references, host-cost loops) with 10 warm-up calls, so the GPU starts the timed burst from idle
clocks; the probes time sessions back to back. This times torch.matmul and triton_gemm at M = 1
and 16 with the runner's settings (ColdL2Timer.time_many, 10 warm-up calls, 100 timed), each
session started right after another (busy) or after 1 s idle, alternating, four of each.

Run on the device, repo root, sources/ on PYTHONPATH:
    python results/logs/s19/probe_idle_warmup.py
"""

import statistics
import time

import torch

from fibgemm import K, N
from fibgemm.timing import ColdL2Timer
from triton_gemm.main import run as triton_run  # sources/ on PYTHONPATH


def main() -> None:
    torch.manual_seed(0)
    b = torch.randn(N, K, device="cuda", dtype=torch.float16)
    timer = ColdL2Timer()
    for m in (1, 16):
        a = torch.randn(m, K, device="cuda", dtype=torch.float16)
        c = torch.empty(m, N, device="cuda", dtype=torch.float16)
        fns = [lambda: torch.matmul(a, b.T, out=c), lambda: triton_run(a, b, c)]
        seen = {"busy": [], "idle": []}
        timer.time_many(fns, iters=100)  # compile, first launches
        for _ in range(4):
            for state in ("busy", "idle"):
                if state == "idle":
                    torch.cuda.synchronize()
                    time.sleep(1.0)
                seen[state].append([t.p50 for t in timer.time_many(fns, iters=100, warmup=10)])
        for state, rows in seen.items():
            torch_us = [r[0] for r in rows]
            ours = [r[1] for r in rows]
            print(f"M={m:3d} {state}: torch.matmul {statistics.median(torch_us):.2f} "
                  f"[{min(torch_us):.2f}-{max(torch_us):.2f}]  triton_gemm "
                  f"{statistics.median(ours):.2f} [{min(ours):.2f}-{max(ours):.2f}]", flush=True)


if __name__ == "__main__":
    main()
