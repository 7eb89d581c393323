"""Smaller CuTe epilogues (epi_cols, epi_stages) under compute-sanitizer: the table does not use
them, so scripts/sanitize.py (which goes through run()) does not reach them. One buffer is the
case a race would show in: each sub-tile is written where the previous TMA store read.

    compute-sanitizer --tool memcheck|racecheck python results/logs/s16/sanitize_epilogues.py

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
    CuteConfig(64, 96, swap_ab=False, epi_cols=16, epi_stages=1, l2_hint="b_first"),
    CuteConfig(64, 96, swap_ab=False, epi_cols=32, epi_stages=1),
    CuteConfig(64, 96, swap_ab=False, epi_cols=16),
    CuteConfig(128, 224, swap_ab=True, persistent=True, epi_cols=16, epi_stages=1),
]
bad = 0
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
for cfg in CONFIGS:
    for m in (40, 200, 2379) if cfg.persistent else (40, 200):
        ok = matches_reference(lambda a, b, c, cfg=cfg: launch_config(a, b, c, cfg), b, m)
        bad += not ok
        print(
            f"{cfg.tile_r}x{cfg.tile_s} epi_cols={cfg.epi_cols} epi_stages={cfg.epi_stages} "
            f"M={m}: {'ok' if ok else 'WRONG'}",
            flush=True,
        )
sys.exit(1 if bad else 0)
