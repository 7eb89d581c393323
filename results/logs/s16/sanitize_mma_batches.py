"""CuTe configs with 2 or 3 stages' WGMMAs in flight (mma_batches) under compute-sanitizer: the
table does not use them, so scripts/sanitize.py (which goes through run()) does not reach them.
A stage released too early would be refilled by TMA while a WGMMA still reads it.

    compute-sanitizer --tool memcheck|racecheck python results/logs/s16/sanitize_mma_batches.py

Each config runs at a few M against a float32 reference, C poisoned with NaN; exits 1 on a
wrong or unwritten element. (As run on the device at 2bf3011 the check was written out here;
it is now scripts.sanitize.matches_reference, the same check.)"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from scripts.sanitize import matches_reference

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm.kernel import CuteConfig  # noqa: E402
from cute_gemm.main import launch_config  # noqa: E402

CONFIGS = [
    CuteConfig(64, 80, swap_ab=False, mma_batches=2, l2_hint="b_first"),
    CuteConfig(64, 96, swap_ab=False, mma_batches=3),
    CuteConfig(64, 48, swap_ab=False, tile_k=128, mma_batches=2),
    CuteConfig(64, 32, swap_ab=True, splits=2, mma_batches=3),
    CuteConfig(128, 224, swap_ab=True, persistent=True, mma_batches=2),
]
bad = 0
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
for cfg in CONFIGS:
    for m in (40, 200, 1000) if cfg.persistent else (16, 144):
        ok = matches_reference(lambda a, b, c, cfg=cfg: launch_config(a, b, c, cfg), b, m)
        bad += not ok
        print(
            f"{cfg.tile_r}x{cfg.tile_s} splits={cfg.splits} persistent={cfg.persistent} "
            f"mma_batches={cfg.mma_batches} M={m}: {'ok' if ok else 'WRONG'}",
            flush=True,
        )
sys.exit(1 if bad else 0)
