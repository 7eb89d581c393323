"""Probe for Nsight Compute: one solution's run() at one M inside an NVTX range "probe".

    ncu --nvtx --nvtx-include "probe/" ... python results/logs/s9/probe_ncu.py SOLUTION M [CFG]

SOLUTION is triton_gemm or cute_gemm (sources/<SOLUTION>/main.py, its table's config for M, or
CFG: a triton_gemm WsTileConfig repr).
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
cfg = solution.select_config(m)
if len(sys.argv) > 3:
    ws_tile = importlib.import_module("triton_gemm.ws_tile")
    cfg = eval(sys.argv[3], {"WsTileConfig": ws_tile.WsTileConfig})
for _ in range(3):
    solution.launch_config(a, b, c, cfg)
torch.cuda.synchronize()
print(sys.argv[1], m, cfg, flush=True)
torch.cuda.nvtx.range_push("probe")
for _ in range(2):
    solution.launch_config(a, b, c, cfg)
torch.cuda.nvtx.range_pop()
torch.cuda.synchronize()
err = (c.float() - a.float() @ b.float().T).abs().max().item()
print("max abs error", err)
