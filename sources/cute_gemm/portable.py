"""CuTe DSL GEMM on warp-level MMA, for every GPU from sm_80: D = X @ Y.T in fp16, fp32 accumulate.

The portable path of cute_gemm (main.py says when it serves). mma.sync (16 x 8 x 16), cp.async
loads into a ring of shared-memory stages and ldmatrix reads from it exist on every NVIDIA GPU
from the A100 on (Blackwell included), unlike the Hopper path's WGMMA and TMA.

Layouts: X [P, K] and Y [Q, K] row-major (K-major, as both MMA operands want them); D [P, Q]
with any strides, so one kernel serves both orientations (as the Hopper kernel does):
- straight: X = A (tokens), Y = B, D = C;
- swap-AB: X = B, Y = A, D = C.T (a strided view): the 3072 weight rows tile the P side and
  the few tokens the narrow Q side, so small M still gives the grid enough CTAs.

One CTA computes a (tile_p, tile_q) tile of D over all of K: warps_p x warps_q warps, each a
16-row by 16-column block of MMA atoms repeated over the tile. The K loop keeps stages - 1
tiles of X and Y in flight (cp.async.cg, 16 bytes a thread, past L1), waits for the oldest,
and reads it into registers with ldmatrix. Rows of X or Y past P or Q are not loaded (their
shared memory is left stale: they only feed rows and columns of D that are never stored).
D goes out through shared memory (`staged_epilogue`): the fp16 tile is written into the ring in
D's memory order, lines padded by 16 bytes, then stored in 16-byte pieces along D's contiguous
side, only the lines inside D. Where that measured slower (32 x 96 and 64 x 64 swap-AB tiles,
docs/cute_gemm_portable.md), and with split-K or sliced K, each element is stored from the
accumulators instead, checked against D's shape.

Split-K (splits > 1): `splits` CTAs along the grid's z share a tile of D, each over K / splits.
Each leaves its fp32 accumulators in its own slot of a workspace and bumps the tile's counter
(an atomic add); the CTA that arrives last adds the slots in split order (the same sum whoever
arrives last: bitwise repeatable), stores D and sets the counter back to zero for the next
call. Nothing waits on another CTA, so any number of CTAs may share an SM, on every GPU. The
workspace (main.split_workspace) is kept between calls: one per stream, counters zeroed once.

Walk order (group_p > 1): CTAs take the tiles of D in groups of group_p P tiles, a group's
tiles before the next group's (walk_order), so that at large M a wave of CTAs reads a few
tiles of A and the whole of B rather than the whole of A.

Persistent walks (persistent): one CTA an SM takes tiles linear, linear + grid, ... and the
ring runs on across them: the K tiles past a tile's last load the next tile's first stages, so
those loads are in flight under this tile's last MMAs and its epilogue, which stages D in
shared memory of its own. Where tiles take two rounds of the SMs (2053, 2379) the second
round's start is no longer exposed. The last stages - 1 K tiles of every tile are unrolled
after the K loop (peel_tail), which then loads without checking whether a K tile is left.

L2 policy (b_evict_first): B's copies carry an evict-first policy (cp.async.cg with
L2::cache_hint, written as inline PTX: the DSL's cp.async atom takes no policy), as the Hopper
path's TMA loads do. A thread's copies of a stage lie whole 8-row swizzle atoms apart, so it
computes its first piece's swizzled address once and adds plain offsets for the others.
With b_l2_prefetch = P > 0, the thread whose piece starts a 128-byte line of B also prefetches
that line P K tiles further (prefetch.global.L2, sm_80 on) while that is inside K: more of B
on its way from HBM than the ring holds, as the Hopper path's l2_prefetch does with TMA.

Sliced K (warps_k > 1): warps_k warps share each warp tile, slice j taking every warps_k-th
16-deep K block of each K tile from block j, so a scheduler gets a second warp without smaller
warp tiles (which read more shared memory a MMA) or split-K's global partials. The first slice
loads X and the last Y; at the end the other slices leave their accumulators in the ring's
shared memory and the first adds them in slice order (the same sum on every call).

Constraints (`is_valid`): tile_p a multiple of 16 * warps_p, tile_q of 16 * warps_q, tile_k 32,
64 or 128 dividing K, the copy's rows per pass (whole 8-row swizzle atoms) dividing both
tiles, 2 to 12 stages; with split-K, K / tile_k a multiple of splits and each split at least
stages - 1 K tiles (the prologue's loads stay inside the split); warps_k 1, 2 or 4, at least
two K blocks a warp per K tile, not with split-K, its partial sums no larger than the ring;
a persistent walk with the staged epilogue and the peeled loop, without split-K or sliced K;
X, Y and D 16-byte aligned with K-contiguous rows (main.run guarantees it).
"""

import math
from dataclasses import dataclass, replace
from typing import NamedTuple

import cutlass
import cutlass.cute as cute
from cutlass._mlir.dialects import llvm
from cutlass.cute.nvgpu import cpasync, warp
from cutlass.cutlass_dsl import T, dsl_user_op

MMA_SHAPE = (16, 8, 16)
COPY_ELEMENTS = 8  # fp16 elements in one 16-byte cp.async
STAGE_PAD = 8  # fp16 elements after each line of D's tile staged in shared memory
LINE_ELEMENTS = 64  # fp16 elements in a 128-byte L2 line


