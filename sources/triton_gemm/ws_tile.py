"""Warp-specialized Hopper tile kernel for C = A @ B.T, written in Gluon (Triton's explicit
layer: `triton.experimental.gluon`): one output tile per CTA, or (PERSISTENT) one CTA per SM
walking the tiles, its ring running on from tile to tile and each tile's epilogue overlapping
the next tile's loads (_produce_walk, _consume_walk) and, with STORE_UNDER_MMA, the next
tile's first WGMMAs.

The @triton.jit kernels leave the pipeline to Triton's pipeliner: every warp waits on each
stage and one MMA batch is in flight. Measured on the H200 at M = 144 with the tile shape of
the CuTe kernel (64 x 80, 117 CTAs): 9.65 us against the CuTe kernel's 7.74. Here the pipeline
is written out as the CuTe kernel writes it:
- a producer partition (one warp, few registers) TMA-loads X and Y tiles into a ring of
  `STAGES` shared-memory buffers, each guarded by a ready/empty mbarrier pair;
- the default partition (one warp group per 64 rows of the tile) waits on "ready", issues
  WGMMAs from shared memory, keeps one batch in flight and releases the previous stage;
- the epilogue converts the accumulator to fp16 and writes it with one TMA store;
- the first PRELOAD stages are issued before the warp-specialized region: left to the
  producer partition, the first load leaves 0.7-0.8 us after the kernel's entry, issued from
  the entry 0.2-0.35 us (probe at commit ade0bf1). Issued first, the
  loads land while the rest is set up: 0.25-0.35 us less at M = 80-256, 0.5 at 972, 0.7 at 2053
  (probe at commit ade0bf1), and 0.03-0.26 us more with their barriers set up
  before the others (probe_gluon_timeline_preload.log). With PRELOAD_IN_TURN each stage's
  barrier is set up just before its loads, so that the whole ring can be preloaded without
  the first loads waiting on every set-up (docs/triton_gemm.md).
- B's TMA loads carry an L2 evict-first hint, added to the compiled PTX (l2_hints.py; Gluon's
  copy takes no hint): 0.06-0.16 us less at M = 1-256, 0.23 at 972
  (probe at commit ade0bf1).
- the TMA descriptors' L2 promotion is the config's (L2_PROMOTION, encoded by the launch:
  l2_promotion.py), not always Triton's 128 bytes.

Measured on the H200 (probe log at commit ade0bf1, same tiles): M = 144, 9.0 us against
9.5 for the best @triton.jit tile. Triton 3.6 then put two 128-thread bar.syncs in every K step
(around the one-thread release, before each wait on an indexed barrier); with the ring unrolled
and per-thread releases (see _consume) 64-deep stages went from 9.9 to 8.65 us at M = 144, 8.8
to 7.75 at M = 80 (probe log at commit ade0bf1; the CuTe kernel: 7.5 and 6.9).

Operand mapping (as in the CuTe solution): straight, X = A (tokens on the MMA's 64-row side),
Y = B; SWAP_AB, X = B (N on the 64-row side), Y = A (tokens on the narrow side), the tile
stored transposed. Triton's block shapes are powers of two, so widths such as 80 = 64 + 16
take a second dot (BLOCK_S2) with its own Y tile, accumulator and TMA store, and 224 =
128 + 64 + 32 a third (BLOCK_S3, one WGMMA from one Y box only; ONE_C_TILE stages the
dots' output tiles in turn in the first's buffer, which leaves a 128 x 224 walk 4 ring
stages, not 2; SECOND_C_TILE stages the second's apart, still 4, one wait a tile, not two).
With ONE_WGMMA each stage's second-dot rows lie right after its first-dot rows, and the PTX
issues the dots as one WGMMA of the whole width (wgmma_fuse.py): 0.16-0.31 us less than two
WGMMAs at M = 40-256 (probe log at commit ade0bf1; the tuner picks). The walks took M = 2053
from 0.956x to 1.012x torch.matmul, 2379 from 0.877x to 0.98x with the 224-wide tile, 8192 from
0.963x to 0.97x (probe at commit ade0bf1). At 8192, 128 x 256 tiles as two dots of 128 (one
WGMMA), their halves staged in turn, walk with 4 ring stages (2 as one dot of 256): 0.984-0.988x
to 1.009-1.013x in one probe, 0.971-0.973x to 1.006-1.007x in the runner (probe at commit
ade0bf1).

The last tile along each side is shifted back to end at the side's end (it overlaps its
neighbour; both write the same values): a TMA box partly past the end of A is slow (the CuTe
solution measured up to 2.5 us at M = 200). Only when M is shorter than one tile do boxes
leave A: rows past M are zero-filled by the loads and clipped by the store. Gluon has no CPU
interpreter: CI compiles these kernels to sm_90a PTX (tests/test_triton_cpu.py), the device
runs them (tests/test_triton_gpu.py).
"""

import copy
import warnings
from dataclasses import dataclass

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

from .l2_hints import with_evict_first, with_l2_prefetch
from .l2_promotion import PROMOTIONS, TRITONS
from .launch import Described, described, finish_compiled_with, sm_count
from .preload_syncs import with_one_preload_sync, without_wait_syncs
from .ptx_rewrite import reassembled_or_as_compiled
from .register_moves import without_setmaxnreg
from .tma_tile import TileTmaConfig
from .wgmma_fuse import with_fused_dots

SMEM_BYTES = 227 * 1024
MAX_STAGES = 16


