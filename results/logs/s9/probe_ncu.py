"""Probe for Nsight Compute: one solution's run() at one M inside an NVTX range "probe".

    ncu --nvtx --nvtx-include "probe/" ... python results/logs/s9/probe_ncu.py SOLUTION M

SOLUTION is triton_gemm or cute_gemm (sources/<SOLUTION>/main.py, its table's config for M).
Three calls run before the range (compilation, descriptors), two inside it.
"""

import importlib
import sys

import torch

from fibgemm import REPO_ROOT, K, N

sys.path.insert(0, str(REPO_ROOT / "sources"))
solution = importlib.import_module(f"{sys.argv[1]}.main")
m = int(sys.argv[2])
a = torch.randn(m, K, dtype=torch.float16, device="cuda")
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
c = torch.empty(m, N, dtype=torch.float16, device="cuda")
for _ in range(3):
    solution.run(a, b, c)
torch.cuda.synchronize()
print(sys.argv[1], m, solution.select_config(m), flush=True)
torch.cuda.nvtx.range_push("probe")
for _ in range(2):
    solution.run(a, b, c)
torch.cuda.nvtx.range_pop()
torch.cuda.synchronize()
err = (c.float() - a.float() @ b.float().T).abs().max().item()
print("max abs error", err)
