"""Probe: the Gluon kernel's epilogue without the shared-memory round trip. The solution's
kernel converts the accumulator to fp16, stores it to shared memory, fences, and TMA-stores it,
then waits for the TMA engine to read it (~0.2 us from the consumer loop's end to the CTA's
end at M = 1, ~0.45 us at 144 with two dots: probe_gluon_timeline_regs.log). Here a copy of the
kernel stores each thread's fragment straight from registers (`gl.store` in the accumulator's
layout, rows past M masked), everything else the same: the same ring depth as the table's
config, its PRELOAD, B's loads hinted evict-first as the solution's are (l2_hints). Against the
solution's own kernel on the table's Gluon configs. Timed by tuning.rank_bucket (CUPTI span
after a 256 MB zero fill, median, torch.matmul interleaved), three repeats; results checked.

Usage: python results/logs/s12/probe_direct_store.py [M ...]      (on the device)
"""

import sys

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, mbarrier

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import launch as launch_module  # noqa: E402
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.l2_hints import evict_first_kernel  # noqa: E402
from triton_gemm.ws_tile import (  # noqa: E402
    Described,
    WsTileConfig,
    _acc_layout,
    _consume,
    _issue_stage,
    _produce,
    b_descriptors,
)


@gluon.jit
def _store_direct(acc, c_ptr, M, m0, n0, COL0: gl.constexpr, N: gl.constexpr,
                  SWAP_AB: gl.constexpr):  # fmt: skip
    """acc (fp32, rows x columns of the MMA tile; transposed in C with SWAP_AB) -> C, fp16,
    from registers; COL0: where this dot's columns start in the tile."""
    layout: gl.constexpr = acc.type.layout
    R: gl.constexpr = acc.type.shape[0]
    S: gl.constexpr = acc.type.shape[1]
    out = acc.to(gl.float16)
    r = gl.arange(0, R, layout=gl.SliceLayout(1, layout))
    s = gl.arange(0, S, layout=gl.SliceLayout(0, layout))
    if SWAP_AB:
        tok = m0 + COL0 + s[None, :]
        col = n0 + r[:, None]
    else:
        tok = m0 + r[:, None]
        col = n0 + COL0 + s[None, :]
    mask = (tok < M) & (col < N)
    gl.store(c_ptr + tok * N + col, out, mask=mask)


@gluon.jit(do_not_specialize=["M"])
def _direct_kernel(x_desc, y_desc, y2_desc, c_ptr, M, N: gl.constexpr, K: gl.constexpr,
                   SWAP_AB: gl.constexpr, STAGES: gl.constexpr, PRODUCER_REGS: gl.constexpr,
                   PRELOAD: gl.constexpr):  # fmt: skip
    BLOCK_R: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_K: gl.constexpr = x_desc.block_type.shape[1]
    BLOCK_S: gl.constexpr = y_desc.block_type.shape[0]
    BLOCK_S2: gl.constexpr = 0 if y2_desc is None else y2_desc.block_type.shape[0]
    WIDTH: gl.constexpr = BLOCK_S + BLOCK_S2
    K_TILES: gl.constexpr = K // BLOCK_K
    pid = gl.program_id(0)
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
            _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, x0, y0, s, s,
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
            (_consume, (x_ring, y_ring, y2_ring, ready, empty, K_TILES, HAS_S2, layouts)),
            (_produce, (x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
                        K_TILES, HAS_S2, PRELOAD)),
        ],  # fmt: skip
        [1],
        [PRODUCER_REGS],
    )
    _store_direct(accs[0], c_ptr, M, m0, n0, 0, N, SWAP_AB)
    if HAS_S2:
        _store_direct(accs[1], c_ptr, M, m0, n0, BLOCK_S, N, SWAP_AB)


def _args(A, B, C, cfg):
    x_op, y_op = (1, 0) if cfg.SWAP_AB else (0, 1)
    ops = (A, B, C)
    descs = [
        launch_module.described(Described(x_op, (cfg.BLOCK_R, cfg.BLOCK_K), gluon=True), A, B, C),
        launch_module.described(Described(y_op, (cfg.BLOCK_S, cfg.BLOCK_K), gluon=True), A, B, C),
        launch_module.described(Described(y_op, (cfg.BLOCK_S2, cfg.BLOCK_K), gluon=True), A, B, C)
        if cfg.BLOCK_S2
        else None,
    ]
    grid = (cfg.num_tiles(A.shape[0], N), 1, 1)
    return grid, (*descs, ops[2], A.shape[0], N, K, cfg.SWAP_AB, cfg.ring, cfg.PRODUCER_REGS,
                  cfg.PRELOAD)  # fmt: skip


_kernels = {}


def launch(A, B, C, variant):
    kind, cfg = variant
    if kind == "tma_store":
        tg.launch_config(A, B, C, cfg)
        return
    grid, args = _args(A, B, C, cfg)
    kernel = _kernels.get(cfg)
    if kernel is None:
        base = _direct_kernel.warmup(*args, grid=grid, num_warps=cfg.num_warps, num_stages=1)
        kernel = _kernels[cfg] = evict_first_kernel(base, b_descriptors(cfg))
    kernel[grid](*args)


def main():
    ms = [int(x) for x in sys.argv[1:]] or [1, 16, 32, 64, 80, 128, 144, 200, 256, 972, 2053]
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in ms:
        cfg = tg.select_config(m)
        if not isinstance(cfg, WsTileConfig):
            continue
        variants = [("tma_store", cfg), ("direct", cfg)]
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, variants, launch, 100)
            us = {v: t for t, v in ranked}
            parts = [f"{k} " + (f"{us[(k, c)]:.2f}" if (k, c) in us else "WRONG")
                     for k, c in variants]  # fmt: skip
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        print(f"        {cfg}", flush=True)


main()