@dataclass(frozen=True)
class PortableConfig:
    tile_p: int  # rows of D (of X) per CTA
    tile_q: int  # columns of D (of Y) per CTA
    swap_ab: bool  # X = B, Y = A, D = C.T (see module docstring)
    tile_k: int = 64
    stages: int = 4
    warps_p: int = 2
    warps_q: int = 2
    splits: int = 1  # CTAs sharing a tile of D, each over K / splits (split-K)
    warps_k: int = 1  # warps sharing each warp tile, each on its share of every K tile (sliced K)
    # D's tile staged in shared memory and stored in 16-byte pieces (without split-K or sliced
    # K); off: each element stored from the accumulators
    staged_epilogue: bool = True
    # CTAs walk the grid in groups of group_p P tiles (walk_order): at M = 8192 a wave of
    # straight tiles then reads a few tiles of A and B whole, not A whole
    group_p: int = 1
    # The last stages - 1 K tiles unrolled after the K loop, so the loop loads unchecked (off:
    # one loop that asks each K tile whether one is left to load; faster for some tiles)
    peel_tail: bool = True
    # One CTA an SM walks tiles linear, linear + grid, ... (grid = min(tiles, SMs)): the next
    # tile's first stages load under this tile's last K tiles and epilogue, which stages D in
    # shared memory of its own (the ring is busy with those loads)
    persistent: bool = False
    # B's loads (X with swap-AB, Y straight) evict-first in the L2 (cp.async's L2::cache_hint,
    # sm_80 on), as the Hopper path's: B's lines are then the first to go, rather than dirty
    # lines that would first be written back (the preceding kernel's; the timing protocol's
    # fill). Faster at M <= 32 and some mid-M rows; level or slower elsewhere (the table)
    b_evict_first: bool = False
    # B's lines prefetched into the L2 this many K tiles ahead of its copies (with
    # b_evict_first: the hinted copies know each thread's address of B; 0: none)
    b_l2_prefetch: int = 0

    @property
    def stages_d(self) -> bool:
        """D goes out through shared memory: asked for, and neither split-K (the tile's last
        CTA stores the partials' sum) nor sliced K (the first slice alone stores)."""
        return self.staged_epilogue and self.splits == 1 and self.warps_k == 1

    def line_major(self, pair):
        """A (P side, Q side) pair of D ordered (across D's lines, along a line), D's lines
        lying along its contiguous side: rows straight, columns with swap-AB. Its own inverse."""
        return (pair[1], pair[0]) if self.swap_ab else (pair[0], pair[1])

    @property
    def d_lines(self) -> tuple[int, int]:
        """(lines, elements a line) of D's tile: tile_p rows of tile_q straight, tile_q columns
        of tile_p with swap-AB."""
        return self.line_major((self.tile_p, self.tile_q))

    @property
    def slice_threads(self) -> int:
        """Threads of one K slice: one warp per warp tile."""
        return 32 * self.warps_p * self.warps_q

    @property
    def threads(self) -> int:
        return self.slice_threads * self.warps_k

    @property
    def copy_rows(self) -> int:
        """Rows of a (rows, tile_k) tile one pass of a slice's 16-byte copies covers."""
        return self.slice_threads // (self.tile_k // COPY_ELEMENTS)

    def ring_bytes(self) -> int:
        return (self.tile_p + self.tile_q) * self.tile_k * 2 * self.stages

    def shared_bytes(self) -> int:
        """Shared memory a CTA: the ring, and a persistent walk's buffer for D's tile."""
        return self.ring_bytes() + (_staged_bytes(self) if self.persistent else 0)

    def workspace_sizes(self, p: int, q: int) -> tuple[int, int]:
        """(counters, fp32 words of partials) a split-K launch over a (p, q) D needs: a
        counter per tile, and a slot of tile_p * tile_q words per tile and split."""
        tiles = -(-p // self.tile_p) * -(-q // self.tile_q)
        return tiles, tiles * self.splits * self.tile_p * self.tile_q


def is_valid(cfg: PortableConfig, k: int) -> bool:
    k_tiles = k // cfg.tile_k if cfg.tile_k else 0
    return (
        cfg.tile_p % (16 * cfg.warps_p) == 0
        and cfg.tile_q % (16 * cfg.warps_q) == 0
        and cfg.tile_k in (32, 64, 128)
        and k % cfg.tile_k == 0
        and 2 <= cfg.stages <= 12
        and cfg.threads % (cfg.tile_k // COPY_ELEMENTS) == 0
        and cfg.copy_rows > 0
        # a pass of copies covers whole 8-row swizzle atoms of the ring (12 or 20 rows abort
        # the DSL's compile, and with it the process)
        and cfg.copy_rows % 8 == 0
        and cfg.tile_p % cfg.copy_rows == 0
        and cfg.tile_q % cfg.copy_rows == 0
        and cfg.splits >= 1
        and k_tiles % cfg.splits == 0
        and k_tiles // cfg.splits >= cfg.stages - 1
        and cfg.warps_k in (1, 2, 4)
        and cfg.group_p >= 1
        # two or more K blocks a warp per K tile: the look-ahead reads block kb + 1's
        # fragments into a register buffer other than the one block kb's MMAs read
        and cfg.tile_k >= 32 * cfg.warps_k
        and (cfg.warps_k == 1 or cfg.splits == 1)
        # the slices' partial sums go through the ring's shared memory
        and (cfg.warps_k - 1) * cfg.tile_p * cfg.tile_q * 4 <= cfg.ring_bytes()
        # the staged epilogue's padded tile of D fits in the ring's shared memory
        and (not cfg.stages_d or _staged_bytes(cfg) <= cfg.ring_bytes())
        # a persistent walk stores D staged (its own buffer); its tail loads the next tile
        and (not cfg.persistent or (cfg.stages_d and cfg.peel_tail))
        and 0 <= cfg.b_l2_prefetch < k_tiles
        and (cfg.b_l2_prefetch == 0 or cfg.b_evict_first)
    )


def walk_order(linear, grid_p, grid_q, group_p: int, minimum=min):
    """The (P, Q) tile of D that the CTA launched linear-th (P fastest, as CUDA launches a
    (grid_p, grid_q) grid) computes: groups of group_p P tiles one after another, each group's
    tiles P fastest (group_p >= grid_p: the launch order itself). The kernel walks so only for
    group_p > 1: a config's group_p = 1 keeps the launch order. Plain arithmetic, so the kernel
    calls it on its indices (with cutlass.min) and the CPU tests on Python ints."""
    per_group = grid_q * group_p
    group = linear // per_group
    first = group * group_p
    rows = minimum(grid_p - first, group_p)  # the last group may hold fewer P tiles
    within = linear - group * per_group
    return first + within % rows, within // rows


def _staged_bytes(cfg: PortableConfig) -> int:
    lines, line_len = cfg.d_lines
    return lines * (line_len + STAGE_PAD) * 2


def ring_swizzle(tile_k: int) -> tuple[int, int, int]:
    """(bits, base, shift) of the ring's `cute.make_swizzle`: bits of the 16-byte piece's index
    in a row (from element bit 3 on) XORed with the bits `shift` above them, the row's. Rows
    of 64 or 128 bytes share 128-byte bank lines, and element bits 6-8 tell an atom's eight
    rows apart; rows of 256 bytes (tile_k 128) each start a line, so their own bits 7-9 must
    (with 6-8, rows 4 apart read the same banks: 2-way conflicts)."""
    bits = min(3, int(math.log2(tile_k * 2 // 16)))
    return bits, 3, max(3, int(math.log2(tile_k)) - 3)


def _smem_layout(rows: int, tile_k: int, stages: int):
    """(rows, tile_k, stages) fp16 ring, K-major, in 8-row swizzled atoms: ldmatrix's eight
    16-byte row reads of one 8 x 8 matrix then fall in eight different bank groups."""
    atom = cute.make_composed_layout(
        cute.make_swizzle(*ring_swizzle(tile_k)),
        0,
        cute.make_layout((8, tile_k), stride=(tile_k, 1)),
    )
    return cute.tile_to_shape(atom, (rows, tile_k, stages), (0, 1, 2))


@dsl_user_op
def _evict_first_policy(*, loc=None, ip=None) -> cutlass.Int64:
    """An L2 policy (createpolicy, sm_80 on) under which the lines a load brings in go first."""
    policy = llvm.inline_asm(
        T.i64(),
        [],
        "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;",
        "=l",
        has_side_effects=False,
        is_align_stack=False,
        asm_dialect=llvm.AsmDialect.AD_ATT,
        loc=loc,
        ip=ip,
    )
    return cutlass.Int64(policy)


@dsl_user_op
def _cp_async_evict_first(dst, src, policy, *, loc=None, ip=None) -> None:
    """cp.async.cg of 16 bytes from global `src` to shared `dst` under an L2 policy (the DSL's
    cp.async atom takes none)."""
    llvm.inline_asm(
        None,
        [
            cutlass.Int32(dst).ir_value(loc=loc, ip=ip),
            cutlass.Int64(src).ir_value(loc=loc, ip=ip),
            cutlass.Int64(policy).ir_value(loc=loc, ip=ip),
        ],
        "cp.async.cg.shared.global.L2::cache_hint [$0], [$1], 16, $2;",
        "r,l,l,~{memory}",
        has_side_effects=True,
        is_align_stack=False,
        asm_dialect=llvm.AsmDialect.AD_ATT,
        loc=loc,
        ip=ip,
    )


@dsl_user_op
def _prefetch_l2(src, *, loc=None, ip=None) -> None:
    """Bring the line holding global address `src` into the L2 (prefetch, sm_80 on)."""
    llvm.inline_asm(
        None,
        [cutlass.Int64(src).ir_value(loc=loc, ip=ip)],
        "prefetch.global.L2 [$0];",
        "l",
        has_side_effects=True,
        is_align_stack=False,
        asm_dialect=llvm.AsmDialect.AD_ATT,
        loc=loc,
        ip=ip,
    )


class _HintedCopies(NamedTuple):
    """B's copies of one tile under an L2 policy, as _load_operand takes them (_tile_loads
    gives the other copies as (tiled copy, source K tiles, ring, row predicate or None))."""

    policy: cutlass.Int64  # createpolicy's
    gB: cute.Tensor  # B's K tiles of this tile: (rows, tile_k, k_tiles)
    first: cute.Pointer  # this thread's first 16-byte piece of K tile 0
    shared: cutlass.Int32  # that piece's shared-memory address in stage 0
    leads_line: cutlass.Boolean  # the piece starts a 128-byte line (it prefetches that line)


class PortableGemm:
    def __init__(self, cfg: PortableConfig, sm_count: int = 132):
        self.cfg = cfg
        self.sm_count = sm_count  # a persistent walk's most CTAs (one an SM)

    @cute.jit
    def __call__(self, mX: cute.Tensor, mY: cute.Tensor, mD: cute.Tensor, stream):
        self._launch(mX, mY, mD, None, None, stream)

    @cute.jit
    def with_workspace(
        self,
        mX: cute.Tensor,
        mY: cute.Tensor,
        mD: cute.Tensor,
        mCount: cute.Tensor,
        mPart: cute.Tensor,
        stream,
    ):
        """Split-K's entry point: mCount holds a zero Int32 per tile of D, mPart the fp32
        partials (cfg.workspace_sizes); every call leaves the counters zero again."""
        self._launch(mX, mY, mD, mCount, mPart, stream)

    @cute.jit
    def _launch(self, mX, mY, mD, mCount, mPart, stream):
        cfg = self.cfg
        sX_layout = _smem_layout(cfg.tile_p, cfg.tile_k, cfg.stages)
        sY_layout = _smem_layout(cfg.tile_q, cfg.tile_k, cfg.stages)
        copy_atom = cute.make_copy_atom(
            cpasync.CopyG2SOp(cache_mode=cpasync.LoadCacheMode.GLOBAL),
            cutlass.Float16,
            num_bits_per_copy=16 * 8,
        )
        per_row = cfg.tile_k // COPY_ELEMENTS
        tiled_copy = cute.make_tiled_copy_tv(
            copy_atom,
            cute.make_layout((cfg.copy_rows, per_row), stride=(per_row, 1)),
            cute.make_layout((1, COPY_ELEMENTS)),
        )
        tiled_mma = cute.make_tiled_mma(
            warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, MMA_SHAPE),
            cute.make_layout((cfg.warps_p, cfg.warps_q, cfg.warps_k)),
            # 16 columns a warp (two 8-wide atoms), so ldmatrix.x4 loads Y's fragment whole;
            # with sliced K, slice j takes every warps_k-th 16-deep K block from block j
            permutation_mnk=(16 * cfg.warps_p, 16 * cfg.warps_q, 16 * cfg.warps_k),
        )
        smem_bytes = cute.size_in_bytes(cutlass.Float16, sX_layout) + cute.size_in_bytes(
            cutlass.Float16, sY_layout
        )
        grid_p = (mD.shape[0] + cfg.tile_p - 1) // cfg.tile_p
        grid_q = (mD.shape[1] + cfg.tile_q - 1) // cfg.tile_q
        grid = (grid_p, grid_q, cfg.splits)
        if cutlass.const_expr(cfg.persistent):
            grid = (cutlass.min(grid_p * grid_q, self.sm_count), 1, 1)
            smem_bytes += _staged_bytes(cfg)
        self.kernel(mX, mY, mD, mCount, mPart, sX_layout, sY_layout, tiled_copy, tiled_mma).launch(
            grid=grid,
            block=[cfg.threads, 1, 1],
            smem=smem_bytes + (16 if cfg.splits > 1 else 0),  # + split-K's arrival word
            stream=stream,
        )

    @staticmethod
    def _rows_always_inside(rows, tile: int) -> bool:
        """True when the operand's row count is known at compile time and a multiple of its
        tile (B's 3072 rows): its copies need no row predicate."""
        return isinstance(rows, int) and rows % tile == 0

    @cute.jit
    def _row_predicate(self, tSrc: cute.Tensor, tCoord: cute.Tensor, rows):
        """Per 16-byte copy of one stage: whether its row lies inside the operand (K needs no
        check: tile_k divides it)."""
        pred = cute.make_rmem_tensor(
            cute.make_layout(
                (tSrc.shape[0][1], cute.size(tSrc, mode=[1]), cute.size(tSrc, mode=[2])),
                stride=(cute.size(tSrc, mode=[1]), 1, 0),
            ),
            cutlass.Boolean,
        )
        for v in cutlass.range_constexpr(pred.shape[0]):
            for r in cutlass.range_constexpr(pred.shape[1]):
                pred[v, r, 0] = cute.elem_less(tCoord[(0, v), r, 0, 0][0], rows)
        return pred

    @cute.kernel
    def kernel(
        self,
        mX: cute.Tensor,  # (P, K)
        mY: cute.Tensor,  # (Q, K)
        mD: cute.Tensor,  # (P, Q)
        mCount: cute.Tensor,  # split-K: a counter per tile of D (None without split-K)
        mPart: cute.Tensor,  # split-K: the fp32 partials' slots (None without split-K)
        sX_layout: cute.ComposedLayout,
        sY_layout: cute.ComposedLayout,
        tiled_copy: cute.TiledCopy,
        tiled_mma: cute.TiledMma,
    ):
        cfg = self.cfg
        tidx, _, _ = cute.arch.thread_idx()
        bp, bq, split = cute.arch.block_idx()
        grid_p = (mD.shape[0] + cfg.tile_p - 1) // cfg.tile_p
        grid_q = (mD.shape[1] + cfg.tile_q - 1) // cfg.tile_q
        if cutlass.const_expr(cfg.persistent):
            bp, bq = self._tile_of(bp, grid_p, grid_q)
        elif cutlass.const_expr(cfg.group_p > 1):
            bp, bq = walk_order(bp + bq * grid_p, grid_p, grid_q, cfg.group_p, cutlass.min)

        smem = cutlass.utils.SmemAllocator()
        sX = smem.allocate_tensor(cutlass.Float16, sX_layout, 16)  # (tile_p, tile_k, stages)
        sY = smem.allocate_tensor(cutlass.Float16, sY_layout, 16)  # (tile_q, tile_k, stages)
        arrival = None  # split-K: the counter's value before this CTA's add
        if cutlass.const_expr(cfg.splits > 1):
            arrival = smem.allocate_tensor(cutlass.Int32, cute.make_layout(1), 16)
        staging = sX.iterator  # where D's tile is staged: the ring, once every warp is past it
        if cutlass.const_expr(cfg.persistent):
            staging = smem.allocate_tensor(
                cutlass.Float16, cute.make_layout(_staged_bytes(cfg) // 2), 16
            ).iterator

        # Global -> shared: every thread its 16-byte pieces of each stage (with sliced K, the
        # first slice loads X and the last Y).
        k_slice = tidx // cfg.slice_threads
        thr_copy = tiled_copy.get_slice(tidx % cfg.slice_threads)
        k_tiles = cute.size(mX, mode=[1]) // cfg.tile_k // cfg.splits  # this CTA's, from k0 on
        k0 = split * k_tiles
        loads = self._tile_loads(mX, mY, sX, sY, tiled_copy, thr_copy, bp, bq)
        for s in cutlass.range_constexpr(cfg.stages - 1):
            self._load_stage(*loads, k_slice, k0 + s, s)
            cute.arch.cp_async_commit_group()

        # Shared -> registers through ldmatrix, laid out as the tiled MMA wants its operands.
        gD = cute.local_tile(mD, (cfg.tile_p, cfg.tile_q), (bp, bq))  # (tile_p, tile_q)
        thr_mma = tiled_mma.get_slice(tidx)
        tCrX = tiled_mma.make_fragment_A(thr_mma.partition_A(sX)[None, None, None, 0])
        tCrY = tiled_mma.make_fragment_B(thr_mma.partition_B(sY)[None, None, None, 0])
        acc = tiled_mma.make_fragment_C(thr_mma.partition_C(gD))
        ldmatrix = cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), cutlass.Float16)
        s2r_x = cute.make_tiled_copy_A(ldmatrix, tiled_mma).get_slice(tidx)
        s2r_y = cute.make_tiled_copy_B(ldmatrix, tiled_mma).get_slice(tidx)
        fragments = (
            s2r_x,
            s2r_x.partition_S(sX),  # (CPY, MMA_P, MMA_K, stages)
            s2r_x.retile(tCrX),
            s2r_y,
            s2r_y.partition_S(sY),
            s2r_y.retile(tCrY),
        )
        operands = (tiled_mma, acc, tCrX, tCrY, fragments)

        if cutlass.const_expr(cfg.persistent):
            copies = (mX, mY, sX, sY, tiled_copy, thr_copy, k_slice)
            self._walk(operands, copies, thr_mma, staging, mD, k_tiles, grid_p, grid_q, tidx)
        else:
            self._k_loop(operands, loads, None, False, k_slice, k0, k_tiles, 0)
            cute.arch.cp_async_wait_group(0)
            split_k = (mCount, mPart, arrival, split, grid_q)
            self._store_tile(acc, thr_mma, sX, staging, gD, mD, bp, bq, split_k, tidx, k_slice)

    @cute.jit
    def _walk(self, operands, copies, thr_mma, staging, mD, k_tiles, grid_p, grid_q, tidx):
        """A persistent CTA's tiles (linear, linear + grid, ...), the ring running on across them;
        each tile's D staged in shared memory of its own (`staging`) and stored."""
        cfg = self.cfg
        if cutlass.const_expr(not self._lines_always_whole(mD)):
            reason = "stores D staged: D's contiguous side must be a multiple of the tile's"
            raise ValueError(f"{cfg}: a persistent walk {reason}")
        mX, mY, sX, sY, tiled_copy, thr_copy, k_slice = copies
        acc = operands[1]
        tiles = grid_p * grid_q
        step = cute.arch.grid_dim()[0]
        first = cute.arch.block_idx()[0]
        for tile in cutlass.range(first, tiles, step):
            tp, tq = self._tile_of(tile, grid_p, grid_q)
            np_, nq = self._tile_of(tile + step, grid_p, grid_q)
            # the ring runs on across tiles: this tile's K tiles follow the last one's
            base = (tile - first) // step * k_tiles
            self._k_loop(
                operands,
                self._tile_loads(mX, mY, sX, sY, tiled_copy, thr_copy, tp, tq),
                self._tile_loads(mX, mY, sX, sY, tiled_copy, thr_copy, np_, nq),
                tile + step < tiles,
                k_slice,
                0,
                k_tiles,
                base,
            )
            tile_d = cute.local_tile(mD, (cfg.tile_p, cfg.tile_q), (tp, tq))
            self._store_staged(acc, thr_mma, staging, tile_d, tp, tq, mD, tidx)
        cute.arch.cp_async_wait_group(0)

    @cute.jit
    def _store_tile(self, acc, thr_mma, sX, staging, gD, mD, bp, bq, split_k, tidx, k_slice):
        """One CTA's tile of D out: sliced K's slices summed, staged, from the accumulators, or
        split-K's partial published and, by the tile's last CTA, the partials summed."""
        cfg = self.cfg
        cD = cute.local_tile(
            cute.make_identity_tensor(mD.shape), (cfg.tile_p, cfg.tile_q), (bp, bq)
        )
        if cutlass.const_expr(cfg.warps_k > 1):
            self._sum_slices(acc, sX, tidx, k_slice)
            if k_slice == 0:
                self._store(acc, thr_mma.partition_C(gD), thr_mma.partition_C(cD), mD)
        elif cutlass.const_expr(cfg.stages_d and self._lines_always_whole(mD)):
            self._store_staged(acc, thr_mma, staging, gD, bp, bq, mD, tidx)
        elif cutlass.const_expr(cfg.splits == 1):
            self._store(acc, thr_mma.partition_C(gD), thr_mma.partition_C(cD), mD)
        else:
            mCount, mPart, arrival, split, grid_q = split_k
            tile = bp * grid_q + bq
            self._publish_partial(acc, tidx, mPart, tile, split)
            if tidx == 0:
                arrival[0] = cute.arch.atomic_add(
                    mCount.iterator + tile, cutlass.Int32(1), sem="acq_rel", scope="gpu"
                )
            cute.arch.sync_threads()
            if arrival[0] == cfg.splits - 1:  # the last of the tile's CTAs: the others are done
                cute.arch.fence_acq_rel_gpu()
                self._sum_partials(acc, tidx, mPart, tile)
                if tidx == 0:
                    mCount[tile] = cutlass.Int32(0)  # zero again for the next call
                self._store(acc, thr_mma.partition_C(gD), thr_mma.partition_C(cD), mD)

    def _tile_of(self, linear, grid_p, grid_q):
        """A persistent walk's linear-th tile of D: in the launch order of a (grid_p, grid_q)
        grid (P fastest), or in groups of group_p P tiles (walk_order)."""
        if cutlass.const_expr(self.cfg.group_p > 1):
            return walk_order(linear, grid_p, grid_q, self.cfg.group_p, cutlass.min)
        return linear % grid_p, linear // grid_p

    @cute.jit
    def _tile_loads(self, mX, mY, sX, sY, tiled_copy, thr_copy, bp, bq):
        """The copies of tile (bp, bq)'s stages: per operand (tiled copy, source K tiles, ring,
        row predicate or None where the rows are B's 3072, a multiple of the tile)."""
        cfg = self.cfg
        tiler_x = (cfg.tile_p, cfg.tile_k)
        tiler_y = (cfg.tile_q, cfg.tile_k)
        tXgX = thr_copy.partition_S(cute.local_tile(mX, tiler_x, (bp, None)))
        tYgY = thr_copy.partition_S(cute.local_tile(mY, tiler_y, (bq, None)))
        tXpX = None
        if cutlass.const_expr(not self._rows_always_inside(mX.shape[0], cfg.tile_p)):
            cX = cute.local_tile(cute.make_identity_tensor(mX.shape), tiler_x, (bp, None))
            tXpX = self._row_predicate(tXgX, thr_copy.partition_S(cX), mX.shape[0])
        tYpY = None
        if cutlass.const_expr(not self._rows_always_inside(mY.shape[0], cfg.tile_q)):
            cY = cute.local_tile(cute.make_identity_tensor(mY.shape), tiler_y, (bq, None))
            tYpY = self._row_predicate(tYgY, thr_copy.partition_S(cY), mY.shape[0])
        # B's copies under an evict-first policy, where they need no row predicate (B's 3072
        # rows a multiple of its tile: every table row); elsewhere the tiled copy, unhinted
        if cutlass.const_expr(cfg.b_evict_first and cfg.swap_ab and tXpX is None):
            x_loads = self._evict_first_loads(mX, sX, thr_copy, tiler_x, bp)
        else:
            x_loads = (tiled_copy, tXgX, thr_copy.partition_D(sX), tXpX)
        if cutlass.const_expr(cfg.b_evict_first and not cfg.swap_ab and tYpY is None):
            y_loads = self._evict_first_loads(mY, sY, thr_copy, tiler_y, bq)
        else:
            y_loads = (tiled_copy, tYgY, thr_copy.partition_D(sY), tYpY)
        return x_loads, y_loads

    @cute.jit
    def _evict_first_loads(self, mB, sB, thr_copy, tiler, tile):
        """B's copies of one tile under an evict-first policy (_HintedCopies). A thread's later
        pieces lie whole 8-row swizzle atoms further on (copy_rows, the stage's rows: multiples
        of 8), where the swizzle repeats: its offset then simply adds."""
        coords = thr_copy.partition_S(cute.make_identity_tensor(tiler))  # (CPY, passes, 1)
        row, col = coords[(0, 0), 0, 0]
        gB = cute.local_tile(mB, tiler, (tile, None))  # (rows, tile_k, k_tiles)
        first = gB.iterator + cute.crd2idx((row, col, 0), gB.layout)
        shared = (sB.iterator + cute.crd2idx((row, col, 0), sB.layout)).toint()
        leads_line = col % LINE_ELEMENTS == 0
        return _HintedCopies(_evict_first_policy(), gB, first, shared, leads_line)

    @cute.jit
    def _k_loop(self, operands, loads, next_loads, has_next, k_slice, k0, k_tiles, base):
        """acc = this tile's X @ Y.T over its k_tiles K tiles from k0, its stages - 1 first
        already loading into the ring from slot base % stages. Each K tile starts the load of the
        one stages - 1 ahead: past the last, of the next tile's first (persistent walks, when
        has_next), so the next tile's first stages load under this tile's last MMAs."""
        cfg = self.cfg
        tiled_mma, acc, tCrX, tCrY, fragments = operands
        s2r_x, tXsX_r, tXrX, s2r_y, tYsY_r, tYrY = fragments
        acc.fill(0.0)
        # Fragments are read one K block ahead of the MMAs that use them, across K tiles too:
        # the last K block's MMAs run while the next tile's first fragments load. One barrier
        # per K tile, before that look-ahead read, serves both hazards: the next tile has
        # landed (at most stages - 2 younger groups pending), and every warp has read all of
        # the stage that the next loads overwrite (tile k_tile - 1's slot, whose last
        # fragments were read before this barrier).
        first = base % cfg.stages
        cute.arch.cp_async_wait_group(cfg.stages - 2)
        cute.arch.sync_threads()
        cute.copy(s2r_x, tXsX_r[None, None, 0, first], tXrX[None, None, 0])
        cute.copy(s2r_y, tYsY_r[None, None, 0, first], tYrY[None, None, 0])
        if cutlass.const_expr(not cfg.peel_tail):
            for k_tile in cutlass.range(k_tiles):
                ahead = k_tile + cfg.stages - 1
                self._k_tile(operands, k_tile, base, loads, k_slice, k0 + ahead, ahead < k_tiles)
        else:
            # The last stages - 1 K tiles, which load nothing of this tile (a persistent
            # walk's next tile's first stages instead), unrolled after the loop: the loop
            # then loads without asking whether a K tile is left to load.
            tail = cfg.stages - 1
            for k_tile in cutlass.range(k_tiles - tail):
                self._k_tile(operands, k_tile, base, loads, k_slice, k0 + k_tile + tail, True)
            for t in cutlass.range_constexpr(tail):
                k_tile = k_tiles - tail + t
                if cutlass.const_expr(next_loads is None):
                    self._k_tile(operands, k_tile, base, loads, k_slice, 0, False)
                else:
                    self._k_tile(operands, k_tile, base, next_loads, k_slice, t, has_next)

    @cute.jit
    def _k_tile(self, operands, k_tile, base, loads, k_slice, load_k, load):
        """K tile k_tile's MMAs (ring slot (base + k_tile) % stages); at its first K block, when
        `load`, the copies of `loads`' K tile load_k into the slot stages - 1 ahead."""
        cfg = self.cfg
        tiled_mma, acc, tCrX, tCrY, fragments = operands
        s2r_x, tXsX_r, tXrX, s2r_y, tYsY_r, tYrY = fragments
        k_blocks = cute.size(tCrX, mode=[2])
        read = (base + k_tile) % cfg.stages
        for kb in cutlass.range_constexpr(k_blocks):
            if kb == k_blocks - 1:
                cute.arch.cp_async_wait_group(cfg.stages - 2)
                cute.arch.sync_threads()
            # The look-ahead past the last tile reads a stage whose fragments are never used (a
            # persistent walk's next tile reads its first block again).
            next_kb = (kb + 1) % k_blocks
            next_stage = read if kb + 1 < k_blocks else (base + k_tile + 1) % cfg.stages
            cute.copy(s2r_x, tXsX_r[None, None, next_kb, next_stage], tXrX[None, None, next_kb])
            cute.copy(s2r_y, tYsY_r[None, None, next_kb, next_stage], tYrY[None, None, next_kb])
            if kb == 0:
                if load:
                    slot = (base + k_tile + cfg.stages - 1) % cfg.stages
                    self._load_stage(*loads, k_slice, load_k, slot)
                cute.arch.cp_async_commit_group()  # empty near the end: keeps the count
            cute.gemm(tiled_mma, acc, tCrX[None, None, kb], tCrY[None, None, kb], acc)

    @cute.jit
    def _load_stage(self, x_loads, y_loads, k_slice, k_tile, slot):
        """Start K tile k_tile's copies of X and Y into ring stage `slot`."""
        if cutlass.const_expr(self.cfg.warps_k == 1):
            self._load_operand(x_loads, k_tile, slot)
            self._load_operand(y_loads, k_tile, slot)
        else:
            if k_slice == 0:
                self._load_operand(x_loads, k_tile, slot)
            if k_slice == self.cfg.warps_k - 1:
                self._load_operand(y_loads, k_tile, slot)

    @cute.jit
    def _load_operand(self, loads, k_tile, slot):
        """One operand's copies of K tile k_tile into ring stage `slot`: through the tiled copy,
        or (B's, b_evict_first) one cp.async with an L2 policy per 16-byte piece."""
        if cutlass.const_expr(not isinstance(loads, _HintedCopies)):
            copy, src, dst, pred = loads
            cute.copy(copy, src[None, None, None, k_tile], dst[None, None, None, slot], pred=pred)
        else:
            cfg = self.cfg
            policy, gB, first, shared, leads_line = loads
            rows = cute.size(gB, mode=[0])
            ahead = cfg.b_l2_prefetch
            k_tiles = cute.size(gB, mode=[2])
            for i in cutlass.range_constexpr(rows // cfg.copy_rows):
                src = (first + cute.crd2idx((i * cfg.copy_rows, 0, k_tile), gB.layout)).toint()
                _cp_async_evict_first(
                    shared + (i * cfg.copy_rows + slot * rows) * cfg.tile_k * 2, src, policy
                )
                if cutlass.const_expr(ahead > 0):
                    if leads_line:
                        if k_tile + ahead < k_tiles:  # K tiles lie tile_k elements apart
                            _prefetch_l2(src + ahead * cfg.tile_k * 2)

    @cute.jit
    def _sum_slices(self, acc, sX, tidx, k_slice):
        """Sliced K: the first slice's accumulators += the other slices', through the ring's
        shared memory (every warp is past its last read of it after the barrier), added in
        slice order: the same sum on every call."""
        cfg = self.cfg
        n = cfg.slice_threads
        size = cute.size(acc)
        parts = cute.make_tensor(
            cute.recast_ptr(sX.iterator, dtype=cutlass.Float32),
            cute.make_layout((cfg.warps_k - 1, size, n), stride=(size * n, n, 1)),
        )
        cute.arch.sync_threads()
        if k_slice > 0:
            for i in cutlass.range_constexpr(size):
                parts[k_slice - 1, i, tidx % n] = acc[i]
        cute.arch.sync_threads()
        if k_slice == 0:
            for j in cutlass.range_constexpr(cfg.warps_k - 1):
                for i in cutlass.range_constexpr(size):
                    acc[i] = acc[i] + parts[j, i, tidx]

    def _slot(self, mPart: cute.Tensor, tile, split) -> cute.Tensor:
        """The fp32 partial of (tile, split) as the threads hold it: element i of thread t at
        [i, t], consecutive threads at consecutive words (coalesced stores and loads)."""
        cfg = self.cfg
        words = cfg.tile_p * cfg.tile_q
        base = mPart.iterator + (tile * cfg.splits + split) * words
        return cute.make_tensor(
            base, cute.make_layout((words // cfg.threads, cfg.threads), stride=(cfg.threads, 1))
        )

    @cute.jit
    def _publish_partial(self, acc, tidx, mPart, tile, split):
        """Leave acc in this CTA's slot; the fence and the barrier order every thread's stores
        before thread 0's counter add (a release)."""
        slot = self._slot(mPart, tile, split)
        for i in cutlass.range_constexpr(cute.size(acc)):
            slot[i, tidx] = acc[i]
        cute.arch.fence_acq_rel_gpu()
        cute.arch.sync_threads()

    @cute.jit
    def _sum_partials(self, acc, tidx, mPart, tile):
        """acc = the tile's partials added in split order (this CTA's own included, as stored)."""
        acc.fill(0.0)
        for s in cutlass.range_constexpr(self.cfg.splits):
            slot = self._slot(mPart, tile, s)
            for i in cutlass.range_constexpr(cute.size(acc)):
                acc[i] = acc[i] + slot[i, tidx]

    def _stage_layout(self):
        """D's tile in shared memory in D's memory order (straight: rows of tile_q; swap-AB:
        columns of tile_p), each line padded by 16 bytes: the fragments' writes, 8 lines at a
        time, then fall in different banks, and every line still starts 16-byte aligned."""
        cfg = self.cfg
        line_stride = cfg.d_lines[1] + STAGE_PAD
        return cute.make_layout((cfg.tile_p, cfg.tile_q), stride=cfg.line_major((line_stride, 1)))

    def _lines_always_whole(self, mD) -> bool:
        """True when D's contiguous side is known at compile time and a multiple of the tile's
        (N = 3072 both ways): every 16-byte piece of a line is then inside or outside D whole."""
        _, line_len = self.cfg.line_major(mD.shape)
        return self._rows_always_inside(line_len, self.cfg.d_lines[1])

    @cute.jit
    def _store_staged(self, acc, thr_mma, ring, gD, bp, bq, mD, tidx):
        """fp16 through shared memory (the ring's, every warp past its last read of it), then
        out in 16-byte pieces along D's contiguous side, consecutive threads on consecutive
        pieces, only the lines inside D. Stored from the fragments straight, each thread's
        2-byte elements fall 8 lines apart: on the H200 that cost 10-13% of the kernel time at
        M = 972-8192 (docs/cute_gemm_portable.md)."""
        cfg = self.cfg
        out = cute.make_rmem_tensor_like(acc, cutlass.Float16)
        out.store(acc.load().to(cutlass.Float16))
        sD = cute.make_tensor(ring, self._stage_layout())
        tCsD = thr_mma.partition_C(sD)
        cute.arch.sync_threads()
        for i in cutlass.range_constexpr(cute.size(out)):
            tCsD[i] = out[i]
        cute.arch.sync_threads()
        lines, line_len = cfg.d_lines
        pieces = line_len // COPY_ELEMENTS  # 16-byte pieces a line
        total = lines * pieces
        d_lines, _ = cfg.line_major(mD.shape)
        tile_line, _ = cfg.line_major((bp, bq))
        lines_inside = d_lines - tile_line * lines
        piece_tiler = cfg.line_major((1, COPY_ELEMENTS))
        for i in cutlass.range_constexpr(-(-total // cfg.threads)):
            c = tidx + i * cfg.threads
            line = c // pieces
            piece = c % pieces
            if line < cutlass.min(lines_inside, lines):
                at = cfg.line_major((line, piece))
                cute.autovec_copy(
                    cute.local_tile(sD, piece_tiler, at), cute.local_tile(gD, piece_tiler, at)
                )

    @cute.jit
    def _store(self, acc, tCgD, tCcD, mD):
        """fp16 straight from the accumulators, only the elements inside D."""
        out = cute.make_rmem_tensor_like(acc, cutlass.Float16)
        out.store(acc.load().to(cutlass.Float16))
        for i in cutlass.range_constexpr(cute.size(out)):
            if cute.elem_less(tCcD[i], mD.shape):
                tCgD[i] = out[i]


# (largest M of the bucket, config); the last covers every larger M. Chosen on the H200 by
# tuners/tune_cute_portable.py among configs that fit every family's shared memory (at most
# 96 KB a CTA: sm_86, sm_89 and sm_120 allow 99 KB); each line's comment is its tuned ratio
# to torch.matmul ("kept": not retuned in the last run; "probe": the best of a probe of a few
# configs against the row, each probe in docs/cute_gemm_portable_tables.md with its figures). The split
# rows up to 64 keep one K loop (peel_tail=False): peeled, their tail's code slowed the
# torch.matmul after them by 1-2.5% (H200 passes). The unsplit 64 x 48 and 48 x 64 rows run
# peeled (one loop: below 0.6x). The rows with b_evict_first ran 1.2-4.7% (<= 32), 1.7-2.0%
# (<= 64), 2.1-2.4% (160) and 5.5% (256, TABLE) faster with it in H200 probes; on the others
# it was level (the former 32 x 64 row at <= 64: -0.5 to +1.2%) or slower (up to 5% at
# 88-128); 192 in TABLE's former 96 x 48 row ran 6.4% faster but spilled on sm_80 and sm_86.
# fmt: off
TABLE = [
    (16, PortableConfig(tile_p=32, tile_q=16, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, b_evict_first=True)),  # 1.114-1.140x (probe, 3 rounds at M = 1, 8, 16, as TABLE_LARGE_SHARED's; the former 64 x 16 row over 2 CTAs 0.951-0.967x)
    (32, PortableConfig(tile_p=32, tile_q=32, swap_ab=True, tile_k=64, stages=10, warps_p=2, warps_q=1, splits=1, warps_k=2, b_evict_first=True, b_l2_prefetch=1)),  # 1.050x with B's lines 1 K tile ahead in the L2, 1.039x without (tune_cute_portable --l2-prefetch, H200); 1.030-1.048x (probe, 3 rounds at M = 24, 32, as TABLE_LARGE_SHARED's; 64 x 32 over 2 CTAs 0.881-0.898x)
    (48, PortableConfig(tile_p=32, tile_q=48, swap_ab=True, tile_k=64, stages=8, warps_p=2, warps_q=1, splits=1, warps_k=2, peel_tail=False, b_evict_first=True)),  # 0.916-0.923x (probe, 3 rounds at M = 35-48; the <= 64 row of TABLE_LARGE_SHARED 0.827-0.829x)
    (64, PortableConfig(tile_p=48, tile_q=64, swap_ab=True, tile_k=64, stages=6, warps_p=1, warps_q=4, splits=2, peel_tail=False)),  # 0.771-0.789x (probe, 3 rounds at M = 35-64; 32 x 64 over 4 CTAs 0.763-0.785x)
    (80, PortableConfig(tile_p=64, tile_q=48, swap_ab=True, tile_k=64, stages=6, warps_p=4, warps_q=1, splits=1, warps_k=1, staged_epilogue=True)),  # 0.747-0.750x (probe, 3 rounds at M = 70, 80; 32 x 80 over 4 CTAs 0.721-0.726x)
    (96, PortableConfig(tile_p=64, tile_q=48, swap_ab=True, tile_k=64, stages=6, warps_p=4, warps_q=1, splits=1, warps_k=1, staged_epilogue=True)),  # 0.752-0.753x (probe, 3 rounds at M = 88, 96; 48 x 32 0.714-0.723x)
    (128, PortableConfig(tile_p=48, tile_q=64, swap_ab=True, tile_k=64, stages=6, warps_p=1, warps_q=4, splits=1, warps_k=1, staged_epilogue=True)),  # 0.742-0.751x (probe, 6 stages, 3 rounds at M = 104, 128; 48 x 32 0.688-0.728x)
    (160, PortableConfig(tile_p=64, tile_q=32, swap_ab=True, tile_k=64, stages=6, warps_p=2, warps_q=1, splits=1, warps_k=1, staged_epilogue=True, b_evict_first=True)),  # 0.689-0.715x (probe, 2 rounds at M = 136, 160)
    (192, PortableConfig(tile_p=64, tile_q=48, swap_ab=True, tile_k=64, stages=6, warps_p=2, warps_q=1, splits=1, warps_k=1, staged_epilogue=True)),  # 0.655-0.702x (probe, 3 rounds at M = 168-192; 96 x 48 0.589-0.625x)
    (208, PortableConfig(tile_p=64, tile_q=48, swap_ab=True, tile_k=64, stages=6, warps_p=2, warps_q=1, splits=1, warps_k=1, staged_epilogue=True)),  # as <= 240
    (240, PortableConfig(tile_p=64, tile_q=48, swap_ab=True, tile_k=64, stages=6, warps_p=2, warps_q=1, splits=1, warps_k=1, staged_epilogue=True)),  # 0.679-0.713x (probe, 3 rounds at M = 200-240; 48 x 128 0.621-0.649x)
    (256, PortableConfig(tile_p=48, tile_q=128, swap_ab=True, tile_k=64, stages=4, warps_p=1, warps_q=4, splits=1, warps_k=1, staged_epilogue=True, b_evict_first=True)),  # 0.610x
    (1024, PortableConfig(tile_p=128, tile_q=64, swap_ab=False, tile_k=64, stages=3, warps_p=2, warps_q=2, splits=1)),  # 0.532x
    (2176, PortableConfig(tile_p=128, tile_q=128, swap_ab=False, tile_k=64, stages=3, warps_p=2, warps_q=2, splits=1)),  # as above 2176 (not tuned)
    (4096, PortableConfig(tile_p=128, tile_q=128, swap_ab=False, tile_k=64, stages=3, warps_p=2, warps_q=2, splits=1)),  # as above 4096 (not tuned)
    (1 << 62, PortableConfig(tile_p=128, tile_q=128, swap_ab=False, tile_k=64, stages=3, warps_p=2, warps_q=2, splits=1, group_p=2)),  # 0.617x (probe, 3 rounds at M = 8192; 0.602x ungrouped)
]
# fmt: on

# A GPU that lets a CTA have LARGE_SHARED_BYTES (sm_80: 163 KB; sm_90, sm_100: 227 KB) takes
# TABLE_LARGE_SHARED: deeper rings keep more loads in flight on SMs that each hold one CTA,
# where a token tile's loads wait on memory. Chosen by tuners/tune_cute_portable.py
# --large-shared on the H200 (the <= 2176 row on an H100, the last picked there first, then
# again on the H200), the rows marked "probe" by probes (docs/cute_gemm_portable_tables.md); TABLE's
# buckets. Its persistent rows need 181.5-191.5 KB (table_for).
LARGE_SHARED_BYTES = 160 * 1024
# fmt: off
TABLE_LARGE_SHARED = [
    (16, PortableConfig(tile_p=32, tile_q=16, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, b_evict_first=True)),  # 1.114-1.140x (probe, 3 rounds at M = 1, 8, 16; 10 stages 1.066-1.088x, in one K loop 1.088-1.106x; the former 64 x 16 row over 2 CTAs 0.951-0.967x)
    (32, PortableConfig(tile_p=32, tile_q=32, swap_ab=True, tile_k=64, stages=10, warps_p=2, warps_q=1, splits=1, warps_k=2, b_evict_first=True, b_l2_prefetch=1)),  # 1.046x with B's lines 1 K tile ahead in the L2, 1.030x without (tune_cute_portable --l2-prefetch --large-shared, H200); 1.030-1.048x (probe, 3 rounds at M = 24, 32; in one K loop 0.978-0.999x; the former 64 x 32 row over 2 CTAs 0.881-0.898x)
    (48, PortableConfig(tile_p=32, tile_q=48, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, peel_tail=False, b_evict_first=True)),  # 0.939-0.942x (probe, 3 rounds at M = 35, 40, 48; 10 stages 0.926-0.935x; the former <= 64 row 0.827-0.829x)
    (64, PortableConfig(tile_p=32, tile_q=64, swap_ab=True, tile_k=64, stages=10, warps_p=1, warps_q=2, splits=1, warps_k=2, peel_tail=False, b_evict_first=True)),  # 0.886-0.889x (probe, 3 rounds at M = 56, 64; on 2 x 1 warps 0.868-0.876x; the former 48 x 64 row over 2 CTAs 0.820-0.827x)
    (80, PortableConfig(tile_p=64, tile_q=48, swap_ab=True, tile_k=128, stages=5, warps_p=4, warps_q=1, splits=1, warps_k=1, staged_epilogue=True)),  # 0.781x (probe, 3 rounds at M = 72; 64-deep K tiles in 10 stages 0.763x)
    (96, PortableConfig(tile_p=64, tile_q=48, swap_ab=True, tile_k=128, stages=5, warps_p=4, warps_q=1, splits=1, warps_k=1, staged_epilogue=True)),  # 0.795x (probe, 3 rounds at M = 96; 64-deep K tiles in 8 stages 0.775x)
    (128, PortableConfig(tile_p=48, tile_q=64, swap_ab=True, tile_k=64, stages=10, warps_p=1, warps_q=4, splits=1, warps_k=1, staged_epilogue=True)),  # 0.759-0.780x (probe, 3 rounds at M = 104, 128; 48 x 32 0.688-0.728x)
    (160, PortableConfig(tile_p=64, tile_q=32, swap_ab=True, tile_k=64, stages=6, warps_p=2, warps_q=1, splits=1, warps_k=1, staged_epilogue=True, b_evict_first=True)),  # 0.689-0.715x (probe, 2 rounds at M = 136, 160)
    (192, PortableConfig(tile_p=96, tile_q=64, swap_ab=True, tile_k=128, stages=4, warps_p=2, warps_q=2, splits=1, warps_k=1, staged_epilogue=True)),  # 0.673-0.727x (probe, 3 rounds at M = 168, 176, 192; 96 x 48 on 2 x 3 warps 0.658-0.708x)
    (208, PortableConfig(tile_p=96, tile_q=64, swap_ab=True, tile_k=128, stages=4, warps_p=2, warps_q=2, splits=1, warps_k=1, staged_epilogue=True)),  # 0.700-0.701x (probe, 3 rounds at M = 200, 208; the <= 240 row 0.688-0.691x; level with it at 216-240, where it moves torch.matmul after it 1.1-1.8%)
    (240, PortableConfig(tile_p=64, tile_q=48, swap_ab=True, tile_k=64, stages=8, warps_p=2, warps_q=1, splits=1, warps_k=1, staged_epilogue=True)),  # 0.688-0.719x (probe, 3 rounds at M = 200-240; 48 x 128 0.628-0.661x)
    (256, PortableConfig(tile_p=96, tile_q=64, swap_ab=True, tile_k=128, stages=4, warps_p=2, warps_q=2, splits=1, warps_k=1, staged_epilogue=True)),  # 0.717-0.722x (probe, 3 rounds at M = 248, 256; 64-deep K tiles in 8 stages 0.696-0.703x)
    (1024, PortableConfig(tile_p=128, tile_q=192, swap_ab=False, tile_k=64, stages=4, warps_p=2, warps_q=4, splits=1)),  # 0.574x
    (2176, PortableConfig(tile_p=96, tile_q=256, swap_ab=False, tile_k=64, stages=3, warps_p=2, warps_q=4, splits=1, warps_k=1, staged_epilogue=True, persistent=True)),  # 0.636x (probe, 4 rounds at M = 2053; 0.617x not persistent)
    (4096, PortableConfig(tile_p=224, tile_q=128, swap_ab=False, tile_k=64, stages=3, warps_p=2, warps_q=4, splits=1, warps_k=1, staged_epilogue=True, persistent=True)),  # 0.609x (probe, 4 rounds at M = 2379; 0.604x not persistent)
    (1 << 62, PortableConfig(tile_p=256, tile_q=128, swap_ab=False, tile_k=64, stages=3, warps_p=4, warps_q=2, splits=1, warps_k=1, staged_epilogue=True, group_p=2)),  # 0.620x (probe, 3 rounds at M = 8192; 0.603x ungrouped)
]
# fmt: on


def table_for(shared_bytes_optin: int) -> list:
    """The table for a GPU that lets a CTA have `shared_bytes_optin` bytes of shared memory:
    TABLE_LARGE_SHARED from LARGE_SHARED_BYTES on, its persistent rows walking one tile a CTA
    where their buffer for D does not fit beside the ring (sm_80's 163 KB)."""
    if shared_bytes_optin < LARGE_SHARED_BYTES:
        return TABLE
    return [
        (limit, cfg if cfg.shared_bytes() <= shared_bytes_optin else replace(cfg, persistent=False))
        for limit, cfg in TABLE_LARGE_SHARED
    ]
