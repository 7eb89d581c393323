"""Hopper GEMM in the CuTe DSL: TMA loads, an mbarrier pipeline, WGMMA, warp specialization.

Math: D = X @ Y.T with X [R, K] and Y [S, K], both K-major (rows contiguous along K), D [R, S]
fp16 with fp32 accumulation. main.py maps the problem C = A @ B.T onto it two ways:
- straight (X = A, Y = B, D = C): the MMA's 64-row side walks the M tokens; for large M;
- swap-AB (X = B, Y = A, D = C.T): for small M the 64-row side walks N = 3072 instead, so a tile
  is never mostly padding, and M becomes the MMA's narrow N side (tile_s 16..256).

One CTA computes one (tile_r x tile_s) tile of D over the whole of K:
- warp group 0 is the producer: one of its threads issues TMA copies of X and Y tiles into a
  ring of `stages` shared-memory buffers, each guarded by a full/empty mbarrier pair;
- the other warp groups are consumers: they wait on "full", issue WGMMAs from shared memory,
  keep one WGMMA batch in flight, and release the previous buffer to the producer;
- the epilogue converts the accumulators to fp16, stores them to shared memory with stmatrix
  and writes them out with TMA stores, a sub-tile at a time through 1 to 8 buffers, or with
  `epi_whole` every sub-tile at once (the stores awaited only before the buffers are reused);
- the last tile along each side is shifted back to end at the side's end (see `kernel`), so
  TMA boxes leave the tensors only when a side is shorter than one tile (then TMA zero-fills
  the loads and clips the store); with `clip_last` it is not shifted and always runs past the
  end, zero-filled and clipped;
- with `row_step` < tile_r, consecutive tiles along R start row_step rows apart and overlap:
  more CTAs, each streaming a whole tile (3072 rows of B in 64-row tiles 48 apart: 64 CTAs
  instead of 48). Overlapped elements are computed and written twice, identically.
- with `x_rows` < tile_r (partial tiles), a tile owns only x_rows of its 64 MMA rows: its TMA
  box of X has x_rows rows (one box per 64-deep swizzle atom), filling the first x_rows rows of
  each ring stage, and the epilogue stores those rows from registers (a TMA store of the whole
  tile would overwrite the next tile's rows). The MMA still runs 64 rows; the others read
  whatever the shared memory holds and are dropped. 3072 rows of B in 48-row tiles: 64 CTAs,
  each streaming 3/4 of the bytes of a full tile. On the H200 that was level with full tiles
  (probe at commit ade0bf1): the table does not use it.

The epilogue in the ring (epi_in_ring): with one consumer warp group, one tile a CTA, no split-K,
multicast or partial X, the consumers have awaited their last WGMMAs and every load has landed
before the first sub-tile is written, so the epilogue's buffers are views of the emptied ring
and the ring takes their bytes: a stage more where they make one (7 -> 8 stages of 28 KB at
M = 35-48, 10 -> 11 of 20 KB at 200-256; docs/cute_gemm.md). is_valid refuses it otherwise.

L2 cache policies (`l2_hint`): every TMA load carries an L2 policy; the DSL's default is 0. With
"b_first" B's loads are evict-first (B is read once a call; the protocol's zero fill leaves the
L2 full of dirty lines, and a B line chosen as the next victim saves writing one of them back).
Measured on the H200 (probe at commit ade0bf1): 0.10-0.16 us less at M = 1-256 on
the table's configs, level at 972-2379, 1% more at 8192; the tuner picks per bucket.

L2 prefetch (l2_prefetch = P > 0): loading k-stage k, the producer also prefetches B's
k-stage k + P into the L2 (cp.async.bulk.prefetch.tensor), so P more stages of B are on their
way from HBM than the ring's shared memory holds. On the H200 it took 0.09-0.24 us off the
8-stage rings at M = 2 and 24-64 (where deeper rings were slower) and cost 7-16% on the 11- and
12-stage rings at 136-256 (docs/cute_gemm.md); the tuner picks P per bucket.

Load descriptors of our own (l2_promotion): the DSL encodes its TMA atoms' descriptors with an
L2 promotion it fixes. With l2_promotion the host code also encodes one for X and one for Y
(the DSL's experimental tensor maps: the atoms' boxes and swizzle, the chosen promotion) and
passes them as kernel parameters; every TMA load reads those, while the atoms still partition
the tiles. With 256 bytes an L2 miss on a box row brings the row's next k-stage too. On the
H200 256 bytes ran 0.5-1.7% ahead at M = 70-256 (docs/cute_gemm.md) and 1.5-3.7% behind at
2-64 (docs/cute_gemm_slower.md); the tuner picks the promotion per bucket. Without the DSL's
experimental tensor maps the option is refused, and main.py runs such rows without it.

TMA multicast (cluster_r > 1): a cluster of cluster_r CTAs along R computes tiles with the same
columns, so they need the same Y tiles. Each CTA's producer loads 1/cluster_r of every Y stage
and multicasts it into all of them; every consumer warp releases a stage to the producers of
the whole cluster (a stage is refilled only once all of them are done with it). Y then crosses
from L2 to the SMs once per cluster instead of once per CTA: at M = 128-256 in 64-token tiles
that is 25-50 MB of the traffic. When the R tiles are no multiple of cluster_r, the extra CTAs
repeat the last tile (the shifted last tile again: same values written twice). With the
persistent walk a cluster walks groups of cluster_r tiles along R, one tile of each for each of
its CTAs, as cuBLAS's 1 x 2 clusters do at M = 2379-8192: at 2379 two 128 x 224 tiles a CTA
then read 30 KB a stage from L2 instead of 44. On the H200 that was level at 972-8192
(probe at commit ade0bf1): L2 bandwidth does not hold those sizes back.
The producer gives its registers to the consumers (setmaxnreg).

Ping-pong (pingpong, with persistent): the CTA's two consumer warp groups each take every other
tile of its walk, 64 rows each, instead of sharing 128-row tiles. The producer fills the ring
with every tile's k-stages in walk order, so a group's WGMMAs run while the other group's
previous tile goes through its epilogue, and each group passes over the other's stages in the
ring (its read and release states skip them). The groups' WGMMA loops take turns, tile after
tile (named barriers 3 and 4), as CUTLASS's ping-pong kernels order theirs: besides keeping the
tensor cores to one tile at a time, it means a group waits on a stage only once every earlier
stage was waited on, so a "full" barrier is never two phases behind (a parity wait cannot tell
two phases apart). Each group has its own epilogue buffers, named barrier (1 + group) and
storing warp (its first).

Split-K (splits > 1): a cluster of `splits` CTAs along the grid's z shares one output tile, each
CTA taking an equal share of K. The CTAs other than rank 0 leave their fp32 accumulators in
their own (by then idle) shared-memory ring; after a cluster barrier rank 0 reads them through
distributed shared memory, adds them to its own and runs the epilogue; a second cluster barrier
keeps the peers' shared memory alive until it has. The reduction stays inside the one launch
(no workspace, no memset, no second kernel in the timed span). It lets a few wide tiles use
twice or four times the SMs, where per-SM WGMMA time or bytes in flight limit them.

Stream-K walk (stream_k, with persistent): the tiles' k-stages, tile after tile, are one
sequence split into equal runs, one per CTA (one CTA per SM), so every SM gets the same work
whether or not the tiles fill a wave. A run ends partway into a tile and the next run starts
there. Only a run's first tile can start partway: that CTA leaves its fp32 accumulators in its
own slot of a workspace kept between calls, and raises its flag (a release store). The CTA
that holds the tile's first k-stage (at the end of its run: the runs holding the tile's last
stages published at their start, and one wholly inside the tile at its end, as this one ends)
waits for each later CTA's flag (an acquire load), lowers it for the next call, adds the
partial and runs the epilogue. All in the one launch; each CTA writes at most one partial and
finishes at most one split tile, and nothing waits on a CTA that waits. Measured on the H200
(probe at commit ade0bf1): every split tile's hand-over costs 2-9 us under the
protocol's cold, dirty L2, more than the balance gains (0.37-0.76x torch where the
table's configs run 1.03-1.20x); the table does not use it.

Constraints (`is_valid`): tile_r in {64, 128}; tile_s a multiple of 8 up to 256 (and of
8 * cluster_r, and of 16 with multicast; multicast without split-K or a stream-K walk);
K a multiple of 64 split evenly into 1, 2 or 4 parts; 16-byte aligned rows (K and S multiples of
8); a ring that fits in shared memory beside the epilogue (`stages_that_fit`) and, with
split-K, large enough for the fp32 partial tile; partial tiles (x_rows) of whole 8-row atoms of
a 64-row tile, without row_step, split-K, multicast or the persistent walk; epilogue sub-tiles of
8, 16, 24 or 32 columns that divide tile_s, one to eight of them in shared memory; 1 to 3 WGMMA
batches in flight (`mma_batches`), fewer than the ring's stages and the CTA's k-stages; a
stream-K walk is persistent with one batch in flight (a run may hold a single k-stage of a
tile); a tile_s of an odd number of 8-row atoms (72: 3 x 43 tiles cover N = 3072 where 64 x 80
gives 3 x 39) with 64-deep stages and no multicast; epi_whole with the default epi_stages;
ping-pong on 64-row tiles of a plain persistent walk (no split-K, stream-K, multicast, x_rows,
row_step or epi_whole), its two sets of epilogue buffers counted beside the ring; descriptors of
our own (l2_promotion) for whole-tile boxes only (no x_rows, no multicast); clip_last without
x_rows, row_step or multicast; S tiles along the grid's x (s_fastest) for one tile a CTA without
split-K or multicast.
"""

