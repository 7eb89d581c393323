"""Stream-K Triton kernel for C = A @ B.T: every SM gets the same number of K steps.

For mid M (about 130-256 tokens on 132 SMs) whole tiles do not share out evenly: power-of-two
tiles give 96 or 192 of them, so a third of the SMs idle or a second wave runs nearly empty, and
at these M each tile is several microseconds of MMA. Here the work is the list of all
(tile, K step) pairs, tiles in order and K steps within a tile, cut into `programs` (the SM
count) equal contiguous ranges, one per CTA: the end of one tile, whole tiles, the start of
another, each a plain pipelined K loop. A CTA whose range covers a whole tile stores it;
a tile cut between CTAs is finished by whichever of its CTAs arrives last: each writes its fp32
partial to a workspace slot and bumps the tile's counter (acq_rel), and the last one sums the
slots in slot order (so the result does not depend on who came last: repeated calls give the
same bits), writes C and resets the counter to zero for the next launch. One launch, no memset.

Tiles walk M fastest, so neighbouring CTAs share B's columns (the 12.6 MB operand) in L2.
Layouts as in kernel.py: A [M, K], B [N, K], C [M, N] row-major; fp16 in, fp32 accumulate.
Constraints (`is_valid`): N % BLOCK_N == 0, K % BLOCK_K == 0; M is free.
"""

from dataclasses import dataclass

import torch
import triton  # noqa: F401  (triton.jit below)
import triton.language as tl

from .launch import launch

SM_COUNT_FALLBACK = 132  # H200; without a GPU (the CPU interpreter)


@dataclass(frozen=True)
class StreamKConfig:
    BLOCK_M: int
    BLOCK_N: int
    BLOCK_K: int
    num_warps: int = 4
    num_stages: int = 4


def is_valid(cfg: StreamKConfig, n: int, k: int) -> bool:
    return n % cfg.BLOCK_N == 0 and k % cfg.BLOCK_K == 0 and min(cfg.BLOCK_M, cfg.BLOCK_N) >= 16


@triton.jit
def _owner(step, total_steps, programs):
    """The CTA whose range holds work item `step`: CTA p covers
    [p * total // programs, (p + 1) * total // programs)."""
    return ((step + 1) * programs + total_steps - 1) // total_steps - 1


