"""Host time per call of each solution's run() against torch.matmul, in a bare loop.

The GPU kernel is tiny next to the loop (M = 16 by default), so the loop's wall time per call is
what the host spends dispatching: argument checks, config lookup, the launch itself. Run on the
device (CUDA needed), from the repo root:
    python -m scripts.host_overhead [--m 16] [--calls 3000]
"""

import argparse
import cProfile
import pstats
import sys
import time

import torch

from fibgemm import REPO_ROOT, K, N

sys.path.insert(0, str(REPO_ROOT / "sources"))


def per_call_us(fn, calls: int) -> float:
    """Median over 5 loops of `calls` calls, µs per call (after a warm-up that compiles)."""
    for _ in range(50):
        fn()
    torch.cuda.synchronize()
    loops = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        torch.cuda.synchronize()
        loops.append((time.perf_counter() - start) / calls * 1e6)
    return sorted(loops)[2]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--m", type=int, default=16)
    p.add_argument("--calls", type=int, default=3000)
    p.add_argument("--solutions", nargs="+", default=["triton_gemm", "cute_gemm"])
    p.add_argument("--profile", metavar="SOLUTION", help="also print cProfile's top functions")
    args = p.parse_args()
    a = torch.randn(args.m, K, dtype=torch.float16, device="cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    c = torch.empty(args.m, N, dtype=torch.float16, device="cuda")
    rows = [
        (
            "torch.matmul(A, B.T, out=C)",
            per_call_us(lambda: torch.matmul(a, b.T, out=c), args.calls),
        )
    ]
    for name in args.solutions:
        module = __import__(f"{name}.main", fromlist=["run"])
        rows.append(
            (f"{name} run(A, B, C)", per_call_us(lambda m=module: m.run(a, b, c), args.calls))
        )
    print(f"host µs per call, bare loop, M = {args.m}, {torch.cuda.get_device_name()}")
    for label, us in rows:
        print(f"{label:32s} {us:7.2f}")
    if args.profile:
        run = __import__(f"{args.profile}.main", fromlist=["run"]).run
        profile = cProfile.Profile()
        profile.runcall(lambda: [run(a, b, c) for _ in range(args.calls)])
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
