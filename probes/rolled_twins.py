# Each Gluon row against its rolled twins in one process (cold-L2 protocol, CUPTI medians), and
# torch.matmul right after each: python probes/rolled_twins.py REPEATS M...
import dataclasses
import sys

import torch

sys.path.insert(0, "sources")
from triton_gemm import ws_tile

from fibgemm.timing import ColdL2Timer
from tuners.tune_triton import launch_config, select_config

reps, ms = int(sys.argv[1]), [int(x) for x in sys.argv[2:]]
timer = ColdL2Timer("cuda")
b = torch.randn(3072, 2048, dtype=torch.float16, device="cuda")
print("M rep | ratio row r1 r1u2 r1u4 row4 | torch shift after each | us each, torch", flush=True)
for m in ms:
    cfg = select_config(m)
    if not isinstance(cfg, ws_tile.WsTileConfig) or cfg.PERSISTENT:
        print(m, "skip", type(cfg).__name__)
        continue
    R = dataclasses.replace
    vs = [
        cfg,
        R(cfg, ROLLED=1),
        R(cfg, ROLLED=1, UNROLL=2, STAGES=cfg.ring // 2 * 2),
        R(cfg, ROLLED=1, UNROLL=4, STAGES=cfg.ring // 4 * 4),
        R(cfg, STAGES=cfg.ring // 4 * 4),
    ]
    a = torch.randn(m, 2048, dtype=torch.float16, device="cuda")
    ref = a.float() @ b.float().T
    out = torch.empty(m, 3072, dtype=torch.float16, device="cuda")
    for c in vs:
        out.fill_(float("nan"))
        launch_config(a, b, out, c)
        torch.cuda.synchronize()
        err = (out.float() - ref).abs().max().item()
        assert err < 0.05 + 0.01 * ref.abs().max().item(), (m, c, err)
    r = lambda: torch.matmul(a, b.T, out=out)
    fns = []
    for c in vs:
        fns += [lambda c=c: launch_config(a, b, out, c), r]
    fns += [r, r]
    for rep in range(reps):
        t = [x.p50 for x in timer.time_many(fns, iters=100, warmup=3)]
        tt = t[-1]
        ks = [t[2 * i] for i in range(len(vs))]
        sh = [t[2 * i + 1] / tt - 1 for i in range(len(vs))]
        print(
            m,
            rep,
            "|",
            *[f"{tt / k:.3f}" for k in ks],
            "|",
            *[f"{x:+.3f}" for x in sh],
            "|",
            *[f"{k:.2f}" for k in ks],
            f"{tt:.2f}",
            flush=True,
        )
