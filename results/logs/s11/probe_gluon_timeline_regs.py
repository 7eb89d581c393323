"""The Gluon kernel's per-CTA timeline with its stamps kept in registers: probe_gluon_timeline.py
stores each %globaltimer stamp to global memory as it takes it, and a store may hold up what
follows it (Triton's shared-memory fence is a MEMBAR.ALL.CTA in the SASS). Here every stamp is
stored only at the end of its partition (producer, consumer) or of the kernel (entry, barrier
set-up, fence, preload, end), as the CuTe probe keeps its stamps until it prints them.

    python results/logs/s11/probe_gluon_timeline_regs.py [M ...]        (on the device)

Same kernel copy, variants and report as probe_gluon_timeline.py.
"""

import sys
from dataclasses import replace

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared,
    mbarrier,
    tma,
    warpgroup_mma_wait,
)

from fibgemm import REPO_ROOT, K, N

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm import ws_tile  # noqa: E402
from triton_gemm.ws_tile import (  # noqa: E402
    WsTileConfig,
    _acc_layout,
    _issue_stage,
    _load_stage,
    _mma_stage,
    _stage,
)

POINTS = ["entry", "p_start", "p_first", "p_last", "c_start", "c_landed", "c_loop_end", "end",
          "inited", "fenced", "preloaded"]  # fmt: skip
SLOTS = 16


@gluon.jit
def _now(pid):
    return gl.inline_asm_elementwise(
        "mov.u64 $0, %globaltimer;", "=l,r", [pid], dtype=gl.int64, is_pure=False, pack=1
    )


@gluon.jit
def _put(stamps, pid, k: gl.constexpr, t):
    gl.store(stamps + pid * 16 + k, t)


@gluon.jit
def _put3(stamps, pid, t4, t5, t6):
    _put(stamps, pid, 4, t4)
    _put(stamps, pid, 5, t5)
    _put(stamps, pid, 6, t6)


@gluon.jit
def _produce(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
             K_TILES: gl.constexpr, HAS_S2: gl.constexpr, stamps, pid,
             PRELOAD: gl.constexpr):  # fmt: skip
    t1 = _now(pid)
    t2 = t1
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES
    for s in gl.static_range(PRELOAD, STAGES):
        _load_stage(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
                    s, 0, s, HAS_S2)  # fmt: skip
        if s == PRELOAD:
            t2 = _now(pid)
    for lap in range(1, LAPS):
        for s in gl.static_range(STAGES):
            _load_stage(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
                        lap * STAGES + s, lap, s, HAS_S2)  # fmt: skip
    for s in gl.static_range(K_TILES % STAGES):
        _load_stage(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
                    LAPS * STAGES + s, LAPS, s, HAS_S2)  # fmt: skip
    t3 = _now(pid)
    _put(stamps, pid, 1, t1)
    _put(stamps, pid, 2, t2)
    _put(stamps, pid, 3, t3)


@gluon.jit
def _consume(x_ring, y_ring, y2_ring, ready, empty, K_TILES: gl.constexpr, HAS_S2: gl.constexpr,
             layouts: gl.constexpr, stamps, pid):  # fmt: skip
    t4 = _now(pid)
    mbarrier.wait(ready[0], 0)
    t5 = _now(pid)
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
                                   lap > 0, HAS_S2)  # fmt: skip
    for s in gl.static_range(K_TILES % STAGES):
        acc, acc2 = _mma_stage(acc, acc2, x_ring, y_ring, y2_ring, ready, empty, LAPS, s,
                               LAPS > 0, HAS_S2)  # fmt: skip
    if HAS_S2:
        acc, acc2 = warpgroup_mma_wait(num_outstanding=0, deps=(acc, acc2))
        _put3(stamps, pid, t4, t5, _now(pid))
        return (acc, acc2)
    else:
        acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc,))
        _put3(stamps, pid, t4, t5, _now(pid))
        return (acc,)


