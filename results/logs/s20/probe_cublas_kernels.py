"""Which kernels torch.matmul (cuBLAS) launches on our 43 workloads, with their grids.

The closing notes compare our tiles with cuBLAS's times but never said what cuBLAS runs. This
profiles torch.matmul once per M after the protocol's zero fill and prints, for each device
activity of the call, its name, grid, block, registers and shared memory (from the chrome
trace torch.profiler writes), and the call's median span over 30 cold-L2 calls.

Run on the device from the repo root:
    python results/logs/s20/probe_cublas_kernels.py
"""

import json
import tempfile

import torch

from fibgemm import WORKLOAD_MS  # the 43 Ms
from fibgemm.timing import ColdL2Timer

N, K = 3072, 2048


def kernels_of_one_call(timer: ColdL2Timer, fn) -> list[dict]:
    fn()
    torch.cuda.synchronize()
    timer.flush()
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        prof.export_chrome_trace(f.name)
        events = json.load(open(f.name))["traceEvents"]
    return [e for e in events if e.get("cat") in ("kernel", "gpu_memset", "gpu_memcpy")]


def main() -> None:
    torch.manual_seed(0)
    b = torch.randn(N, K, device="cuda", dtype=torch.float16)
    timer = ColdL2Timer()
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__}")
    print(f"{'M':>5} {'us':>7} {'TF/s':>6}  kernel [grid] block regs smem")
    for m in WORKLOAD_MS:
        a = torch.randn(m, K, device="cuda", dtype=torch.float16)
        c = torch.empty(m, N, device="cuda", dtype=torch.float16)
        fn = lambda: torch.matmul(a, b.T, out=c)  # noqa: E731
        (t,) = timer.time_many([fn], iters=30, warmup=3)
        tf = 2 * m * N * K / t.p50 / 1e6
        for e in kernels_of_one_call(timer, fn):
            args = e.get("args", {})
            print(f"{m:>5} {t.p50:7.2f} {tf:6.1f}  {e['name'][:90]} {args.get('grid')} "
                  f"{args.get('block')} {args.get('registers per thread')} "
                  f"{args.get('shared memory')} dur={e.get('dur')}")


if __name__ == "__main__":
    main()
