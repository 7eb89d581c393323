"""Device check of the CuTe DSL solution: compile times, correctness over many M, and the
cold-L2 CUPTI time of candidate configs against torch.matmul at representative M.

Usage (on the H200, from the repo root, DSL installed): python -m scripts.check_cute
Prints one table; exits 1 if any checked output is wrong.
"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import main as cute_main  # noqa: E402
from cute_gemm.kernel import CuteConfig  # noqa: E402

CHECK_MS = [1, 3, 7, 16, 33, 64, 100, 136, 256, 972, 2379, 4097]
TIME_MS = [1, 16, 64, 128, 256, 972, 2053, 8192]
EXTRA = [
    CuteConfig(64, 32, swap_ab=True),
    CuteConfig(128, 64, swap_ab=True),
    CuteConfig(128, 128, swap_ab=False),
    CuteConfig(128, 256, swap_ab=False),
]


def main() -> int:
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    bad = 0
    for m in CHECK_MS:
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        cute_main.run(a, b, c)
        torch.cuda.synchronize()
        ref = a.float() @ b.float().T
        ok = bool(torch.isfinite(c).all()) and bool(
            ((c.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all()
        )
        c2 = torch.full_like(c, float("nan"))
        cute_main.run(a, b, c2)
        same = torch.equal(c, c2)
        print(
            f"check M={m:5d} {cute_main.select_config(m)}: {'ok' if ok else 'WRONG'}"
            f"{'' if same else ' (not bitwise repeatable)'}",
            flush=True,
        )
        bad += not ok
    for cfg, secs in cute_main.compile_seconds.items():
        print(f"compile {cfg}: {secs:.2f} s")
    timer = ColdL2Timer("cuda")
    cfgs = sorted({cfg for _, cfg in cute_main.TABLE} | set(EXTRA), key=repr)
    for m in TIME_MS:
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c = torch.empty(m, N, dtype=torch.float16, device="cuda")
        fns = [lambda cfg=cfg, a=a, c=c: cute_main.launch_config(a, b, c, cfg) for cfg in cfgs]
        fns.append(lambda a=a, c=c: torch.matmul(a, b.T, out=c))
        for fn in fns:
            fn()
        times = timer.time_many(fns, iters=30, warmup=3)
        torch_us = times[-1].p50
        ranked = sorted(zip((t.p50 for t in times[:-1]), cfgs, strict=True), key=lambda x: x[0])
        table_cfg = cute_main.select_config(m)
        table_us = next(t for t, c in ranked if c == table_cfg)
        print(
            f"time M={m:5d}: torch {torch_us:7.2f} us | table {table_us:7.2f} us "
            f"({torch_us / table_us:.3f}x) | best {ranked[0][0]:7.2f} {ranked[0][1]}",
            flush=True,
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
