"""Triton kernel for C = A @ B.T with TMA loads, one output tile per CTA.

kernel.py and pair.py load their tiles with per-thread pointer loads (cp.async); here every
load is one TMA instruction per tile, from host-side descriptors (launch.descriptor). Measured
on the H200 (probe at commit ade0bf1): at M = 972 a one-wave 128 x (128 + 64) tile runs in 21.4 us
against 23.3 for the best pointer tile. The tuner still offers them; the Gluon tiles
(ws_tile.py) have since taken every bucket of the table. Triton 3.6's warp specialization of
this loop (tl.range(warp_specialize=True)) was slower on the H200 and gave wrong results for
two-dot tiles, so it is not offered.

Tile shapes, as in the pointer kernels:
- straight: BLOCK_M tokens on the MMA's 64-row side, BLOCK_N (+ BLOCK_N2, a second dot:
  80 = 64 + 16, 96 = 64 + 32, 192 = 128 + 64: widths that fill one wave over N = 3072) columns
  on its narrow side;
- SWAP_AB: (B tile @ A tile.T).T, BLOCK_N rows of B on the 64-row side, the tokens on the
  narrow side (one dot only).
The last column tile is shifted back to end at N (it overlaps its neighbour; both write the
same values). Rows past M are zero-filled on load by the TMA unit and masked on store.
Constraints (`is_valid`): width <= N, a multiple of 8; K % BLOCK_K == 0; no second dot with
SWAP_AB. The descriptors need 16-byte aligned rows (main.run guarantees them).
"""

from dataclasses import dataclass

import torch
import triton
import triton.language as tl

from .launch import Described, described


@dataclass(frozen=True)
class TileTmaConfig:
    BLOCK_M: int  # tokens per tile
    BLOCK_N: int  # columns of C (rows of B) of the first dot
    BLOCK_K: int
    BLOCK_N2: int = 0  # columns of a second dot; 0: none
    SWAP_AB: bool = False
    num_warps: int = 4
    num_stages: int = 4

    @property
    def width(self) -> int:
        return self.BLOCK_N + self.BLOCK_N2

    def num_tiles(self, m: int, n: int) -> int:
        return -(-m // self.BLOCK_M) * -(-n // self.width)


def is_valid(cfg: TileTmaConfig, n: int, k: int) -> bool:
    return (
        cfg.width <= n
        and cfg.width % 8 == 0
        and min(cfg.BLOCK_M, cfg.BLOCK_N, cfg.BLOCK_K) >= 16
        and (cfg.BLOCK_N2 == 0 or (cfg.BLOCK_N2 >= 16 and not cfg.SWAP_AB))
        and k % cfg.BLOCK_K == 0
    )


@triton.jit(do_not_specialize=["M"])
def _tile_tma_kernel(
    a_desc,  # [M, K], (BLOCK_M, BLOCK_K) boxes
    b_desc,  # [N, K], (BLOCK_N, BLOCK_K) boxes
    b2_desc,  # [N, K], (BLOCK_N2, BLOCK_K) boxes; None without a second dot
    c_ptr,
    M,
    N: tl.constexpr,
    K: tl.constexpr,
    stride_cm,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_N2: tl.constexpr,
    BLOCK_K: tl.constexpr,
    SWAP_AB: tl.constexpr,
):
    # Row tiles vary fastest: the CTAs that read the same columns of B run side by side and
    # share them in L2.
    WIDTH: tl.constexpr = BLOCK_N + BLOCK_N2
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    pid_m = pid % num_pid_m
    pid_n = pid // num_pid_m
    row = pid_m * BLOCK_M
    col = tl.minimum(pid_n * WIDTH, N - WIDTH)

    offs_m = row + tl.arange(0, BLOCK_M)
    c_rows = c_ptr + offs_m[:, None].to(tl.int64) * stride_cm
    row_in_range = offs_m[:, None] < M

    if BLOCK_N2 == 0:
        if SWAP_AB:
            acc_t = tl.zeros((BLOCK_N, BLOCK_M), dtype=tl.float32)
            for k in range(0, K, BLOCK_K):
                acc_t = tl.dot(b_desc.load([col, k]), a_desc.load([row, k]).T, acc_t)
            acc = acc_t.T
        else:
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
            for k in range(0, K, BLOCK_K):
                acc = tl.dot(a_desc.load([row, k]), b_desc.load([col, k]).T, acc)
        offs_n = col + tl.arange(0, BLOCK_N)
        tl.store(c_rows + offs_n[None, :], acc.to(tl.float16), mask=row_in_range)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        acc2 = tl.zeros((BLOCK_M, BLOCK_N2), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = a_desc.load([row, k])
            acc = tl.dot(a, b_desc.load([col, k]).T, acc)
            acc2 = tl.dot(a, b2_desc.load([col + BLOCK_N, k]).T, acc2)
        offs_n = col + tl.arange(0, BLOCK_N)
        offs_n2 = col + BLOCK_N + tl.arange(0, BLOCK_N2)
        tl.store(c_rows + offs_n[None, :], acc.to(tl.float16), mask=row_in_range)
        tl.store(c_rows + offs_n2[None, :], acc2.to(tl.float16), mask=row_in_range)


def replay_slots(cfg: TileTmaConfig) -> tuple:
    """What each leading argument is (launch.replayer): descriptors of A and B (and of B's
    second-dot columns, or None), then C's pointer."""
    return (
        Described(0, (cfg.BLOCK_M, cfg.BLOCK_K)),
        Described(1, (cfg.BLOCK_N, cfg.BLOCK_K)),
        Described(1, (cfg.BLOCK_N2, cfg.BLOCK_K)) if cfg.BLOCK_N2 else None,
        2,
    )


def _grid_and_args(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg: TileTmaConfig):
    M, K = A.shape
    N = B.shape[0]
    grid = (cfg.num_tiles(M, N), 1, 1)
    descs = [described(slot, A, B, C) for slot in replay_slots(cfg)[:3]]
    args = (
        *descs,
        C,
        M,
        N,
        K,
        C.stride(0),
        cfg.BLOCK_M,
        cfg.BLOCK_N,
        cfg.BLOCK_N2,
        cfg.BLOCK_K,
        cfg.SWAP_AB,
    )
    return grid, args
