"""The --neighbours retune, before against after, in one cold-L2 session.

For every workload M whose config the pass changed (cute_gemm and triton_gemm), time the
table's config before the pass (cute_tuned_before.py / triton_tuned_before.py beside this file,
the tables at 0fc5c0b) and after it (sources/*/tuned.py), interleaved with torch.matmul, in
REPS sessions of 100 calls; each config's output is checked against a float32 reference first.

Run on the device (CuTe DSL staged), repo root, sources/ on PYTHONPATH:
    python results/logs/s19/neighbours/probe_before_after.py
"""

import re
import statistics
import sys
from pathlib import Path

import torch

from fibgemm import WORKLOAD_MS, K, N
from fibgemm.timing import ColdL2Timer

from cute_gemm import main as cute_main  # noqa: E402  (sources/ on PYTHONPATH)
from triton_gemm import main as triton_main  # noqa: E402

HERE = Path(__file__).parent
REPS = 3


def table_from(path: Path, package: str) -> list:
    """TABLE of a saved tuned.py, its relative imports made absolute."""
    ns: dict = {}
    exec(re.sub(r"from \.(\w+) import", rf"from {package}.\1 import", path.read_text()), ns)
    return ns["TABLE"]


def config_at(table: list, m: int):
    return next((cfg for limit, cfg in table if m <= limit), table[-1][1])


def main() -> int:
    torch.manual_seed(0)
    b = torch.randn(N, K, device="cuda", dtype=torch.float16)
    timer = ColdL2Timer()
    cases = []
    for name, main_mod, package in (
        ("cute_gemm", cute_main, "cute_gemm"),
        ("triton_gemm", triton_main, "triton_gemm"),
    ):
        before = table_from(HERE / f"{name.split('_')[0]}_tuned_before.py", package)
        for m in WORKLOAD_MS:
            old, new = config_at(before, m), main_mod.select_config(m)
            if old != new:
                cases.append((name, m, main_mod.launch_config, old, new))
    print(f"{len(cases)} (solution, M) pairs changed")
    results = []
    for name, m, launch, old, new in cases:
        a = torch.randn(m, K, device="cuda", dtype=torch.float16)
        c = torch.empty(m, N, device="cuda", dtype=torch.float16)
        ref = a.float() @ b.float().T
        for cfg in (old, new):
            c.fill_(float("nan"))
            launch(a, b, c, cfg)
            torch.cuda.synchronize()
            if not torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2):
                raise SystemExit(f"{name} M = {m}: {cfg} wrong")
        fns = [
            lambda: torch.matmul(a, b.T, out=c),
            lambda: launch(a, b, c, old),
            lambda: launch(a, b, c, new),
        ]
        ratios = []
        for _ in range(REPS):
            t, o, n = timer.time_many(fns, iters=100)
            ratios.append((t.p50, o.p50, n.p50))
        tm, om, nm = (statistics.median(r[i] for r in ratios) for i in range(3))
        results.append((name, m, tm, om, nm))
        print(f"{name:12s} M={m:5d} torch {tm:7.2f}  before {om:7.2f} ({tm / om:.3f}x)  "
              f"after {nm:7.2f} ({tm / nm:.3f}x)  after/before {om / nm:.3f}", flush=True)
    for name in ("cute_gemm", "triton_gemm"):
        mine = [r for r in results if r[0] == name]
        if mine:
            gain = statistics.geometric_mean(r[3] / r[4] for r in mine)
            print(f"{name}: {len(mine)} Ms changed, geomean before/after time {gain:.4f} "
                  f"(over the 43 workloads: {gain ** (len(mine) / len(WORKLOAD_MS)):.4f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
