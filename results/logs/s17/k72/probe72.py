"""64 x 72 straight tiles at 136-176 (3 x 43 = 129 CTAs) against the table's 64 x 80 (117)."""
import sys
import torch
sys.path.insert(0, "scratch/k72")
import cute_gemm.kernel as k
from cute_gemm import main as m
from fibgemm import K, N
from fibgemm.timing import ColdL2Timer

k.is_valid = lambda cfg, K: True
m.is_valid = k.is_valid
timer = ColdL2Timer("cuda")
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
EPIS = [int(x) for x in sys.argv[1:]] or [24]
cands = [k.CuteConfig(64, 72, False, epi_cols=e, l2_hint="b_first") for e in EPIS]
for m_ in (136, 144, 152, 160, 168, 176, 100, 200):
    a = torch.randn(m_, K, dtype=torch.float16, device="cuda")
    ref = a.float() @ b.float().T
    table = m.select_config(m_)
    cs = [torch.full((m_, N), float("nan"), dtype=torch.float16, device="cuda") for _ in range(4)]
    oks = []
    for cfg, c in zip(cands, cs):
        m.launch_config(a, b, c, cfg)
        torch.cuda.synchronize()
        oks.append(bool(torch.isfinite(c).all()) and bool(((c.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all()))
    fns = [lambda: torch.matmul(a, b.T, out=cs[3]), lambda: m.launch_config(a, b, cs[2], table)]
    fns += [lambda cfg=cfg, c=c: m.launch_config(a, b, c, cfg) for cfg, c in zip(cands, cs)]
    t = timer.time_many(fns, iters=60)
    tt = t[0].p50
    print(f"M={m_:4d} torch {tt:6.2f}  table({table.tile_r}x{table.tile_s}) {t[1].p50:6.2f} {tt/t[1].p50:.3f}x  "
          + "  ".join(f"72/epi{c.epi_cols} {x.p50:6.2f} {tt/x.p50:.3f}x ok={ok}" for c, x, ok in zip(cands, t[2:], oks)), flush=True)