from dataclasses import dataclass

import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
import cutlass.utils as utils
import cutlass.utils.hopper_helpers as sm90_utils
from cutlass._mlir.dialects import llvm, nvvm
from cutlass.cute.nvgpu import cpasync, warpgroup
from cutlass.cutlass_dsl import dsl_user_op
from cutlass.tensor_utils import TensorMapManager, TensorMapUpdateMode

try:
    # The DSL's experimental tensor maps (4.8.1 has them): the loads' descriptors of our own
    # (l2_promotion). Without them every other option stays; L2_PROMOTIONS is then empty, so
    # is_valid refuses a promotion and main.py runs such rows on the DSL's descriptors.
    from cutlass.experimental.cuda import (
        TensorMap,
        TensorMapL2Promotion,
        TensorMapSwizzle,
        create_tensor_map_tiled_from_view,
    )
    from cutlass.experimental.primitives.nvvm_wrapper import prefetch_tensormap
except ImportError:
    TensorMap = None  # the kernel's descriptor parameters are then always None
    L2_PROMOTIONS: dict = {}
else:
    # l2_promotion -> the L2 promotion of the descriptors the TMA loads then read (_launch).
    L2_PROMOTIONS = {
        "none": TensorMapL2Promotion.none,
        "64B": TensorMapL2Promotion.l2_64b,
        "128B": TensorMapL2Promotion.l2_128b,
        "256B": TensorMapL2Promotion.l2_256b,
    }

THREADS_PER_WG = 128
FIRST_CONSUMER_WARP = THREADS_PER_WG // 32  # the warp that issues the epilogue's TMA stores
TILE_K = 64  # four 16-deep WGMMA k-steps: one 128-byte swizzle row of fp16; the default depth
SMEM_BYTES = 227 * 1024
EPI_STAGES = 2
MAX_EPI_STAGES = 8
MAX_STAGES = 24
# B's k-stages a producer may prefetch into the L2 beyond its ring (l2_prefetch).
MAX_L2_PREFETCH = 16
# 64-bit L2 cache policies of TMA loads (createpolicy.fractional, fraction 1), as CUTLASS
# encodes them (CacheHintSm90). Without one the DSL passes policy 0.
EVICT_NORMAL, EVICT_FIRST, EVICT_LAST = 0x1000000000000000, 0x12F0000000000000, 0x14F0000000000000
# l2_hint -> (policy of A's loads, policy of B's loads)
L2_HINTS = {
    "normal": (EVICT_NORMAL, EVICT_NORMAL),
    "b_first": (EVICT_NORMAL, EVICT_FIRST),
    "b_first_a_last": (EVICT_LAST, EVICT_FIRST),
}


@dsl_user_op
def _peer_smem(smem_ptr: cute.Pointer, peer, *, loc=None, ip=None) -> cute.Pointer:
    """smem_ptr's address in the shared memory of cluster CTA `peer`, as a generic pointer.

    The DSL's own DSMEM pointers (cute.arch.map_dsmem_ptr) cannot be loaded through a tensor;
    a generic address from mapa can, and plain ld reaches the peer's shared memory with it."""
    rank = cutlass.Int32(peer).ir_value(loc=loc, ip=ip)
    cluster_ptr = llvm.PointerType.get(cute.AddressSpace.dsmem)
    remote = nvvm.mapa(cluster_ptr, smem_ptr.to_llvm_ptr(loc=loc, ip=ip), rank, loc=loc, ip=ip)
    remote = llvm.addrspacecast(llvm.PointerType.get(0), remote, loc=loc, ip=ip)
    return cute.make_ptr(
        smem_ptr.dtype, remote, cute.AddressSpace.generic, assumed_align=smem_ptr.alignment
    )


def _descriptor_ptr(desc: TensorMap) -> cute.Pointer:
    """A TMA copy's tma_desc_ptr for a descriptor kernel parameter. cute.copy takes only a
    cute.Pointer typed as a TMA descriptor there, and drops any other pointer without a word;
    TensorMapManager's get_tensormap_ptr is the DSL's public way to type one (its update modes
    play no part: nothing here rewrites a descriptor)."""
    return TensorMapManager(TensorMapUpdateMode.GMEM, 128).get_tensormap_ptr(
        desc.get_ptr(), cute.AddressSpace.generic
    )