@gluon.jit(do_not_specialize=["M"])
def _timed_kernel(x_desc, y_desc, y2_desc, c_desc, c2_desc, M, N: gl.constexpr, K: gl.constexpr,
                  SWAP_AB: gl.constexpr, STAGES: gl.constexpr, PRODUCER_REGS: gl.constexpr,
                  PRELOAD: gl.constexpr, stamps, EARLY_READY: gl.constexpr):  # fmt: skip
    BLOCK_R: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_K: gl.constexpr = x_desc.block_type.shape[1]
    BLOCK_S: gl.constexpr = y_desc.block_type.shape[0]
    BLOCK_S2: gl.constexpr = 0 if y2_desc is None else y2_desc.block_type.shape[0]
    WIDTH: gl.constexpr = BLOCK_S + BLOCK_S2
    K_TILES: gl.constexpr = K // BLOCK_K
    pid = gl.program_id(0)
    t0 = _now(pid)
    if SWAP_AB:
        tiles_m = gl.cdiv(M, WIDTH)
        m0 = gl.minimum((pid % tiles_m) * WIDTH, gl.maximum(M - WIDTH, 0))
        n0 = gl.minimum((pid // tiles_m) * BLOCK_R, N - BLOCK_R)
        x0 = n0
        y0 = m0
    else:
        tiles_m = gl.cdiv(M, BLOCK_R)
        m0 = gl.minimum((pid % tiles_m) * BLOCK_R, gl.maximum(M - BLOCK_R, 0))
        n0 = gl.minimum((pid // tiles_m) * WIDTH, N - WIDTH)
        x0 = m0
        y0 = n0
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
    if EARLY_READY:
        # The preloaded stages' ready barriers first, their loads, then the other barriers.
        for s in gl.static_range(PRELOAD):
            mbarrier.init(ready[s], count=1)
        fence_async_shared()
        t9 = _now(pid)
        for s in gl.static_range(PRELOAD):
            _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, x0, y0, s, s,
                         HAS_S2)  # fmt: skip
        t10 = _now(pid)
        for s in gl.static_range(STAGES):
            if s >= PRELOAD:
                mbarrier.init(ready[s], count=1)
            mbarrier.init(empty[s], count=32 * gl.num_warps())
        fence_async_shared()
        t8 = _now(pid)
    else:
        for s in gl.static_range(STAGES):
            mbarrier.init(ready[s], count=1)
            mbarrier.init(empty[s], count=32 * gl.num_warps())
        t8 = _now(pid)
        fence_async_shared()
        t9 = _now(pid)
        for s in gl.static_range(PRELOAD):
            _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, x0, y0, s, s,
                         HAS_S2)  # fmt: skip
        t10 = _now(pid)
    layouts: gl.constexpr = (
        _acc_layout(gl.num_warps(), BLOCK_S),
        _acc_layout(gl.num_warps(), BLOCK_S2),
    )
    accs = gl.warp_specialize(
        [
            (
                _consume,
                (x_ring, y_ring, y2_ring, ready, empty, K_TILES, HAS_S2, layouts, stamps, pid),
            ),  # fmt: skip
            (
                _produce,
                (
                    x_desc,
                    y_desc,
                    y2_desc if HAS_S2 else y_desc,
                    x_ring,
                    y_ring,
                    y2_ring,
                    ready,
                    empty,
                    x0,
                    y0,
                    K_TILES,
                    HAS_S2,
                    stamps,
                    pid,
                    PRELOAD,
                ),
            ),  # fmt: skip
        ],
        [1],
        [PRODUCER_REGS],
    )
    _stage(accs[0], c_smem, SWAP_AB)
    if HAS_S2:
        _stage(accs[1], c2_smem, SWAP_AB)
    fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [m0, n0], c_smem)
    if HAS_S2:
        if SWAP_AB:
            tma.async_copy_shared_to_global(c2_desc, [m0 + BLOCK_S, n0], c2_smem)
        else:
            tma.async_copy_shared_to_global(c2_desc, [m0, n0 + BLOCK_S], c2_smem)
    tma.store_wait(pendings=0)
    _put(stamps, pid, 7, _now(pid))
    _put(stamps, pid, 0, t0)
    _put(stamps, pid, 8, t8)
    _put(stamps, pid, 9, t9)
    _put(stamps, pid, 10, t10)


def span(x):
    x = sorted(x)
    return f"{x[0]:5.2f} / {x[len(x) // 2]:5.2f} / {x[-1]:5.2f}"


def main():
    ms = [int(a) for a in sys.argv[1:]] or [1, 144]
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    flush = torch.empty(256 * 1024 * 1024, dtype=torch.uint8, device="cuda")
    for m in ms:
        cfg = tg.select_config(m)
        if not isinstance(cfg, WsTileConfig):
            cfg = WsTileConfig(64, 16, 128, SWAP_AB=True, PRELOAD=1)
        for variant in [replace(cfg, PRELOAD=0), cfg, "early"]:
            early = variant == "early"
            v = cfg if early else variant
            a = torch.randn(m, K, dtype=torch.float16, device="cuda")
            c = torch.empty(m, N, dtype=torch.float16, device="cuda")
            grid, args = ws_tile._grid_and_args(a, b, c, v)
            stamps = torch.zeros(grid[0], SLOTS, dtype=torch.int64, device="cuda")
            launch = _timed_kernel[grid]
            launch(*args, stamps, early, num_warps=v.num_warps)
            torch.cuda.synchronize()
            ref = a.float() @ b.float().T
            assert torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2), "wrong result"
            for rep in range(3):
                flush.zero_()
                stamps.zero_()
                launch(*args, stamps, early, num_warps=v.num_warps)
                torch.cuda.synchronize()
                t = stamps.cpu()
                rel = (t - t[:, 0].min()).double() / 1e3
                label = "EARLY_READY " if early else ""
                print(f"M={m} rep {rep} {label}{v}: {grid[0]} CTAs")
                print("  (min / median / max, us from the first entry)")
                for k, name in enumerate(POINTS):
                    if name == "p_first" and v.PRELOAD == v.ring:
                        continue
                    print(f"  {name:11s} {span(rel[:, k].tolist())}")


main()
