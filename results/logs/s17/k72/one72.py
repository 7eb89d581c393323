import sys
import torch
sys.path.insert(0, "scratch/k72")
import cute_gemm.kernel as k
from cute_gemm import main as m
from fibgemm import K, N
k.is_valid = lambda cfg, K: True
m.is_valid = k.is_valid
cfg = k.CuteConfig(64, 72, False, epi_cols=int(sys.argv[1]), l2_hint="b_first")
a = torch.randn(136, K, dtype=torch.float16, device="cuda")
b = torch.randn(N, K, dtype=torch.float16, device="cuda")
c = torch.full((136, N), float("nan"), dtype=torch.float16, device="cuda")
m.launch_config(a, b, c, cfg)
torch.cuda.synchronize()
print("ran", bool(torch.isfinite(c).all()))
