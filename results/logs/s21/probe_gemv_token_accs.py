"""The GEMV at M = 2-8 with one 2-D accumulator per token (gemv.py's TOKEN_ACCS).

probe_gemv_tl_range.log: the pipelined GEMV ran M = 1 at 6.34 us, but M = 2 at 7.07 and 8 at
10.4, its (BLOCK_M, ROWS, BLOCK_K) product costing more than the stream saves. Hypothesis: one
(ROWS, BLOCK_K) accumulator per token, A's row broadcast along B's rows as at M = 1, runs
M = 2-8 near M = 1's 6.34, below the table's Gluon tile (6.40-6.56). Beside each: the table,
the 3-D GEMV the tuner found best, the 16-row stream. Output checked first (NaN-poisoned).

Run on the device, from the repo root, sources/ on PYTHONPATH:
    python results/logs/s21/probe_gemv_token_accs.py
"""

import statistics
import sys
from pathlib import Path

import torch

from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "s19"))
import probe_gemv_small_m  # noqa: E402
from probe_gemv_small_m import checked, name_of, ptx_facts  # noqa: E402
from probe_stream_pattern import K, N, launcher  # noqa: E402

from triton_gemm.gemv import GemvConfig  # noqa: E402  (sources/ on PYTHONPATH)
from triton_gemm.main import launch_config  # noqa: E402
from triton_gemm.main import run as triton_run  # noqa: E402

MS = (2, 4, 7, 8)
REPS = 3


def configs(m: int) -> list[GemvConfig]:
    block_m = 1 << (m - 1).bit_length()
    out = [GemvConfig(block_m, 8, 128, num_warps=4, num_stages=8)]  # 3-D, the tuner's best
    for rows, bk, stages, warps in (
        (8, 256, 8, 4), (8, 128, 8, 4), (8, 512, 4, 4), (8, 256, 8, 8), (16, 256, 8, 8),
        (16, 128, 8, 4), (8, 128, 12, 4),
    ):  # fmt: skip
        cfg = GemvConfig(block_m, rows, bk, num_warps=warps, num_stages=stages, TOKEN_ACCS=True)
        if block_m * rows * bk <= 64 * 32 * warps:
            out.append(cfg)
    return out


def label(cfg: GemvConfig) -> str:
    return name_of(cfg) + (" token-accs" if cfg.TOKEN_ACCS else " 3-D")


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
            (label(cfg), lambda cfg=cfg, a=a, c=c: launch_config(a, b, c, cfg))
            for cfg in configs(m)
        ]
        fns = [(name, fn) for name, fn in fns if checked(name, fn, a, b, c)]
        fns.append(("stream rows=16 bk=128 st=8 (reads B only)", stream))
        for _ in range(REPS):
            times = timer.time_many([f for _, f in fns], iters=100)
            for (name, _), t in zip(fns, times, strict=True):
                rows.setdefault((m, name), []).append(t.p50)
    probe_gemv_small_m.name_of = label  # the PTX facts name the variant too
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
