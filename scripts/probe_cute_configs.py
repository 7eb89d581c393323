"""Time chosen CuTe configs at chosen M under the runner's protocol, beside torch.matmul.

The split-K study of results/logs/s3/split_k_probe.log: each config alone and split across a
cluster of 2 or 4 CTAs, at M from 1 to 256. Every config is first checked against a float32
reference on a NaN-poisoned output. On the device (CuTe DSL installed), from the repo root:
    python -m scripts.probe_cute_configs
"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import main as cute_main  # noqa: E402
from cute_gemm.kernel import CuteConfig as C  # noqa: E402

SPLIT_K_CASES = {
    1: [
        C(64, 16, True),
        C(64, 16, True, splits=2),
        C(128, 16, True, splits=4),
        C(128, 16, True, splits=2),
    ],
    16: [
        C(64, 32, True),
        C(64, 16, True, splits=2),
        C(64, 32, True, splits=2),
        C(128, 16, True, splits=4),
    ],
    64: [C(64, 64, True), C(64, 64, True, splits=2), C(128, 64, True, splits=4)],
    128: [
        C(64, 64, True),
        C(64, 128, True),
        C(64, 128, True, splits=2),
        C(128, 128, True, splits=4),
    ],
    160: [
        C(64, 128, True),
        C(64, 160, True),
        C(64, 160, True, splits=2),
        C(128, 160, True, splits=4),
        C(64, 96, True, splits=2),
    ],
    256: [
        C(64, 128, True),
        C(64, 256, True, splits=2),
        C(128, 256, True, splits=4),
        C(128, 128, True, splits=2),
    ],
}


def probe(timer: ColdL2Timer, b: torch.Tensor, m: int, cfgs: list) -> None:
    """Check each config at M = m, then time them all beside torch.matmul and print a line each."""
    a = torch.randn(m, K, dtype=torch.float16, device="cuda")
    out = torch.empty(m, N, dtype=torch.float16, device="cuda")
    ref = a.float() @ b.float().T
    for cfg in cfgs:
        out.fill_(float("nan"))
        cute_main.launch_config(a, b, out, cfg)
        torch.cuda.synchronize()
        if not ((out.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all():
            raise SystemExit(f"M={m} {cfg}: wrong result")
    fns = [lambda c=c: cute_main.launch_config(a, b, out, c) for c in cfgs]
    fns.append(lambda: torch.matmul(a, b.T, out=out))
    times = timer.time_many(fns, iters=50, warmup=3)
    torch_us = times[-1].p50
    for cfg, t in zip(cfgs, times[:-1], strict=True):
        print(
            f"M={m:4d} {cfg.tile_r:3d}x{cfg.tile_s:3d} splits={cfg.splits} {t.p50:7.2f} us  "
            f"torch {torch_us:6.2f}  {torch_us / t.p50:.3f}x",
            flush=True,
        )


def main() -> int:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m, cfgs in SPLIT_K_CASES.items():
        probe(timer, b, m, cfgs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