@triton.jit
def _segment(
    a_ptr,
    b_ptr,
    c_ptr,
    partial_ptr,
    counter_ptr,
    M,
    stride_am,
    stride_bn,
    stride_cm,
    max_parts,
    pid,
    programs,
    total,
    num_pid_m,
    steps_per_tile,
    tile,
    k_begin,
    k_end,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
):
    """K steps [k_begin, k_end) of `tile`: stored to C when they are the whole tile, else as
    this CTA's partial, and the tile reduced into C by the last of its CTAs to arrive."""
    rows = tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    offs_m = (tile % num_pid_m) * BLOCK_M + rows
    offs_n = (tile // num_pid_m) * BLOCK_N + cols
    offs_k = k_begin * BLOCK_K + tl.arange(0, BLOCK_K)
    row_in_range = offs_m < M
    a_ptrs = a_ptr + offs_m[:, None].to(tl.int64) * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_n[:, None].to(tl.int64) * stride_bn + offs_k[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(k_begin, k_end):
        a = tl.load(a_ptrs, mask=row_in_range[:, None], other=0.0)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, tl.trans(b), acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
    c_ptrs = c_ptr + offs_m[:, None].to(tl.int64) * stride_cm + offs_n[None, :]
    c_mask = row_in_range[:, None]  # N % BLOCK_N == 0: every column is in range
    if k_begin == 0 and k_end == steps_per_tile:
        tl.store(c_ptrs, acc.to(tl.float16), mask=c_mask)
    else:
        tile_offs = rows[:, None] * BLOCK_N + cols[None, :]
        tile_start = tile * steps_per_tile
        first = _owner(tile_start, total, programs)
        parts = _owner(tile_start + steps_per_tile - 1, total, programs) - first + 1
        slots = partial_ptr + tile * max_parts * (BLOCK_M * BLOCK_N)
        tl.store(slots + (pid - first) * (BLOCK_M * BLOCK_N) + tile_offs, acc)
        # Every thread's partial store must precede the release below.
        tl.debug_barrier()
        arrived = tl.atomic_add(counter_ptr + tile, 1, sem="acq_rel", scope="gpu")
        if arrived == parts - 1:
            # Last to arrive: the acquire above makes the other slots visible; read them from
            # L2 (.cg), never from a stale L1 line, in slot order.
            total_acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
            for s in range(0, parts):
                total_acc += tl.load(
                    slots + s * (BLOCK_M * BLOCK_N) + tile_offs, cache_modifier=".cg"
                )
            tl.store(c_ptrs, total_acc.to(tl.float16), mask=c_mask)
            tl.atomic_xchg(counter_ptr + tile, 0, sem="relaxed", scope="gpu")


@triton.jit(do_not_specialize=["M", "max_parts"])
def _gemm_streamk_kernel(
    a_ptr,
    b_ptr,
    c_ptr,
    partial_ptr,  # fp32 (num_tiles, max_parts, BLOCK_M, BLOCK_N)
    counter_ptr,  # int32 (num_tiles,), all zero between launches
    M,
    N,
    K,
    stride_am,
    stride_bn,
    stride_cm,
    max_parts,  # most CTAs that share one tile
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
):
    # A CTA's range is a head (the end of one tile), whole tiles, and a tail (the start of
    # another), each a plain K loop that Triton software-pipelines; a first version walked
    # them in one `while` loop, whose inner K loop ran unpipelined (1.5x slower than whole
    # tiles on the H200).
    pid = tl.program_id(0).to(tl.int64)
    programs = tl.num_programs(0).to(tl.int64)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    steps_per_tile = K // BLOCK_K
    total = (num_pid_m * (N // BLOCK_N)).to(tl.int64) * steps_per_tile
    start = pid * total // programs
    end = (pid + 1) * total // programs  # > start: programs <= total
    first_tile = start // steps_per_tile
    last_tile = (end - 1) // steps_per_tile
    head_end = tl.minimum(end, (first_tile + 1) * steps_per_tile)
    _segment(
        a_ptr, b_ptr, c_ptr, partial_ptr, counter_ptr, M, stride_am, stride_bn, stride_cm,
        max_parts, pid, programs, total, num_pid_m, steps_per_tile,
        first_tile, start - first_tile * steps_per_tile, head_end - first_tile * steps_per_tile,
        BLOCK_M, BLOCK_N, BLOCK_K,
    )  # fmt: skip
    for tile in range(first_tile + 1, last_tile):
        _segment(
            a_ptr, b_ptr, c_ptr, partial_ptr, counter_ptr, M, stride_am, stride_bn, stride_cm,
            max_parts, pid, programs, total, num_pid_m, steps_per_tile,
            tile, 0, steps_per_tile,
            BLOCK_M, BLOCK_N, BLOCK_K,
        )  # fmt: skip
    if last_tile > first_tile:
        _segment(
            a_ptr, b_ptr, c_ptr, partial_ptr, counter_ptr, M, stride_am, stride_bn, stride_cm,
            max_parts, pid, programs, total, num_pid_m, steps_per_tile,
            last_tile, 0, end - last_tile * steps_per_tile,
            BLOCK_M, BLOCK_N, BLOCK_K,
        )  # fmt: skip


def plan(cfg: StreamKConfig, m: int, n: int, k: int, sms: int) -> tuple[int, int, int]:
    """(programs, tiles, max_parts): CTAs to launch, output tiles, and the most CTAs any tile
    is shared by (workspace slots per tile)."""
    tiles = -(-m // cfg.BLOCK_M) * (n // cfg.BLOCK_N)
    steps_per_tile = k // cfg.BLOCK_K
    total = tiles * steps_per_tile
    programs = min(sms, total)
    per_program = total // programs  # every CTA gets this many steps or one more
    # A tile's steps span at most ceil(steps_per_tile / per_program) whole CTA ranges plus a
    # partial one at either end.
    max_parts = min(programs, -(-steps_per_tile // per_program) + 1)
    return programs, tiles, max_parts


_workspaces: dict = {}
_sm_count: dict = {}


def _workspace(device: torch.device, slots_elems: int, tiles: int):
    """Partial slots and zeroed counters on `device`, grown on demand. A grown buffer replaces
    the old one for later first launches; launch.replayer closures keep the old one alive, so a
    replay never points at freed memory (one stream per device: counters are shared)."""
    ws = _workspaces.get(device)
    if ws is None or ws[0].numel() < slots_elems or ws[1].numel() < tiles:
        old = (ws[0].numel(), ws[1].numel()) if ws is not None else (0, 0)
        ws = _workspaces[device] = (
            torch.empty(max(slots_elems, old[0]), dtype=torch.float32, device=device),
            torch.zeros(max(tiles, old[1]), dtype=torch.int32, device=device),
        )
    return ws


def _sms(device: torch.device) -> int:
    sms = _sm_count.get(device)
    if sms is None:
        sms = _sm_count[device] = (
            torch.cuda.get_device_properties(device).multi_processor_count
            if device.type == "cuda"
            else SM_COUNT_FALLBACK
        )
    return sms


def replay_slots(cfg: StreamKConfig) -> tuple:
    """Which operand (0 = A, 1 = B, 2 = C) each leading pointer argument of `_grid_and_args`
    is, for launch.replayer (the workspace stays in the replayed arguments)."""
    return (0, 1, 2)


def _grid_and_args(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg: StreamKConfig):
    M, K = A.shape
    N = B.shape[0]
    programs, tiles, max_parts = plan(cfg, M, N, K, _sms(A.device))
    partial, counters = _workspace(A.device, tiles * max_parts * cfg.BLOCK_M * cfg.BLOCK_N, tiles)
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
        max_parts,
        cfg.BLOCK_M,
        cfg.BLOCK_N,
        cfg.BLOCK_K,
    )
    return (programs, 1, 1), args


def _launch_streamk(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg: StreamKConfig):
    launch(_gemm_streamk_kernel, cfg, A.get_device(), *_grid_and_args(A, B, C, cfg))


def streamk_launch(A, B, C, block_m: int, block_n: int, block_k: int) -> None:
    """Launch with an explicit config (tests and experiments; the solution uses the table)."""
    _launch_streamk(A, B, C, StreamKConfig(block_m, block_n, block_k))
