"""Triton kernel for C = A @ B.T through TMA tensor descriptors, persistent over output tiles.

For the compute-bound range (M >= ~500). Loads and the store go through Hopper's TMA engine
(one instruction per tile instead of per-thread address arithmetic), which lets Triton's
pipeliner keep more stages in flight with WGMMA. A fixed grid of PROGRAMS CTAs walks the tiles
in grouped order (GROUP_M row-tiles share their B columns in L2), so the last wave is a partial
loop iteration of a few CTAs instead of a partial launch.

The descriptors are built on the host (launch.descriptor: each tensor's own shape and row
stride; run() guarantees 16-byte aligned rows) and passed as kernel parameters.
Rows past M are zero-filled on load and clipped on store by the TMA unit.
"""

from dataclasses import dataclass

import torch
import triton
import triton.language as tl

from .launch import Described, described, sm_count


@dataclass(frozen=True)
class TmaConfig:
    BLOCK_M: int
    BLOCK_N: int
    BLOCK_K: int
    GROUP_M: int = 8
    CTAS_PER_SM: int = 1  # persistent grid = SMs x this (capped at the tile count)
    num_warps: int = 8
    num_stages: int = 3


def is_valid(cfg: TmaConfig, n: int, k: int) -> bool:
    return (
        n % cfg.BLOCK_N == 0
        and k % cfg.BLOCK_K == 0
        and min(cfg.BLOCK_M, cfg.BLOCK_N, cfg.BLOCK_K) >= 16
        and cfg.CTAS_PER_SM >= 1
    )


@triton.jit(do_not_specialize=["M"])
def _gemm_tma_kernel(
    a_desc,  # [M, K], (BLOCK_M, BLOCK_K) boxes
    b_desc,  # [N, K], (BLOCK_N, BLOCK_K) boxes
    c_desc,  # [M, N], (BLOCK_M, BLOCK_N) boxes
    M,
    N: tl.constexpr,
    K: tl.constexpr,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    GROUP_M: tl.constexpr,
):
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n: tl.constexpr = N // BLOCK_N
    group_size = GROUP_M * num_pid_n
    num_tiles = num_pid_m * num_pid_n
    for tile in range(tl.program_id(0), num_tiles, tl.num_programs(0)):
        first_pid_m = (tile // group_size) * GROUP_M
        group_rows = min(num_pid_m - first_pid_m, GROUP_M)
        pid_m = first_pid_m + (tile % group_size) % group_rows
        pid_n = (tile % group_size) // group_rows
        row = pid_m * BLOCK_M
        col = pid_n * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = a_desc.load([row, k])
            b = b_desc.load([col, k])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([row, col], acc.to(tl.float16))


def _programs(cfg: TmaConfig, m: int, n: int, device: torch.device) -> int:
    tiles = -(-m // cfg.BLOCK_M) * (n // cfg.BLOCK_N)  # not triton.cdiv: jitted, slow from Python
    return min(tiles, sm_count(device) * cfg.CTAS_PER_SM)


def replay_slots(cfg: TmaConfig) -> tuple:
    """What each leading argument is (launch.replayer): the three operands' descriptors."""
    return (
        Described(0, (cfg.BLOCK_M, cfg.BLOCK_K)),
        Described(1, (cfg.BLOCK_N, cfg.BLOCK_K)),
        Described(2, (cfg.BLOCK_M, cfg.BLOCK_N)),
    )


def _grid_and_args(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg: TmaConfig):
    M, K = A.shape
    N = B.shape[0]
    grid = (_programs(cfg, M, N, A.device), 1, 1)
    descs = [described(slot, A, B, C) for slot in replay_slots(cfg)]
    args = (*descs, M, N, K, cfg.BLOCK_M, cfg.BLOCK_N, cfg.BLOCK_K, cfg.GROUP_M)
    return grid, args
