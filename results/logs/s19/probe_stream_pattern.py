"""Does the order in which a CTA reads its rows of B change the streaming time under the protocol?

The CuTe and Gluon kernels at M <= 16 read B as 64-row x 128-byte TMA boxes: each box is 64
pieces of 128 B, 4 KB apart (one per row of B), and a CTA walks its 64 rows along K. A plain
stream reads memory in order. This probe streams all of B (3072 x 2048 fp16, 12.58 MB) with
the same CTA count and the same bytes per step, in the two orders, through pointer loads and
TMA, and times each against torch.matmul at M = 1 in one cold-L2 session:
- tile_*: CTA c owns rows [ROWS*c, ROWS*(c+1)), each step a [ROWS, BK] block (the kernels' order);
- flat_*: the same slab of ROWS full rows (contiguous), each step the next ROWS*BK elements.
Each CTA sums what it read (so nothing is dead code) and writes one float; the sums are checked.

Run on the device: python results/logs/s19/probe_stream_pattern.py [--sweep]
(--sweep: the tiled pointer stream alone over rows, K depth, stages and warps.)
"""

import itertools
import sys

import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

from fibgemm.timing import ColdL2Timer

N, K = 3072, 2048
TMA_INNER = 64  # fp16 elements in one 128-byte box row (the widest a swizzled box takes)


@triton.jit
def tile_ptr(b_ptr, out_ptr, K: tl.constexpr, ROWS: tl.constexpr, BK: tl.constexpr,
             STAGES: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BK)
    acc = tl.zeros((ROWS, BK), tl.float32)
    for k in tl.range(0, K, BK, num_stages=STAGES):
        acc += tl.load(b_ptr + rows[:, None] * K + (k + cols)[None, :]).to(tl.float32)
    tl.store(out_ptr + pid, tl.sum(acc))


@triton.jit
def flat_ptr(b_ptr, out_ptr, K: tl.constexpr, ROWS: tl.constexpr, BK: tl.constexpr,
             STAGES: tl.constexpr):
    pid = tl.program_id(0)
    base = pid * ROWS * K
    offs = tl.arange(0, ROWS * BK)
    acc = tl.zeros((ROWS * BK,), tl.float32)
    for i in tl.range(0, K // BK, num_stages=STAGES):
        acc += tl.load(b_ptr + base + i * ROWS * BK + offs).to(tl.float32)
    tl.store(out_ptr + pid, tl.sum(acc))


@triton.jit
def tile_tma(desc, out_ptr, K: tl.constexpr, ROWS: tl.constexpr, BK: tl.constexpr,
             STAGES: tl.constexpr):
    pid = tl.program_id(0)
    acc = tl.zeros((ROWS, BK), tl.float32)
    for k in tl.range(0, K, BK, num_stages=STAGES):
        acc += desc.load([pid * ROWS, k]).to(tl.float32)
    tl.store(out_ptr + pid, tl.sum(acc))


@triton.jit
def flat_tma(desc, out_ptr, K: tl.constexpr, ROWS: tl.constexpr, BK: tl.constexpr,
             STAGES: tl.constexpr):
    # desc views B as [N * K / BK, BK]: a CTA's ROWS full rows are ROWS * K / BK such rows,
    # and each step reads the next ROWS of them (the same bytes as a tile_tma step).
    pid = tl.program_id(0)
    acc = tl.zeros((ROWS, BK), tl.float32)
    for i in tl.range(0, K // BK, num_stages=STAGES):
        acc += desc.load([pid * ROWS * (K // BK) + i * ROWS, 0]).to(tl.float32)
    tl.store(out_ptr + pid, tl.sum(acc))


def launcher(kind: str, b: torch.Tensor, rows: int, bk: int, stages: int, warps: int):
    ctas = N // rows
    out = torch.empty(ctas, device=b.device, dtype=torch.float32)
    if kind == "tile_tma":
        arg = TensorDescriptor.from_tensor(b, [rows, bk])
    elif kind == "flat_tma":
        arg = TensorDescriptor.from_tensor(b.view(N * K // bk, bk), [rows, bk])
    else:
        arg = b
    kernel = {"tile_ptr": tile_ptr, "flat_ptr": flat_ptr, "tile_tma": tile_tma,
              "flat_tma": flat_tma}[kind]

    def call():
        kernel[(ctas,)](arg, out, K, rows, bk, stages, num_warps=warps)

    return call, out


def sweep_cases(b: torch.Tensor):
    """--sweep: the tiled pointer stream over rows, K depth, stages and warps."""
    for rows, bk, stages, warps in itertools.product(
        (8, 16, 32), (128, 256), (8, 12, 16), (4, 8)
    ):
        yield "tile_ptr", rows, bk, stages, warps


def order_cases(b: torch.Tensor):
    """The two orders through pointer loads and TMA, 48 to 192 CTAs."""
    for kind, rows, stages in itertools.product(
        ("tile_ptr", "flat_ptr", "tile_tma", "flat_tma"), (64, 32, 16), (4, 8)
    ):
        yield kind, rows, 128 if kind.endswith("ptr") else TMA_INNER, stages, 4


def main() -> int:
    torch.manual_seed(0)
    b = torch.randn(N, K, device="cuda", dtype=torch.float16)
    a = torch.randn(1, K, device="cuda", dtype=torch.float16)
    c = torch.empty(1, N, device="cuda", dtype=torch.float16)
    want = b.float().sum().item()
    cases = []
    make = sweep_cases if "--sweep" in sys.argv else order_cases
    for kind, rows, bk, stages, warps in make(b):
        try:
            call, out = launcher(kind, b, rows, bk, stages, warps)
            call()
            torch.cuda.synchronize()
            got = out.sum().item()
            ok = abs(got - want) <= 1e-3 * b.float().abs().sum().item()
        except Exception as e:  # a config the compiler refuses (shared memory): report, go on
            print(f"{kind} rows={rows} stages={stages}: {type(e).__name__}: {str(e)[:120]}")
            continue
        name = f"{kind} rows={rows} ({N // rows} CTAs) bk={bk} stages={stages} warps={warps}"
        cases.append((name, call, ok))
    torch_call = lambda: torch.matmul(a, b.T, out=c)  # noqa: E731
    from triton_gemm.main import run as triton_gemm  # sources/ on PYTHONPATH

    cases.append(("triton_gemm M=1 (the solution, for reference)", lambda: triton_gemm(a, b, c), True))
    timer = ColdL2Timer()
    fns = [torch_call] + [f for _, f, _ in cases]
    for rep in range(2):
        times = timer.time_many(fns, iters=100)
        print(f"rep {rep}: torch.matmul M=1 {times[0].p50:.2f} us (p20 {times[0].p20:.2f})")
        for (name, _, ok), t in sorted(zip(cases, times[1:]), key=lambda x: x[1].p50):
            print(f"  {t.p50:6.2f} us [{t.p20:.2f}, {t.p80:.2f}]  {name}  sum {'ok' if ok else 'WRONG'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
