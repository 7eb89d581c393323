"""Run the Triton solution once per kernel variant in the table, for compute-sanitizer.

Usage (on the device):
    compute-sanitizer --tool memcheck  python -m scripts.sanitize_triton
    compute-sanitizer --tool racecheck python -m scripts.sanitize_triton
Each M is checked against a float32 reference; exits 1 on a wrong answer.
"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm.main import run  # noqa: E402

# One M per table bucket kind (GEMV, split or narrow GEMM, mid, large) plus tails in no list.
MS = [1, 3, 7, 16, 33, 100, 256, 972, 2379]


def main() -> int:
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    bad = 0
    for m in MS:
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        run(a, b, c)
        run(a, b, c)  # a second launch reuses the split-K counters the first one reset
        torch.cuda.synchronize()
        ref = a.float() @ b.float().T
        ok = bool(torch.isfinite(c).all()) and bool(
            ((c.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all()
        )
        print(f"M={m}: {'ok' if ok else 'WRONG'}")
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
