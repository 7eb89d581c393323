"""Per-CTA timeline of the Triton solution's Gluon kernel under the protocol (ws_tile.py),
to set beside the CuTe kernel's (results/logs/s10/probe_timeline.py): where the Gluon kernel
loses ~0.7 us at M = 1 and ~1 us at M = 144 to the CuTe kernel with the same tiles.

    python results/logs/s11/probe_gluon_timeline.py [M ...]        (on the device)

A copy of ws_tile's kernel (its stage, MMA and epilogue functions reused) that stores each
CTA's %globaltimer (ns) into a buffer: kernel entry; barriers initialised, fenced, PRELOAD
stages issued; producer start, after its first stage's TMA issue, after its last; consumer
start, first stage landed (an extra wait on it: the stage's phase stays complete until it is
released), mainloop end; epilogue end. Each M: the table's config with PRELOAD 0 and as
tuned, and as tuned with EARLY_READY (the preloaded stages' ready barriers initialised and
their loads issued before the other barriers), three launches each after a 256 MB zero fill;
times relative to the launch's earliest entry. (probe_gluon_timeline.log: the first version,
at 3b5d2a7's kernel, which had no PRELOAD.)
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
def _stamp(stamps, pid, k: gl.constexpr):
    gl.store(stamps + pid * 16 + k, _now(pid))


@gluon.jit
def _produce(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
             K_TILES: gl.constexpr, HAS_S2: gl.constexpr, stamps, pid,
             PRELOAD: gl.constexpr):  # fmt: skip
    _stamp(stamps, pid, 1)
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES
    for s in gl.static_range(PRELOAD, STAGES):
        _load_stage(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
                    s, 0, s, HAS_S2)  # fmt: skip
        if s == PRELOAD:
            _stamp(stamps, pid, 2)
    for lap in range(1, LAPS):
        for s in gl.static_range(STAGES):
            _load_stage(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
                        lap * STAGES + s, lap, s, HAS_S2)  # fmt: skip
    for s in gl.static_range(K_TILES % STAGES):
        _load_stage(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
                    LAPS * STAGES + s, LAPS, s, HAS_S2)  # fmt: skip
    _stamp(stamps, pid, 3)


@gluon.jit
def _consume(x_ring, y_ring, y2_ring, ready, empty, K_TILES: gl.constexpr, HAS_S2: gl.constexpr,
             layouts: gl.constexpr, stamps, pid):  # fmt: skip
    _stamp(stamps, pid, 4)
    mbarrier.wait(ready[0], 0)
    _stamp(stamps, pid, 5)
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
        _stamp(stamps, pid, 6)
        return (acc, acc2)
    else:
        acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc,))
        _stamp(stamps, pid, 6)
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
    _stamp(stamps, pid, 0)
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
        _stamp(stamps, pid, 9)
        for s in gl.static_range(PRELOAD):
            _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, x0, y0, s, s,
                         HAS_S2)  # fmt: skip
        _stamp(stamps, pid, 10)
        for s in gl.static_range(STAGES):
            if s >= PRELOAD:
                mbarrier.init(ready[s], count=1)
            mbarrier.init(empty[s], count=32 * gl.num_warps())
        fence_async_shared()
        _stamp(stamps, pid, 8)
    else:
        for s in gl.static_range(STAGES):
            mbarrier.init(ready[s], count=1)
            mbarrier.init(empty[s], count=32 * gl.num_warps())
        _stamp(stamps, pid, 8)
        fence_async_shared()
        _stamp(stamps, pid, 9)
        for s in gl.static_range(PRELOAD):
            _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, x0, y0, s, s,
                         HAS_S2)  # fmt: skip
        _stamp(stamps, pid, 10)
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
    _stamp(stamps, pid, 7)


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
