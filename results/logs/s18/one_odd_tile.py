"""One launch each of tiles of an odd number of 8-column groups, checked: for the sanitizers.
Usage: compute-sanitizer --tool racecheck python results/logs/s18/one_odd_tile.py"""

import torch

from cute_gemm import main as m
from cute_gemm.kernel import CuteConfig
from fibgemm import K, N

CASES = [
    (136, CuteConfig(64, 72, False, l2_hint="b_first")),
    (176, CuteConfig(64, 72, False, l2_hint="b_first", epi_cols=8)),
    (72, CuteConfig(64, 72, True, l2_hint="b_first")),
    (37, CuteConfig(64, 40, True, l2_hint="b_first")),
]
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
for mm, cfg in CASES:
    a = torch.randn(mm, K, dtype=torch.float16, device="cuda")
    c = torch.full((mm, N), float("nan"), dtype=torch.float16, device="cuda")
    m.launch_config(a, b, c, cfg)
    torch.cuda.synchronize()
    ref = a.float() @ b.float().T
    ok = bool(torch.isfinite(c).all()) and bool(((c.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all())
    print(f"M={mm} {cfg.tile_r}x{cfg.tile_s} swap={cfg.swap_ab} epi={cfg.epi_tile[1]}: {'ok' if ok else 'WRONG'}", flush=True)
