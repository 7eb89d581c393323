"""Probe: one-WGMMA tiles with the emptied WGMMA groups dropped (wgmma_fuse, drop_empty_groups:
ptxas issues a null HGMMA.64x8x16 for each empty group) against the same tiles keeping them,
the table's configs at M = 40-256. The kept-groups kernel is the same compiled kernel with its
PTX changed the old way, launched through Triton's own path; both interleaved call by call
with torch.matmul (CUPTI span after a 256 MB zero fill, median of 100), three repeats; both
results checked against a float32 reference first.

Usage: python results/logs/s13/probe_empty_groups.py      (on the device)
"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import launch, ws_tile  # noqa: E402
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.l2_hints import with_evict_first  # noqa: E402
from triton_gemm.ptx_rewrite import reassembled  # noqa: E402
from triton_gemm.wgmma_fuse import with_fused_dots  # noqa: E402

MS = (40, 144, 160, 192, 200, 232, 256)


def kept_groups_kernel(cfg):
    """The compiled kernel of cfg with its PTX changed as before drop_empty_groups."""
    dropped = next(e[0] for k, e in launch._compiled.items() if k[1] == cfg)
    ptx = with_fused_dots(dropped.asm["ptx"], cfg.BLOCK_S, cfg.BLOCK_S2, drop_empty_groups=False)
    if cfg.B_EVICT_FIRST:
        ptx = with_evict_first(ptx, ws_tile.b_descriptors(cfg))
    assert ptx != dropped.patched_ptx
    return reassembled(dropped, ptx)


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in MS:
        cfg = tg.select_config(m)
        assert cfg.ONE_WGMMA, cfg
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        ref = a.float() @ b.float().T
        out = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        tg.launch_config(a, b, out, cfg)
        kept = kept_groups_kernel(cfg)
        grid, args = ws_tile._grid_and_args(a, b, out, cfg)
        fns = [
            lambda: tg.launch_config(a, b, out, cfg),
            lambda: kept[grid](*args),
            lambda: torch.matmul(a, b.T, out=out),
        ]
        for name, fn in zip(("dropped", "kept"), fns[:2], strict=True):
            out.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            ok = torch.isfinite(out).all() and torch.allclose(out.float(), ref, atol=1e-2, rtol=1e-2)
            assert ok, (name, m)
        for rep in range(3):
            t = [x.p50 for x in timer.time_many(fns, iters=100, warmup=3)]
            print(f"M={m:4d} rep{rep} dropped {t[0]:.2f} kept {t[1]:.2f} torch {t[2]:.2f} "
                  f"| dropped-kept {t[0] - t[1]:+.2f} us | {cfg}", flush=True)  # fmt: skip


main()
