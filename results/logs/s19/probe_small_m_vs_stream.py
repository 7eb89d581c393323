"""The two solutions at M <= 16 beside kernels that only read B, in one cold-L2 session.

probe_stream_pattern.py --sweep found the fastest read-only streams of B (pointer loads,
96-384 CTAs) at 6.14-6.21 us in its session. This times, interleaved in one session, for each
M of 1, 2, 4, 7, 8, 15 and 16: torch.matmul, cute_gemm and triton_gemm (their tables), the
CuTe M = 1 bucket's config with its epilogue staged the other way (the eighteenth session's
retune moved it to epi_whole by a margin the passes did not bear out), and the four fastest
streams of the sweep. Each GEMM's output is checked against a float32 reference first.

Run on the device with the CuTe DSL staged, from the repo root, sources/ on PYTHONPATH:
    python results/logs/s19/probe_small_m_vs_stream.py
"""

import dataclasses
import statistics
import sys
from pathlib import Path

import torch

from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(Path(__file__).parent))
from probe_stream_pattern import K, N, launcher  # noqa: E402

from cute_gemm import main as cute_main  # noqa: E402  (sources/ on PYTHONPATH)
from triton_gemm.main import run as triton_run  # noqa: E402

MS = (1, 2, 4, 7, 8, 15, 16)
STREAMS = (  # (rows, bk, stages, warps): the sweep's four fastest
    (8, 128, 12, 4),
    (16, 128, 8, 4),
    (16, 128, 12, 4),
    (32, 128, 12, 8),
)
REPS = 3


def checked(name, fn, a, b, c) -> None:
    c.fill_(float("nan"))
    fn()
    torch.cuda.synchronize()
    ref = a.float() @ b.float().T
    if not torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2):
        raise SystemExit(f"{name} wrong at M = {a.shape[0]}")


def main() -> int:
    torch.manual_seed(0)
    b = torch.randn(N, K, device="cuda", dtype=torch.float16)
    streams = [(f"stream rows={r} bk={bk} st={s} w={w}", launcher("tile_ptr", b, r, bk, s, w)[0])
               for r, bk, s, w in STREAMS]
    for _, f in streams:
        f()
    m1 = cute_main.select_config(1)
    other = dataclasses.replace(m1, epi_whole=not m1.epi_whole)
    timer = ColdL2Timer()
    rows = {}
    for m in MS:
        a = torch.randn(m, K, device="cuda", dtype=torch.float16)
        c = torch.empty(m, N, device="cuda", dtype=torch.float16)
        gemms = [
            ("torch.matmul", lambda: torch.matmul(a, b.T, out=c)),
            ("cute_gemm", lambda: cute_main.run(a, b, c)),
            ("triton_gemm", lambda: triton_run(a, b, c)),
        ]
        if m == 1:
            gemms.append((f"cute M=1 epi_whole={other.epi_whole}",
                          lambda: cute_main.launch_config(a, b, c, other)))
        for name, fn in gemms:
            checked(name, fn, a, b, c)
        fns = gemms + streams
        for rep in range(REPS):
            times = timer.time_many([f for _, f in fns], iters=100)
            for (name, _), t in zip(fns, times):
                rows.setdefault((m, name), []).append(t.p50)
    names = list(dict.fromkeys(name for _, name in rows))
    print(f"median us of {REPS} sessions of 100 calls (range over the sessions)")
    for m in MS:
        print(f"M = {m}")
        for name in names:
            v = rows.get((m, name))
            if v:
                print(f"  {statistics.median(v):6.2f} [{min(v):.2f}-{max(v):.2f}]  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
