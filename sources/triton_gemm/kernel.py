"""Triton kernel for C = A @ B.T: swap-AB and split-K variants of one tiled GEMM.

Layouts: A [M, K] row-major, B [N, K] row-major (so B.T is column-major and each row of B is a
contiguous run of K), C [M, N] row-major; fp16 in, fp32 accumulate, fp16 out.

Variants, one kernel:
- plain (SWAP_AB False, SPLIT_K 1): a tiled GEMM with grouped tile order (GROUP_M rows of tiles
  share the same B columns in L2), for larger M (tuned.py says which M gets which variant).
- SWAP_AB: the tile is computed as (B_tile @ A_tile.T).T, so BLOCK_N rows of B take the MMA's
  64-row side and the few tokens its narrow side (BLOCK_M down to 16). At small M the problem is
  streaming B (12.6 MB) with enough bytes in flight per SM; the straight form would pad the
  tokens to the MMA's 64 rows.
- SPLIT_K > 1: K is split across SPLIT_K CTAs per tile, for more CTAs at small M. Each CTA
  writes its fp32 partial to a workspace and bumps a per-tile counter; the CTA that arrives last
  sums the partials and writes C, then resets the counter to zero. One launch, no memset, no
  second kernel (the timed span counts both). A tuner candidate; it lost to swap-AB on the H200.

ROWS_N < BLOCK_N: a CTA owns ROWS_N rows of B (columns of C) but computes a power-of-two
BLOCK_N-wide tile with the extra rows masked off (no loads, no stores; only idle MMA lanes).
It lets the grid match the 132 SMs: 3072 / 24 = 128 column tiles instead of 96 (BLOCK_N 32)
or 192 (BLOCK_N 16), so every SM streams an equal share of B in one wave. ROWS_N need not
divide N: the last column tile is shifted back to end at N and overlaps its neighbour (both
write the same values there), so 80 rows give 39 tiles with no partial tile to mask.

Constraints (`is_valid`): ROWS_N <= N, ROWS_N a multiple of 8 (16-byte aligned C and B
rows), K % (SPLIT_K * BLOCK_K) == 0; M is free.
"""

from dataclasses import dataclass

import torch
import triton
import triton.language as tl


