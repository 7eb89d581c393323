"""CuTe stream-K walks (stream_k) under compute-sanitizer: the table does not use them, so
scripts/sanitize.py (which goes through run()) does not reach them. memcheck watches the
workspace's slots and flags (a CTA index past the grid, a partial past its slot); racecheck
the shared memory the epilogue shares with the ring across a walk's pieces.

    compute-sanitizer --tool memcheck|racecheck python results/logs/s17/sanitize_stream_k.py

Each walk runs twice at a few M (the second call finds the flags the first lowered) against a
float32 reference, C poisoned with NaN (scripts.sanitize.matches_reference); exits 1 on a
wrong or unwritten element."""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from scripts.sanitize import matches_reference

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm.kernel import CuteConfig  # noqa: E402
from cute_gemm.main import launch_config  # noqa: E402

WALKS = [
    CuteConfig(64, 16, swap_ab=True, tile_k=128, persistent=True, stream_k=True),
    CuteConfig(64, 80, swap_ab=False, persistent=True, stream_k=True, l2_hint="b_first"),
    CuteConfig(64, 144, swap_ab=True, persistent=True, stream_k=True),
    CuteConfig(128, 240, swap_ab=True, persistent=True, stream_k=True),
]
bad = 0
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
for cfg in WALKS:
    for m in (1, 136, 1000):
        ok = matches_reference(lambda a, b, c, cfg=cfg: launch_config(a, b, c, cfg), b, m, 2)
        bad += not ok
        print(
            f"{cfg.tile_r}x{cfg.tile_s} swap_ab={cfg.swap_ab} stream_k M={m}: "
            f"{'ok' if ok else 'WRONG'}",
            flush=True,
        )
sys.exit(1 if bad else 0)
