"""How much of each call the epilogue costs where the tensor cores wait for it: the table's
config against the same kernel with its epilogue replaced by one store of one element a tile
(kernel_no_epilogue.patch, applied to a copy of sources/cute_gemm at scratch/noepi/cute_gemm_noepi).
A persistent CTA's epilogue runs while the producer refills the ring but the consumers' WGMMAs
wait: this bounds what overlapping it (a ping-pong of the two consumer warp groups) could save.
Usage (device): python results/logs/s18/no_epilogue/probe_no_epilogue.py [ROUNDS]
Timing only (the copy writes one element a tile, so C is not checked for it).
"""

import sys

import torch

sys.path.insert(0, "scratch/noepi")
from cute_gemm import main as m  # noqa: E402
from cute_gemm_noepi import main as noepi  # noqa: E402
from fibgemm import K, N  # noqa: E402
from fibgemm.timing import ColdL2Timer  # noqa: E402

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 2


def main() -> None:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    print(f"{torch.cuda.get_device_name()}; rounds {ROUNDS}", flush=True)
    for mm in (1, 136, 256, 972, 2053, 2379, 8192):
        a = torch.randn(mm, K, dtype=torch.float16, device="cuda")
        cfg = m.select_config(mm)
        outs = [torch.full((mm, N), float("nan"), dtype=torch.float16, device="cuda") for _ in range(3)]
        fns = [
            lambda: torch.matmul(a, b.T, out=outs[0]),
            lambda: m.launch_config(a, b, outs[1], cfg),
            lambda: noepi.launch_config(a, b, outs[2], cfg),
        ]
        for f in fns:
            f()
        torch.cuda.synchronize()
        ref = a.float() @ b.float().T
        ok = bool(((outs[1].float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all())
        for r in range(ROUNDS):
            t = [x.p50 for x in timer.time_many(fns, iters=60)]
            print(f"M={mm:5d} r{r} torch {t[0]:7.2f} | table {t[1]:7.2f} ({t[0] / t[1]:.3f}x, right={ok})"
                  f" | no epilogue {t[2]:7.2f} ({t[0] / t[2]:.3f}x) | epilogue costs {t[1] - t[2]:5.2f} us"
                  f" | {cfg.tile_r}x{cfg.tile_s}{' swap' if cfg.swap_ab else ''}"
                  f"{' persistent' if cfg.persistent else ''}", flush=True)


if __name__ == "__main__":
    main()