@dataclass(frozen=True)
class WsTileConfig:
    BLOCK_R: int  # rows of the MMA tile: tokens (straight) or columns of C (SWAP_AB); 64 or 128
    BLOCK_S: int  # the MMA's narrow side: columns of C (straight) or tokens (SWAP_AB)
    BLOCK_K: int = 64
    BLOCK_S2: int = 0  # a second dot beside the first: 80 = 64 + 16, 256 = 128 + 128; 0: none
    SWAP_AB: bool = False
    STAGES: int = 0  # ring depth; 0: as many as fit, up to MAX_STAGES
    PRODUCER_REGS: int = 24  # registers per thread of the producer warp
    PRELOAD: int = 0  # ring stages issued before the warp-specialized region
    B_EVICT_FIRST: bool = True  # an L2 evict-first hint on B's loads (l2_hints.py)
    ONE_WGMMA: bool = False  # the dots as one WGMMA of the whole width (wgmma_fuse.py)
    ONE_Y_BOX: bool = False  # with ONE_WGMMA: every dot's Y rows in one TMA box (_with_wide_y_box)
    PERSISTENT: bool = False  # one CTA per SM walking the tiles (_consume_walk), not one per tile
    GROUP_M: int = 0  # token tiles side by side in the tile order (_tile_origin); 0: all of them
    BLOCK_S3: int = 0  # with ONE_Y_BOX: a third dot beside the second (224 = 128 + 64 + 32)
    ONE_C_TILE: bool = False  # the dots' output tiles staged one after another in one buffer
    C_IN_RING: bool = False  # one tile a CTA: its output staged in the emptied ring (c_tile_bytes)
    ONE_PRELOAD_SYNC: bool = False  # one CTA barrier in the preload, not one per load (PTX)
    UNROLL: int = 1  # a rolled consumer's K steps a pass
    ROLLED: bool = False  # the ring as one loop over the K steps (_consume_rolled)
    B_L2_PREFETCH: int = 0  # K steps of B prefetched into the L2 ahead of its loads (PTX)
    L2_PROMOTION: str = TRITONS  # of the TMA descriptors: none, 64B, 128B (Triton's) or 256B
    CLIP_LAST: bool = False  # the last tiles run past the end, not shifted back (_tile_origin)
    PRELOAD_IN_TURN: bool = False  # each preloaded stage set up and issued before the next's
    SECOND_C_TILE: bool = False  # ONE_C_TILE, three dots: the second's tile staged apart
    STORE_UNDER_MMA: bool = False  # a walk stores a tile once the next's first WGMMAs are issued
    NO_SETMAXNREG: bool = False  # one consumer group: no register moves (register_moves.py; PTX)

    @property
    def num_warps(self) -> int:
        return 4 * (self.BLOCK_R // 64)  # one warp group per 64 MMA rows

    @property
    def num_stages(self) -> int:  # launch.py's compile option; the ring depth is `ring`
        return 1

    @property
    def width(self) -> int:
        return self.BLOCK_S + self.BLOCK_S2 + self.BLOCK_S3

    @property
    def dot_widths(self) -> tuple[int, ...]:
        return tuple(w for w in (self.BLOCK_S, self.BLOCK_S2, self.BLOCK_S3) if w)

    @property
    def y_box_k(self) -> int:
        """Depth of Y's TMA boxes: ONE_WGMMA loads 64-deep parts (one swizzle atom), so that
        one WGMMA reads both dots' rows at one stride (ws_tile._y_tiles)."""
        return 64 if self.ONE_WGMMA else self.BLOCK_K

    @property
    def block_m(self) -> int:  # tokens per tile
        return self.width if self.SWAP_AB else self.BLOCK_R

    @property
    def block_n(self) -> int:  # columns of C per tile
        return self.BLOCK_R if self.SWAP_AB else self.width

    def stages_that_fit(self) -> int:
        """Ring stages that fit in shared memory beside the fp16 output tile and the mbarriers
        (the compiled kernels' shared memory is within 1 KB of the two, checked in
        tests/test_triton_cpu.py)."""
        stage = (self.BLOCK_R + self.width) * self.BLOCK_K * 2
        return (SMEM_BYTES - self.c_tile_bytes - 1024) // stage

    @property
    def c_tile_bytes(self) -> int:
        """Shared memory staging the output tile: the whole tile, or (ONE_C_TILE) the first
        dot's, which the others reuse; none with C_IN_RING (the first dot's tile lies in the
        X ring, the second's in the Y ring: once the last MMA is done nothing reads them)."""
        if self.C_IN_RING:
            return 0
        if self.ONE_C_TILE:
            return self.BLOCK_R * (self.BLOCK_S + self.BLOCK_S2 * self.SECOND_C_TILE) * 2
        return self.BLOCK_R * self.width * 2

    @property
    def ring(self) -> int:
        if self.STAGES:
            return self.STAGES
        fit = min(self.stages_that_fit(), MAX_STAGES)
        # A persistent walk starts every tile at stage 0 (the ring's stages are unrolled): its
        # ring divides the K steps, which are a power of two here.
        return 1 << (fit.bit_length() - 1) if self.PERSISTENT and fit > 0 else fit

    def num_tiles(self, m: int, n: int) -> int:
        return -(-m // self.block_m) * -(-n // self.block_n)

    def c_boxes(self) -> tuple:
        """The TMA store boxes of the three dots' tiles of C (tokens x columns); None for none."""
        widths = (self.BLOCK_S, self.BLOCK_S2, self.BLOCK_S3)
        if self.SWAP_AB:
            return tuple((w, self.BLOCK_R) if w else None for w in widths)
        return tuple((self.BLOCK_R, w) if w else None for w in widths)


def _pow2(x: int) -> bool:
    return x > 0 and x & (x - 1) == 0


def is_valid(cfg: WsTileConfig, n: int, k: int) -> bool:
    # Triton's block shapes are powers of two: other widths take a second dot.
    return (
        cfg.BLOCK_R in (64, 128)
        and _pow2(cfg.BLOCK_S)
        and 8 <= cfg.BLOCK_S <= 256
        and (cfg.BLOCK_S2 == 0 or (_pow2(cfg.BLOCK_S2) and 8 <= cfg.BLOCK_S2 <= cfg.BLOCK_S))
        # Two dots as wide as each other only as one WGMMA (128 + 128: a 256-wide tile whose
        # halves ONE_C_TILE can stage in turn); otherwise one dot of twice the width.
        and (cfg.BLOCK_S2 < cfg.BLOCK_S or cfg.ONE_WGMMA)
        and cfg.BLOCK_K in (64, 128, 256)
        and k % cfg.BLOCK_K == 0
        and cfg.block_n <= n
        and 2 <= cfg.ring <= min(cfg.stages_that_fit(), k // cfg.BLOCK_K)
        and cfg.PRODUCER_REGS % 8 == 0
        and 24 <= cfg.PRODUCER_REGS <= 256
        and 0 <= cfg.PRELOAD <= cfg.ring
        and (not cfg.ONE_WGMMA or cfg.BLOCK_S2 > 0)
        and (not cfg.ONE_Y_BOX or cfg.ONE_WGMMA)
        and (cfg.BLOCK_S3 == 0 or _third_dot_fits(cfg))
        and (not cfg.ONE_C_TILE or cfg.BLOCK_S2 > 0)
        and (not cfg.SECOND_C_TILE or (cfg.ONE_C_TILE and cfg.BLOCK_S3 > 0 and not cfg.C_IN_RING))
        and (not cfg.PERSISTENT or (k // cfg.BLOCK_K) % cfg.ring == 0)
        and (not cfg.STORE_UNDER_MMA or cfg.PERSISTENT)
        # Two consumer groups take the producer's registers (240 each, from 168).
        and (not cfg.NO_SETMAXNREG or cfg.num_warps == 4)
        and cfg.GROUP_M >= 0
        and (not cfg.C_IN_RING or _c_fits_in_ring(cfg))
        and (not cfg.ONE_PRELOAD_SYNC or cfg.PRELOAD > 0)
        # With one CTA barrier in the preload a later stage's set-up could race its loads.
        and (not cfg.PRELOAD_IN_TURN or (cfg.PRELOAD > 0 and not cfg.ONE_PRELOAD_SYNC))
        and (not cfg.ROLLED or not cfg.PERSISTENT)  # a walk's rings stay unrolled
        and cfg.UNROLL >= 1
        and (cfg.UNROLL == 1 or (cfg.ROLLED and (k // cfg.BLOCK_K) % cfg.UNROLL == 0))
        and 0 <= cfg.B_L2_PREFETCH < k // cfg.BLOCK_K
        and cfg.L2_PROMOTION in PROMOTIONS
    )


def _c_fits_in_ring(cfg: WsTileConfig) -> bool:
    """C_IN_RING: one tile a CTA (a walk's ring runs on under its epilogues); the first dot's
    output tile fits in the X ring, the second's (staged apart) in the Y ring, and a third
    dot's only in turn in the first's place (ONE_C_TILE)."""
    y_rows = cfg.width if cfg.ONE_WGMMA else cfg.BLOCK_S  # apart, y_ring holds the first dot's
    x_ring, y_ring = (cfg.ring * rows * cfg.BLOCK_K for rows in (cfg.BLOCK_R, y_rows))
    second = 0 if cfg.ONE_C_TILE else cfg.BLOCK_S2
    return (
        not cfg.PERSISTENT
        and (cfg.BLOCK_S3 == 0 or cfg.ONE_C_TILE)
        and cfg.BLOCK_R * cfg.BLOCK_S <= x_ring
        and cfg.BLOCK_R * second <= y_ring
    )


def _third_dot_fits(cfg: WsTileConfig) -> bool:
    """A third dot comes only as one WGMMA of all three from one Y box (its Y rows are loaded
    with the others' and lie in their ring); the ring's blocks are its rows, so the other two
    widths are multiples of it."""
    return (
        cfg.ONE_Y_BOX
        and _pow2(cfg.BLOCK_S3)
        and 8 <= cfg.BLOCK_S3 < cfg.BLOCK_S2
        and cfg.width <= 256
    )


@gluon.constexpr_function
def _third_dot_rows(ring_rows, second_rows, fused):
    """The third dot's width, read off a FUSED ring's block rows (0: no third dot)."""
    return ring_rows if fused and ring_rows < second_rows else 0


@gluon.jit
def _y_tiles(y_ring, y2_ring, s, part, BLOCK_S: gl.constexpr, BLOCK_S2: gl.constexpr,
             K_PARTS: gl.constexpr, FUSED: gl.constexpr):  # fmt: skip
    """Ring stage s's Y tiles of the first, second and third dot (of K part `part`; without a
    third dot, the second's tile stands in for it). FUSED: all in one ring of blocks 64 deep,
    BLOCK_S2 rows each (the third dot's width with one), each K part's second-dot rows right
    after its first-dot rows and the third's after those (one WGMMA reads them all: they must
    lie at one stride, which a 128-deep tile's two swizzle atoms side by side would not give),
    K_PARTS parts a stage."""
    if FUSED:
        ROWS: gl.constexpr = y_ring.type.shape[1]
        PART_K: gl.constexpr = y_ring.type.shape[2]
        BLOCK_S3: gl.constexpr = _third_dot_rows(ROWS, BLOCK_S2, FUSED)
        BLOCKS: gl.constexpr = (BLOCK_S + BLOCK_S2 + BLOCK_S3) // ROWS  # per K part
        start = (s * K_PARTS + part) * BLOCKS
        first = y_ring.index(start)._reinterpret(
            y_ring.dtype, [BLOCK_S, PART_K], y_ring.type.layout
        )
        if BLOCK_S3 == 0:
            return first, y_ring.index(start + BLOCKS - 1), y_ring.index(start + BLOCKS - 1)
        else:
            second = y_ring.index(start + BLOCK_S // ROWS)._reinterpret(
                y_ring.dtype, [BLOCK_S2, PART_K], y_ring.type.layout
            )
            return first, second, y_ring.index(start + BLOCKS - 1)
    else:
        return y_ring.index(s), y2_ring.index(s), y2_ring.index(s)


@gluon.jit
def _load_stage(
    x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0, i, lap,
    s: gl.constexpr, HAS_S2: gl.constexpr, FUSED: gl.constexpr, ONE_BOX: gl.constexpr,
):  # fmt: skip
    """Wait until ring stage s is free, then TMA the i-th K step of the tile into it."""
    # A fresh mbarrier counts as having completed the phase before 0: the first lap through
    # the ring does not wait.
    mbarrier.wait(empty[s], (lap & 1) ^ 1)
    _issue_stage(
        x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready[s], x0, y0, i, s, HAS_S2, FUSED,
        ONE_BOX,
    )  # fmt: skip


@gluon.jit
def _issue_stage(
    x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, bar, x0, y0, i, s,
    HAS_S2: gl.constexpr, FUSED: gl.constexpr, ONE_BOX: gl.constexpr,
):  # fmt: skip
    """TMA the i-th K step of the tile into ring stage s, counted on mbarrier `bar` (both
    constants in the unrolled ring, run-time values in the rolled one). ONE_BOX: y_desc's boxes
    hold every dot's rows (the launch encodes them so: _with_wide_y_box), landing where _y_tiles
    reads."""
    BLOCK_K: gl.constexpr = x_desc.block_type.shape[1]
    BLOCK_S: gl.constexpr = y_desc.block_type.shape[0]
    BLOCK_S2: gl.constexpr = y2_desc.block_type.shape[0]  # (BLOCK_S without a second dot)
    PART_K: gl.constexpr = y_desc.block_type.shape[1]  # BLOCK_K, or 64 with FUSED
    K_PARTS: gl.constexpr = BLOCK_K // PART_K
    Y2_BYTES: gl.constexpr = y2_desc.block_type.nbytes if HAS_S2 else 0
    # A third dot's rows come in Y's wide box (ONE_BOX), as many bytes as its ring block holds.
    Y3_BYTES: gl.constexpr = _third_dot_rows(y_ring.type.shape[1], BLOCK_S2, FUSED) * PART_K * 2
    Y_BYTES: gl.constexpr = K_PARTS * (y_desc.block_type.nbytes + Y2_BYTES + Y3_BYTES)
    stage_bytes: gl.constexpr = x_desc.block_type.nbytes + Y_BYTES
    k = i * BLOCK_K
    mbarrier.expect(bar, stage_bytes)
    tma.async_copy_global_to_shared(x_desc, [x0, k], bar, x_ring.index(s))
    for part in gl.static_range(K_PARTS):
        y, y2, _ = _y_tiles(y_ring, y2_ring, s, part, BLOCK_S, BLOCK_S2, K_PARTS, FUSED)
        tma.async_copy_global_to_shared(y_desc, [y0, k + part * PART_K], bar, y)
        if HAS_S2 and not ONE_BOX:
            tma.async_copy_global_to_shared(y2_desc, [y0 + BLOCK_S, k + part * PART_K], bar, y2)


@gluon.jit
def _produce(
    x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
    K_TILES: gl.constexpr, HAS_S2: gl.constexpr, PRELOAD: gl.constexpr, FUSED: gl.constexpr,
    ONE_BOX: gl.constexpr,
):  # fmt: skip
    """Producer partition: TMA every K step of the tile into the ring, lap after lap (the
    ring's stages unrolled, then the K steps left over), after the first PRELOAD steps, which
    the kernel issued before this region. (Worker partitions take no None: without a second
    dot, y2_desc and y2_ring stand in for the absent ones.)"""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES  # at least one: is_valid
    for s in gl.static_range(PRELOAD, STAGES):
        _load_stage(
            x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0, s, 0, s,
            HAS_S2, FUSED, ONE_BOX,
        )  # fmt: skip
    _load_laps(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0, 1, LAPS,
               0, HAS_S2, FUSED, ONE_BOX)  # fmt: skip
    for s in gl.static_range(K_TILES % STAGES):
        _load_stage(
            x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
            LAPS * STAGES + s, LAPS, s, HAS_S2, FUSED, ONE_BOX,
        )  # fmt: skip


@gluon.jit
def _load_laps(
    x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0, first_lap, laps,
    laps_before, HAS_S2: gl.constexpr, FUSED: gl.constexpr, ONE_BOX: gl.constexpr,
):  # fmt: skip
    """TMA the tile's K steps of laps first_lap .. laps - 1, a whole ring lap each; the ring
    ran laps_before laps before the tile's first (the barriers' phases count them all)."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    for lap in range(first_lap, laps):
        for s in gl.static_range(STAGES):
            _load_stage(
                x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
                lap * STAGES + s, laps_before + lap, s, HAS_S2, FUSED, ONE_BOX,
            )  # fmt: skip


@gluon.jit
def _mma_stage(acc, acc2, acc3, x_ring, y_ring, y2_ring, ready, empty, lap, s: gl.constexpr,
               after_lap_one, HAS_S2: gl.constexpr, FUSED: gl.constexpr,
               HAS_S3: gl.constexpr):  # fmt: skip
    """Wait for ring stage s, issue its WGMMAs, wait for the previous stage's, and hand the
    previous stage back to the producer. Stage 0's previous stage is the last of the lap
    before, which exists once `after_lap_one` holds (a releasing arrive for a stage never
    filled would run the barrier a phase ahead of the producer: a hang)."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    mbarrier.wait(ready[s], lap & 1)
    # The same stage, indexed with a value computed at run time: with constant indices the
    # compiler hoists every stage's WGMMA descriptors out of the loop and spills two-dot
    # tiles' registers (324 bytes at 64 x (64 + 16)).
    si = (lap * STAGES + s) % STAGES
    acc, acc2, acc3 = _mma_and_wait(acc, acc2, acc3, x_ring, y_ring, y2_ring, si, HAS_S2, FUSED,
                                    HAS_S3)  # fmt: skip
    # Every consumer thread arrives (the barrier counts them all): Triton 3.6 lowers a
    # one-thread arrive with a bar.sync before and after it. cp.async's arrive fires once the
    # thread's earlier cp.async copies are done; it issued none.
    if s == 0:
        if after_lap_one:
            async_copy.mbarrier_arrive(empty[STAGES - 1], increment_count=False)
    else:
        async_copy.mbarrier_arrive(empty[s - 1], increment_count=False)
    return acc, acc2, acc3


@gluon.jit
def _mma_and_wait(acc, acc2, acc3, x_ring, y_ring, y2_ring, s, HAS_S2: gl.constexpr,
                  FUSED: gl.constexpr, HAS_S3: gl.constexpr):  # fmt: skip
    """Issue ring stage s's WGMMAs (the stage has landed) and wait for the previous stage's:
    this stage's MMA groups may stay in flight."""
    x = x_ring.index(s)
    # (Widths read before the MMAs make the accumulators async results.)
    BLOCK_S: gl.constexpr = acc.type.shape[1]
    BLOCK_S2: gl.constexpr = acc2.type.shape[1]
    PART_K: gl.constexpr = y_ring.type.shape[2]
    K_PARTS: gl.constexpr = x_ring.type.shape[2] // PART_K
    for part in gl.static_range(K_PARTS):
        xp = x
        if K_PARTS > 1:
            xp = x.slice(part * PART_K, PART_K, dim=1)
        y, y2, y3 = _y_tiles(y_ring, y2_ring, s, part, BLOCK_S, BLOCK_S2, K_PARTS, FUSED)
        acc = warpgroup_mma(xp, y.permute((1, 0)), acc, is_async=True)
        if HAS_S2:
            acc2 = warpgroup_mma(xp, y2.permute((1, 0)), acc2, is_async=True)
        if HAS_S3:
            acc3 = warpgroup_mma(xp, y3.permute((1, 0)), acc3, is_async=True)
    if HAS_S3:
        acc, acc2, acc3, _ = warpgroup_mma_wait(
            num_outstanding=3 * K_PARTS, deps=(acc, acc2, acc3, x)
        )
    elif HAS_S2:
        acc, acc2, _ = warpgroup_mma_wait(num_outstanding=2 * K_PARTS, deps=(acc, acc2, x))
    else:
        acc, _ = warpgroup_mma_wait(num_outstanding=K_PARTS, deps=(acc, x))
    return acc, acc2, acc3


@gluon.jit
def _zero_accs(BLOCK_R: gl.constexpr, BLOCK_S: gl.constexpr, BLOCK_S2: gl.constexpr,
               BLOCK_S3: gl.constexpr, layouts: gl.constexpr):  # fmt: skip
    """fp32 accumulators of the dots, zero. A dot that is not there gets a stand-in of the
    first's shape that no MMA touches."""
    acc = gl.zeros((BLOCK_R, BLOCK_S), dtype=gl.float32, layout=layouts[0])
    acc2 = gl.zeros((BLOCK_R, BLOCK_S2 if BLOCK_S2 > 0 else BLOCK_S), dtype=gl.float32,
                    layout=layouts[1] if BLOCK_S2 > 0 else layouts[0])  # fmt: skip
    acc3 = gl.zeros((BLOCK_R, BLOCK_S3 if BLOCK_S3 > 0 else BLOCK_S), dtype=gl.float32,
                    layout=layouts[2] if BLOCK_S3 > 0 else layouts[0])  # fmt: skip
    return acc, acc2, acc3


@gluon.jit
def _all_done(acc, acc2, acc3, HAS_S2: gl.constexpr, HAS_S3: gl.constexpr):
    """The dots' accumulators, as a tuple, once every WGMMA group is done."""
    if HAS_S3:
        acc, acc2, acc3 = warpgroup_mma_wait(num_outstanding=0, deps=(acc, acc2, acc3))
        return (acc, acc2, acc3)
    elif HAS_S2:
        acc, acc2 = warpgroup_mma_wait(num_outstanding=0, deps=(acc, acc2))
        return (acc, acc2)
    else:
        return (warpgroup_mma_wait(num_outstanding=0, deps=(acc,)),)


@gluon.jit
def _consume(
    x_ring, y_ring, y2_ring, ready, empty, K_TILES: gl.constexpr, HAS_S2: gl.constexpr,
    FUSED: gl.constexpr, BLOCK_S: gl.constexpr, BLOCK_S2: gl.constexpr, BLOCK_S3: gl.constexpr,
    layouts: gl.constexpr, laps_before,
):  # fmt: skip
    """Default partition (and a walk's, per tile, after `laps_before` laps through the ring):
    WGMMA the ring's stages into fp32 accumulators (one per Y tile), one batch in flight; a
    stage goes back to the producer once the batch reading it is done. The ring is unrolled
    (one mbarrier allocation per stage, each named by a constant; the buffers are indexed at
    run time, see _mma_stage): with the barriers in one indexed allocation, and one thread
    arriving, Triton put a 128-thread bar.sync before every wait and around every arrive; now
    there is one per lap."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES
    BLOCK_R: gl.constexpr = x_ring.type.shape[1]
    HAS_S3: gl.constexpr = BLOCK_S3 > 0
    acc, acc2, acc3 = _zero_accs(BLOCK_R, BLOCK_S, BLOCK_S2, BLOCK_S3, layouts)
    for lap in range(LAPS):
        for s in gl.static_range(STAGES):
            acc, acc2, acc3 = _mma_stage(
                acc, acc2, acc3, x_ring, y_ring, y2_ring, ready, empty, laps_before + lap, s,
                lap > 0, HAS_S2, FUSED, HAS_S3,
            )  # fmt: skip
    for s in gl.static_range(K_TILES % STAGES):
        acc, acc2, acc3 = _mma_stage(
            acc, acc2, acc3, x_ring, y_ring, y2_ring, ready, empty, laps_before + LAPS, s,
            LAPS > 0, HAS_S2, FUSED, HAS_S3,
        )  # fmt: skip
    # A tuple: Triton 3.6's warp_specialize takes the default partition's results as one.
    return _all_done(acc, acc2, acc3, HAS_S2, HAS_S3)


@gluon.jit
def _produce_walk(
    x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, M, N: gl.constexpr,
    K_TILES: gl.constexpr, HAS_S2: gl.constexpr, PRELOAD: gl.constexpr, FUSED: gl.constexpr,
    ONE_BOX: gl.constexpr, WIDTH: gl.constexpr, SWAP_AB: gl.constexpr, GROUP_M: gl.constexpr,
    CLIP_LAST: gl.constexpr,
):  # fmt: skip
    """Producer partition of a persistent walk (PERSISTENT): the CTA's first tile as _produce
    loads it, then every later tile's K steps, a whole number of laps a tile (is_valid), so the
    ring runs on across tiles without a pause."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES
    BLOCK_R: gl.constexpr = x_ring.type.shape[1]
    pid = gl.program_id(0)
    x0, y0, _, _ = _tile_origin(pid, M, N, BLOCK_R, WIDTH, SWAP_AB, GROUP_M, CLIP_LAST)
    _produce(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0, K_TILES,
             HAS_S2, PRELOAD, FUSED, ONE_BOX)  # fmt: skip
    laps_before = LAPS
    for t in range(pid + gl.num_programs(0), _num_tiles(M, N, BLOCK_R, WIDTH, SWAP_AB),
                   gl.num_programs(0)):  # fmt: skip
        x0, y0, _, _ = _tile_origin(t, M, N, BLOCK_R, WIDTH, SWAP_AB, GROUP_M, CLIP_LAST)
        _load_laps(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0, 0,
                   LAPS, laps_before, HAS_S2, FUSED, ONE_BOX)  # fmt: skip
        laps_before += LAPS


@gluon.jit
def _consume_walk(
    x_ring, y_ring, y2_ring, ready, empty, c_desc, c2_desc, c3_desc, c_smem, c2_smem, c3_smem,
    M, N: gl.constexpr, K_TILES: gl.constexpr, HAS_S2: gl.constexpr, FUSED: gl.constexpr,
    BLOCK_S: gl.constexpr, BLOCK_S2: gl.constexpr, BLOCK_S3: gl.constexpr, layouts: gl.constexpr,
    SWAP_AB: gl.constexpr, GROUP_M: gl.constexpr, ONE_C_TILE: gl.constexpr,
    SECOND_C_TILE: gl.constexpr,
    CLIP_LAST: gl.constexpr,
    STORE_UNDER_MMA: gl.constexpr,
):  # fmt: skip
    """Default partition of a persistent walk: per tile, _consume's MMAs, then the epilogue,
    whose TMA stores run on while the next tile's MMAs start (the producer has its first
    stages loaded by then). With STORE_UNDER_MMA a tile's output waits in registers, as fp16,
    until the next tile's first WGMMAs are issued, and is staged and stored under them
    (_consume_storing): the tensor cores do not stand idle over the epilogue."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES
    BLOCK_R: gl.constexpr = x_ring.type.shape[1]
    WIDTH: gl.constexpr = BLOCK_S + BLOCK_S2 + BLOCK_S3
    HAS_S3: gl.constexpr = BLOCK_S3 > 0
    pid = gl.program_id(0)
    num_tiles = _num_tiles(M, N, BLOCK_R, WIDTH, SWAP_AB)
    laps_before = 0
    if STORE_UNDER_MMA:
        o1, o2, o3 = _to_fp16(_zero_accs(BLOCK_R, BLOCK_S, BLOCK_S2, BLOCK_S3, layouts), HAS_S2,
                              HAS_S3)  # fmt: skip
        m0 = 0
        n0 = 0
        for t in range(pid, num_tiles, gl.num_programs(0)):
            accs = _consume_storing(
                x_ring, y_ring, y2_ring, ready, empty, K_TILES, HAS_S2, FUSED, BLOCK_S, BLOCK_S2,
                BLOCK_S3, layouts, laps_before, t != pid, (o1, o2, o3), c_desc, c2_desc,
                c3_desc, c_smem, c2_smem, c3_smem, m0, n0, SWAP_AB, ONE_C_TILE, SECOND_C_TILE,
            )  # fmt: skip
            async_copy.mbarrier_arrive(empty[STAGES - 1], increment_count=False)
            # Converted now, while the accumulators are done with: the next tile's hold
            # their registers from its first WGMMA on.
            o1, o2, o3 = _to_fp16(accs, HAS_S2, HAS_S3)
            _, _, m0, n0 = _tile_origin(t, M, N, BLOCK_R, WIDTH, SWAP_AB, GROUP_M, CLIP_LAST)
            laps_before += LAPS
        if pid < num_tiles:  # the CTA's last tile
            tma.store_wait(pendings=0)
            _store_tile((o1, o2, o3), c_desc, c2_desc, c3_desc, c_smem, c2_smem, c3_smem, m0,
                        n0, BLOCK_S, BLOCK_S2, SWAP_AB, HAS_S2, HAS_S3, ONE_C_TILE,
                        SECOND_C_TILE)  # fmt: skip
    else:
        for t in range(pid, num_tiles, gl.num_programs(0)):
            accs = _consume(x_ring, y_ring, y2_ring, ready, empty, K_TILES, HAS_S2, FUSED,
                            BLOCK_S, BLOCK_S2, BLOCK_S3, layouts, laps_before)  # fmt: skip
            # The tile's last stage goes back now: left to the next tile's first stage, the
            # producer would be a stage short over this epilogue.
            async_copy.mbarrier_arrive(empty[STAGES - 1], increment_count=False)
            _, _, m0, n0 = _tile_origin(t, M, N, BLOCK_R, WIDTH, SWAP_AB, GROUP_M, CLIP_LAST)
            tma.store_wait(pendings=0)  # the previous tile's stores have read the staging tiles
            _store_tile(accs, c_desc, c2_desc, c3_desc, c_smem, c2_smem, c3_smem, m0, n0,
                        BLOCK_S, BLOCK_S2, SWAP_AB, HAS_S2, HAS_S3, ONE_C_TILE,
                        SECOND_C_TILE)  # fmt: skip
            laps_before += LAPS
    tma.store_wait(pendings=0)


@gluon.jit
def _consume_storing(
    x_ring, y_ring, y2_ring, ready, empty, K_TILES: gl.constexpr, HAS_S2: gl.constexpr,
    FUSED: gl.constexpr, BLOCK_S: gl.constexpr, BLOCK_S2: gl.constexpr, BLOCK_S3: gl.constexpr,
    layouts: gl.constexpr, laps_before, has_previous, previous, c_desc, c2_desc, c3_desc,
    c_smem, c2_smem, c3_smem, m0, n0, SWAP_AB: gl.constexpr, ONE_C_TILE: gl.constexpr,
    SECOND_C_TILE: gl.constexpr,
):  # fmt: skip
    """_consume for a walk's tile whose K steps are whole laps, with the previous tile's fp16
    output (`previous`, at m0, n0; none for the CTA's first tile) staged and stored once this
    tile's first stage's WGMMAs are issued, while they run."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    LAPS: gl.constexpr = K_TILES // STAGES
    BLOCK_R: gl.constexpr = x_ring.type.shape[1]
    HAS_S3: gl.constexpr = BLOCK_S3 > 0
    acc, acc2, acc3 = _zero_accs(BLOCK_R, BLOCK_S, BLOCK_S2, BLOCK_S3, layouts)
    # (The walk handed the last tile's last stage back itself: no release before stage 0.)
    acc, acc2, acc3 = _mma_stage(acc, acc2, acc3, x_ring, y_ring, y2_ring, ready, empty,
                                 laps_before, 0, False, HAS_S2, FUSED, HAS_S3)  # fmt: skip
    if has_previous:
        tma.store_wait(pendings=0)  # the stores before have read the staging tiles
        _store_tile(previous, c_desc, c2_desc, c3_desc, c_smem, c2_smem, c3_smem, m0, n0,
                    BLOCK_S, BLOCK_S2, SWAP_AB, HAS_S2, HAS_S3, ONE_C_TILE,
                    SECOND_C_TILE)  # fmt: skip
    for s in gl.static_range(1, STAGES):
        acc, acc2, acc3 = _mma_stage(acc, acc2, acc3, x_ring, y_ring, y2_ring, ready, empty,
                                     laps_before, s, False, HAS_S2, FUSED, HAS_S3)  # fmt: skip
    for lap in range(1, LAPS):
        for s in gl.static_range(STAGES):
            acc, acc2, acc3 = _mma_stage(
                acc, acc2, acc3, x_ring, y_ring, y2_ring, ready, empty, laps_before + lap, s,
                True, HAS_S2, FUSED, HAS_S3,
            )  # fmt: skip
    return _all_done(acc, acc2, acc3, HAS_S2, HAS_S3)


@gluon.jit
def _to_fp16(accs, HAS_S2: gl.constexpr, HAS_S3: gl.constexpr):
    """The dots' accumulators as fp16 tiles (o1, o2, o3); a dot that is not there gets the
    first's as a stand-in that nothing stores."""
    o1 = accs[0].to(gl.float16)
    o2 = o1
    o3 = o1
    if HAS_S2:
        o2 = accs[1].to(gl.float16)
    if HAS_S3:
        o3 = accs[2].to(gl.float16)
    return o1, o2, o3


@gluon.jit
def _num_tiles(M, N: gl.constexpr, BLOCK_R: gl.constexpr, WIDTH: gl.constexpr,
               SWAP_AB: gl.constexpr):  # fmt: skip
    """The tiles a walk covers: token tiles x column tiles."""
    TOKENS: gl.constexpr = WIDTH if SWAP_AB else BLOCK_R
    COLUMNS: gl.constexpr = BLOCK_R if SWAP_AB else WIDTH
    return gl.cdiv(M, TOKENS) * ((N + COLUMNS - 1) // COLUMNS)


@gluon.jit
def _tile_origin(t, M, N: gl.constexpr, BLOCK_R: gl.constexpr, WIDTH: gl.constexpr,
                 SWAP_AB: gl.constexpr, GROUP_M: gl.constexpr,
                 CLIP_LAST: gl.constexpr):  # fmt: skip
    """(x0, y0, m0, n0): where tile t's X and Y rows start, and its first token and column of
    C. Token tiles vary fastest, GROUP_M of them at a time (all with 0): CTAs running side by
    side read the same columns of B, and with a group the same tokens of A too."""
    TOKENS: gl.constexpr = WIDTH if SWAP_AB else BLOCK_R
    COLUMNS: gl.constexpr = BLOCK_R if SWAP_AB else WIDTH
    tiles_m = gl.cdiv(M, TOKENS)
    if GROUP_M == 0:
        tm = t % tiles_m
        tn = t // tiles_m
    else:
        GROUP_TILES: gl.constexpr = GROUP_M * ((N + COLUMNS - 1) // COLUMNS)
        first = (t // GROUP_TILES) * GROUP_M
        rows = gl.minimum(tiles_m - first, GROUP_M)
        tm = first + (t % GROUP_TILES) % rows
        tn = (t % GROUP_TILES) // rows
    return _origin_of(tm, tn, M, N, BLOCK_R, WIDTH, SWAP_AB, CLIP_LAST)


@gluon.jit
def _origin_of(tm, tn, M, N: gl.constexpr, BLOCK_R: gl.constexpr, WIDTH: gl.constexpr,
               SWAP_AB: gl.constexpr, CLIP_LAST: gl.constexpr):  # fmt: skip
    """_tile_origin's (x0, y0, m0, n0) of the tm-th token tile and the tn-th column tile.

    The last tile along each side is shifted back to end at the side's end, overlapping its
    neighbour (its overlapped elements computed twice, identically: same data, same K order),
    or with CLIP_LAST starts where the others' step puts it and runs past the end: TMA
    zero-fills its loads there and clips its stores, so its extra rows multiply zeros and
    read no memory. A tile longer than the side starts at 0 either way."""
    TOKENS: gl.constexpr = WIDTH if SWAP_AB else BLOCK_R
    COLUMNS: gl.constexpr = BLOCK_R if SWAP_AB else WIDTH
    if CLIP_LAST:
        m0 = tm * TOKENS
        n0 = tn * COLUMNS
    else:
        m0 = gl.minimum(tm * TOKENS, gl.maximum(M - TOKENS, 0))
        n0 = gl.minimum(tn * COLUMNS, N - COLUMNS)
    if SWAP_AB:
        return n0, m0, m0, n0
    else:
        return m0, n0, m0, n0


@gluon.jit
def _store_tile(accs, c_desc, c2_desc, c3_desc, c_smem, c2_smem, c3_smem, m0, n0,
                BLOCK_S: gl.constexpr, BLOCK_S2: gl.constexpr, SWAP_AB: gl.constexpr,
                HAS_S2: gl.constexpr, HAS_S3: gl.constexpr,
                ONE_C_TILE: gl.constexpr, SECOND_C_TILE: gl.constexpr):  # fmt: skip
    """The tile's accumulators (one per dot) to C at (m0, n0), through shared memory and TMA
    stores (the last not waited for). ONE_C_TILE: the dots' staging tiles share one buffer,
    each written once the store before it has read it; with SECOND_C_TILE the second dot's
    has its own, so the third waits only for the first's store, issued two stagings before."""
    if ONE_C_TILE and SECOND_C_TILE:
        _stage_and_store(accs[0], c_desc, c_smem, m0, n0, 0, SWAP_AB)
        _stage_and_store(accs[1], c2_desc, c2_smem, m0, n0, BLOCK_S, SWAP_AB)
        tma.store_wait(pendings=1)  # the first's (bulk groups complete in order)
        _stage_and_store(accs[2], c3_desc, c3_smem, m0, n0, BLOCK_S + BLOCK_S2, SWAP_AB)
    elif ONE_C_TILE:
        _stage_and_store(accs[0], c_desc, c_smem, m0, n0, 0, SWAP_AB)
        tma.store_wait(pendings=0)
        _stage_and_store(accs[1], c2_desc, c2_smem, m0, n0, BLOCK_S, SWAP_AB)
        if HAS_S3:
            tma.store_wait(pendings=0)
            _stage_and_store(accs[2], c3_desc, c3_smem, m0, n0, BLOCK_S + BLOCK_S2, SWAP_AB)
    else:
        _stage(accs[0], c_smem, SWAP_AB)
        if HAS_S2:
            _stage(accs[1], c2_smem, SWAP_AB)
        if HAS_S3:
            _stage(accs[2], c3_smem, SWAP_AB)
        fence_async_shared()
        tma.async_copy_shared_to_global(c_desc, [m0, n0], c_smem)
        if HAS_S2:
            _store_dot(c2_desc, c2_smem, m0, n0, BLOCK_S, SWAP_AB)
        if HAS_S3:
            _store_dot(c3_desc, c3_smem, m0, n0, BLOCK_S + BLOCK_S2, SWAP_AB)


@gluon.jit
def _stage_and_store(acc, c_desc, c_smem, m0, n0, offset, SWAP_AB: gl.constexpr):
    """Stage one dot's tile and TMA-store it (not waited for), `offset` tokens (SWAP_AB) or
    columns past the tile's first."""
    _stage(acc, c_smem, SWAP_AB)
    fence_async_shared()
    _store_dot(c_desc, c_smem, m0, n0, offset, SWAP_AB)


@gluon.jit
def _store_dot(c_desc, c_smem, m0, n0, offset, SWAP_AB: gl.constexpr):
    """TMA-store a later dot's staged tile, `offset` tokens (SWAP_AB) or columns past the
    first dot's."""
    if SWAP_AB:
        tma.async_copy_shared_to_global(c_desc, [m0 + offset, n0], c_smem)
    else:
        tma.async_copy_shared_to_global(c_desc, [m0, n0 + offset], c_smem)


@gluon.jit
def _stage(acc, c_smem, SWAP_AB: gl.constexpr):
    """acc (fp32, rows x columns of the MMA tile) -> fp16, transposed with SWAP_AB, into the
    shared-memory tile c_smem, laid out for its TMA store."""
    out = acc.to(gl.float16)
    if SWAP_AB:
        out = gl.permute(out, (1, 0))
    c_smem.store(out)


@gluon.jit
def _bar(bars, s: gl.constexpr, ROLLED: gl.constexpr):
    """Ring stage s's mbarrier: an element of one allocation (ROLLED) or of a tuple."""
    if ROLLED:
        return bars.index(s)
    else:
        return bars[s]


@gluon.jit
def _produce_rolled(
    x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready, empty, x0, y0,
    K_TILES: gl.constexpr, HAS_S2: gl.constexpr, PRELOAD: gl.constexpr, FUSED: gl.constexpr,
    ONE_BOX: gl.constexpr,
):  # fmt: skip
    """_produce as one loop over the K steps after the preload (ROLLED)."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    # The stage and its phase are carried from step to step, not derived from i (a division
    # and a remainder a step, on the uniform datapath's long latencies).
    s = PRELOAD % STAGES
    phase = ((PRELOAD // STAGES) & 1) ^ 1
    for i in range(PRELOAD, K_TILES):
        mbarrier.wait(empty.index(s), phase)
        _issue_stage(x_desc, y_desc, y2_desc, x_ring, y_ring, y2_ring, ready.index(s), x0, y0, i,
                     s, HAS_S2, FUSED, ONE_BOX)  # fmt: skip
        s, phase = _advance(s, phase, 1, STAGES)


@gluon.jit
def _consume_rolled(
    x_ring, y_ring, y2_ring, ready, empty, K_TILES: gl.constexpr, HAS_S2: gl.constexpr,
    FUSED: gl.constexpr, BLOCK_S: gl.constexpr, BLOCK_S2: gl.constexpr, BLOCK_S3: gl.constexpr,
    layouts: gl.constexpr, UNROLL: gl.constexpr,
):  # fmt: skip
    """_consume as one loop over the K steps, UNROLL steps a pass, its barriers indexed at run
    time (ROLLED): a fraction of the code. Where UNROLL divides the ring, a pass's stages are
    one run-time base plus constants."""
    STAGES: gl.constexpr = x_ring.type.shape[0]
    BLOCK_R: gl.constexpr = x_ring.type.shape[1]
    HAS_S3: gl.constexpr = BLOCK_S3 > 0
    U: gl.constexpr = UNROLL
    STATIC: gl.constexpr = STAGES % U == 0
    acc, acc2, acc3 = _zero_accs(BLOCK_R, BLOCK_S, BLOCK_S2, BLOCK_S3, layouts)
    base = 0
    phase = 0
    prev = STAGES  # the spare barrier
    for _ in range(K_TILES // U):
        for u in gl.static_range(U):
            if STATIC:
                s = base + u
            else:
                s = base
            mbarrier.wait(ready.index(s), phase)
            acc, acc2, acc3 = _mma_and_wait(acc, acc2, acc3, x_ring, y_ring, y2_ring, s, HAS_S2,
                                            FUSED, HAS_S3)  # fmt: skip
            release = empty.index(prev)
            prev = s
            if not STATIC:
                base, phase = _advance(base, phase, 1, STAGES)
            async_copy.mbarrier_arrive(release, increment_count=False)
        if STATIC:
            base, phase = _advance(base, phase, U, STAGES)
    return _all_done(acc, acc2, acc3, HAS_S2, HAS_S3)


@gluon.jit
def _advance(s, phase, STEP: gl.constexpr, STAGES: gl.constexpr):
    """(s + STEP, phase) around a ring of STAGES (STEP divides it): back to 0, the phase
    flipped, where it wraps."""
    s += STEP
    if s == STAGES:
        s = 0
        phase ^= 1
    return s, phase


@gluon.jit(do_not_specialize=["M"])
def _ws_tile_kernel(
    x_desc,  # [R, K] with (BLOCK_R, BLOCK_K) boxes
    y_desc,  # [S, K] with (BLOCK_S, BLOCK_K) boxes
    y2_desc,  # [S, K] with (BLOCK_S2, BLOCK_K) boxes, for the second dot; None without
    c_desc,  # C [M, N], boxes of the first dot's tile
    c2_desc,  # C [M, N], boxes of the second dot's tile; None without
    c3_desc,  # C [M, N], boxes of the third dot's tile; None without
    M,
    N: gl.constexpr,
    K: gl.constexpr,
    SWAP_AB: gl.constexpr,
    STAGES: gl.constexpr,
    PRODUCER_REGS: gl.constexpr,
    PRELOAD: gl.constexpr,
    FUSED: gl.constexpr,  # one ring for both dots' Y tiles (cfg.ONE_WGMMA)
    ONE_BOX: gl.constexpr,  # one TMA box for both dots' Y rows (cfg.ONE_Y_BOX)
    PERSISTENT: gl.constexpr,  # each CTA walks tiles pid, pid + grid, ... (_consume_walk)
    GROUP_M: gl.constexpr,  # token tiles side by side in the tile order (_tile_origin)
    BLOCK_S3: gl.constexpr,  # the third dot's width (its Y rows come in Y's boxes); 0: none
    ONE_C_TILE: gl.constexpr,  # the dots' output tiles staged in turn in the first's buffer
    C_IN_RING: gl.constexpr,  # the output tiles staged in the ring, emptied by then (one tile)
    ROLLED: gl.constexpr,  # _produce_rolled and _consume_rolled (one tile a CTA)
    UNROLL: gl.constexpr,  # a rolled consumer's K steps a pass
    CLIP_LAST: gl.constexpr,  # the last tiles run past the end, zero-filled (_tile_origin)
    PRELOAD_IN_TURN: gl.constexpr,  # each preloaded stage's barrier set up just before its loads
    SECOND_C_TILE: gl.constexpr,  # ONE_C_TILE, three dots: the second's tile staged apart
    STORE_UNDER_MMA: gl.constexpr,  # a walk's tile stored under the next's first WGMMAs
):
    BLOCK_R: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_K: gl.constexpr = x_desc.block_type.shape[1]
    BLOCK_S: gl.constexpr = y_desc.block_type.shape[0]
    BLOCK_S2: gl.constexpr = 0 if y2_desc is None else y2_desc.block_type.shape[0]
    WIDTH: gl.constexpr = BLOCK_S + BLOCK_S2 + BLOCK_S3
    K_TILES: gl.constexpr = K // BLOCK_K
    # This CTA's (first) tile. One tile a CTA, ungrouped: a grid of token tiles x column
    # tiles (grid_of), so no division by the run-time token-tile count delays the first loads.
    if PERSISTENT or GROUP_M > 0:
        x0, y0, m0, n0 = _tile_origin(gl.program_id(0), M, N, BLOCK_R, WIDTH, SWAP_AB, GROUP_M,
                                      CLIP_LAST)  # fmt: skip
    else:
        x0, y0, m0, n0 = _origin_of(gl.program_id(0), gl.program_id(1), M, N, BLOCK_R, WIDTH,
                                    SWAP_AB, CLIP_LAST)  # fmt: skip

    x_ring = gl.allocate_shared_memory(x_desc.dtype, [STAGES, BLOCK_R, BLOCK_K], x_desc.layout)
    HAS_S2: gl.constexpr = y2_desc is not None
    if FUSED:
        # Blocks of BLOCK_S2 rows (BLOCK_S3 with a third dot) 64 deep (a shared-memory shape's
        # inner dimensions are powers of two): WIDTH // ROWS of them per 64-deep K part, read
        # through _y_tiles.
        PART_K: gl.constexpr = y2_desc.block_type.shape[1]
        ROWS: gl.constexpr = BLOCK_S3 if BLOCK_S3 > 0 else BLOCK_S2
        BLOCKS: gl.constexpr = STAGES * (BLOCK_K // PART_K) * (WIDTH // ROWS)
        y_ring = gl.allocate_shared_memory(y2_desc.dtype, [BLOCKS, ROWS, PART_K], y2_desc.layout)
        y2_ring = y_ring
    else:
        y_ring = gl.allocate_shared_memory(y_desc.dtype, [STAGES, BLOCK_S, BLOCK_K], y_desc.layout)
        y2_ring = y_ring
        if HAS_S2:
            y2_ring = gl.allocate_shared_memory(
                y2_desc.dtype, [STAGES, BLOCK_S2, BLOCK_K], y2_desc.layout
            )
    # The output tiles get their own memory, allocated before the warp-specialized region, or
    # (C_IN_RING, one tile a CTA) views of the ring, whose last stage the consumers are done
    # with before the epilogue: a ring stage more where the tile's bytes make one. Racecheck's
    # hazards on Triton's partition-state word are there either way, and in a Gluon kernel
    # with no logic but mbarriers and warp_specialize (probe at commit ade0bf1).
    if C_IN_RING:
        c_smem = x_ring._reinterpret(gl.float16, c_desc.block_type.shape, c_desc.layout)
    else:
        c_smem = gl.allocate_shared_memory(gl.float16, c_desc.block_type.shape, c_desc.layout)
    HAS_S3: gl.constexpr = BLOCK_S3 > 0
    c2_smem = c_smem
    c3_smem = c_smem
    if ONE_C_TILE:
        # The later dots' tiles are narrower: views of the first's buffer (_store_tile waits
        # for each store before the next dot's tile overwrites it), or the second's apart.
        if SECOND_C_TILE:
            c2_smem = gl.allocate_shared_memory(
                gl.float16, c2_desc.block_type.shape, c2_desc.layout
            )
        else:
            c2_smem = c_smem._reinterpret(gl.float16, c2_desc.block_type.shape, c2_desc.layout)
        if HAS_S3:
            c3_smem = c_smem._reinterpret(gl.float16, c3_desc.block_type.shape, c3_desc.layout)
    else:
        if HAS_S2 and C_IN_RING:
            c2_smem = y_ring._reinterpret(gl.float16, c2_desc.block_type.shape, c2_desc.layout)
        elif HAS_S2:
            c2_smem = gl.allocate_shared_memory(
                gl.float16, c2_desc.block_type.shape, c2_desc.layout
            )
        if HAS_S3:
            c3_smem = gl.allocate_shared_memory(
                gl.float16, c3_desc.block_type.shape, c3_desc.layout
            )
    # One allocation per mbarrier (tuples): Triton orders accesses to one allocation with a
    # bar.sync, whatever the index.
    if ROLLED:
        ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
        # One spare "empty" barrier: a rolled consumer's first release (nothing to hand back).
        empty = gl.allocate_shared_memory(gl.int64, [STAGES + 1, 1], mbarrier.MBarrierLayout())
        mbarrier.init(empty.index(STAGES), count=32 * gl.num_warps())
    else:
        ready = ()
        empty = ()
        for _ in gl.static_range(STAGES):
            ready = ready + (gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout()),)
            empty = empty + (gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout()),)
    # The warp-specialized region's partitions start 0.4-1.1 us after the kernel's entry
    # (probe at commit ade0bf1): the first PRELOAD stages' "ready"
    # barriers are set up first and their loads go out at once, before the other barriers.
    # (Worker partitions take no None: without a second dot, y_desc stands in for y2_desc.)
    y2_or_y = y2_desc if HAS_S2 else y_desc
    if PRELOAD_IN_TURN:
        # Each set-up delays the loads after it by ~25 ns (docs/triton_gemm.md): each stage's
        # loads leave right after its own barrier's. Triton puts a CTA barrier between the set-up
        # and the loads, which other warps may issue (so no ONE_PRELOAD_SYNC: is_valid).
        for s in gl.static_range(PRELOAD):
            mbarrier.init(_bar(ready, s, ROLLED), count=1)
            fence_async_shared()
            _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, _bar(ready, s, ROLLED),
                         x0, y0, s, s, HAS_S2, FUSED, ONE_BOX)  # fmt: skip
    else:
        for s in gl.static_range(PRELOAD):
            mbarrier.init(_bar(ready, s, ROLLED), count=1)  # the producer's expect; TMA the bytes
        if PRELOAD > 0:
            fence_async_shared()
            for s in gl.static_range(PRELOAD):
                _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring,
                             _bar(ready, s, ROLLED), x0, y0, s, s, HAS_S2, FUSED,
                             ONE_BOX)  # fmt: skip
    for s in gl.static_range(STAGES):
        if s >= PRELOAD:
            mbarrier.init(_bar(ready, s, ROLLED), count=1)
        mbarrier.init(_bar(empty, s, ROLLED), count=32 * gl.num_warps())  # each consumer thread
    fence_async_shared()

    layouts: gl.constexpr = (
        _acc_layout(gl.num_warps(), BLOCK_S),
        _acc_layout(gl.num_warps(), BLOCK_S2),
        _acc_layout(gl.num_warps(), BLOCK_S3),
    )
    if PERSISTENT:
        c2_or_c = c2_desc if HAS_S2 else c_desc
        c3_or_c = c3_desc if HAS_S3 else c_desc
        gl.warp_specialize(
            [
                (
                    _consume_walk,
                    (x_ring, y_ring, y2_ring, ready, empty, c_desc, c2_or_c, c3_or_c, c_smem,
                     c2_smem, c3_smem, M, N, K_TILES, HAS_S2, FUSED, BLOCK_S, BLOCK_S2, BLOCK_S3,
                     layouts, SWAP_AB, GROUP_M, ONE_C_TILE, SECOND_C_TILE, CLIP_LAST,
                     STORE_UNDER_MMA),
                ),
                (
                    _produce_walk,
                    (x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, ready, empty, M, N,
                     K_TILES, HAS_S2, PRELOAD, FUSED, ONE_BOX, WIDTH, SWAP_AB, GROUP_M,
                     CLIP_LAST),
                ),
            ],
            [1],
            [PRODUCER_REGS],
        )  # fmt: skip
        return
    accs = gl.warp_specialize(
        [
            (
                _consume_rolled if ROLLED else _consume,
                (
                    x_ring,
                    y_ring,
                    y2_ring,
                    ready,
                    empty,
                    K_TILES,
                    HAS_S2,
                    FUSED,
                    BLOCK_S,
                    BLOCK_S2,
                    BLOCK_S3,
                    layouts,
                    UNROLL if ROLLED else 0,  # _consume's laps_before (one tile), or UNROLL
                ),
            ),
            (
                _produce_rolled if ROLLED else _produce,
                (
                    x_desc,
                    y_desc,
                    y2_or_y,
                    x_ring,
                    y_ring,
                    y2_ring,
                    ready,
                    empty,
                    x0,
                    y0,
                    K_TILES,
                    HAS_S2,
                    PRELOAD,
                    FUSED,
                    ONE_BOX,
                ),
            ),
        ],
        [1],
        [PRODUCER_REGS],
    )
    _store_tile(accs, c_desc, c2_desc, c3_desc, c_smem, c2_smem, c3_smem, m0, n0, BLOCK_S,
                BLOCK_S2, SWAP_AB, HAS_S2, HAS_S3, ONE_C_TILE, SECOND_C_TILE)  # fmt: skip
    tma.store_wait(pendings=0)


@gluon.constexpr_function
def _acc_layout(num_warps, width):
    """The WGMMA accumulator layout of a (64 * num_warps / 4) x width tile (None for width 0)."""
    if width == 0:
        return None
    return gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[num_warps, 1], instr_shape=[16, width, 16]
    )


def b_descriptors(cfg: WsTileConfig) -> tuple[int, ...]:
    """Where B's descriptors are among the kernel's descriptor parameters: the positions, among
    the descriptors the launch passes (replay_slots, Nones dropped), of those of operand 1 that
    the kernel loads through (with ONE_Y_BOX, Y's wide boxes load the second dot's rows too)."""
    unread = {"y2"} if cfg.ONE_Y_BOX else set()
    return tuple(
        i
        for i, (role, slot) in enumerate(_passed_descriptors(cfg))
        if slot.operand == 1 and role not in unread
    )


def _passed_descriptors(cfg: WsTileConfig) -> list[tuple[str, Described]]:
    """(role, slot) of each descriptor the launch passes, in the kernel's parameter order: the
    replay_slots that are not None, named by what they load or store."""
    roles = ("x", "y", "y2", "c", "c2", "c3")  # replay_slots' order
    slots = replay_slots(cfg)
    return [(role, slot) for role, slot in zip(roles, slots, strict=True) if slot is not None]


def _finish(kernel, cfg: WsTileConfig, named: dict):
    """The compiled kernel with its two dots as one WGMMA (ONE_WGMMA), B's loads hinted
    evict-first (B_EVICT_FIRST) and prefetched into the L2 ahead (B_L2_PREFETCH), one CTA
    barrier in its preload (ONE_PRELOAD_SYNC) and none before a rolled ring's waits (ROLLED;
    both preload_syncs.py), without the register moves ptxas ignores (NO_SETMAXNREG;
    register_moves.py), from its changed PTX. launch.py runs this once per compile, with
    the launch's arguments by name (`named`: the prefetch stops at their K), as it runs every
    finisher. A change the PTX is not laid out for is left out with a warning: the kernel
    computes the same without any of them (ONE_WGMMA's ring holds the same rows for two
    WGMMAs). All are left out, with a warning, if ptxas miscompiles the changed PTX
    (ptx_rewrite.MiscompiledError). With ONE_Y_BOX, Y's boxes are widened (_with_wide_y_box):
    the kernel needs that to be right."""
    if cfg.ONE_Y_BOX:
        kernel = _with_wide_y_box(kernel, cfg)
    ptx = kernel.asm["ptx"]
    changes = []
    if cfg.ONE_PRELOAD_SYNC:
        changes.append(("one CTA barrier in the preload", with_one_preload_sync, ()))
    if cfg.ROLLED:
        changes.append(("no CTA barrier before the ring's waits", without_wait_syncs, ()))
    if cfg.ONE_WGMMA:
        changes.append(("one WGMMA for all dots", with_fused_dots, cfg.dot_widths))
    if cfg.B_EVICT_FIRST:
        changes.append(("the L2 hint on B's loads", with_evict_first, (b_descriptors(cfg),)))
    if cfg.NO_SETMAXNREG:
        changes.append(("removing the register moves", without_setmaxnreg, ()))
    if cfg.B_L2_PREFETCH:
        ahead = cfg.B_L2_PREFETCH * cfg.BLOCK_K
        prefetch_args = (b_descriptors(cfg), ahead, named["K"])
        changes.append(("the L2 prefetch of B", with_l2_prefetch, prefetch_args))
    changed = ptx
    for what, change, args in changes:
        try:
            changed = change(changed, *args)
        except ValueError as e:
            warnings.warn(f"{cfg}: running without {what}: {e}", stacklevel=2)
    if changed == ptx:
        return kernel
    return reassembled_or_as_compiled(kernel, changed, cfg)


def _with_wide_y_box(kernel, cfg: WsTileConfig):
    """A copy of the compiled kernel whose launches encode Y's TMA descriptor with boxes of
    every dot's rows (the width: BLOCK_S + BLOCK_S2 + BLOCK_S3). Gluon's descriptors take
    power-of-two boxes only; the box is not in the code but in the CUtensorMap, which Triton's
    launcher encodes from the kernel's `tensordesc_meta` (launch.py's replayer too). With
    ONE_Y_BOX the kernel loads no second-dot (or third-dot) tile: the wide box lands on the
    first-dot tile and the rows after it (_y_tiles) and completes the bytes the stage's barrier
    expects (_issue_stage)."""
    meta = [dict(m) for m in kernel.metadata.tensordesc_meta]
    y = [role for role, _ in _passed_descriptors(cfg)].index("y")
    if meta[y]["block_size"] != [cfg.BLOCK_S, cfg.y_box_k]:
        raise ValueError(f"{cfg}: descriptor {y} has boxes {meta[y]['block_size']}, not Y's")
    meta[y]["block_size"] = [cfg.width, cfg.y_box_k]
    wide = copy.copy(kernel)
    wide.metadata = kernel.metadata._replace(tensordesc_meta=meta)
    return wide


finish_compiled_with(_ws_tile_kernel, _finish)


def interpreter_twin(cfg: WsTileConfig) -> TileTmaConfig:
    """The tma_tile config of the same tiles, which TRITON_INTERPRET=1 runs on the CPU in this
    kernel's place: Gluon has no interpreter. Swapped two-dot tiles become one-dot tiles of
    BLOCK_S tokens (more tiles, the same result), and so do three-dot tiles of either kind.
    The Gluon kernel itself is compiled in CI and run on the device (tests/test_triton_cpu.py,
    tests/test_triton_gpu.py)."""
    if cfg.BLOCK_S3:
        return TileTmaConfig(cfg.BLOCK_R, cfg.BLOCK_S, cfg.BLOCK_K, num_stages=2)
    if cfg.SWAP_AB:
        return TileTmaConfig(cfg.BLOCK_S, cfg.BLOCK_R, cfg.BLOCK_K, SWAP_AB=True, num_stages=2)
    return TileTmaConfig(cfg.BLOCK_R, cfg.BLOCK_S, cfg.BLOCK_K, cfg.BLOCK_S2, num_stages=2)


def replay_slots(cfg: WsTileConfig) -> tuple:
    """What each leading argument is (launch.replayer): descriptors of X, Y, Y's second-dot
    rows (or None), C, C's second-dot tile and C's third-dot tile (or None)."""
    x_operand, y_operand = (1, 0) if cfg.SWAP_AB else (0, 1)
    c_boxes = cfg.c_boxes()
    return (
        Described(x_operand, (cfg.BLOCK_R, cfg.BLOCK_K), gluon=True),
        Described(y_operand, (cfg.BLOCK_S, cfg.y_box_k), gluon=True),
        Described(y_operand, (cfg.BLOCK_S2, cfg.y_box_k), gluon=True) if cfg.BLOCK_S2 else None,
        *(Described(2, box, gluon=True) if box else None for box in c_boxes),
    )


def grid_of(cfg: WsTileConfig, m: int, n: int, device) -> tuple:
    """The launch grid: a persistent walk's CTAs (one an SM at most), grouped tiles (GROUP_M)
    in one dimension, else token tiles x column tiles (the kernel's program ids, _origin_of)."""
    if cfg.PERSISTENT:
        return (min(cfg.num_tiles(m, n), sm_count(device)), 1, 1)
    if cfg.GROUP_M:
        return (cfg.num_tiles(m, n), 1, 1)
    return (-(-m // cfg.block_m), -(-n // cfg.block_n), 1)


def _grid_and_args(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg: WsTileConfig):
    M, K = A.shape
    N = B.shape[0]
    # Once a plan: the tables hold valid configs only, but a config given by hand (a tuner's,
    # tools.sanitize --config) would otherwise run, e.g. skipping the K steps an UNROLL that
    # does not divide them leaves over.
    if not is_valid(cfg, N, K):
        raise ValueError(f"{cfg} is not a valid Gluon tile for N = {N}, K = {K} (is_valid)")
    grid = grid_of(cfg, M, N, A.device)
    descs = [described(slot, A, B, C) for slot in replay_slots(cfg)]
    return grid, (
        *descs,
        M,
        N,
        K,
        cfg.SWAP_AB,
        cfg.ring,
        cfg.PRODUCER_REGS,
        cfg.PRELOAD,
        cfg.ONE_WGMMA,
        cfg.ONE_Y_BOX,
        cfg.PERSISTENT,
        cfg.GROUP_M,
        cfg.BLOCK_S3,
        cfg.ONE_C_TILE,
        cfg.C_IN_RING,
        cfg.ROLLED,
        cfg.UNROLL,
        cfg.CLIP_LAST,
        cfg.PRELOAD_IN_TURN,
        cfg.SECOND_C_TILE,
        cfg.STORE_UNDER_MMA,
    )
