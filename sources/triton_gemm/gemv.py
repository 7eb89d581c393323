"""CUDA-core GEMV-style kernel for the smallest M (C = A @ B.T, M <= 8).

At M <= 8 an MMA tile is mostly padding and its operands must pass through shared memory; here
each CTA keeps a (ROWS, BLOCK_K) tile of B in registers, multiplies it by the M rows of A and
accumulates per K lane, reducing across K once at the end. B is read once, in full rows.
The K loop is tl.range's software pipeline, `num_stages` deep (B's tiles go through cp.async
into shared memory): with Python's range nothing was pipelined, and at M = 1 the 8 x 256 tile
took 6.34 us with 8 stages against 6.67 with none; the table's Gluon tile 6.51 in the same
run (H200, probe at commit ade0bf1). At M >= 2
the (BLOCK_M, ROWS, BLOCK_K) product is slower than the Gluon tiles (7.1 us at best at M = 2).
Layouts as in kernel.py. Constraints (`is_valid`): N % ROWS == 0, K % BLOCK_K == 0,
M <= BLOCK_M (a power of two, at most 8).

With B_EVICT_FIRST, B's copies carry an L2 evict-first policy, added to the compiled PTX
(l2_hints.with_evict_first_copies: Triton drops a load's eviction_policy where it pipelines
the load through cp.async), as the Gluon tiles' TMA loads of B do: under the protocol's zero
fill a B line marked evict-first is its set's next victim instead of a dirty line that must
first be written back. Where the launch is Triton's own (launch.DIRECT_LAUNCH off) the kernel
runs unhinted; it computes the same either way.
"""

import warnings
from dataclasses import dataclass

import torch
import triton
import triton.language as tl

from .l2_hints import with_evict_first_copies
from .launch import finish_compiled_with


@dataclass(frozen=True)
class GemvConfig:
    BLOCK_M: int
    ROWS: int
    BLOCK_K: int
    num_warps: int = 4
    num_stages: int = 1  # depth of the K loop's pipeline (1: none)
    B_EVICT_FIRST: bool = False  # B's copies hinted L2 evict-first (module docstring)


def is_valid(cfg: GemvConfig, m: int, n: int, k: int) -> bool:
    """Whether `cfg` computes an m x n x k problem exactly (and fits in registers)."""
    return (
        m <= cfg.BLOCK_M <= 8
        and n % cfg.ROWS == 0
        and k % cfg.BLOCK_K == 0
        # The (BLOCK_M, ROWS, BLOCK_K) fp32 accumulator: at most 64 registers a thread.
        and cfg.BLOCK_M * cfg.ROWS * cfg.BLOCK_K <= 64 * 32 * cfg.num_warps
        # Hinted, 8 warps over 128-deep tiles fault (an illegal instruction, H200): ptxas 12.8
        # and 13.1 read the copies' policy from a uniform register they never set.
        and not (cfg.B_EVICT_FIRST and cfg.num_warps == 8 and cfg.BLOCK_K == 128)
    )


@triton.jit(do_not_specialize=["M"])
def _gemv_kernel(
    # pointers
    a_ptr,
    b_ptr,
    c_ptr,
    # sizes
    M,
    K: tl.constexpr,  # a constant, as measured (it did not unroll the loop: probe at ade0bf1)
    stride_am,
    stride_bn,
    stride_cm,
    # meta-parameters
    BLOCK_M: tl.constexpr,
    ROWS: tl.constexpr,
    BLOCK_K: tl.constexpr,
    STAGES: tl.constexpr,
):
    pid = tl.program_id(0)
    offs_n = pid * ROWS + tl.arange(0, ROWS)
    if BLOCK_M == 1:
        # One row of A: a 2-D (ROWS, BLOCK_K) accumulator, A broadcast along the rows of B.
        acc2 = tl.zeros((ROWS, BLOCK_K), dtype=tl.float32)
        for k in tl.range(0, K, BLOCK_K, num_stages=STAGES):
            offs_k = k + tl.arange(0, BLOCK_K)
            b = tl.load(b_ptr + offs_n[:, None] * stride_bn + offs_k[None, :])  # (ROWS, BLOCK_K)
            a = tl.load(a_ptr + offs_k)  # (BLOCK_K,)
            acc2 += b.to(tl.float32) * a.to(tl.float32)[None, :]
        tl.store(c_ptr + offs_n, tl.sum(acc2, axis=1).to(tl.float16))
    else:
        offs_m = tl.arange(0, BLOCK_M)
        m_mask = offs_m < M
        acc = tl.zeros((BLOCK_M, ROWS, BLOCK_K), dtype=tl.float32)
        for k in tl.range(0, K, BLOCK_K, num_stages=STAGES):
            offs_k = k + tl.arange(0, BLOCK_K)
            b = tl.load(b_ptr + offs_n[:, None] * stride_bn + offs_k[None, :])  # (ROWS, BLOCK_K)
            a = tl.load(
                a_ptr + offs_m[:, None] * stride_am + offs_k[None, :],
                mask=m_mask[:, None],
                other=0.0,
            )  # (BLOCK_M, BLOCK_K)
            acc += a.to(tl.float32)[:, None, :] * b.to(tl.float32)[None, :, :]
        c = tl.sum(acc, axis=2)  # (BLOCK_M, ROWS)
        c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :]
        tl.store(c_ptrs, c.to(tl.float16), mask=m_mask[:, None])


# b_ptr's place among the kernel's PTX parameters (the pointers come first; constexprs have none)
_B_PARAM = 1


def _finish(kernel, cfg: GemvConfig, named: dict):
    """The compiled kernel, with B's copies hinted evict-first in its PTX where cfg asks (launch.py
    runs this once per compile); unhinted, with a warning, if the PTX has no such copy or if
    ptxas miscompiles the hinted PTX (ptx_rewrite.MiscompiledError)."""
    if not cfg.B_EVICT_FIRST:
        return kernel
    # Triton's backend: imported on the direct launch only
    from .ptx_rewrite import reassembled_or_as_compiled

    try:
        hinted = with_evict_first_copies(kernel.asm["ptx"], _B_PARAM)
    except ValueError as e:  # no copy of B to hint, as ws_tile._finish leaves out a change
        warnings.warn(f"{cfg}: running without the L2 hint on B's copies: {e}", stacklevel=2)
        return kernel
    return reassembled_or_as_compiled(kernel, hinted, cfg)


finish_compiled_with(_gemv_kernel, _finish)


def replay_slots(cfg: GemvConfig) -> tuple:
    """Which operand (0 = A, 1 = B, 2 = C) each leading pointer argument of `_grid_and_args`
    is, for launch.replayer."""
    return (0, 1, 2)


def _grid_and_args(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg: GemvConfig):
    M, K = A.shape
    N = B.shape[0]
    grid = (N // cfg.ROWS, 1, 1)
    args = (
        A,
        B,
        C,
        M,
        K,
        A.stride(0),
        B.stride(0),
        C.stride(0),
        cfg.BLOCK_M,
        cfg.ROWS,
        cfg.BLOCK_K,
        cfg.num_stages,
    )
    return grid, args
