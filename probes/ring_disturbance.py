"""What in triton_gemm's Gluon tile slows the torch.matmul timed after it: the table's row against
itself without the evict-first hint, without any PTX change, with shallower rings, a portable
Triton tile, and the solution's own launcher; each followed by a timed torch.matmul, three repeats.
Usage (H200): python probes/ring_disturbance.py 16 64 128 256"""

import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as solution
from triton_gemm import portable_tuned

from tuners import tune_triton as tt


def probe(m: int, b: torch.Tensor, timer: ColdL2Timer) -> None:
    a = torch.randn(m, K, dtype=torch.float16, device="cuda")
    out = torch.empty(m, N, dtype=torch.float16, device="cuda")
    cfg = tt.select_config(m)
    ring = cfg.ring
    variants = {
        f"table (ring {ring})": cfg,
        "no evict-first hint": replace(cfg, B_EVICT_FIRST=False),
        "no PTX rewrite": replace(
            cfg, B_EVICT_FIRST=False, ONE_WGMMA=False, ONE_PRELOAD_SYNC=False
        ),
        "ring 2": replace(cfg, STAGES=2, PRELOAD=min(cfg.PRELOAD, 2)),
        "ring 4": replace(cfg, STAGES=4, PRELOAD=min(cfg.PRELOAD, 4)),
        f"ring {ring // 2}": replace(cfg, STAGES=ring // 2, PRELOAD=min(cfg.PRELOAD, ring // 2)),
    }
    rows = [(limit, c) for limit, c in portable_tuned.TMA_TABLE if limit >= m]
    variants["portable Triton tile " + type(rows[0][1]).__name__] = rows[0][1]
    fns, names = [], []

    def ref():
        torch.matmul(a, b.T, out=out)

    for name, c in variants.items():
        try:
            tt.launch_config(a, b, out, c)
            torch.cuda.synchronize()
        except Exception as e:
            print(m, name, "failed", type(e).__name__, str(e)[:120])
            continue
        fns += [lambda c=c: tt.launch_config(a, b, out, c), ref]
        names.append(name)
    fns += [lambda: solution.run(a, b, out), ref]
    names.append("solution.run (replayer)")
    fns += [ref, ref]
    names.append("torch.matmul itself")
    for rep in range(3):
        t = timer.time_many(fns, iters=100, warmup=3)
        base = t[-1].p50
        for i, name in enumerate(names):
            kernel, after = t[2 * i].p50, t[2 * i + 1].p50
            print(f"M={m} rep{rep} {name:34s} kernel {kernel:7.2f} us  torch after {after:6.2f} us "
                  f"{after / base - 1:+6.1%}", flush=True)  # fmt: skip


if __name__ == "__main__":
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in [int(x) for x in sys.argv[1:]]:
        probe(m, b, timer)