def _flag_words(sm_count: int) -> int:
    """Words of a stream-K workspace's flags: one per CTA, rounded up to 16 bytes so that
    the partial tiles after them stay 16-byte aligned."""
    return -(-sm_count // 4) * 4


def _k_major_box(swizzled: cute.ComposedLayout, rows: int) -> cute.ComposedLayout:
    """A TMA box of `rows` K-major rows, 64 deep, under the ring's 128-byte swizzle: (8 rows,
    64) swizzle atoms stacked along the rows, as the ring's stages hold them.

    Built by hand because the DSL's slice_ of a ring layout of an odd number of 8-row atoms
    (40, 56 or 72 rows) aborts the process (nvidia-cutlass-dsl 4.8.1)."""
    atoms = cute.make_layout(((8, rows // 8), TILE_K), stride=((TILE_K, 8 * TILE_K), 1))
    return cute.make_composed_layout(swizzled.inner, 0, atoms)


def _tile_coord(tile, tiles_r):
    """(r, s) of a tile's index in the order r fastest (kernel: CTAs running at once share a Y
    tile)."""
    return (tile % tiles_r, tile // tiles_r)


@dataclass(frozen=True)
class CuteConfig:
    tile_r: int  # rows of D per CTA: the WGMMA M side (64 per consumer warp group)
    tile_s: int  # columns of D per CTA: the WGMMA N side
    swap_ab: bool  # compute C.T = B @ A.T (see module docstring)
    stages: int = 0  # shared-memory ring depth; 0: as many as fit (up to MAX_STAGES)
    splits: int = 1  # CTAs of a cluster that share a tile, each over K / splits (split-K)
    tile_k: int = TILE_K  # K depth of a ring stage: 1, 2 or 4 swizzle rows, one TMA box each
    persistent: bool = False  # one CTA per SM walking the tiles (see module docstring)
    row_step: int = 0  # rows between tile starts along R; 0: tile_r (no overlap)
    cluster_r: int = 1  # CTAs along R sharing each Y tile through TMA multicast
    l2_hint: str = ""  # L2 policies of the TMA loads: "" (the DSL's: 0), or L2_HINTS's
    x_rows: int = 0  # rows of X a tile loads and stores, of its tile_r MMA rows; 0: tile_r
    epi_cols: int = 0  # columns of an epilogue sub-tile, 8, 16, 24 or 32; 0: see epi_tile
    epi_stages: int = EPI_STAGES  # epilogue sub-tile buffers (1 to 8): TMA stores in flight
    mma_batches: int = 1  # ring stages' WGMMA batches a consumer leaves in flight (1 to 3)
    stream_k: bool = False  # with persistent: each CTA a run of k-stages (see module docstring)
    epi_whole: bool = False  # every epilogue sub-tile in shared memory at once (_epilogue)
    pingpong: bool = False  # with persistent: two consumer warp groups, each on its own tiles
    l2_prefetch: int = 0  # k-stages of B prefetched into the L2 ahead of the ring's loads
    l2_promotion: str = ""  # TMA loads' L2 promotion: "" (the DSL's descriptors), L2_PROMOTIONS
    clip_last: bool = False  # the last tile along a side runs past its end (_tile_start)
    epi_in_ring: bool = False  # one tile a CTA: the epilogue staged in the emptied ring
    store_under_mma: bool = False  # a walk's tile stored under the next tile's first WGMMAs
    s_fastest: bool = False  # one tile a CTA: the grid's x runs over S tiles (see _launch)

    @property
    def step_r(self) -> int:
        return self.row_step or self.x_rows or self.tile_r

    @property
    def loaded_rows(self) -> int:
        """Rows of X (and of D) a tile owns: x_rows, or all of tile_r."""
        return self.x_rows or self.tile_r

    @property
    def k_atoms(self) -> int:
        """64-deep swizzle atoms in a ring stage (a partial X tile takes one TMA box each)."""
        return self.tile_k // TILE_K

    @property
    def consumer_wgs(self) -> int:
        """Consumer warp groups that share one tile's WGMMAs (64 rows each)."""
        return self.tile_r // 64

    @property
    def consumer_groups(self) -> int:
        """Groups of consumer warp groups that take turns with the CTA's tiles: two with
        pingpong (one tile's epilogue under the other tile's WGMMAs), else one."""
        return 2 if self.pingpong else 1

    @property
    def epi_tile(self) -> tuple[int, int]:
        """The epilogue's sub-tile: epi_cols columns, by default 32 where they divide the tile
        (fewer TMA stores), else 16, else 24 (not swap-AB's), else 8 (tiles of an odd number of
        8-column groups). A sub-tile must cover the tile exactly, or the last one writes past
        it (seen on the H200 when the DSL's default 32 met tile_s = 48 at M = 53). Fewer or
        narrower sub-tiles leave room for a ring stage more where the ring stops just short of
        one (64 x 96 tiles: 11 stages instead of 10 with 16 columns)."""
        default = next(c for c in (32, 16, 24, 8) if self.tile_s % c == 0 and self._epi_ok(c))
        return (self.tile_r, self.epi_cols or default)

    def _epi_ok(self, cols: int) -> bool:
        """Whether the epilogue compiles with sub-tiles of `cols` columns: swap-AB's D is
        column-major, and the DSL aborts the process on its 24-column sub-tile layout
        (nvidia-cutlass-dsl 4.8.1)."""
        return not (self.swap_ab and cols == 24)

    @property
    def stage_bytes(self) -> int:
        """Shared memory of one ring stage: an X and a Y tile, tile_k deep, fp16."""
        return (self.tile_r + self.tile_s) * self.tile_k * 2

    @property
    def loaded_bytes(self) -> int:
        """Bytes the TMA loads into one ring stage: the X tile's loaded rows and the Y tile."""
        return (self.loaded_rows + self.tile_s) * self.tile_k * 2

    @property
    def epi_buffers(self) -> int:
        """Epilogue sub-tiles in shared memory: epi_stages, or with epi_whole every sub-tile
        of the tile."""
        return self.tile_s // self.epi_tile[1] if self.epi_whole else self.epi_stages

    def stages_that_fit(self) -> int:
        """Ring stages that fit in shared memory beside the epilogue's fp16 sub-tiles and the
        mbarriers (1 KB). A deeper ring compiles but cannot launch (on the H200: 234,496 bytes
        asked, 232,448 allowed, cudaErrorInvalidValue; probe log at commit ade0bf1), so
        is_valid refuses it before anything is compiled."""
        epi_bytes = 0 if self.epi_in_ring else self.epi_bytes
        return (SMEM_BYTES - epi_bytes - 1024) // self.stage_bytes

    @property
    def epi_bytes(self) -> int:
        """Shared memory of the epilogue's fp16 sub-tile buffers, every consumer group's."""
        return self.epi_tile[0] * self.epi_tile[1] * 2 * self.epi_buffers * self.consumer_groups

    @property
    def ring_stages(self) -> int:
        """The ring depth a kernel of this config uses: `stages`, or with 0 every stage that
        fits, up to MAX_STAGES (small tiles at small M are latency-bound: every stage is more
        bytes of B in flight per SM)."""
        return self.stages or min(MAX_STAGES, self.stages_that_fit())

    def workspace_words(self, sm_count: int) -> int:
        """fp32 words of a stream-K walk's workspace: a flag per CTA (padded to 16 bytes),
        then one partial tile per CTA (a CTA leaves at most one: see the module docstring)."""
        return _flag_words(sm_count) + sm_count * self.tile_r * self.tile_s

    def ring_holds_partials(self, stages: int) -> bool:
        """Whether a `stages`-deep ring (X and Y tiles) can hold the fp32 partial tile."""
        return stages * self.stage_bytes >= self.tile_r * self.tile_s * 4


def is_valid(cfg: CuteConfig, k: int) -> bool:
    return (
        cfg.tile_r in (64, 128)
        and cfg.tile_s % 8 == 0
        and 8 <= cfg.tile_s <= 256
        and cfg.tile_k in (TILE_K, 2 * TILE_K, 4 * TILE_K)
        and k % cfg.tile_k == 0
        and 0 <= cfg.stages <= cfg.stages_that_fit()
        and cfg.splits in (1, 2, 4)
        and (k // cfg.tile_k) % cfg.splits == 0
        and (cfg.splits == 1 or cfg.stages == 0 or cfg.ring_holds_partials(cfg.stages))
        and not (cfg.persistent and cfg.splits > 1)
        # A run may hold a single k-stage of a tile: one WGMMA batch in flight.
        and (not cfg.stream_k or (cfg.persistent and cfg.mma_batches == 1))
        and (cfg.row_step == 0 or (cfg.row_step % 8 == 0 and 8 <= cfg.row_step < cfg.tile_r))
        and cfg.cluster_r in (1, 2, 3, 4)
        # Each CTA multicasts an equal share of the Y tile, whole 8-row swizzle atoms.
        and cfg.tile_s % (8 * cfg.cluster_r) == 0
        # Y's TMA box of an odd number of 8-row atoms is built by hand (see _launch): one
        # 64-deep atom, for one CTA (not a multicast share of it).
        and (cfg.tile_s % 16 == 0 or (cfg.cluster_r == 1 and cfg.tile_k == TILE_K))
        and (cfg.cluster_r == 1 or (cfg.splits == 1 and not cfg.stream_k))
        and (cfg.l2_hint == "" or cfg.l2_hint in L2_HINTS)
        # Descriptors of our own: one box of tile_r (tile_s) rows a 64-deep swizzle row, for
        # one CTA (no partial X box, no multicast share).
        and (cfg.l2_promotion == "" or cfg.l2_promotion in L2_PROMOTIONS)
        and (cfg.l2_promotion == "" or (cfg.x_rows == 0 and cfg.cluster_r == 1))
        # A last tile past the end: whole tiles stepping by their size, for one CTA each.
        and (not cfg.clip_last or (cfg.x_rows == 0 and cfg.row_step == 0 and cfg.cluster_r == 1))
        and cfg.epi_cols in (0, 8, 16, 24, 32)
        and cfg.tile_s % cfg.epi_tile[1] == 0
        and cfg._epi_ok(cfg.epi_tile[1])
        and 1 <= cfg.epi_stages <= MAX_EPI_STAGES
        and (not cfg.epi_whole or cfg.epi_stages == EPI_STAGES)
        # A stage is released mma_batches stages after it is read: the ring must hold more.
        and cfg.mma_batches in (1, 2, 3)
        and 0 <= cfg.l2_prefetch <= MAX_L2_PREFETCH
        and cfg.ring_stages > cfg.mma_batches
        and k // cfg.tile_k // cfg.splits >= cfg.mma_batches
        # A partial X tile: whole 8-row swizzle atoms of one 64-row warp group, tiles that do
        # not overlap otherwise, and the direct-store epilogue (no split-K, multicast, walk).
        and (
            cfg.x_rows == 0
            or (
                cfg.tile_r == 64
                and cfg.x_rows % 8 == 0
                and 8 <= cfg.x_rows < cfg.tile_r
                and cfg.row_step == 0
                and cfg.splits == 1
                and cfg.cluster_r == 1
                and not cfg.persistent
            )
        )
        # The epilogue in the ring: one tile a CTA, whose one consumer warp group is done
        # with every stage (its last WGMMAs awaited) before it writes the first sub-tile, and
        # no peer CTA loads into this one's ring (no multicast, no split-K).
        and (
            not cfg.epi_in_ring
            or (
                cfg.tile_r == 64
                and not cfg.persistent
                and cfg.splits == 1
                and cfg.cluster_r == 1
                and cfg.x_rows == 0
                and cfg.epi_bytes <= cfg.ring_stages * cfg.stage_bytes
            )
        )
        # A tile stored under the next one's first WGMMAs: a plain walk (one consumer group,
        # the whole tile's output held in registers as fp16 until then).
        and (
            not cfg.store_under_mma
            or (cfg.persistent and not cfg.stream_k and not cfg.pingpong and cfg.splits == 1)
        )
        # S tiles along the grid's x: one tile a CTA, no cluster (a cluster runs along x, R).
        and (not cfg.s_fastest or (not cfg.persistent and cfg.splits == 1 and cfg.cluster_r == 1))
        # Ping-pong: 64-row tiles, one per consumer warp group, walked by a plain persistent
        # CTA (its own epilogue buffers and barrier per group; nothing shared across a cluster;
        # the plain epilogue).
        and (
            not cfg.pingpong
            or (
                cfg.tile_r == 64
                and cfg.persistent
                and cfg.splits == 1
                and not cfg.stream_k
                and cfg.cluster_r == 1
                and cfg.x_rows == 0
                and cfg.row_step == 0
                and not cfg.epi_whole
            )
        )
    )


def _shared_storage(stages: int, ab_dtype, ring_elements: int, epilogue):
    """The kernel's shared memory as a CuTe struct: the ring's full/empty mbarriers, one range for
    the X and Y rings (so that split-K can reuse all of it) and, where `epilogue` is
    (dtype, elements), the epilogue's buffers. Built here, not in the traced __call__, whose
    control flow the DSL rewrites."""
    fields = {
        "ab_mbar": cute.struct.MemRange[cutlass.Int64, stages * 2],
        "ring": cute.struct.Align[cute.struct.MemRange[ab_dtype, ring_elements], 1024],
    }
    if epilogue is not None:
        d_dtype, d_elements = epilogue
        fields["sD"] = cute.struct.Align[cute.struct.MemRange[d_dtype, d_elements], 1024]
    return cute.struct(type("SharedStorage", (), {"__annotations__": fields}))


class HopperGemm:
    """Compile with cute.compile(HopperGemm(cfg), X, Y, D, stream); X, Y K-major."""

    def __init__(self, cfg: CuteConfig, sm_count: int = 132):
        self.cfg = cfg
        self.sm_count = sm_count  # persistent grid size: the device's SMs (H200: 132)
        self.tile_rsk = (cfg.tile_r, cfg.tile_s, cfg.tile_k)
        self.threads = THREADS_PER_WG * (1 + cfg.consumer_wgs * cfg.consumer_groups)

    @cute.jit
    def __call__(self, mX: cute.Tensor, mY: cute.Tensor, mD: cute.Tensor, stream):
        self._launch(mX, mY, mD, None, stream)

    @cute.jit
    def with_workspace(
        self, mX: cute.Tensor, mY: cute.Tensor, mD: cute.Tensor, mW: cute.Tensor, stream
    ):
        """The stream-K walk's entry point: mW is its fp32 workspace of
        cfg.workspace_words(sm_count) words, all zero before the first call (every call leaves
        the flags zero again). One workspace serves one stream's calls at a time."""
        self._launch(mX, mY, mD, mW, stream)

    @cute.jit
    def _launch(self, mX, mY, mD, mW, stream):
        x_layout = utils.LayoutEnum.from_tensor(mX)
        y_layout = utils.LayoutEnum.from_tensor(mY)
        d_layout = utils.LayoutEnum.from_tensor(mD)
        ab_dtype = mX.element_type
        d_dtype = mD.element_type

        tiled_mma = sm90_utils.make_trivial_tiled_mma(
            ab_dtype,
            ab_dtype,
            x_layout.sm90_mma_major_mode(),
            y_layout.sm90_mma_major_mode(),
            cutlass.Float32,
            (self.cfg.consumer_wgs, 1, 1),
            tiler_mn=(64, self.cfg.tile_s),
        )
        epi_tile = self.cfg.epi_tile
        # The shared-memory budget (CuteConfig.stages_that_fit) counts fp16 sub-tiles of D.
        assert d_dtype.width == 16, d_dtype
        stages = self.cfg.ring_stages
        assert stages <= self.cfg.stages_that_fit(), self.cfg
        assert self.cfg.splits == 1 or self.cfg.ring_holds_partials(stages), self.cfg
        # Swizzled shared-memory layouts, one slice per pipeline stage.
        sX_layout = sm90_utils.make_smem_layout_a(x_layout, self.tile_rsk, ab_dtype, stages)
        sY_layout = sm90_utils.make_smem_layout_b(y_layout, self.tile_rsk, ab_dtype, stages)
        # With pingpong each consumer group has its own epi_buffers, group g's from
        # g * epi_buffers on.
        sD_layout = sm90_utils.make_smem_layout_epi(
            d_dtype, d_layout, epi_tile, self.cfg.epi_buffers * self.cfg.consumer_groups
        )

        # X's TMA box: a whole stage, or with x_rows one 64-deep swizzle atom of x_rows rows,
        # which is the first x_rows rows of the stage's atom (8-row swizzle atoms stack along R).
        sX_box = cute.slice_(sX_layout, (None, None, 0))
        x_box = (self.cfg.tile_r, self.cfg.tile_k)
        if cutlass.const_expr(self.cfg.x_rows > 0):
            x_box = (self.cfg.x_rows, TILE_K)
            sX_box = _k_major_box(sX_layout, self.cfg.x_rows)
        tma_x, gX_tma = cpasync.make_tiled_tma_atom(
            cpasync.CopyBulkTensorTileG2SOp(), mX, sX_box, x_box
        )
        y_op = cpasync.CopyBulkTensorTileG2SOp()
        if cutlass.const_expr(self.cfg.cluster_r > 1):
            y_op = cpasync.CopyBulkTensorTileG2SMulticastOp()
        # Y's TMA box: a whole stage; by hand for an odd number of 8-row atoms (one 64-deep
        # atom a stage then: is_valid).
        if cutlass.const_expr(self.cfg.tile_s % 16 != 0):
            sY_box = _k_major_box(sY_layout, self.cfg.tile_s)
        else:
            sY_box = cute.slice_(sY_layout, (None, None, 0))
        tma_y, gY_tma = cpasync.make_tiled_tma_atom(
            y_op,
            mY,
            sY_box,
            (self.cfg.tile_s, self.cfg.tile_k),
            num_multicast=self.cfg.cluster_r,
        )
        tma_d, gD_tma = cpasync.make_tiled_tma_atom(
            cpasync.CopyBulkTensorTileS2GOp(),
            mD,
            cute.slice_(sD_layout, (None, None, 0)),
            epi_tile,
        )
        # With l2_promotion the loads read descriptors built here instead of the atoms' (whose
        # L2 promotion the DSL fixes): the atoms' boxes (the tile's rows by one 64-deep
        # swizzle row), the same swizzle; the atoms still partition the tiles.
        desc_x = desc_y = None
        if cutlass.const_expr(self.cfg.l2_promotion != ""):
            desc_x = self._load_descriptor(mX, self.cfg.tile_r)
            desc_y = self._load_descriptor(mY, self.cfg.tile_s)

        self.shared_storage = _shared_storage(
            stages,
            ab_dtype,
            cute.cosize(sX_layout) + cute.cosize(sY_layout),
            # (epi_in_ring: the epilogue's buffers are views of the ring)
            None if self.cfg.epi_in_ring else (d_dtype, cute.cosize(sD_layout)),
        )
        self.stages = stages
        self.epi_tile = epi_tile
        self.d_layout = d_layout
        self.ab_dtype = ab_dtype

        tiles_r = self._tiles_r(cute.size(mD, mode=[0]))
        tiles_s = cute.ceil_div(cute.size(mD, mode=[1]), self.cfg.tile_s)
        c = self.cfg.cluster_r
        grid = ((tiles_r + c - 1) // c * c, tiles_s, self.cfg.splits)
        if cutlass.const_expr(self.cfg.s_fastest):
            # CTAs launched side by side take the same R tile (with swap-AB, the token tiles
            # of the same rows of B), as triton_gemm's grid orders them.
            grid = (tiles_s, tiles_r, 1)
        if cutlass.const_expr(self.cfg.persistent):
            # Whole clusters (of one CTA without multicast), each walking groups of c tiles
            # along R (see _walk_tile).
            groups = (tiles_r + c - 1) // c * tiles_s
            grid = (cutlass.min(groups, self.sm_count // c) * c, 1, 1)
        if cutlass.const_expr(self.cfg.stream_k):
            # Every CTA gets at least one k-stage.
            k_stages = cute.size(mX, mode=[1]) // self.cfg.tile_k
            grid = (cutlass.min(tiles_r * tiles_s * k_stages, self.sm_count), 1, 1)
        # A one-CTA "cluster" is left out: without split-K or multicast the launch stays plain.
        cluster = {}
        if cutlass.const_expr(self.cfg.splits > 1):
            cluster = {"cluster": (1, 1, self.cfg.splits)}
        if cutlass.const_expr(c > 1):
            cluster = {"cluster": (c, 1, 1)}
        self.kernel(
            tiled_mma,
            tma_x,
            gX_tma,
            tma_y,
            gY_tma,
            tma_d,
            gD_tma,
            sX_layout,
            sX_box,
            sY_layout,
            sD_layout,
            mD,
            mW,
            desc_x,
            desc_y,
        ).launch(grid=grid, block=[self.threads, 1, 1], stream=stream, **cluster)

    def _load_descriptor(self, tensor, rows: int) -> TensorMap:
        """A TMA load descriptor of a K-major operand, boxes of rows x TILE_K, with the
        config's L2 promotion."""
        return create_tensor_map_tiled_from_view(
            tensor,
            box_dims=(rows, TILE_K),
            stride_order=(1, 0),
            swizzle=TensorMapSwizzle.s128b,
            l2_promotion=L2_PROMOTIONS[self.cfg.l2_promotion],
        )

    @cute.kernel
    def kernel(
        self,
        tiled_mma: cute.TiledMma,
        tma_x: cute.CopyAtom,
        mX: cute.Tensor,  # TMA coordinate tensor of X, (R, K)
        tma_y: cute.CopyAtom,
        mY: cute.Tensor,  # (S, K)
        tma_d: cute.CopyAtom,
        mD: cute.Tensor,  # (R, S)
        sX_layout: cute.ComposedLayout,
        sX_box: cute.ComposedLayout,  # what one TMA load of X fills
        sY_layout: cute.ComposedLayout,
        sD_layout: cute.ComposedLayout,
        mD_mem: cute.Tensor,  # D itself, for the partial tiles' direct stores
        mW: cute.Tensor,  # the stream-K workspace (None without stream_k)
        desc_x: cutlass.GridConstant[TensorMap],  # with l2_promotion, X's loads' (else None)
        desc_y: cutlass.GridConstant[TensorMap],  # and Y's
    ):
        tidx, _, _ = cute.arch.thread_idx()
        warp_idx = cute.arch.make_warp_uniform(cute.arch.warp_idx())
        wg_idx = cute.arch.make_warp_uniform(tidx // THREADS_PER_WG)
        bidx, bidy, split = cute.arch.block_idx()  # split: the CTA's rank in its cluster
        one_tile = (bidy, bidx) if self.cfg.s_fastest else (bidx, bidy)  # (r, s): see _launch

        descs = None  # where the loads' descriptors are, with l2_promotion
        if cutlass.const_expr(self.cfg.l2_promotion != ""):
            descs = (_descriptor_ptr(desc_x), _descriptor_ptr(desc_y))
        if warp_idx == 0:
            if cutlass.const_expr(self.cfg.l2_promotion != ""):
                prefetch_tensormap(desc_x.get_ptr())
                prefetch_tensormap(desc_y.get_ptr())
            else:
                cpasync.prefetch_descriptor(tma_x)
                cpasync.prefetch_descriptor(tma_y)
            cpasync.prefetch_descriptor(tma_d)

        smem = utils.SmemAllocator()
        storage = smem.allocate(self.shared_storage)
        ring = storage.ring.data_ptr()
        # (bR, bK, stage) and (bS, bK, stage); sY starts 1024-byte aligned (sX holds whole
        # 64-row stages of 128-byte rows).
        sX = cute.make_tensor(cute.recast_ptr(ring, sX_layout.inner), sX_layout.outer)
        sY = cute.make_tensor(
            cute.recast_ptr(ring + cute.cosize(sX_layout), sY_layout.inner), sY_layout.outer
        )
        if cutlass.const_expr(self.cfg.epi_in_ring):
            # The ring's first bytes: the consumers' last WGMMAs are done reading them (and
            # every load into the ring has landed) before the epilogue writes there.
            sD = cute.make_tensor(cute.recast_ptr(ring, sD_layout.inner), sD_layout.outer)
        else:
            sD = storage.sD.get_tensor(sD_layout.outer, swizzle=sD_layout.inner)  # (eR, eS, stage)
        # Where the TMA loads of X land: (bR, bK, stage), or with x_rows (x_rows, 64, atom)
        # over every 64-deep atom of every stage (stage s, atom j at s * k_atoms + j), each the
        # first x_rows rows of a 64-row atom. The MMA reads all 64 rows; the rest hold whatever
        # shared memory held, and their rows of D are never stored.
        sX_load = sX
        if cutlass.const_expr(self.cfg.x_rows > 0):
            atoms = cute.make_layout(
                self.cfg.k_atoms * self.stages, stride=self.cfg.tile_r * TILE_K
            )
            sX_load = cute.make_tensor(
                cute.recast_ptr(ring, sX_box.inner), cute.append(sX_box.outer, atoms)
            )

        # "full" completes when the stage's TMA bytes land; "empty" when every consumer warp
        # has released it.
        # With multicast, every consumer warp of the cluster releases each stage to every
        # producer in it (the pipeline picks one lane per destination CTA).
        ab_pipe = pipeline.PipelineTmaAsync.create(
            barrier_storage=storage.ab_mbar.data_ptr(),
            num_stages=self.stages,
            producer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread),
            consumer_group=pipeline.CooperativeGroup(
                pipeline.Agent.Thread, self.cfg.consumer_wgs * 4 * self.cfg.cluster_r
            ),
            tx_count=self.cfg.loaded_bytes,
            cta_layout_vmnk=cute.make_layout((1, self.cfg.cluster_r, 1, 1)),
        )

        # Tiles in order r fastest: CTAs running at once share the same Y tile (and, over the
        # R side, all of X). Without `persistent` a CTA owns the one tile at its block index;
        # with it, CTA b walks tiles b, b + grid, b + 2 grid, ... so that the producer fills
        # the ring with the next tile's stages while the consumers run this tile's epilogue.
        tiles_r = self._tiles_r(cute.size(mD, mode=[0]))
        tiles_s = cute.ceil_div(cute.size(mD, mode=[1]), self.cfg.tile_s)
        tiles = tiles_r * tiles_s
        # A one-tile CTA traces its body once for its block's (r, s) tile, with no device loop
        # around it: a single-trip loop cost every one-tile config about 0.3 us on the H200
        # (probe at commit ade0bf1).
        k_tiles = cute.size(mX, mode=[1]) // self.cfg.tile_k // self.cfg.splits  # per CTA
        k_first = split * k_tiles
        grid_size = cute.arch.grid_dim()[0]
        views = (mX, mY, mD, tiles_r)

        if wg_idx == 0:
            # ---- producer warp group: TMA into the ring ----
            cute.arch.warpgroup_reg_dealloc(40)
            if warp_idx == 0:
                write = pipeline.make_pipeline_state(
                    pipeline.PipelineUserType.Producer, self.stages
                )
                load = (tma_x, tma_y, sX_load, sY, ab_pipe, k_tiles, k_first, descs)
                if cutlass.const_expr(self.cfg.stream_k):
                    start, end = self._run(bidx, grid_size, tiles * k_tiles)
                    first, stop = self._tiles_of_run(start, end, k_tiles)
                    for tile in cutlass.range(first, stop, unroll=1):
                        k0, k1 = self._run_in_tile(start, end, tile, k_tiles)
                        part = (tma_x, tma_y, sX_load, sY, ab_pipe, k1 - k0, k0, descs)
                        write = self._produce_tile(views, _tile_coord(tile, tiles_r), part, write)
                elif cutlass.const_expr(self.cfg.persistent):
                    first, stop, step = self._walk(bidx, grid_size, tiles_r, tiles_s, tiles)
                    for g in cutlass.range(first, stop, step, unroll=1):
                        tile = self._walk_tile(g, tiles_r, bidx)
                        write = self._produce_tile(views, tile, load, write)
                else:
                    write = self._produce_tile(views, one_tile, load, write)
                ab_pipe.producer_tail(write)
            if cutlass.const_expr(self.cfg.splits > 1):
                # Every thread of the cluster takes part in both barriers of _reduce_split_k.
                cute.arch.cluster_arrive()
                cute.arch.cluster_wait()
                cute.arch.cluster_arrive()
                cute.arch.cluster_wait()
        else:
            # ---- consumer warp groups: WGMMA from the ring ----
            cute.arch.warpgroup_reg_alloc(232)
            ctidx = tidx - THREADS_PER_WG
            group = 0  # (ping-pong's consumer group; a Python 0 keeps other configs' code as is)
            if cutlass.const_expr(self.cfg.pingpong):
                group = ctidx // THREADS_PER_WG
                ctidx = ctidx % THREADS_PER_WG
            # Who stores this group's tiles: its first warp issues the TMA stores; its threads
            # meet at named barrier 1 + group; its epilogue buffers start at group * epi_buffers.
            team = (
                warp_idx == FIRST_CONSUMER_WARP + 4 * self.cfg.consumer_wgs * group,
                1 + group,
                group * self.cfg.epi_buffers,
            )
            thr_mma = tiled_mma.get_slice(ctidx)
            tCrX = tiled_mma.make_fragment_A(thr_mma.partition_A(sX))
            tCrY = tiled_mma.make_fragment_B(thr_mma.partition_B(sY))
            _, _, gD0 = self._tile_views(*views, (0, 0))  # for its shape
            acc = cute.make_rmem_tensor(thr_mma.partition_C(gD0).shape, cutlass.Float32)
            # The accumulate flag is fixed when the loop is traced, so start each tile from
            # zero and always accumulate.
            tiled_mma.set(warpgroup.Field.ACCUMULATE, True)
            read = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, self.stages)
            release = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, self.stages)
            mma = (tiled_mma, tCrX, tCrY, acc, ab_pipe, k_tiles)
            out = (ctidx, team, sD, tma_d, split, ring, mD_mem)
            if cutlass.const_expr(self.cfg.stream_k):
                total = tiles * k_tiles
                start, end = self._run(bidx, grid_size, total)
                first, stop = self._tiles_of_run(start, end, k_tiles)
                for tile in cutlass.range(first, stop, unroll=1):
                    k0, k1 = self._run_in_tile(start, end, tile, k_tiles)
                    read, release = self._mma_tile(mma, k1 - k0, read, release)
                    if k0 > 0:
                        # The tile's first k-stages are another CTA's: leave ours to it.
                        self._publish_partial(acc, ctidx, mW, bidx)
                    else:
                        if k1 < k_tiles:
                            # CTAs bidx + 1 .. owner of the tile's last k-stage hold the rest.
                            last = self._owner((tile + 1) * k_tiles - 1, grid_size, total)
                            self._add_partials(acc, ctidx, mW, bidx + 1, last + 1)
                        _, _, gD = self._tile_views(*views, _tile_coord(tile, tiles_r))
                        self._epilogue(tiled_mma, acc, ctidx, team, sD, gD, tma_d)
            elif cutlass.const_expr(self.cfg.pingpong):
                # Group g takes steps g, g + 2, ... of the CTA's walk. The producer fills the
                # ring with every tile's k-stages in walk order, so each group passes over the
                # other's: k_tiles stages before its first tile (group 1) and after each.
                # The groups' WGMMA loops take turns, tile after tile (named barriers 3 and 4:
                # a group waits at its own for the other's loop over the tile before, and
                # arrives at the other's once its own is done): a group then waits on a ring
                # stage only once every earlier stage was waited on, so no "full" barrier is
                # two phases behind the one it waits for (a parity wait could not tell them
                # apart), and one group's epilogue runs under the other's WGMMAs.
                first, stop, step = self._walk(bidx, grid_size, tiles_r, tiles_s, tiles)
                read, release = self._skip_stages(read, release, group * k_tiles)
                mine = pipeline.NamedBarrier(barrier_id=3 + group, num_threads=2 * THREADS_PER_WG)
                theirs = pipeline.NamedBarrier(barrier_id=4 - group, num_threads=2 * THREADS_PER_WG)
                for g in cutlass.range(first + group * step, stop, 2 * step, unroll=1):
                    if g != first:
                        mine.arrive_and_wait()
                    read, release = self._mma_tile(mma, k_tiles, read, release)
                    if g + step < stop:
                        theirs.arrive()
                    _, _, gD = self._tile_views(*views, self._walk_tile(g, tiles_r, bidx))
                    self._epilogue(tiled_mma, acc, ctidx, team, sD, gD, tma_d)
                    read, release = self._skip_stages(read, release, k_tiles)
            elif cutlass.const_expr(self.cfg.persistent and self.cfg.store_under_mma):
                # Each tile's output waits in registers, as fp16, until the next tile's first
                # WGMMAs are issued, and is stored under them: the tensor cores do not stand
                # idle over the epilogue. The CTA's last tile is stored after the walk.
                first, stop, step = self._walk(bidx, grid_size, tiles_r, tiles_s, tiles)
                held = cute.make_rmem_tensor_like(acc, cutlass.Float16)
                previous = first
                for g in cutlass.range(first, stop, step, unroll=1):
                    _, _, gD = self._tile_views(*views, self._walk_tile(previous, tiles_r, bidx))
                    held_out = (held, g != first, gD, ctidx, team, sD, tma_d)
                    read, release = self._mma_tile_storing(mma, k_tiles, read, release, held_out)
                    held.store(acc.load().to(cutlass.Float16))
                    previous = g
                if first < stop:
                    _, _, gD = self._tile_views(*views, self._walk_tile(previous, tiles_r, bidx))
                    self._epilogue(tiled_mma, held, ctidx, team, sD, gD, tma_d)
            elif cutlass.const_expr(self.cfg.persistent):
                first, stop, step = self._walk(bidx, grid_size, tiles_r, tiles_s, tiles)
                for g in cutlass.range(first, stop, step, unroll=1):
                    tile = self._walk_tile(g, tiles_r, bidx)
                    read, release = self._consume_tile(views, tile, mma, out, read, release)
            else:
                read, release = self._consume_tile(views, one_tile, mma, out, read, release)
            if cutlass.const_expr(self.cfg.epi_whole or self.cfg.persistent):
                # The last tile's TMA stores read shared memory until they are done.
                if team[0]:
                    self._store_pipe().producer_tail()

    def _walk(self, bidx, grid_size, tiles_r, tiles_s, tiles):
        """(first, stop, step) of the persistent walk of CTA bidx: over tiles, or with
        multicast over its cluster's groups of cluster_r tiles along R (every CTA of a cluster
        walks the same groups, so their rings stay in step). tiles = tiles_r * tiles_s, as the
        kernel computed it once."""
        c = self.cfg.cluster_r
        if c == 1:  # a Python branch, taken while tracing
            return bidx, tiles, grid_size
        return bidx // c, (tiles_r + c - 1) // c * tiles_s, grid_size // c

    def _walk_tile(self, g, tiles_r, bidx):
        """(r, s) of step g of the persistent walk: tile g in order r fastest, or with
        multicast the CTA's tile of group g (its rank along R in the group; the same columns,
        so the same Y tile, for the whole cluster). A group past the last R tile repeats it
        (_tile_start), as the grid of a one-tile multicast config does."""
        c = self.cfg.cluster_r
        if c == 1:
            return _tile_coord(g, tiles_r)
        groups_r = (tiles_r + c - 1) // c
        return (g % groups_r * c + bidx % c, g // groups_r)

    @cute.jit
    def _produce_tile(self, views, tile, load, write):
        """TMA every k-stage of one tile into the ring; returns the advanced ring state."""
        tma_x, tma_y, sX, sY, ab_pipe, k_tiles, k_first, descs = load
        gX, gY, _ = self._tile_views(*views, tile)
        x_boxes = 1  # TMA loads of X per stage
        if cutlass.const_expr(self.cfg.x_rows > 0):
            x_boxes = self.cfg.k_atoms
            mX, _, mD, _ = views
            r0 = self._r_start(tile[0], cute.size(mD, mode=[0]))
            gX = cute.local_tile(
                cute.domain_offset((r0, 0), mX), (self.cfg.x_rows, TILE_K), (0, None)
            )
        tXsX, tXgX = cpasync.tma_partition(
            tma_x, 0, cute.make_layout(1), cute.group_modes(sX, 0, 2), cute.group_modes(gX, 0, 2)
        )
        c = self.cfg.cluster_r
        # This CTA's share of each Y stage (all of it without multicast), sent to the cluster.
        tYsY, tYgY = cpasync.tma_partition(
            tma_y,
            cute.arch.block_idx()[0] % c,
            cute.make_layout(c),
            cute.group_modes(sY, 0, 2),
            cute.group_modes(gY, 0, 2),
        )
        y_copy = {"mcast_mask": cutlass.Int16((1 << c) - 1)} if c > 1 else {}
        x_copy = {}
        if cutlass.const_expr(self.cfg.l2_hint):
            a_policy, b_policy = L2_HINTS[self.cfg.l2_hint]
            x_policy, y_policy = (b_policy, a_policy) if self.cfg.swap_ab else (a_policy, b_policy)
            x_copy = {"cache_policy": cutlass.Int64(x_policy)}
            y_copy = {**y_copy, "cache_policy": cutlass.Int64(y_policy)}
        if cutlass.const_expr(descs is not None):
            x_copy = {**x_copy, "tma_desc_ptr": descs[0]}
            y_copy = {**y_copy, "tma_desc_ptr": descs[1]}
        for k_tile in cutlass.range(k_tiles, unroll=1):
            ab_pipe.producer_acquire(write)
            full = ab_pipe.producer_get_barrier(write)
            for j in cutlass.range_constexpr(x_boxes):
                cute.copy(
                    tma_x,
                    tXgX[(None, (k_first + k_tile) * x_boxes + j)],
                    tXsX[(None, write.index * x_boxes + j)],
                    tma_bar_ptr=full,
                    **x_copy,
                )
            cute.copy(
                tma_y,
                tYgY[(None, k_first + k_tile)],
                tYsY[(None, write.index)],
                tma_bar_ptr=full,
                **y_copy,
            )
            ab_pipe.producer_commit(write)
            if cutlass.const_expr(self.cfg.l2_prefetch > 0):
                ahead = k_tile + self.cfg.l2_prefetch
                # One lane: unlike the TMA copies, a prefetch is issued by every thread that
                # reaches it.
                if ahead < k_tiles:
                    with cute.arch.elect_one():
                        if cutlass.const_expr(self.cfg.swap_ab):
                            for j in cutlass.range_constexpr(x_boxes):
                                k = (k_first + ahead) * x_boxes + j
                                cute.prefetch(tma_x, tXgX[(None, k)])
                        else:
                            cute.prefetch(tma_y, tYgY[(None, k_first + ahead)])
            write.advance()
        return write

    @cute.jit
    def _consume_tile(self, views, tile, mma, out, read, release):
        """WGMMA one tile from the ring, reduce it across the cluster (split-K) and store it;
        returns the advanced read and release states."""
        tiled_mma, tCrX, tCrY, acc, ab_pipe, k_tiles = mma
        ctidx, team, sD, tma_d, split, ring, mD_mem = out
        _, _, gD = self._tile_views(*views, tile)
        read, release = self._mma_tile(mma, k_tiles, read, release)

        if cutlass.const_expr(self.cfg.splits > 1):
            self._reduce_split_k(acc, ctidx, split, ring)
            if split == 0:
                self._epilogue(tiled_mma, acc, ctidx, team, sD, gD, tma_d)
            cute.arch.cluster_arrive()  # rank 0 is done reading the peers' partials
            cute.arch.cluster_wait()
        elif cutlass.const_expr(self.cfg.x_rows > 0):
            self._store_owned_rows(tiled_mma, acc, ctidx, mD_mem, tile)
        else:
            self._epilogue(tiled_mma, acc, ctidx, team, sD, gD, tma_d)
        return read, release

    @cute.jit
    def _skip_stages(self, read, release, count):
        """read and release advanced past `count` ring stages that another consumer group
        reads and releases (ping-pong)."""
        for _ in cutlass.range(count, unroll=1):
            read.advance()
            release.advance()
        return read, release

    @cute.jit
    def _mma_tile(self, mma, k_tiles, read, release):
        """Accumulate k_tiles ring stages into acc from zero; returns the advanced read and
        release states."""
        acc = mma[3]
        acc.fill(0.0)
        for k_tile in cutlass.range(k_tiles, unroll=1):
            read, release = self._mma_stage(mma, k_tile, read, release)
        warpgroup.wait_group(0)
        return read, self._release_last(mma[4], release)

    @cute.jit
    def _mma_tile_storing(self, mma, k_tiles, read, release, held_out):
        """_mma_tile, with the previous tile's fp16 output (`held_out`: the held registers,
        whether there is a previous tile, where it goes and the epilogue's other arguments)
        stored once the first stage's WGMMAs are issued, while they run."""
        tiled_mma, acc = mma[0], mma[3]
        held, store, gD, ctidx, team, sD, tma_d = held_out
        acc.fill(0.0)
        read, release = self._mma_stage(mma, 0, read, release)
        if store:
            self._epilogue(tiled_mma, held, ctidx, team, sD, gD, tma_d)
        for k_tile in cutlass.range(1, k_tiles, unroll=1):
            read, release = self._mma_stage(mma, k_tile, read, release)
        warpgroup.wait_group(0)
        return read, self._release_last(mma[4], release)

    @cute.jit
    def _mma_stage(self, mma, k_tile, read, release):
        """Wait for the ring stage `read`, the tile's k_tile-th, issue its WGMMAs into acc and
        hand back the stage mma_batches before it once its WGMMAs are done."""
        tiled_mma, tCrX, tCrY, acc, ab_pipe, _ = mma
        batches = self.cfg.mma_batches
        ab_pipe.consumer_wait(read)
        warpgroup.fence()
        for k in cutlass.range(cute.size(tCrX, mode=[2]), unroll_full=True):
            cute.gemm(
                tiled_mma,
                acc,
                tCrX[(None, None, k, read.index)],
                tCrY[(None, None, k, read.index)],
                acc,
            )
        warpgroup.commit_group()
        # Keep this stage's WGMMAs and the mma_batches - 1 stages' before them in flight;
        # the stage mma_batches back is done being read once at most mma_batches batches
        # are outstanding.
        warpgroup.wait_group(batches)
        if k_tile > batches - 1:
            ab_pipe.consumer_release(release)
            release.advance()
        read.advance()
        return read, release

    @cute.jit
    def _release_last(self, ab_pipe, release):
        """Hand back a tile's last mma_batches stages, their WGMMAs all done."""
        for _ in cutlass.range_constexpr(self.cfg.mma_batches):
            ab_pipe.consumer_release(release)
            release.advance()
        return release

    @cute.jit
    def _run(self, cta, grid_size, total):
        """[start, end) of CTA `cta`'s run in a stream-K walk over `total` k-stages: tile
        t's k-stage j is stage t * k_tiles + j, and the runs split them evenly (in 64 bits:
        cta * total passes 2^31 near M = 10^7)."""
        start = cutlass.Int64(cta) * total // grid_size
        end = (cutlass.Int64(cta) + 1) * total // grid_size
        return cutlass.Int32(start), cutlass.Int32(end)

    @cute.jit
    def _owner(self, stage, grid_size, total):
        """The CTA whose run holds k-stage `stage`: the last c with c * total // grid_size <=
        stage (in 64 bits, as _run)."""
        return cutlass.Int32(((cutlass.Int64(stage) + 1) * grid_size - 1) // total)

    @staticmethod
    def _tiles_of_run(start, end, k_tiles):
        """[first, stop) of the tiles that the run [start, end) of k-stages touches."""
        return start // k_tiles, (end + k_tiles - 1) // k_tiles

    @staticmethod
    @cute.jit
    def _run_in_tile(start, end, tile, k_tiles):
        """The k-stages [k0, k1) of `tile` that the run [start, end) holds."""
        first = tile * k_tiles
        return cutlass.max(start - first, 0), cutlass.min(end - first, k_tiles)

    def _per_thread_layout(self, frag: int) -> cute.Layout:
        """A partial tile as the consumer threads hold it: element i of thread t at [i, t],
        consecutive threads at consecutive words (the split-K partials in shared memory, the
        stream-K ones in the workspace: no bank conflicts, coalesced stores and loads)."""
        threads = THREADS_PER_WG * self.cfg.consumer_wgs
        return cute.make_layout((frag, threads), stride=(threads, 1))

    def _partials(self, mW, cta, frag: int) -> cute.Tensor:
        """CTA `cta`'s partial tile in the workspace (_per_thread_layout)."""
        threads = THREADS_PER_WG * self.cfg.consumer_wgs
        base = mW.iterator + _flag_words(self.sm_count) + cta * (frag * threads)
        return cute.make_tensor(base, self._per_thread_layout(frag))

    def _flag(self, mW, cta) -> cute.Pointer:
        """CTA `cta`'s flag in the workspace: 1 while its partial waits to be added."""
        return cute.recast_ptr(mW.iterator + cta, dtype=cutlass.Int32)

    @cute.jit
    def _publish_partial(self, acc, ctidx, mW, cta):
        """Leave this CTA's fp32 accumulators in its workspace slot and raise its flag (the
        release orders every consumer thread's stores, seen through the barrier, before it)."""
        partials = self._partials(mW, cta, cute.size(acc))
        for i in cutlass.range_constexpr(cute.size(acc)):
            partials[i, ctidx] = acc[i]
        cute.arch.fence_acq_rel_gpu()
        consumers = THREADS_PER_WG * self.cfg.consumer_wgs
        pipeline.NamedBarrier(barrier_id=1, num_threads=consumers).arrive_and_wait()
        if ctidx == 0:
            cute.arch.store(self._flag(mW, cta), cutlass.Int32(1), sem="release", scope="gpu")

    @cute.jit
    def _add_partials(self, acc, ctidx, mW, first, stop):
        """Add the partials of CTAs first .. stop - 1 into acc, waiting for each one's flag
        and lowering it again for the next call. Each published its run's first piece as soon
        as it was done, while this CTA ran its own stages: the wait is short or none (on the
        H200 at M = 136: one poll in the median, nine at most)."""
        consumers = pipeline.NamedBarrier(
            barrier_id=1, num_threads=THREADS_PER_WG * self.cfg.consumer_wgs
        )
        for peer in cutlass.range(first, stop, unroll=1):
            if ctidx == 0:
                flag = self._flag(mW, peer)
                raised = cute.arch.load(flag, cutlass.Int32, sem="acquire", scope="gpu")
                while raised == 0:
                    raised = cute.arch.load(flag, cutlass.Int32, sem="acquire", scope="gpu")
                cute.arch.store(flag, cutlass.Int32(0))
            consumers.arrive_and_wait()
            cute.arch.fence_acq_rel_gpu()
            partials = self._partials(mW, peer, cute.size(acc))
            for i in cutlass.range_constexpr(cute.size(acc)):
                acc[i] = acc[i] + partials[i, ctidx]

    @cute.jit
    def _store_owned_rows(self, tiled_mma, acc, ctidx, mD, tile):
        """Store the x_rows rows of D a partial tile owns, from registers, element by element.

        A TMA store would write the whole 64-row tile (the rows past x_rows are the next
        tile's); the tile is small (at most 64 x tile_s), so plain predicated stores do."""
        r0 = self._r_start(tile[0], cute.size(mD, mode=[0]))
        s0 = self._tile_start(tile[1], self.cfg.tile_s, self.cfg.tile_s, cute.size(mD, mode=[1]))
        rows = cutlass.min(self.cfg.x_rows, cute.size(mD, mode=[0]) - r0)
        cols = cute.size(mD, mode=[1]) - s0  # fewer than tile_s only when S < tile_s
        gD = cute.local_tile(
            cute.domain_offset((r0, s0), mD), self.tile_rsk, (0, 0, None), proj=(1, 1, None)
        )
        thr_mma = tiled_mma.get_slice(ctidx)
        tCgD = thr_mma.partition_C(gD)
        tCcD = thr_mma.partition_C(cute.make_identity_tensor(gD.shape))  # (r, s) in the tile
        out = cute.make_rmem_tensor_like(acc, gD.element_type)
        out.store(acc.load().to(gD.element_type))
        for i in cutlass.range_constexpr(cute.size(out)):
            r, c = tCcD[i]
            if r < rows and c < cols:
                tCgD[i] = out[i]

    @cute.jit
    def _tile_views(self, mX, mY, mD, tiles_r, tile):
        """gX (bR, bK, k_tiles), gY (bS, bK, k_tiles) and gD (bR, bS) of the (r, s) tile.

        The last tile along a side starts where _tile_start puts it: moved back to end at the
        side's end, overlapping its neighbour, so no TMA box crosses the end of the tensor (a
        box partly out of bounds cost up to 2.5 us at M = 200 on the H200), its overlapped
        elements computed twice, identically (same data, same K order); or, with clip_last,
        running past the end."""
        r0 = self._r_start(tile[0], cute.size(mD, mode=[0]))
        s0 = self._tile_start(tile[1], self.cfg.tile_s, self.cfg.tile_s, cute.size(mD, mode=[1]))
        origin = (0, 0, None)
        gX = cute.local_tile(
            cute.domain_offset((r0, 0), mX), self.tile_rsk, origin, proj=(1, None, 1)
        )
        gY = cute.local_tile(
            cute.domain_offset((s0, 0), mY), self.tile_rsk, origin, proj=(None, 1, 1)
        )
        gD = cute.local_tile(
            cute.domain_offset((r0, s0), mD), self.tile_rsk, origin, proj=(1, 1, None)
        )
        return gX, gY, gD

    @cute.jit
    def _reduce_split_k(self, acc, ctidx, split, ring):
        """Add the peers' accumulators into rank 0's `acc` through distributed shared memory.

        Each consumer thread owns the same fragment positions in every CTA of the cluster (same
        tiled MMA, same thread index), so a partial is stored per thread: element i of thread t
        at [i, t], consecutive threads at consecutive words (no bank conflicts either side)."""
        consumer_threads = THREADS_PER_WG * self.cfg.consumer_wgs
        frag = cute.size(acc)
        partials = cute.make_tensor(
            cute.recast_ptr(ring, dtype=cutlass.Float32), self._per_thread_layout(frag)
        )
        if split != 0:
            # Another consumer warp group may still be reading its last ring stage.
            pipeline.NamedBarrier(barrier_id=1, num_threads=consumer_threads).arrive_and_wait()
            for i in cutlass.range_constexpr(frag):
                partials[i, ctidx] = acc[i]
        cute.arch.cluster_arrive()  # release: the partials are visible after the wait
        cute.arch.cluster_wait()
        if split == 0:
            for peer in cutlass.range_constexpr(1, self.cfg.splits):
                remote = cute.make_tensor(_peer_smem(partials.iterator, peer), partials.layout)
                for i in cutlass.range_constexpr(frag):
                    acc[i] = acc[i] + remote[i, ctidx]

    @cute.jit
    def _r_start(self, index, extent):
        """First row of tile `index` along R (the last tile's rows owned end at the extent)."""
        return self._tile_start(index, self.cfg.step_r, self.cfg.loaded_rows, extent)

    @cute.jit
    def _tile_start(self, index, step: int, tile: int, extent):
        """First row of tile `index` along a side of `extent` rows: index * step, except that
        the last tile ends at the extent (when the extent holds at least one tile). With
        clip_last it starts at index * step too and runs past the end: TMA zero-fills its
        loads there and clips its stores, so its rows past the end multiply zeros where the
        shifted tile would compute its neighbour's rows again."""
        if cutlass.const_expr(self.cfg.clip_last):
            return index * step
        return cutlass.min(index * step, cutlass.max(extent - tile, 0))

    def _tiles_r(self, extent):
        """Tiles along R: enough tile starts `step_r` apart for the last to reach the end."""
        if self.cfg.step_r == self.cfg.loaded_rows:  # a Python branch, taken while tracing
            return cute.ceil_div(extent, self.cfg.loaded_rows)
        owned = self.cfg.loaded_rows
        return cute.ceil_div(cutlass.max(extent - owned, 0), self.cfg.step_r) + 1

    @cute.jit
    def _epilogue(self, tiled_mma, acc, ctidx, team, sD, gD, tma_d):
        """Accumulators -> fp16 -> shared memory (stmatrix) -> TMA store: a sub-tile at a time
        through epi_stages buffers, each store awaited before its buffer is written again, or
        with epi_whole every sub-tile at once (_stage_whole_tile). In a persistent walk the
        tile's last stores are awaited only by the next tile's epilogue (and the kernel's end),
        so the next tile's WGMMAs start without them: with six buffers +0.6% at M = 2053 and
        2379 on the H200 (probe at commit ade0bf1). `team`: (whether this thread's warp issues
        the stores, the named barrier of the threads storing the tile, their first buffer)."""
        issuer, barrier_id, buf_base = team
        d_dtype = sD.element_type
        # stmatrix of four 8 x 8 matrices (what the DSL's get_smem_store_op picks for fp16)
        # spans 16 columns of a warp's rows; a sub-tile of 8 or 24 columns takes two, or the
        # copy writes past it (and retiles acc past its end).
        matrices = 4 if self.epi_tile[1] % 16 == 0 else 2
        stmatrix = cute.make_copy_atom(
            cute.nvgpu.warp.StMatrix8x8x16bOp(self.d_layout.is_m_major_c(), matrices), d_dtype
        )
        tiled_r2s = cute.make_tiled_copy_S(
            stmatrix, cute.make_tiled_copy_C_atom(stmatrix, tiled_mma)
        )
        thr_r2s = tiled_r2s.get_slice(ctidx)
        tRS_sD = thr_r2s.partition_D(sD)  # (R2S, R2S_R, R2S_S, stage)
        tRS_acc = tiled_r2s.retile(acc)
        frag_layout = cute.make_layout(cute.shape(thr_r2s.partition_S(sD))[:3])
        frag = cute.make_rmem_tensor_like(frag_layout, acc.element_type)  # (fp16 when held)

        gD_epi = cute.zipped_divide(gD, self.epi_tile)  # ((eR, eS), (nR, nS))
        bSG_sD, bSG_gD = cpasync.tma_partition(
            tma_d, 0, cute.make_layout(1), cute.group_modes(sD, 0, 2), gD_epi
        )
        epi_grid = gD_epi.shape[1]
        epi_order = cute.make_layout(epi_grid, stride=(epi_grid[1], 1))
        consumers = pipeline.NamedBarrier(
            barrier_id=barrier_id, num_threads=THREADS_PER_WG * self.cfg.consumer_wgs
        )
        store_pipe = self._store_pipe()
        if cutlass.const_expr(self.cfg.epi_whole):
            self._stage_whole_tile(
                tiled_r2s, tRS_acc, tRS_sD, frag, frag_layout, issuer, consumers, store_pipe
            )
            if issuer:
                for e in cutlass.range_constexpr(cute.size(epi_grid)):
                    coord = epi_order.get_hier_coord(e)
                    cute.copy(tma_d, bSG_sD[(None, e)], bSG_gD[(None, coord)])
                store_pipe.producer_commit()
        else:
            if cutlass.const_expr(self.cfg.persistent):
                # The previous tile's last stores were left reading their buffers (below).
                self._await_buffers(issuer, consumers, store_pipe)
            for e in cutlass.range_constexpr(cute.size(epi_grid)):
                buf = buf_base + e % self.cfg.epi_stages
                self._sub_tile_to_smem(tiled_r2s, tRS_acc, tRS_sD, frag, frag_layout, e, buf)
                # Make the generic-proxy smem writes visible to the TMA (async proxy) store.
                cute.arch.fence_proxy("async.shared", space="cta")
                consumers.arrive_and_wait()
                if issuer:
                    cute.copy(
                        tma_d, bSG_sD[(None, buf)], bSG_gD[(None, epi_order.get_hier_coord(e))]
                    )
                    store_pipe.producer_commit()
                    store_pipe.producer_acquire()
                consumers.arrive_and_wait()
            # A walk's next tile goes to its WGMMAs without waiting for these stores to read
            # their buffers: its epilogue does (above), and the kernel's end for the last tile.
            if cutlass.const_expr(not self.cfg.persistent):
                if issuer:
                    store_pipe.producer_tail()

    def _store_pipe(self):
        """The epilogue's TMA store groups, waited on by the warp that issues them."""
        return pipeline.PipelineTmaStore.create(
            num_stages=self.cfg.epi_buffers,
            producer_group=pipeline.CooperativeGroup(
                pipeline.Agent.Thread, THREADS_PER_WG * self.cfg.consumer_wgs
            ),
        )

    @cute.jit
    def _await_buffers(self, issuer, consumers, store_pipe):
        """Wait until the TMA stores still in flight (the previous tile's) are done reading
        the epilogue's buffers; every thread of `consumers` leaves only after."""
        if issuer:
            store_pipe.producer_tail()
        consumers.arrive_and_wait()

    @cute.jit
    def _stage_whole_tile(
        self, tiled_r2s, tRS_acc, tRS_sD, frag, frag_layout, issuer, consumers, store_pipe
    ):
        """epi_whole: every sub-tile of the tile into its own buffer, behind one barrier, so
        that the TMA stores go out together and no sub-tile waits for the one before it. The
        buffers are rewritten only once the previous tile's stores are done reading them, and
        the kernel's end waits for the last. On the H200 (probe at commit ade0bf1) that was +1% at
        M = 136 and +0.4% at 8192 but -7% where the buffers cost a ring stage (128 x 224): the
        epilogue's time is mostly the output's write burst, not the waits."""
        self._await_buffers(issuer, consumers, store_pipe)
        for e in cutlass.range_constexpr(self.cfg.epi_buffers):
            self._sub_tile_to_smem(tiled_r2s, tRS_acc, tRS_sD, frag, frag_layout, e, e)
        # Make the generic-proxy smem writes visible to the TMA (async proxy) stores.
        cute.arch.fence_proxy("async.shared", space="cta")
        consumers.arrive_and_wait()

    @cute.jit
    def _sub_tile_to_smem(self, tiled_r2s, tRS_acc, tRS_sD, frag, frag_layout, e, buf):
        """Epilogue sub-tile e's accumulators, as fp16, into shared-memory buffer buf."""
        frag_size = cute.size(frag)
        for v in cutlass.range_constexpr(frag_size):
            frag[v] = tRS_acc[e * frag_size + v]
        out = cute.make_rmem_tensor_like(frag_layout, tRS_sD.element_type)
        out.store(frag.load().to(tRS_sD.element_type))
        cute.copy(tiled_r2s, out, tRS_sD[(None, None, None, buf)])
