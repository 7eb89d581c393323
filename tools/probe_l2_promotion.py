"""Probe (docs/triton_gemm.md): the L2 promotion of triton_gemm's TMA descriptors
(WsTileConfig.L2_PROMOTION, l2_promotion.py), each timed right after itself.

For each M, the table's row with each promotion, through its own replayer (the launch path
main.run takes, descriptors encoded once per operand address) on the same operands. In each
round torch.matmul and every variant run twice in a row and the second call is timed (cold L2,
CUPTI, medians of 100, two repeats): the SMs' instruction caches keep the last kernel's code,
so a variant timed right after torch.matmul would pay for fetching its own (docs/timing.md).
Every output is checked bit for bit against Triton's 128 B first.
Run on a Hopper GPU: `python -m tools.probe_l2_promotion [M ...]`."""

import sys
from dataclasses import replace

import torch
from triton_gemm import launch, main
from triton_gemm.l2_promotion import PROMOTIONS
from triton_gemm.ws_tile import WsTileConfig

from fibgemm.timing import ColdL2Timer

K, N = 2048, 3072
DEFAULT_MS = (2, 16, 24, 48, 64, 80, 104, 128, 136, 176, 200, 256, 972, 2053, 2379, 8192)


def replay_of(cfg, A, B, C):
    """cfg launched once on (A, B, C), then its replayer (main.run's path)."""
    main.launch_config(A, B, C, cfg)
    jit_fn, module, _ = main._kernel_of(cfg)
    grid, args = module._grid_and_args(A, B, C, cfg)
    return launch.replayer(jit_fn, cfg, A.get_device(), grid, args, module.replay_slots(cfg))


def probe(m: int, timer: ColdL2Timer) -> None:
    cfg = main.select_config(m)
    if not isinstance(cfg, WsTileConfig):
        print(f"M={m}: {cfg} has no TMA descriptors", flush=True)
        return
    dev = timer.device
    A = torch.randn(m, K, device=dev, dtype=torch.float16) / 16
    B = torch.randn(N, K, device=dev, dtype=torch.float16) / 16
    C = torch.full((m, N), float("nan"), device=dev, dtype=torch.float16)
    replays, first = {}, None
    for name in PROMOTIONS:
        C.fill_(float("nan"))
        replays[name] = replay_of(replace(cfg, L2_PROMOTION=name), A, B, C)
        assert replays[name] is not None and replays[name](A, B, C)
        torch.cuda.synchronize()
        first = C.clone() if first is None else first
        assert torch.equal(C, first), (m, name)  # NaN fails: every element written
    err = (first.float() - A.float() @ B.float().T).abs().max().item()
    assert err < 2e-2, (m, err)

    def reference():
        torch.matmul(A, B.T, out=C)

    fns = [reference, reference]
    for replay in replays.values():
        fns += [lambda r=replay: r(A, B, C)] * 2
    print(f"M={m} {cfg}", flush=True)
    for rep in range(2):
        t, *us = (x.p50 for x in timer.time_many(fns, iters=100)[1::2])
        row = "  ".join(f"{n} {u:6.2f} ({t / u:.3f}x)" for n, u in zip(PROMOTIONS, us, strict=True))
        print(f"M={m} rep={rep} torch {t:6.2f}  {row} us", flush=True)


def main_() -> None:
    print(f"{torch.cuda.get_device_name()}; each timed right after itself", flush=True)
    timer = ColdL2Timer(torch.device("cuda"))
    for m in [int(x) for x in sys.argv[1:]] or DEFAULT_MS:
        probe(m, timer)


if __name__ == "__main__":
    main_()
