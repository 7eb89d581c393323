"""Tiles of an odd number of 8-column groups (tile_s = 40, 56, 72, ...) against the table.

Usage (device): python results/logs/s18/probe_odd_tiles.py [ROUNDS]
For each M: every candidate is first checked (NaN-poisoned C, a float32 reference, atol 3e-2,
rtol 1e-2, every element written), then all are timed interleaved with torch.matmul and the
table's config (CUPTI span after the 256 MB zero fill, median of 60 calls), ROUNDS times.
"""

import sys

import torch

from cute_gemm import main as m
from cute_gemm.kernel import CuteConfig
from fibgemm import K, N
from fibgemm.timing import ColdL2Timer

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 2
STRAIGHT_72 = [
    CuteConfig(64, 72, False, l2_hint="b_first"),  # 24-column epilogue sub-tiles
    CuteConfig(64, 72, False, l2_hint="b_first", epi_cols=8),
    CuteConfig(64, 72, False, l2_hint="b_first_a_last"),
]
CANDIDATES = {
    40: [CuteConfig(64, 40, True, l2_hint="b_first")],
    56: [CuteConfig(64, 56, True, l2_hint="b_first")],
    72: [CuteConfig(64, 72, True, l2_hint="b_first")],
    **{mm: STRAIGHT_72 for mm in (136, 144, 152, 160, 168, 176, 184, 192)},
    100: STRAIGHT_72[:1],
    200: STRAIGHT_72[:1],
}


def right(a, b, c) -> bool:
    ref = a.float() @ b.float().T
    return bool(torch.isfinite(c).all()) and bool(
        ((c.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all()
    )


def main() -> None:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    print(f"{torch.cuda.get_device_name()}; rounds {ROUNDS}", flush=True)
    for mm, cands in CANDIDATES.items():
        a = torch.randn(mm, K, dtype=torch.float16, device="cuda")
        table = m.select_config(mm)
        outs = [torch.full((mm, N), float("nan"), dtype=torch.float16, device="cuda")
                for _ in range(len(cands) + 2)]
        oks = []
        for cfg, c in zip(cands, outs[2:]):
            m.launch_config(a, b, c, cfg)
            torch.cuda.synchronize()
            oks.append(right(a, b, c))
        fns = [lambda: torch.matmul(a, b.T, out=outs[0]),
               lambda: m.launch_config(a, b, outs[1], table)]
        fns += [lambda cfg=cfg, c=c: m.launch_config(a, b, c, cfg) for cfg, c in zip(cands, outs[2:])]
        for r in range(ROUNDS):
            t = [x.p50 for x in timer.time_many(fns, iters=60)]
            line = (f"M={mm:4d} r{r} torch {t[0]:6.2f}  table {table.tile_r}x{table.tile_s}"
                    f"{'s' if table.swap_ab else ''} {t[1]:6.2f} {t[0] / t[1]:.3f}x")
            for cfg, x, ok in zip(cands, t[2:], oks):
                name = f"{cfg.tile_r}x{cfg.tile_s}{'s' if cfg.swap_ab else ''}/e{cfg.epi_tile[1]}/{cfg.l2_hint}"
                line += f" | {name} {x:6.2f} {t[0] / x:.3f}x ok={ok} st={cfg.ring_stages}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
