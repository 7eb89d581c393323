"""Partial CuTe tiles (x_rows) under compute-sanitizer: the table does not use them, so
scripts/sanitize.py (which goes through run()) does not reach them.

    compute-sanitizer --tool memcheck|racecheck python results/logs/s10/sanitize_x_rows.py

Each config runs at a few M against a float32 reference, C poisoned with NaN; exits 1 on a
wrong or unwritten element."""

import sys

import torch

from fibgemm import REPO_ROOT, K, N

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm.kernel import CuteConfig  # noqa: E402
from cute_gemm.main import launch_config  # noqa: E402

CONFIGS = [
    CuteConfig(64, 16, swap_ab=True, stages=8, tile_k=128, x_rows=48, l2_hint="b_first"),
    CuteConfig(64, 32, swap_ab=True, x_rows=40),
    CuteConfig(64, 48, swap_ab=False, x_rows=56),
]
bad = 0
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
for cfg in CONFIGS:
    for m in (1, 33, 100):
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        launch_config(a, b, c, cfg)
        ref = a.float() @ b.float().T
        ok = bool(torch.isfinite(c).all()) and torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2)
        bad += not ok
        print(
            f"x_rows={cfg.x_rows} swap_ab={cfg.swap_ab} M={m}: {'ok' if ok else 'WRONG'}",
            flush=True,
        )
sys.exit(1 if bad else 0)
