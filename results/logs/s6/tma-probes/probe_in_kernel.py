"""Probe: TMA tile configs vs torch and the table at a few M (device only)."""
import sys, time
import torch
sys.path.insert(0, "sources")
from fibgemm.timing import ColdL2Timer
from triton_gemm.main import launch_config, select_config
from triton_gemm.tma_tile import TileTmaConfig as T

WS = sys.argv[1] == "ws"
N, K = 3072, 2048
torch.manual_seed(0)
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
timer = ColdL2Timer()
def cfgs(m):
    fit = max(16, 1 << (m - 1).bit_length())
    out = []
    for st in (4, 6, 8):
        for bk in (64, 128):
            if bk == 128 and st > 6: continue
            out += [T(64, 64, bk, 16, num_stages=st, WARP_SPECIALIZE=WS),
                    T(64, 64, bk, 32, num_stages=st, WARP_SPECIALIZE=WS),
                    T(64, 64, bk, num_stages=st, WARP_SPECIALIZE=WS),
                    T(64, 128, bk, num_stages=st, WARP_SPECIALIZE=WS),
                    T(min(fit, 256), 64, bk, SWAP_AB=True, num_stages=st, WARP_SPECIALIZE=WS, num_warps=8 if fit >= 256 else 4),
                    T(max(16, fit // 2), 64, bk, SWAP_AB=True, num_stages=st, WARP_SPECIALIZE=WS)]
    return out
for m in (16, 72, 136, 184, 256, 972):
    a = torch.randn(m, K, dtype=torch.float16, device="cuda")
    ref = (a.float() @ b.float().T)
    c0 = torch.empty(m, N, dtype=torch.float16, device="cuda")
    good = []
    for cfg in cfgs(m):
        c = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        t0 = time.perf_counter()
        try:
            launch_config(a, b, c, cfg); torch.cuda.synchronize()
        except Exception as e:
            print(f"M={m} {cfg}: FAIL {type(e).__name__}: {str(e)[:300]}", flush=True); continue
        dt = time.perf_counter() - t0
        ok = torch.isfinite(c).all().item() and torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2)
        if not ok:
            print(f"M={m} {cfg}: WRONG", flush=True); continue
        good.append((cfg, c, dt))
    table = select_config(m)
    fns = [lambda: torch.matmul(a, b.T, out=c0), lambda: launch_config(a, b, c0, table)]
    fns += [(lambda cfg=cfg, c=c: launch_config(a, b, c, cfg)) for cfg, c, _ in good]
    times = timer.time_many(fns, iters=30)
    med = [t.median for t in times] if hasattr(times[0], "median") else [t.p50 for t in times]
    print(f"M={m}: torch {med[0]:.2f} us, table {med[1]:.2f} ({med[0]/med[1]:.3f}x) {table}", flush=True)
    rows = sorted(zip(med[2:], [g[0] for g in good], [g[2] for g in good]), key=lambda r: r[0])
    for us, cfg, dt in rows[:8]:
        print(f"   {us:6.2f} us {med[0]/us:.3f}x compile {dt:.1f}s {cfg}", flush=True)
