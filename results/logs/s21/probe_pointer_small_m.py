"""Triton's pointer-load GEMM (kernel.py) at M <= 16 beside the table's Gluon tile and a stream.

The nineteenth session's fastest kernels that only read B were plain Triton pointer loops over
8-32 rows of B a CTA (6.14-6.21 us, probe_stream_pattern.py), where triton_gemm's Gluon
swap-AB tile ran 6.40-6.53 in the same session. kernel.py's swap-AB tile is that loop with a
16 x 16 (or 32) MMA added, and it was last tuned at M <= 16 in the sixth session, before B
loads carried an L2 evict-first hint and with 64-row tiles only (6.9 us then). Hypothesis:
16-row (192 CTAs) or 8-row (384) tiles, with B evict-first, run within ~0.1 us of the stream,
below the Gluon tile. Each config's output is checked (NaN-poisoned, against float32) first;
the PTX facts (cp.async, evict-first) of each compiled config are printed.

Run on the device, from the repo root, sources/ on PYTHONPATH:
    python results/logs/s21/probe_pointer_small_m.py
"""

import re
import statistics
import sys
from pathlib import Path

import torch
import triton

from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(Path(__file__).parents[1] / "s19"))
from probe_stream_pattern import K, N, launcher  # noqa: E402

from triton_gemm import launch  # noqa: E402  (sources/ on PYTHONPATH)
from triton_gemm.kernel import GemmConfig  # noqa: E402
from triton_gemm.main import launch_config  # noqa: E402
from triton_gemm.main import run as triton_run  # noqa: E402

MS = (1, 2, 4, 7, 8, 15, 16)
REPS = 3


def configs() -> list[GemmConfig]:
    out = []
    for stages in (4, 8, 12):
        for ef in (False, True):  # 16 rows of B a CTA: 192 CTAs
            out.append(GemmConfig(16, 16, 128, SWAP_AB=True, num_stages=stages, B_EVICT_FIRST=ef))
    for ef in (False, True):  # 8 rows a CTA, 8 masked: 384 CTAs
        out.append(GemmConfig(16, 16, 128, ROWS_N=8, SWAP_AB=True, num_stages=8, B_EVICT_FIRST=ef))
    for rows in (24, 32):  # 128 and 96 CTAs
        out.append(
            GemmConfig(
                16,
                32,
                128,
                ROWS_N=None if rows == 32 else rows,
                SWAP_AB=True,
                num_stages=8,
                B_EVICT_FIRST=True,
            )
        )
    out.append(GemmConfig(16, 16, 256, SWAP_AB=True, num_stages=6, B_EVICT_FIRST=True))
    return out


def name_of(cfg: GemmConfig) -> str:
    return (
        f"ptr 16x{cfg.BLOCK_N} rows={cfg.rows_n} bk={cfg.BLOCK_K} st={cfg.num_stages}"
        f" ef={int(cfg.B_EVICT_FIRST)}"
    )


def checked(name, fn, a, b, c) -> None:
    c.fill_(float("nan"))
    fn()
    torch.cuda.synchronize()
    ref = a.float() @ b.float().T
    if not torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2):
        raise SystemExit(f"{name} wrong at M = {a.shape[0]}")


def ptx_facts() -> None:
    print(f"triton {triton.__version__}; compiled pointer kernels:")
    for key, (kernel, _) in launch._compiled.items():
        ptx = kernel.asm.get("ptx", "")
        if not isinstance(key[1], GemmConfig):
            continue
        print(
            f"  cp.async {len(re.findall(r'cp.async.[a-z]*.shared', ptx)):3d}"
            f"  ld.global {len(re.findall(r'ld.global', ptx)):3d}"
            f"  evict_first {'L2::evict_first' in ptx}  shared {kernel.metadata.shared}"
            f"  {name_of(key[1])}"
        )


def main() -> int:
    torch.manual_seed(0)
    b = torch.randn(N, K, device="cuda", dtype=torch.float16)
    stream = launcher("tile_ptr", b, 16, 128, 8, 4)[0]
    stream()
    timer = ColdL2Timer()
    rows = {}
    for m in MS:
        a = torch.randn(m, K, device="cuda", dtype=torch.float16)
        c = torch.empty(m, N, device="cuda", dtype=torch.float16)
        fns = [
            ("torch.matmul", lambda: torch.matmul(a, b.T, out=c)),
            ("triton_gemm (table)", lambda: triton_run(a, b, c)),
        ]
        fns += [(name_of(cfg), lambda cfg=cfg: launch_config(a, b, c, cfg)) for cfg in configs()]
        for name, fn in fns:
            checked(name, fn, a, b, c)
        fns.append(("stream rows=16 bk=128 st=8 (reads B only)", stream))
        for _ in range(REPS):
            times = timer.time_many([f for _, f in fns], iters=100)
            for (name, _), t in zip(fns, times):
                rows.setdefault((m, name), []).append(t.p50)
    ptx_facts()
    names = list(dict.fromkeys(name for _, name in rows))
    print(f"median us of {REPS} sessions of 100 calls (range over the sessions)")
    for m in MS:
        torch_us = statistics.median(rows[(m, "torch.matmul")])
        print(f"M = {m}")
        for name in names:
            v = rows[(m, name)]
            med = statistics.median(v)
            print(f"  {med:6.2f} [{min(v):.2f}-{max(v):.2f}] {torch_us / med:6.3f}x  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