@dataclass(frozen=True)
class GemmConfig:
    BLOCK_M: int
    BLOCK_N: int
    BLOCK_K: int
    SPLIT_K: int = 1
    ROWS_N: int | None = None  # rows of B a CTA owns; None: all BLOCK_N
    GROUP_M: int = 8
    num_warps: int = 4
    num_stages: int = 4
    SWAP_AB: bool = False  # compute the tile as (B @ A.T).T, tokens on the narrow side

    @property
    def rows_n(self) -> int:
        return self.BLOCK_N if self.ROWS_N is None else self.ROWS_N

    def num_tiles(self, m: int, n: int) -> int:
        # Plain integer arithmetic: triton.cdiv is a jitted function, microseconds from Python.
        return -(-m // self.BLOCK_M) * -(-n // self.rows_n)


def is_valid(cfg: GemmConfig, n: int, k: int) -> bool:
    """Whether `cfg` covers an (any M) x n x k problem exactly with the kernel below."""
    return (
        cfg.rows_n <= n
        and cfg.rows_n % 8 == 0
        and cfg.rows_n <= cfg.BLOCK_N
        and k % (cfg.SPLIT_K * cfg.BLOCK_K) == 0
        and cfg.BLOCK_M >= 16
        and cfg.BLOCK_N >= 16
        and cfg.BLOCK_K >= 16
    )


# M is not specialized: one compile per config serves every M (Triton would otherwise build
# separate variants for M == 1 and M % 16 == 0).
@triton.jit(do_not_specialize=["M"])
def _gemm_kernel(
    # pointers
    a_ptr,
    b_ptr,
    c_ptr,
    partial_ptr,  # fp32 (SPLIT_K, num_tiles, BLOCK_M, BLOCK_N); unused when SPLIT_K == 1
    counter_ptr,  # int32 (num_tiles,), all zero between launches; unused when SPLIT_K == 1
    # sizes
    M,
    N,
    K,
    stride_am,
    stride_bn,
    stride_cm,
    # meta-parameters
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    ROWS_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    SPLIT_K: tl.constexpr,
    GROUP_M: tl.constexpr,
    SWAP_AB: tl.constexpr,
):
    pid = tl.program_id(0)
    pid_k = tl.program_id(1)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, ROWS_N)

    # Grouped order: GROUP_M consecutive row-tiles walk the same column-tiles, so the B tiles
    # they share are still in L2.
    group_size = GROUP_M * num_pid_n
    first_pid_m = (pid // group_size) * GROUP_M
    group_rows = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + (pid % group_size) % group_rows
    pid_n = (pid % group_size) // group_rows

    k_per_split = K // SPLIT_K
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    # The last column tile ends at N (overlapping its neighbour) when ROWS_N does not divide N.
    offs_n = tl.minimum(pid_n * ROWS_N, N - ROWS_N) + tl.arange(0, BLOCK_N)
    col_owned = tl.arange(0, BLOCK_N) < ROWS_N
    offs_k = pid_k * k_per_split + tl.arange(0, BLOCK_K)
    row_in_range = offs_m < M
    # int64 row offsets: M * stride_am passes 2**31 for M > 2**20.
    a_ptrs = (
        a_ptr + offs_m[:, None].to(tl.int64) * stride_am + offs_k[None, :]
    )  # (BLOCK_M, BLOCK_K)
    b_ptrs = (
        b_ptr + offs_n[:, None].to(tl.int64) * stride_bn + offs_k[None, :]
    )  # (BLOCK_N, BLOCK_K)

    if SWAP_AB:
        acc_t = tl.zeros((BLOCK_N, BLOCK_M), dtype=tl.float32)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(0, k_per_split, BLOCK_K):
        a = tl.load(a_ptrs, mask=row_in_range[:, None], other=0.0)
        if ROWS_N < BLOCK_N:
            b = tl.load(b_ptrs, mask=col_owned[:, None], other=0.0)
        else:
            b = tl.load(b_ptrs)
        if SWAP_AB:
            acc_t = tl.dot(b, tl.trans(a), acc_t)
        else:
            acc = tl.dot(a, tl.trans(b), acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
    if SWAP_AB:
        acc = tl.trans(acc_t)

    c_ptrs = c_ptr + offs_m[:, None].to(tl.int64) * stride_cm + offs_n[None, :]
    c_mask = row_in_range[:, None] & col_owned[None, :]
    if SPLIT_K == 1:
        tl.store(c_ptrs, acc.to(tl.float16), mask=c_mask)
    else:
        num_tiles = num_pid_m * num_pid_n
        tile = pid_m * num_pid_n + pid_n
        tile_offs = tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
        tile_elems = BLOCK_M * BLOCK_N
        my_partial = partial_ptr + (pid_k * num_tiles + tile).to(tl.int64) * tile_elems
        tl.store(my_partial + tile_offs, acc)
        # Every thread's partial store must precede the release below.
        tl.debug_barrier()
        arrived = tl.atomic_add(counter_ptr + tile, 1, sem="acq_rel", scope="gpu")
        if arrived == SPLIT_K - 1:
            # Last to arrive: the acquire above makes the other partials visible; read them
            # from L2 (.cg), never from a stale L1 line. All SPLIT_K partials, its own too, are
            # summed in split order: which CTA arrives last varies from launch to launch, and
            # a sum that started from its own would round differently each time.
            total = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
            for s in range(SPLIT_K):
                part = partial_ptr + (s * num_tiles + tile).to(tl.int64) * tile_elems
                total += tl.load(part + tile_offs, cache_modifier=".cg")
            tl.store(c_ptrs, total.to(tl.float16), mask=c_mask)
            # Leave the counter at zero for the next launch.
            tl.atomic_xchg(counter_ptr + tile, 0, sem="relaxed", scope="gpu")


_workspaces: dict = {}


def _workspace(device: torch.device, cfg: GemmConfig, num_tiles: int):
    """Partial-sum buffer and zeroed counters for a split-K launch, grown on demand and kept.

    Reused by every later call on `device`: calls on the same device must be stream-ordered
    (two streams running split-K launches at once would share counters).
    """
    partial_elems = cfg.SPLIT_K * num_tiles * cfg.BLOCK_M * cfg.BLOCK_N
    ws = _workspaces.get(device)
    if ws is None or ws[0].numel() < partial_elems or ws[1].numel() < num_tiles:
        old_p, old_c = ws if ws is not None else (None, None)
        partial = torch.empty(
            max(partial_elems, old_p.numel() if old_p is not None else 0),
            dtype=torch.float32,
            device=device,
        )
        counters = torch.zeros(
            max(num_tiles, old_c.numel() if old_c is not None else 0),
            dtype=torch.int32,
            device=device,
        )
        ws = _workspaces[device] = (partial, counters)
    return ws


def replay_slots(cfg: GemmConfig) -> tuple | None:
    """Which operand (0 = A, 1 = B, 2 = C) each leading pointer argument of `_grid_and_args`
    is, for launch.replayer; None with split-K, whose workspace may be reallocated."""
    return (0, 1, 2, 2, 2) if cfg.SPLIT_K == 1 else None


def _grid_and_args(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg: GemmConfig):
    M, K = A.shape
    N = B.shape[0]
    num_tiles = cfg.num_tiles(M, N)
    if cfg.SPLIT_K > 1:
        partial, counters = _workspace(A.device, cfg, num_tiles)
    else:
        partial, counters = C, C  # never dereferenced
    grid = (num_tiles, cfg.SPLIT_K, 1)
    args = (
        A,
        B,
        C,
        partial,
        counters,
        M,
        N,
        K,
        A.stride(0),
        B.stride(0),
        C.stride(0),
        cfg.BLOCK_M,
        cfg.BLOCK_N,
        cfg.rows_n,
        cfg.BLOCK_K,
        cfg.SPLIT_K,
        cfg.GROUP_M,
        cfg.SWAP_AB,
    )
    return grid, args
