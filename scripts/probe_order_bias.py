"""Does a speedup ratio depend on whether torch.matmul or the solution is timed first?

For each M, times torch.matmul and a solution's run() three ways in one ColdL2Timer: torch's
calls then the solution's, the solution's then torch's, and interleaved (one of each per round,
what the runner and tuners do). Prints both medians and the ratio for each order. A gap between
the first two rows is order bias (the GPU's clocks and temperature after many compute-bound
calls), which interleaving shares out equally.

Usage (on the device, from the repo root):
    python -m scripts.probe_order_bias [--ms 16 256 2379 8192] [--solution cute_gemm] [--iters 100]
"""

import argparse
import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ms", type=int, nargs="+", default=[16, 256, 2379, 8192])
    p.add_argument("--solution", default="cute_gemm")
    p.add_argument("--iters", type=int, default=100)
    args = p.parse_args()
    run = __import__(f"{args.solution}.main", fromlist=["run"]).run
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    print(f"{args.solution} vs torch.matmul, median µs of {args.iters} calls, cold L2")
    print(f"{'M':>5} {'order':<12} {'torch':>8} {'ours':>8} {'speedup':>8}")
    for m in args.ms:
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c = torch.empty(m, N, dtype=torch.float16, device="cuda")

        def ours(a=a, c=c):
            run(a, b, c)

        def ref(a=a):
            return torch.matmul(a, b.T)

        ours()  # compile outside the timed calls
        for label, fns, interleave in (
            ("torch first", [ref, ours], False),
            ("ours first", [ours, ref], False),
            ("interleaved", [ref, ours], True),
        ):
            times = timer.time_many(fns, args.iters, warmup=10, interleave=interleave)
            t_ref, t_ours = (times[0], times[1]) if fns[0] is ref else (times[1], times[0])
            print(
                f"{m:>5} {label:<12} {t_ref.p50:8.2f} {t_ours.p50:8.2f} "
                f"{t_ref.p50 / t_ours.p50:8.3f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
