"""Triton kernel for C = A @ B.T whose column tile is two power-of-two dots wide (48, 80, 96).

For the middle range (M ~ 56-256), where one wave of 64-token tiles must cover N = 3072 on
132 SMs: 2 row tiles need 48 columns each (128 CTAs), 3 need 80 (117), 4 need 96 (128). A
Triton block is a power of two wide, so kernel.py can only mask a 64- or 128-wide tile down
to those widths, and the masked MMA lanes still cost time once the tile is compute-heavy
(64 x 128 x 2048 is ~34 MFLOP a CTA, ~6 us of one SM's tensor cores). Here a CTA owns
BLOCK_N + BLOCK_N2 columns and runs one dot per part (64 + 16, 64 + 32, ...), so it only
multiplies what it stores.

The last column tile is shifted back to end at N (it overlaps its neighbour, both write the
same values); rows past M are masked (no loads, no stores). Layouts as in kernel.py.
Constraints (`is_valid`): BLOCK_N + BLOCK_N2 <= N, both multiples of 16, K % BLOCK_K == 0.
"""

from dataclasses import dataclass

import torch
import triton
import triton.language as tl


@dataclass(frozen=True)
class PairConfig:
    BLOCK_M: int  # tokens per tile (the MMA's 64-row side)
    BLOCK_N: int  # columns of the first dot
    BLOCK_N2: int  # columns of the second dot
    BLOCK_K: int
    num_warps: int = 4
    num_stages: int = 6

    @property
    def width(self) -> int:
        return self.BLOCK_N + self.BLOCK_N2

    def num_tiles(self, m: int, n: int) -> int:
        return -(-m // self.BLOCK_M) * -(-n // self.width)


def is_valid(cfg: PairConfig, n: int, k: int) -> bool:
    return (
        cfg.width <= n
        and cfg.BLOCK_M >= 16
        and cfg.BLOCK_N >= 16
        and cfg.BLOCK_N2 >= 16
        and cfg.BLOCK_K >= 16
        and k % cfg.BLOCK_K == 0
    )


@triton.jit(do_not_specialize=["M"])
def _pair_kernel(
    a_ptr,
    b_ptr,
    c_ptr,
    M,
    N,
    K,
    stride_am,
    stride_bn,
    stride_cm,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_N2: tl.constexpr,
    BLOCK_K: tl.constexpr,
):
    # Row tiles vary fastest: the CTAs that read the same columns of B run side by side and
    # share them in L2.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    pid_m = pid % num_pid_m
    pid_n = pid // num_pid_m

    first_col = tl.minimum(pid_n * (BLOCK_N + BLOCK_N2), N - (BLOCK_N + BLOCK_N2))
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = first_col + tl.arange(0, BLOCK_N)
    offs_n2 = first_col + BLOCK_N + tl.arange(0, BLOCK_N2)
    offs_k = tl.arange(0, BLOCK_K)
    row_in_range = offs_m < M
    # int64 row offsets: M * stride_am passes 2**31 for M > 2**20.
    a_ptrs = a_ptr + offs_m[:, None].to(tl.int64) * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_n[:, None].to(tl.int64) * stride_bn + offs_k[None, :]
    b2_ptrs = b_ptr + offs_n2[:, None].to(tl.int64) * stride_bn + offs_k[None, :]

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    acc2 = tl.zeros((BLOCK_M, BLOCK_N2), dtype=tl.float32)
    for _ in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=row_in_range[:, None], other=0.0)
        acc = tl.dot(a, tl.trans(tl.load(b_ptrs)), acc)
        acc2 = tl.dot(a, tl.trans(tl.load(b2_ptrs)), acc2)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
        b2_ptrs += BLOCK_K

    c_rows = c_ptr + offs_m[:, None].to(tl.int64) * stride_cm
    tl.store(c_rows + offs_n[None, :], acc.to(tl.float16), mask=row_in_range[:, None])
    tl.store(c_rows + offs_n2[None, :], acc2.to(tl.float16), mask=row_in_range[:, None])


def replay_slots(cfg: PairConfig) -> tuple:
    """Which operand (0 = A, 1 = B, 2 = C) each leading pointer argument is (launch.replayer)."""
    return (0, 1, 2)


def _grid_and_args(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg: PairConfig):
    M, K = A.shape
    N = B.shape[0]
    grid = (cfg.num_tiles(M, N), 1, 1)
    args = (
        A,
        B,
        C,
        M,
        N,
        K,
        A.stride(0),
        B.stride(0),
        C.stride(0),
        cfg.BLOCK_M,
        cfg.BLOCK_N,
        cfg.BLOCK_N2,
        cfg.BLOCK_K,
    )
    return grid, args
