"""Run a solution on a few M (every kind of table entry, tails in no list) for compute-sanitizer.

Usage (on a CUDA GPU), SOLUTION being triton_gemm or cute_gemm:
    compute-sanitizer --tool memcheck  python -m tools.sanitize SOLUTION [M ...]
    compute-sanitizer --tool racecheck python -m tools.sanitize SOLUTION [M ...]
Each M (default: MS) is checked against a float32 reference; exits 1 on a wrong answer.
"""

import argparse
import importlib
import sys

import torch

from fibgemm import REPO_ROOT, K, N

sys.path.insert(0, str(REPO_ROOT / "sources"))

# Small, swap-AB, mid (partial and shifted last tiles, two-dot tiles; the Triton table's Gluon
# tiles at all of these), large, plus tails in no list.
MS = [1, 3, 7, 16, 33, 80, 100, 144, 200, 256, 972, 2053, 2379]


def token_count(text: str) -> int:
    m = int(text)
    if m < 1:
        raise ValueError(text)
    return m


def matches_reference(launch, b: torch.Tensor, m: int, calls: int = 1) -> bool:
    """launch(a, b, c), `calls` times, on fresh random A of m rows and a NaN-poisoned C: whether
    every element of C is written and within 3e-2 + 1e-2 |ref| of a float32 reference. Also
    what the sanitizer runs check configs the table does not reach with."""
    a = torch.randn(m, K, dtype=torch.float16, device="cuda")
    c = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
    for _ in range(calls):
        launch(a, b, c)
    torch.cuda.synchronize()
    ref = a.float() @ b.float().T
    return bool(torch.isfinite(c).all()) and bool(
        ((c.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all()
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("solution", choices=("triton_gemm", "cute_gemm"))
    p.add_argument("ms", metavar="M", nargs="*", type=token_count, help="default: MS")
    args = p.parse_args()
    run = importlib.import_module(f"{args.solution}.main").run
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    bad = 0
    for m in args.ms or MS:
        # A second launch: split-K counters reset, compiled kernels reused.
        ok = matches_reference(run, b, m, calls=2)
        print(f"M={m}: {'ok' if ok else 'WRONG'}")
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
