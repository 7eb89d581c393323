"""Swap-AB tiles at M = 136-192, which the tuner's candidate list never held there.

At M = 128 the table's 64 x 48 swap-AB tile (3 token tiles x 48 = 144 CTAs) runs ~6.8 us; at
136 and 144 the same tile needs the same 144 CTAs, yet the table's bucket holds a straight
64 x 80 tile at ~7.55 us: tune_cute's candidates at m > 128 hold swap-AB widths 16, 32, 64,
128, 256 and M rounded to 16 or 32, not 48.
Usage (device): python results/logs/s18/probe_swap_136.py [ROUNDS]
Each candidate is checked first (NaN-poisoned C, float32 reference, atol 3e-2, rtol 1e-2),
then timed interleaved with torch.matmul and the table (CUPTI, 256 MB zero fill, median of 60).
"""

import sys

import torch

from cute_gemm import main as m
from cute_gemm.kernel import CuteConfig
from fibgemm import K, N
from fibgemm.timing import ColdL2Timer

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 2
TILE_128 = m.select_config(128)  # the 64 x 48 swap-AB tile
CANDS = [
    TILE_128,
    CuteConfig(64, 48, True, tile_k=128, l2_hint="b_first"),
    CuteConfig(64, 48, True, l2_hint="b_first"),
    CuteConfig(64, 56, True, l2_hint="b_first"),
    CuteConfig(64, 64, True, tile_k=128, l2_hint="b_first"),
    CuteConfig(64, 72, True, l2_hint="b_first"),
]
MS = (128, 136, 144, 152, 160, 168, 176, 184, 192)


def right(a, b, c) -> bool:
    ref = a.float() @ b.float().T
    return bool(torch.isfinite(c).all()) and bool(
        ((c.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all()
    )


def name(cfg) -> str:
    return (f"{cfg.tile_r}x{cfg.tile_s}{'s' if cfg.swap_ab else ''}/k{cfg.tile_k}/"
            f"{cfg.l2_hint or '-'}")


def main() -> None:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    print(f"{torch.cuda.get_device_name()}; rounds {ROUNDS}", flush=True)
    for mm in MS:
        a = torch.randn(mm, K, dtype=torch.float16, device="cuda")
        table = m.select_config(mm)
        outs = [torch.full((mm, N), float("nan"), dtype=torch.float16, device="cuda")
                for _ in range(len(CANDS) + 2)]
        oks = []
        for cfg, c in zip(CANDS, outs[2:]):
            m.launch_config(a, b, c, cfg)
            torch.cuda.synchronize()
            oks.append(right(a, b, c))
        fns = [lambda: torch.matmul(a, b.T, out=outs[0]),
               lambda: m.launch_config(a, b, outs[1], table)]
        fns += [lambda cfg=cfg, c=c: m.launch_config(a, b, c, cfg) for cfg, c in zip(CANDS, outs[2:])]
        for r in range(ROUNDS):
            t = [x.p50 for x in timer.time_many(fns, iters=60)]
            line = f"M={mm:4d} r{r} torch {t[0]:5.2f} | table {name(table)} {t[1]:5.2f} {t[0] / t[1]:.3f}x"
            for cfg, x, ok in zip(CANDS, t[2:], oks):
                line += f" | {name(cfg)} {x:5.2f} {t[0] / x:.3f}x{'' if ok else ' WRONG'}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
