"""Probe: what moves torch.matmul's median when it runs right after another callable?

Usage (on a CUDA GPU): python -m tools.probe_reference_shift [--repeats R] [--iters I] [M ...]

The runner times the reference right after itself and right after the solution, which writes
its own output buffer. This probe separates the solution's code from its output's address:
in one interleaved profile (flush before every call, fibgemm.timing), the reference
`torch.matmul(A, B.T, out=C_ref)` runs right after
  - itself;
  - torch.matmul into another buffer (same kernel, other output pages);
  - triton_gemm into C_ref (other code, same output pages);
  - triton_gemm into another buffer (what the runner sees);
and, as the runner calls it, the allocating `torch.matmul(A, B.T)` right after itself and
after triton_gemm into its own buffer. Prints each schedule's median per repeat and its shift
against the reference after itself.
"""

import argparse
import statistics
import sys
from functools import partial

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))


def schedules(a, b, c_ref, c_other, solution) -> list:
    """The probe's callables in call order: each reference at an odd index, right after the
    callable before it (the first right after the last of the previous round)."""
    ref = partial(torch.matmul, a, b.T, out=c_ref)
    alloc = partial(torch.matmul, a, b.T)
    mm_other = partial(torch.matmul, a, b.T, out=c_other)
    solution_same, solution_other = partial(solution, a, b, c_ref), partial(solution, a, b, c_other)
    return [
        *(ref, ref, mm_other, ref, solution_same, ref, solution_other, ref),
        *(alloc, alloc, solution_other, alloc),  # the runner's pair: the allocating reference
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ms", nargs="*", type=int, default=[16, 35, 72, 80, 128])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--iters", type=int, default=200)
    args = parser.parse_args()
    from triton_gemm.main import run as triton_run

    timer = ColdL2Timer()
    torch.manual_seed(0)
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    print("M  repeat  ref|ref  ref|mm-other  ref|tri-same  ref|tri-other  alloc|alloc  alloc|tri")
    for m in args.ms:
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c_ref = torch.empty(m, N, dtype=torch.float16, device="cuda")
        c_other = torch.empty(m, N, dtype=torch.float16, device="cuda")

        fns = schedules(a, b, c_ref, c_other, triton_run)
        shifts = []
        for r in range(args.repeats):
            t = timer.time_many(fns, iters=args.iters, warmup=10)
            p = [t[i].p50 for i in (1, 3, 5, 7, 9, 11)]
            shifts.append([x / p[0] - 1 for x in p[1:4]] + [p[5] / p[4] - 1])
            cells = "  ".join(f"{x:7.3f}" for x in p)
            print(f"{m:<4} {r}  {cells}", flush=True)
        mean = [statistics.mean(s[i] for s in shifts) for i in range(4)]
        print(
            f"{m:<4} shift of the mean: mm-other {mean[0]:+.2%}  tri-same {mean[1]:+.2%}  "
            f"tri-other {mean[2]:+.2%}  alloc|tri {mean[3]:+.2%}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
