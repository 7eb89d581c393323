"""What mixed 216/224-wide tiles could give at M = 2379, bounded from above without building
them: 128 x 216 swap-AB tiles (8-column epilogue sub-tiles: 216 is an odd number of 8-column
groups) at M = 2376 = 11 x 216, where 264 tiles fill two waves exactly, against the table's
128 x 224 tiles at 2379 and 2376 and torch.matmul at both.

A mixed walk gives each SM one tile of each width (440 tokens, -1.8%); all-216 tiles give 432
(-3.6%), so this bounds the mixed walk's time from below.
Usage (device): python results/logs/s18/probe_2379_widths.py [ROUNDS]
"""

import sys

import torch

from cute_gemm import main as m
from cute_gemm.kernel import CuteConfig
from fibgemm import K, N
from fibgemm.timing import ColdL2Timer

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
TABLE = m.select_config(2379)
NARROW = CuteConfig(128, 216, True, persistent=True)
NARROW_16 = CuteConfig(128, 208, True, persistent=True)  # 16-column sub-tiles, for scale


def main() -> None:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    a = torch.randn(2379, K, dtype=torch.float16, device="cuda")
    a76, a2288 = a[:2376], a[:2288]  # contiguous row prefixes
    ref = a.float() @ b.float().T
    cases = [
        ("torch 2379", lambda c: torch.matmul(a, b.T, out=c), 2379),
        ("torch 2376", lambda c: torch.matmul(a76, b.T, out=c), 2376),
        ("torch 2288", lambda c: torch.matmul(a2288, b.T, out=c), 2288),
        ("table 128x224 @2379", lambda c: m.launch_config(a, b, c, TABLE), 2379),
        ("table 128x224 @2376", lambda c: m.launch_config(a76, b, c, TABLE), 2376),
        ("128x216 @2376", lambda c: m.launch_config(a76, b, c, NARROW), 2376),
        ("128x208 @2288", lambda c: m.launch_config(a2288, b, c, NARROW_16), 2288),
    ]
    outs = []
    for label, fn, rows in cases:
        c = torch.full((rows, N), float("nan"), dtype=torch.float16, device="cuda")
        fn(c)
        torch.cuda.synchronize()
        r = ref[:rows]
        ok = bool(torch.isfinite(c).all()) and bool(((c.float() - r).abs() <= 3e-2 + 1e-2 * r.abs()).all())
        print(f"{label}: {'ok' if ok else 'WRONG'}", flush=True)
        outs.append(c)
    fns = [lambda fn=fn, c=c: fn(c) for (_, fn, _), c in zip(cases, outs)]
    print(f"{torch.cuda.get_device_name()}; table {TABLE}", flush=True)
    for r in range(ROUNDS):
        t = [x.p50 for x in timer.time_many(fns, iters=60)]
        print(f"r{r} " + " | ".join(f"{label} {x:6.2f}" for (label, _, _), x in zip(cases, t))
              + f" || torch2379/216@2376 {t[0] / t[5]:.3f}x  torch2379/table {t[0] / t[3]:.3f}x", flush=True)


if __name__ == "__main__":
    main()
