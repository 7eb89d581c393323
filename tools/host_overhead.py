"""Host time per call of each solution's run() against torch.matmul, in a bare loop.

The GPU kernel is tiny next to the loop (M = 16 by default), so the loop's wall time per call is
what the host spends dispatching: argument checks, config lookup, the launch itself. The
callables take turns, one loop each per round, and each one's median over the rounds is
reported: host speed drifts (one machine gave torch.matmul 12.4 µs in one process and 20.4 µs in
another), and turns keep that drift out of the comparison. torch.matmul is timed twice: as the
package's torch_matmul solution calls it (into C) and as the definition's reference does
(allocating its output). Run on a CUDA GPU, from the repo root:
    python -m tools.host_overhead [--m 16] [--calls 3000] [--rounds 7]
"""

import argparse
import cProfile
import pstats
import statistics
import sys
import time

import torch

from fibgemm import REPO_ROOT, K, N

sys.path.insert(0, str(REPO_ROOT / "sources"))


def per_call_us(fns: dict, calls: int, rounds: int) -> dict:
    """µs per call of each callable: the median over `rounds` rounds, each round one loop of
    `calls` calls per callable in turn (after a warm-up that compiles)."""
    for fn in fns.values():
        for _ in range(50):
            fn()
    torch.cuda.synchronize()
    loops: dict = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            start = time.perf_counter()
            for _ in range(calls):
                fn()
            torch.cuda.synchronize()
            loops[name].append((time.perf_counter() - start) / calls * 1e6)
    return {name: statistics.median(us) for name, us in loops.items()}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--m", type=int, default=16)
    p.add_argument("--calls", type=int, default=3000)
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--solutions", nargs="+", default=["triton_gemm", "cute_gemm"])
    p.add_argument("--profile", metavar="SOLUTION", help="also print cProfile's top functions")
    args = p.parse_args()
    a = torch.randn(args.m, K, dtype=torch.float16, device="cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    c = torch.empty(args.m, N, dtype=torch.float16, device="cuda")
    fns = {
        "torch.matmul(A, B.T, out=C)": lambda: torch.matmul(a, b.T, out=c),
        "torch.matmul(A, B.T)": lambda: torch.matmul(a, b.T),
    }
    for name in args.solutions:
        module = __import__(f"{name}.main", fromlist=["run"])
        fns[f"{name} run(A, B, C)"] = lambda m=module: m.run(a, b, c)
    us = per_call_us(fns, args.calls, args.rounds)
    print(
        f"host µs per call, bare loop, M = {args.m}, {torch.cuda.get_device_name()}, "
        f"median of {args.rounds} interleaved rounds"
    )
    for label, t in us.items():
        print(f"{label:32s} {t:7.2f}")
    if args.profile:
        run = __import__(f"{args.profile}.main", fromlist=["run"]).run
        profile = cProfile.Profile()
        profile.runcall(lambda: [run(a, b, c) for _ in range(args.calls)])
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
