"""Probe: is the second dot's cost (probe_two_dot_cost.log: ~0.45 us, in the consumer's K loop,
probe_two_dot_timeline.log) its loads or its WGMMAs? At M = 80, 96 CTAs, 64-row tiles, 64 deep:
  one     64 x 64, one dot (the solution's kernel);
  two     64 x (32 + 32), two dots (the solution's kernel);
  no_mma  64 x (32 + 32) with the second dot's WGMMA left out: the same three TMA boxes a stage,
          the same waits and releases, the same epilogue (the second half of C is zeros: the
          result is wrong on purpose, so this variant is timed without the correctness check).
A copy of the solution's kernel with that one switch in its consumer; B's loads hinted
evict-first as the solution's are. Timed with ColdL2Timer.time_many (CUPTI span after a 256 MB
zero fill, median of 100, the variants and torch.matmul interleaved), three repeats; "one" and
"two" checked against fp32 first.

Usage: python results/logs/s12/probe_two_dot_parts.py      (on the device)
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


@gluon.jit
def _mma_stage(acc, acc2, x_ring, y_ring, y2_ring, ready, empty, lap, s: gl.constexpr,
               after_lap_one, HAS_S2: gl.constexpr, SECOND_MMA: gl.constexpr):  # fmt: skip
    STAGES: gl.constexpr = x_ring.type.shape[0]
    mbarrier.wait(ready[s], lap & 1)
    si = (lap * STAGES + s) % STAGES
    x = x_ring.index(si)
    acc = warpgroup_mma(x, y_ring.index(si).permute((1, 0)), acc, is_async=True)
    if HAS_S2 and SECOND_MMA:
        acc2 = warpgroup_mma(x, y2_ring.index(si).permute((1, 0)), acc2, is_async=True)
        acc, acc2, _ = warpgroup_mma_wait(num_outstanding=2, deps=(acc, acc2, x))
    else:
        acc, _ = warpgroup_mma_wait(num_outstanding=1, deps=(acc, x))
    if s == 0:
        if after_lap_one:
            async_copy.mbarrier_arrive(empty[STAGES - 1], increment_count=False)
    else:
        async_copy.mbarrier_arrive(empty[s - 1], increment_count=False)
    return acc, acc2


@gluon.jit
def _consume(x_ring, y_ring, y2_ring, ready, empty, K_TILES: gl.constexpr, HAS_S2: gl.constexpr,
             layouts: gl.constexpr, SECOND_MMA: gl.constexpr):  # fmt: skip
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES
    BLOCK_R: gl.constexpr = x_ring.type.shape[1]
    BLOCK_S: gl.constexpr = y_ring.type.shape[1]
    BLOCK_S2: gl.constexpr = y2_ring.type.shape[1]
    acc = gl.zeros((BLOCK_R, BLOCK_S), dtype=gl.float32, layout=layouts[0])
    acc2 = gl.zeros((BLOCK_R, BLOCK_S2 if HAS_S2 else BLOCK_S), dtype=gl.float32,
                    layout=layouts[1] if HAS_S2 else layouts[0])  # fmt: skip
    for lap in range(LAPS):
        for s in gl.static_range(STAGES):
            acc, acc2 = _mma_stage(acc, acc2, x_ring, y_ring, y2_ring, ready, empty, lap, s,
                                   lap > 0, HAS_S2, SECOND_MMA)  # fmt: skip
    for s in gl.static_range(K_TILES % STAGES):
        acc, acc2 = _mma_stage(acc, acc2, x_ring, y_ring, y2_ring, ready, empty, LAPS, s,
                               LAPS > 0, HAS_S2, SECOND_MMA)  # fmt: skip
    if HAS_S2:
        acc, acc2 = warpgroup_mma_wait(num_outstanding=0, deps=(acc, acc2))
        return (acc, acc2)
    else:
        return (warpgroup_mma_wait(num_outstanding=0, deps=(acc,)),)


@gluon.jit(do_not_specialize=["M"])
def _parts_kernel(x_desc, y_desc, y2_desc, c_desc, c2_desc, M, N: gl.constexpr,
                  K: gl.constexpr, SWAP_AB: gl.constexpr, STAGES: gl.constexpr,
                  PRODUCER_REGS: gl.constexpr, PRELOAD: gl.constexpr,
                  SECOND_MMA: gl.constexpr):  # fmt: skip
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
        mbarrier.init(empty[s], count=32 * gl.num_warps())
    fence_async_shared()
    layouts: gl.constexpr = (
        _acc_layout(gl.num_warps(), BLOCK_S),
        _acc_layout(gl.num_warps(), BLOCK_S2),
    )
    accs = gl.warp_specialize(
        [
            (_consume, (x_ring, y_ring, y2_ring, ready, empty, K_TILES, HAS_S2, layouts,
                        SECOND_MMA)),
            (_produce, (x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, empty, m0, n0,
                        K_TILES, HAS_S2, PRELOAD)),
        ],  # fmt: skip
        [1],
        [PRODUCER_REGS],
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


def no_mma_launcher(A, B, C, cfg):
    grid, args = ws_tile._grid_and_args(A, B, C, cfg)
    kernel = _kernels.get(cfg)
    if kernel is None:
        base = _parts_kernel.warmup(*args, False, grid=grid, num_warps=cfg.num_warps,
                                    num_stages=1)  # fmt: skip
        kernel = _kernels[cfg] = evict_first_kernel(base, b_descriptors(cfg))
    return lambda: kernel[grid](*args, False)


def main():
    m = 80
    one = WsTileConfig(64, 64, 64, 0, PRELOAD=4)
    two = WsTileConfig(64, 32, 64, 32, PRELOAD=4)
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    a = torch.randn(m, K, dtype=torch.float16, device="cuda")
    ref = a.float() @ b.float().T
    outs = {name: torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
            for name in ("one", "two", "no_mma", "torch")}  # fmt: skip
    for name, cfg in (("one", one), ("two", two)):
        tg.launch_config(a, b, outs[name], cfg)
        torch.cuda.synchronize()
        assert torch.allclose(outs[name].float(), ref, atol=3e-2, rtol=1e-2), name
    no_mma = no_mma_launcher(a, b, outs["no_mma"], two)
    no_mma()
    torch.cuda.synchronize()
    # The first half of each tile is right; the second is the dot left out (zeros).
    halves = outs["no_mma"].view(m, N // 64, 64)
    assert torch.allclose(halves[..., :32].float(), ref.view(m, N // 64, 64)[..., :32],
                          atol=3e-2, rtol=1e-2)  # fmt: skip
    assert (halves[..., 32:] == 0).all()
    fns = [
        lambda: tg.launch_config(a, b, outs["one"], one),
        lambda: tg.launch_config(a, b, outs["two"], two),
        no_mma,
        lambda: torch.matmul(a, b.T, out=outs["torch"]),
    ]
    for rep in range(3):
        t = [x.p50 for x in timer.time_many(fns, iters=100, warmup=3)]
        print(f"M={m} rep{rep}: one {t[0]:.2f} | two {t[1]:.2f} | no_mma {t[2]:.2f} | "
              f"torch {t[3]:.2f}", flush=True)  # fmt: skip


main()
