"""Probe 2: the Gluon warp-specialized tile kernel (ws_tile.py) after the two-dot store fix:
its fixed cost (K = 256, where the loop is short), the producer's register budget, and the
two-dot tiles, against the Triton table's config and torch.matmul (same protocol as
probe_ws_tile.py)."""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as triton_main  # noqa: E402
from triton_gemm.tma_tile import TileTmaConfig as T  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig as W  # noqa: E402

PROBES = {
    16: [W(64, 16, 128, SWAP_AB=True), W(64, 16, 128, SWAP_AB=True, PRODUCER_REGS=48)],
    64: [W(64, 32, 128), W(64, 32, 128, PRODUCER_REGS=48), W(64, 32, 128, 16)],
    144: [W(64, 64, 64, 16), W(64, 64, 128, 16), W(64, 64, 64, 16, PRODUCER_REGS=48)],
    200: [W(64, 64, 64, 32), W(64, 64, 128, 32)],
    972: [W(128, 128, 64, 64), W(128, 128, 64, 64, PRODUCER_REGS=48)],
}


def short_k(timer):
    """Kernel time at K = 256 (two 128-deep steps): what a call costs besides its loop."""
    k = 256
    a = torch.randn(16, k, dtype=torch.float16, device="cuda")
    b = torch.randn(N, k, dtype=torch.float16, device="cuda")
    ref = a.float() @ b.float().T
    cfgs = [T(16, 64, 128, SWAP_AB=True, num_stages=2), W(64, 16, 128, SWAP_AB=True, STAGES=2)]
    outs = [torch.full((16, N), float("nan"), dtype=torch.float16, device="cuda") for _ in cfgs]
    for c, o in zip(cfgs, outs, strict=True):
        triton_main.launch_config(a, b, o, c)
        err = (o.float() - ref).abs().max().item()
        print(f"K=256 {c}: max err {err:.3g}", flush=True)
    fns = [
        lambda c=c, o=o: triton_main.launch_config(a, b, o, c)
        for c, o in zip(cfgs, outs, strict=True)
    ]
    fns.append(lambda: torch.matmul(a, b.T, out=outs[0]))
    for rep in range(2):
        times = timer.time_many(fns, iters=60, warmup=3)
        print(
            f"K=256 M=16 rep{rep}: tile_tma {times[0].p50:.2f} | ws {times[1].p50:.2f} | "
            f"torch {times[2].p50:.2f}",
            flush=True,
        )


def main():
    timer = ColdL2Timer("cuda")
    short_k(timer)
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m, probes in PROBES.items():
        table = triton_main.select_config(m)
        cfgs = [table] + probes
        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, triton_main.launch_config, 60)
            us = {repr(c): t for t, c in ranked}
            line = []
            for i, c in enumerate(cfgs):
                t = us.get(repr(c))
                name = "table" if i == 0 else f"ws{i}"
                line.append(f"{name} {'WRONG' if t is None else f'{t:.2f} ({torch_us / t:.3f}x)'}")
            print(f"M={m:5d} rep{rep} torch {torch_us:.2f} | " + " | ".join(line), flush=True)
        for i, c in enumerate(cfgs[1:], 1):
            print(f"   ws{i} = {c}", flush=True)


main()
