"""Experiment (device): where do the microseconds go at small M?

Times, under the runner's protocol (CUPTI span after a 256 MB zero fill, median): a probe that
only streams B (no math) over a grid of row-block sizes, the ceiling of that access pattern;
then the tuned Triton solution and torch.matmul at a few small M.

Usage (on a CUDA machine, from the repo root): python -m scripts.explore_small_m
"""

import itertools
import sys

import torch
import triton
import triton.language as tl

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm.main import run as tuned_run  # noqa: E402


@triton.jit
def _stream_probe(b_ptr, out_ptr, K, stride_bn, ROWS: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    offs_n = pid * ROWS + tl.arange(0, ROWS)
    acc = tl.zeros((ROWS, BLOCK_K), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        offs_k = k + tl.arange(0, BLOCK_K)
        acc += tl.load(b_ptr + offs_n[:, None] * stride_bn + offs_k[None, :]).to(tl.float32)
    tl.store(out_ptr + offs_n, tl.sum(acc, axis=1))


def main() -> None:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    out = torch.empty(N, dtype=torch.float32, device="cuda")
    probes = list(itertools.product((8, 16, 32), (128, 256), (1, 4), (4, 8)))
    fns = [
        lambda r=r, bk=bk, s=s, w=w: _stream_probe[(N // r,)](
            b, out, K, b.stride(0), ROWS=r, BLOCK_K=bk, num_warps=w, num_stages=s
        )
        for r, bk, s, w in probes
    ]
    times = timer.time_many(fns, iters=30, warmup=3)
    ranked = sorted(zip((t.p50 for t in times), probes, strict=True))
    print("stream probe (rows, BLOCK_K, stages, warps), best 5:")
    for us, p in ranked[:5]:
        print(f"  {us:6.2f} us  {p}")
    for m in (1, 16, 64):
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c = torch.empty(m, N, dtype=torch.float16, device="cuda")
        t_tuned, t_torch = timer.time_many(
            [lambda a=a, c=c: tuned_run(a, b, c), lambda a=a, c=c: torch.matmul(a, b.T, out=c)],
            iters=50,
            warmup=5,
        )
        print(f"M={m:3d}: torch {t_torch.p50:6.2f} us, tuned triton_gemm {t_tuned.p50:6.2f} us")


if __name__ == "__main__":
    main()
