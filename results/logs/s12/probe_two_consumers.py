"""Probe: can a second consumer warp group hide the second dot's cost? probe_two_dot_parts.log
put the two-dot tiles' ~0.45 us (M = 80-256) in the second WGMMA per k-step. Here a copy of the
kernel with two consumer warp groups on one 64-row tile: the default partition takes the even
ring stages, a worker partition of four warps the odd ones, each into its own fp32
accumulators; at the end the worker stores its partial sums to shared memory and arrives on a
barrier, the default partition adds them and runs the usual epilogue. Each stage is still read
by one warp group (its empty barrier counts 128 arrives), so the producer is unchanged. If the
cost is the WGMMAs' issue and wait, two warp groups overlap it; if it is the shared-memory reads
of X, they cannot. Against the solution's kernel with the same tile and ring (8 stages: the
alternation needs an even ring dividing the 32 K steps), at M = 80 (64 x 64, 64 x (32 + 32)),
144 (64 x (64 + 16)) and 200 (64 x (64 + 32)); B's loads hinted evict-first in all. Timed by
tuning.rank_bucket (CUPTI span after a 256 MB zero fill, median, torch.matmul interleaved),
three repeats; every variant's result checked against fp32 first.

Usage: python results/logs/s12/probe_two_consumers.py      (on the device)
"""

import sys

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.ampere import async_copy
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared,
    mbarrier,
    tma,
    warpgroup_mma,
    warpgroup_mma_wait,
)

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm import ws_tile  # noqa: E402
from triton_gemm.l2_hints import evict_first_kernel  # noqa: E402
from triton_gemm.ws_tile import (  # noqa: E402
    WsTileConfig,
    _acc_layout,
    _issue_stage,
    _produce,
    _stage,
    b_descriptors,
)

CONSUMER2_REGS = 152


