"""Triton's CUDA-core GEMV kernel (gemv.py) at M <= 16, pipelined as the fastest B streams are.

probe_pointer_small_m.log refuted kernel.py's MMA tiles at M <= 16 (7.5-10.9 us: Triton 3.6
feeds tl.dot through cp.async and shared memory) while the read-only stream of the same tile
ran 6.18-6.24. gemv.py is that stream with A's rows multiplied in on the CUDA cores; the tuner
last offered it 1 or 3 stages deep (the stream's best: 8-12). Hypothesis: 8-12 stages bring
the GEMV within ~0.1 us of the stream, below the table's Gluon tile (6.46-6.56 us). BLOCK_M
16 (M = 15, 16) is past gemv.is_valid's limit of 8, tried here as launched, on 8 rows of B.
Each config's output is checked (NaN-poisoned, against float32) first; the PTX facts of each
compiled config are printed.

Second run (the .log's second half, `K: tl.constexpr` in gemv.py): the first showed no
pipelining at any depth (three ld.global in the PTX, the loop kept); the stream's K is a
constant, its 16 K steps unrolled with every load issued up front. Hypothesis: the same
unrolling in the GEMV.

Third run (probe_gemv_tl_range.log): the loop as the stream writes it, tl.range(...,
num_stages=STAGES), K still a constant.

Run on the device, from the repo root, sources/ on PYTHONPATH:
    python results/logs/s21/probe_gemv_small_m.py
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
from triton_gemm.gemv import GemvConfig  # noqa: E402
from triton_gemm.main import launch_config  # noqa: E402
from triton_gemm.main import run as triton_run  # noqa: E402

MS = (1, 2, 4, 8)
REPS = 3


def configs(m: int) -> list[GemvConfig]:
    block_m = max(1, 1 << (m - 1).bit_length())
    out = []
    for rows, bk, stages, warps in (
        (16, 128, 8, 4), (16, 128, 12, 4), (8, 128, 8, 4), (8, 128, 12, 4), (32, 128, 8, 8),
        (8, 256, 4, 4), (8, 256, 8, 4), (16, 256, 8, 8),
    ):  # fmt: skip
        if block_m * rows * bk <= 64 * 32 * warps:  # the accumulator: <= 64 registers a thread
            out.append(GemvConfig(block_m, rows, bk, num_warps=warps, num_stages=stages))
    return out


def name_of(cfg: GemvConfig) -> str:
    return (f"gemv bm={cfg.BLOCK_M} rows={cfg.ROWS} bk={cfg.BLOCK_K} st={cfg.num_stages}"
            f" w={cfg.num_warps}")


def checked(name, fn, a, b, c) -> bool:
    c.fill_(float("nan"))
    fn()
    torch.cuda.synchronize()
    ref = a.float() @ b.float().T
    if not torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2):
        print(f"WRONG, not timed: {name} at M = {a.shape[0]}")
        return False
    return True


def ptx_facts() -> None:
    print(f"triton {triton.__version__}; compiled GEMV kernels:")
    for key, (kernel, _) in launch._compiled.items():
        if not isinstance(key[1], GemvConfig):
            continue
        ptx = kernel.asm.get("ptx", "")
        print(f"  cp.async {len(re.findall(r'cp.async.[a-z]*.shared', ptx)):3d}"
              f"  ld.global {len(re.findall(r'ld.global', ptx)):3d}"
              f"  regs {kernel.n_regs:3d} spills {kernel.n_spills}"
              f"  shared {kernel.metadata.shared:6d}  {name_of(key[1])}")


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
            ("torch.matmul", lambda a=a, c=c: torch.matmul(a, b.T, out=c)),
            ("triton_gemm (table)", lambda a=a, c=c: triton_run(a, b, c)),
        ]
        fns += [
            (name_of(cfg), lambda cfg=cfg, a=a, c=c: launch_config(a, b, c, cfg))
            for cfg in configs(m)
        ]
        fns = [(name, fn) for name, fn in fns if checked(name, fn, a, b, c)]
        fns.append(("stream rows=16 bk=128 st=8 (reads B only)", stream))
        for _ in range(REPS):
            times = timer.time_many([f for _, f in fns], iters=100)
            for (name, _), t in zip(fns, times, strict=True):
                rows.setdefault((m, name), []).append(t.p50)
    ptx_facts()
    print(f"median us of {REPS} sessions of 100 calls (range over the sessions)")
    for m in MS:
        torch_us = statistics.median(rows[(m, "torch.matmul")])
        print(f"M = {m}")
        for (mm, name), v in rows.items():
            if mm == m:
                med = statistics.median(v)
                print(f"  {med:6.2f} [{min(v):.2f}-{max(v):.2f}] {torch_us / med:6.3f}x  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