@gluon.jit
def _half_stage(acc, acc2, x_ring, y_ring, y2_ring, ready, empty, lap, s: gl.constexpr,
                HAS_S2: gl.constexpr):  # fmt: skip
    """Stage s of lap `lap` for the warp group that owns stages of s's parity: wait, WGMMA, wait
    for this group's previous stage (two back), release it."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    mbarrier.wait(ready[s], lap & 1)
    si = (lap * STAGES + s) % STAGES
    x = x_ring.index(si)
    acc = warpgroup_mma(x, y_ring.index(si).permute((1, 0)), acc, is_async=True)
    if HAS_S2:
        acc2 = warpgroup_mma(x, y2_ring.index(si).permute((1, 0)), acc2, is_async=True)
        acc, acc2, _ = warpgroup_mma_wait(num_outstanding=2, deps=(acc, acc2, x))
    else:
        acc, _ = warpgroup_mma_wait(num_outstanding=1, deps=(acc, x))
    if s >= 2:
        async_copy.mbarrier_arrive(empty[s - 2], increment_count=False)
    else:
        if lap > 0:
            async_copy.mbarrier_arrive(empty[STAGES - 2 + s], increment_count=False)
    return acc, acc2


@gluon.jit
def _half_loop(x_ring, y_ring, y2_ring, ready, empty, K_TILES: gl.constexpr, HAS_S2: gl.constexpr,
               layouts: gl.constexpr, PARITY: gl.constexpr):  # fmt: skip
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES
    BLOCK_R: gl.constexpr = x_ring.type.shape[1]
    BLOCK_S: gl.constexpr = y_ring.type.shape[1]
    BLOCK_S2: gl.constexpr = y2_ring.type.shape[1]
    acc = gl.zeros((BLOCK_R, BLOCK_S), dtype=gl.float32, layout=layouts[0])
    acc2 = gl.zeros((BLOCK_R, BLOCK_S2 if HAS_S2 else BLOCK_S), dtype=gl.float32,
                    layout=layouts[1] if HAS_S2 else layouts[0])  # fmt: skip
    for lap in range(LAPS):
        for h in gl.static_range(STAGES // 2):
            acc, acc2 = _half_stage(acc, acc2, x_ring, y_ring, y2_ring, ready, empty, lap,
                                    2 * h + PARITY, HAS_S2)  # fmt: skip
    if HAS_S2:
        acc, acc2 = warpgroup_mma_wait(num_outstanding=0, deps=(acc, acc2))
    else:
        acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc,))
    return acc, acc2


@gluon.jit
def _consume_even(x_ring, y_ring, y2_ring, ready, empty, part, part2, done,
                  K_TILES: gl.constexpr, HAS_S2: gl.constexpr, layouts: gl.constexpr):  # fmt: skip
    acc, acc2 = _half_loop(x_ring, y_ring, y2_ring, ready, empty, K_TILES, HAS_S2, layouts, 0)
    mbarrier.wait(done, 0)
    acc = acc + part.load(layouts[0])
    if HAS_S2:
        acc2 = acc2 + part2.load(layouts[1])
        return (acc, acc2)
    else:
        return (acc,)


@gluon.jit
def _consume_odd(x_ring, y_ring, y2_ring, ready, empty, part, part2, done,
                 K_TILES: gl.constexpr, HAS_S2: gl.constexpr, layouts: gl.constexpr):  # fmt: skip
    acc, acc2 = _half_loop(x_ring, y_ring, y2_ring, ready, empty, K_TILES, HAS_S2, layouts, 1)
    part.store(acc)
    if HAS_S2:
        part2.store(acc2)
    mbarrier.arrive(done, count=1)


@gluon.jit(do_not_specialize=["M"])
def _two_consumer_kernel(x_desc, y_desc, y2_desc, c_desc, c2_desc, M, N: gl.constexpr,
                         K: gl.constexpr, SWAP_AB: gl.constexpr, STAGES: gl.constexpr,
                         PRODUCER_REGS: gl.constexpr, PRELOAD: gl.constexpr,
                         CONSUMER2_REGS: gl.constexpr):  # fmt: skip
    BLOCK_R: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_K: gl.constexpr = x_desc.block_type.shape[1]
    BLOCK_S: gl.constexpr = y_desc.block_type.shape[0]
    BLOCK_S2: gl.constexpr = 0 if y2_desc is None else y2_desc.block_type.shape[0]
    WIDTH: gl.constexpr = BLOCK_S + BLOCK_S2
    K_TILES: gl.constexpr = K // BLOCK_K
    pid = gl.program_id(0)
    tiles_m = gl.cdiv(M, BLOCK_R)
    m0 = gl.minimum((pid % tiles_m) * BLOCK_R, gl.maximum(M - BLOCK_R, 0))
    n0 = gl.minimum((pid // tiles_m) * WIDTH, N - WIDTH)
    x_ring = gl.allocate_shared_memory(x_desc.dtype, [STAGES, BLOCK_R, BLOCK_K], x_desc.layout)
    y_ring = gl.allocate_shared_memory(y_desc.dtype, [STAGES, BLOCK_S, BLOCK_K], y_desc.layout)
    HAS_S2: gl.constexpr = y2_desc is not None
    y2_ring = y_ring
    if HAS_S2:
        y2_ring = gl.allocate_shared_memory(
            y2_desc.dtype, [STAGES, BLOCK_S2, BLOCK_K], y2_desc.layout
        )
    c_smem = gl.allocate_shared_memory(gl.float16, c_desc.block_type.shape, c_desc.layout)
    c2_smem = c_smem
    if HAS_S2:
        c2_smem = gl.allocate_shared_memory(gl.float16, c2_desc.block_type.shape, c2_desc.layout)
    plain: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, order=[1, 0])
    part = gl.allocate_shared_memory(gl.float32, [BLOCK_R, BLOCK_S], plain)
    part2 = part
    if HAS_S2:
        part2 = gl.allocate_shared_memory(gl.float32, [BLOCK_R, BLOCK_S2], plain)
    done = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    ready = ()
    empty = ()
    for _ in gl.static_range(STAGES):
        ready = ready + (gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout()),)
        empty = empty + (gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout()),)
    y2_or_y = y2_desc if HAS_S2 else y_desc
    for s in gl.static_range(PRELOAD):
        mbarrier.init(ready[s], count=1)
    if PRELOAD > 0:
        fence_async_shared()
        for s in gl.static_range(PRELOAD):
            _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, m0, n0, s, s,
                         HAS_S2)  # fmt: skip
    for s in gl.static_range(STAGES):
        if s >= PRELOAD:
            mbarrier.init(ready[s], count=1)
        mbarrier.init(empty[s], count=32 * gl.num_warps())  # one warp group a stage
    mbarrier.init(done, count=1)
    fence_async_shared()
    layouts: gl.constexpr = (
        _acc_layout(gl.num_warps(), BLOCK_S),
        _acc_layout(gl.num_warps(), BLOCK_S2),
    )
    accs = gl.warp_specialize(
        [
            (_consume_even, (x_ring, y_ring, y2_ring, ready, empty, part, part2, done, K_TILES,
                             HAS_S2, layouts)),
            (_consume_odd, (x_ring, y_ring, y2_ring, ready, empty, part, part2, done, K_TILES,
                            HAS_S2, layouts)),
            (_produce, (x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, empty, m0, n0,
                        K_TILES, HAS_S2, PRELOAD)),
        ],  # fmt: skip
        [4, 1],
        [CONSUMER2_REGS, PRODUCER_REGS],
    )
    _stage(accs[0], c_smem, SWAP_AB)
    if HAS_S2:
        _stage(accs[1], c2_smem, SWAP_AB)
    fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [m0, n0], c_smem)
    if HAS_S2:
        tma.async_copy_shared_to_global(c2_desc, [m0, n0 + BLOCK_S], c2_smem)
    tma.store_wait(pendings=0)


_kernels = {}


def launch(A, B, C, variant):
    kind, cfg = variant
    if kind == "one_consumer":
        tg.launch_config(A, B, C, cfg)
        return
    grid, args = ws_tile._grid_and_args(A, B, C, cfg)
    kernel = _kernels.get(cfg)
    if kernel is None:
        base = _two_consumer_kernel.warmup(*args, CONSUMER2_REGS, grid=grid,
                                           num_warps=cfg.num_warps, num_stages=1)  # fmt: skip
        kernel = _kernels[cfg] = evict_first_kernel(base, b_descriptors(cfg))
    kernel[grid](*args, CONSUMER2_REGS)


CASES = {
    80: [WsTileConfig(64, 64, 64, 0, STAGES=8, PRELOAD=4),
         WsTileConfig(64, 32, 64, 32, STAGES=8, PRELOAD=4)],
    144: [WsTileConfig(64, 64, 64, 16, STAGES=8, PRELOAD=4)],
    200: [WsTileConfig(64, 64, 64, 32, STAGES=8, PRELOAD=4)],
}  # fmt: skip


def main():
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m, cfgs in CASES.items():
        table = tg.select_config(m)
        variants = [("one_consumer", table)]
        for c in cfgs:
            variants += [("one_consumer", c), ("two_consumers", c)]
        variants = list(dict.fromkeys(variants))
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, variants, launch, 100)
            us = {v: t for t, v in ranked}
            parts = [f"v{i} " + (f"{us[v]:.2f}" if v in us else "WRONG")
                     for i, v in enumerate(variants)]  # fmt: skip
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        for i, (kind, c) in enumerate(variants):
            print(f"   v{i} {kind}: {c}", flush=True)


if __name__ == "__main__":
    main()
