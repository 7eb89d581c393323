"""Tune the Triton solution's dispatch table on a GPU; rewrite sources/triton_gemm/tuned.py.

For each representative M, every valid candidate config is checked against torch (float32
reference, on fresh random inputs) and timed under the runner's protocol (CUPTI span, cold L2,
median); the fastest correct one becomes that M's bucket. Compiles run first in a process pool
so that Triton's on-disk cache is warm before anything is timed.

With --ws-tiles, a cheap refinement pass: each bucket's config in the current table against the
Gluon warp-specialized tiles (ws_tile.py) only. With --ring-depths, another: each bucket's
Gluon config against itself with a shallower ring; with --c-in-ring, against itself with its
output staged in the emptied ring (a stage more where the output tile's bytes make one); with
--neighbours, against the configs of the buckets on either side (a second look at a pick one
tuning run made within its noise); with --gemvs, at M <= 8 against the CUDA-core GEMVs
(gemv.py) at 1-12 pipeline stages, B's copies hinted evict-first or not; with
--one-preload-sync, each Gluon config with one CTA barrier in its preload (preload_syncs.py),
preloading 1 to all of its ring stages; with
--rolled, each Gluon config against its ring rolled into one loop (ROLLED), in passes of 1, 2,
4 or 8 K steps (UNROLL) over its ring or one cut to a multiple of the pass; with
--rolled-tiles, against every Gluon tile of --ws-tiles rolled; with --rolled-tiles-only, the
same without a table row that unrolls its ring; with --l2-prefetch, each Gluon config with B's
loads followed by L2 prefetches 1-4 K steps ahead (B_L2_PREFETCH); with --l2-promotion, each
Gluon config with its TMA descriptors encoded with every other L2 promotion (L2_PROMOTION);
with --clip-last, each Gluon config with its last tiles running past the end (zero-filled
loads, clipped stores) where it shifts them back over their neighbours, or the other way; with
--second-c-tile, each three-dot Gluon config staging its dots' outputs in one buffer with the
second's staged apart (one wait on a store a tile, not two), or the other way; with
--store-under-mma, each Gluon walk storing each tile under the next tile's first WGMMAs, or the
other way; with --no-setmaxnreg, each one-consumer-group Gluon tile without the register moves
ptxas ignores (NO_SETMAXNREG), or the other way; with --b-evict-first, each Gluon config with
B_EVICT_FIRST the other way (B's loads hinted evict-first in the L2, or not); with
--token-halves, from M = 129 to 256, each Gluon config against swap-AB tiles of 64 rows of B
that each take half the tokens (two token tiles where straight 64-token tiles need 3 or 4).

Usage (on a CUDA machine, from the repo root):
    python -m tuners.tune_triton [--iters 40] [--buckets 1 2 4 ...]
                                  [--ws-tiles | --ring-depths | --c-in-ring | --neighbours
                                   | --gemvs | --one-preload-sync | --rolled
                                   | --rolled-tiles | --rolled-tiles-only | --l2-prefetch
                                   | --l2-promotion | --clip-last | --second-c-tile
                                   | --store-under-mma | --no-setmaxnreg | --b-evict-first
                                   | --token-halves]
                                  [--dry-run]
then `fibgemm pack` to repack the solution JSON (the table is written as
`ruff format` leaves it).
"""

import bisect
import itertools
import multiprocessing as mp
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT, K, N
from tuners.common import (
    Refinement,
    and_flipped,
    device_sms,
    neighbour_configs,
    start_tuner,
    tune_and_save,
)

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import gemv  # noqa: E402
from triton_gemm.gemv import GemvConfig  # noqa: E402
from triton_gemm.kernel import GemmConfig, is_valid  # noqa: E402
from triton_gemm.l2_promotion import PROMOTIONS  # noqa: E402
from triton_gemm.main import launch_config  # noqa: E402
from triton_gemm.pair import PairConfig  # noqa: E402
from triton_gemm.pair import is_valid as pair_is_valid  # noqa: E402
from triton_gemm.tma import TmaConfig  # noqa: E402
from triton_gemm.tma import is_valid as tma_is_valid  # noqa: E402
from triton_gemm.tma_tile import TileTmaConfig  # noqa: E402
from triton_gemm.tma_tile import is_valid as tile_tma_is_valid  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402
from triton_gemm.ws_tile import is_valid as ws_tile_is_valid  # noqa: E402

TUNED_PATH = REPO_ROOT / "sources" / "triton_gemm" / "tuned.py"


def select_config(m: int):
    """The Hopper table's config for m (the table this tuner rewrites; main.select_config
    answers for the path of the GPU at hand, which may be the portable one)."""
    from triton_gemm import tuned

    limits = [limit for limit, _ in tuned.TABLE]
    return tuned.TABLE[min(bisect.bisect_left(limits, m), len(limits) - 1)][1]


SMS = device_sms()  # one wave of pair tiles
SMEM_BUDGET = 220 * 1024  # H200: 227 KB of shared memory per CTA, less Triton's own use


def _fits(bm: int, bn: int, bk: int, stages: int) -> bool:
    return stages * (bm + bn) * bk * 2 <= SMEM_BUDGET


def _rows(bn: int) -> tuple[int, ...]:
    """All BLOCK_N rows, or three quarters of them (24, 48, 96, 192: tile counts that fit 132
    SMs better than powers of two do)."""
    three_quarters = 3 * bn // 4
    return (bn, three_quarters) if three_quarters % 8 == 0 else (bn,)


def _with_rows(bm: int, bn: int, bk: int, rows=_rows, **kw) -> list[GemmConfig]:
    """One config per number of owned rows that `rows(bn)` offers."""
    return [GemmConfig(bm, bn, bk, ROWS_N=None if r == bn else r, **kw) for r in rows(bn)]


def _tokens_tile(m: int) -> int:
    """One tile of the tokens: M rounded up to a power of two, 16 at least (a WGMMA's narrow
    side, and a tile side of the @triton.jit kernels)."""
    return max(16, 1 << (m - 1).bit_length())


def _swapped_rows(bn: int) -> tuple[int, ...]:
    """Rows of B a swap-AB CTA owns of its bn-row MMA side: all, 3/4, 1/2 or 3/8 (64 rows: 48,
    64, 96 or 128 CTAs over N); the rest are masked (no loads), as MMA lanes cost little here."""
    return (bn, 3 * bn // 4, bn // 2, 3 * bn // 8)


def _swapped(m: int) -> list[GemmConfig]:
    """Swap-AB tiles: 64 or 128 rows of B on the WGMMA's 64-row side (or fewer of them owned,
    the rest masked: more CTAs, each streaming less of B), the tokens (one tile of M rounded up
    to a power of two, or half of it) on its narrow side."""
    fit_m = _tokens_tile(m)
    out = []
    for bn, bm, bk, sk, st in itertools.product(
        (64, 128), {fit_m, max(16, fit_m // 2)}, (64, 128, 256), (1, 2), (3, 4, 6, 8, 10, 12, 16)
    ):
        if _fits(bm, bn, bk, st):
            w = 8 if bn * bm >= 128 * 128 else 4
            out += _with_rows(
                bm, bn, bk, _swapped_rows, SPLIT_K=sk, num_warps=w, num_stages=st, SWAP_AB=True
            )
    return out


def _pairs(m: int) -> list[PairConfig]:
    """Two-dot tiles of 64 tokens whose width puts the grid in one wave: the narrowest sum of
    two powers of two with ceil(m / 64) * ceil(N / width) <= SMS, and the next one up."""
    row_tiles = -(-m // 64)
    widths = sorted({a + b for a in (16, 32, 64, 128) for b in (16, 32, 64) if b <= a})
    one_wave = [w for w in widths if row_tiles * -(-N // w) <= SMS][:2]
    out = []
    for width, bk, st in itertools.product(one_wave, (64, 128), (4, 6, 8, 10, 12)):
        first = 1 << (width.bit_length() - 1)  # the larger power of two in the sum
        if first == width:
            continue  # a plain power of two: kernel.py's tiles
        if _fits(64, width, bk, st):
            out.append(PairConfig(64, first, width - first, bk, num_warps=4, num_stages=st))
    return out


def _tma(m: int) -> list[TmaConfig]:
    """Persistent TMA tiles for the compute-bound range: one or two CTAs per SM."""
    out = []
    for (bm, bn, bk), st, w, per_sm in itertools.product(
        [(128, 256, 64), (128, 128, 64), (256, 128, 64), (128, 192, 64), (64, 256, 64)],
        (3, 4),
        (4, 8),
        (1, 2),
    ):
        if _fits(bm, bn, bk, st) and (per_sm == 1 or _fits(bm, bn, bk, 2 * st)):
            if w == 4 and bm * bn > 128 * 128:
                continue  # accumulators spill
            out.append(TmaConfig(bm, bn, bk, CTAS_PER_SM=per_sm, num_warps=w, num_stages=st))
    return out


def _tile_tma(m: int) -> list[TileTmaConfig]:
    """One TMA tile per CTA: straight tiles of 64 tokens (power-of-two widths and the two-dot
    widths 48, 80, 96), above 256 also of 128 tokens (128, 192 = 128 + 64 and 256 wide) and of
    64 tokens 192 and 256 wide, and swap-AB tiles (64 or 128 rows of B, and 32 at M <= 64 for 96
    CTAs; the tokens rounded up to a power of two, or half of it)."""
    fit_m = _tokens_tile(m)
    shapes = [(64, bn, 0, False) for bn in (32, 64, 128)]
    shapes += [(64, bn, bn2, False) for bn, bn2 in ((32, 16), (64, 16), (64, 32))]
    if m > 256:
        shapes += [(128, 128, 0, False), (128, 128, 64, False), (128, 256, 0, False)]
        # 64-token tiles in whole waves at M = 2053: 33 x 12 = 3 x 132, 33 x 16 = 4 x 132.
        shapes += [(64, 256, 0, False), (64, 128, 64, False)]
    swap_rows = (32, 64, 128) if m <= 64 else (64, 128)
    shapes += [
        (bm, bn, 0, True) for bn in swap_rows for bm in {fit_m, max(16, fit_m // 2)} if bm <= 256
    ]
    out = []
    for (bm, bn, bn2, swap), bk, st in itertools.product(shapes, (64, 128), (3, 4, 5, 6, 8)):
        if _fits(bm, bn + bn2, bk, st):
            w = 8 if bm * (bn + bn2) >= 128 * 128 else 4
            out.append(TileTmaConfig(bm, bn, bk, bn2, SWAP_AB=swap, num_warps=w, num_stages=st))
    return out


# (BLOCK_S, BLOCK_S2) of the Gluon tiles: power-of-two widths and the two-dot ones between.
# 72 = 64 + 8: 43 column tiles, so three 64-token rows of them (M = 136-192) are 129 tiles, one
# wave, where 80-wide ones are 117 (each 10% more MMA work); level on the H200
# (logs at ade0bf1).
WS_WIDTHS = (
    (32, 0), (32, 16), (64, 0), (64, 8), (64, 16), (64, 32), (128, 0), (128, 64), (256, 0),
)  # fmt: skip
# Above M = 256, 64 deep, 64 or 128 rows, straight and swap-AB. 96 and 160 wide: at M = 2379
# their busiest CTA has 3 tiles of 160 (or 5 of 96) tokens of 128 rows of B, 480 tokens, where
# 2 tiles of 256 (the 128 x 256 straight tile: 19 x 12 tiles) are 512; 7 walked tiles of 64
# rows x 128 tokens are 448 (912 tiles on 132 SMs), and so are 2 of 128 x 224 (three dots).
WS_WIDE = ((64, 32), (128, 0), (128, 32), (128, 64), (256, 0))
WS_FROM_M = 56  # below, only tiles narrow enough to spread B over most SMs
PRELOADS = (0, 1, 2, 4)
WALK_GROUPS = (0, 8)  # GROUP_M of the large-M tiles: all token tiles side by side, or 8


def _ws_tiles(m: int) -> list[WsTileConfig]:
    """Gluon warp-specialized tiles (ws_tile.py). Below M = WS_FROM_M: straight tiles of 64
    tokens 24, 32 or 48 wide (128, 96 or 64 CTAs) and swap-AB tiles of 64 rows of B with the
    tokens on the narrow side (and, at 33-48 tokens, 32 + 16 of them; at 33-40, 32 + 8), each
    K depth. Up to M = 256: straight tiles of 64 tokens (128 above M = 128) in one wave (at
    least half of one), each K depth. Above: straight and swap-AB tiles of 64 and 128 rows, 64
    deep, 96 to 256 wide (WS_WIDE), 128 x 224 as three dots and 128 x 256 as two halves (one
    WGMMA, one Y box, the output staged whole or a dot at a time). Each with 0, 1, 2 or 4 ring
    stages preloaded (ws_tile.py: the first loads issued before the warp-specialized region).
    Two-dot tiles come also with ONE_WGMMA (the two dots as one WGMMA, wgmma_fuse.py), with and
    without ONE_Y_BOX (one TMA box for both). Above M = 256 every tile comes also as a
    persistent walk (one CTA per SM) and in groups of 8 token tiles, each alone and both
    together."""
    shapes = _ws_shapes(m)
    fused = [replace(c, ONE_WGMMA=True) for c in shapes if c.BLOCK_S2 and not c.ONE_WGMMA]
    shapes += fused + [replace(c, ONE_Y_BOX=True) for c in fused if not c.ONE_Y_BOX]
    walks = list(shapes) if m > 256 else []
    shapes += [
        replace(c, PERSISTENT=persistent, GROUP_M=group)
        for c, persistent, group in itertools.product(walks, (False, True), WALK_GROUPS)
        if persistent or group
    ]
    preloaded = (replace(c, PRELOAD=p) for c in shapes for p in PRELOADS)
    return [c for c in preloaded if ws_tile_is_valid(c, N, K)]


def _ws_shapes(m: int) -> list[WsTileConfig]:
    if m < WS_FROM_M:
        narrow = _tokens_tile(m)
        shapes = [(64, 16, 8, False), (64, 32, 0, False), (64, 32, 16, False)]
        shapes.append((64, narrow, 0, True))
        if 32 < m <= 48:
            # Tokens 32 + 16 wide: the first dot's box lies inside A. The 64-wide box past A's
            # end took 7.94, 7.50 and 7.20 us at M = 33, 35 and 40, this tile 7.42-7.44
            # (logs at ade0bf1).
            shapes.append((64, 32, 16, True))
        if 32 < m <= 40:
            # Tokens 32 + 8 wide: at M = 40 one tile with no row past A's end, where 32 + 16
            # reads 8. On the H200 second at 35 and 40 (1.117x against 32 + 16's 1.122x,
            # logs at ade0bf1).
            shapes.append((64, 32, 8, True))
        out = [
            WsTileConfig(r, s, bk, s2, SWAP_AB=swap)
            for (r, s, s2, swap), bk in itertools.product(shapes, (64, 128, 256))
        ]
        return [c for c in out if ws_tile_is_valid(c, N, K)]
    if m > 256:
        out = [WsTileConfig(r, s, 64, s2) for r, (s, s2) in itertools.product((64, 128), WS_WIDE)]
        swapped = itertools.product((64, 128), WS_WIDE)
        out += [WsTileConfig(r, s, 64, s2, SWAP_AB=True) for r, (s, s2) in swapped]
        # 224 = 128 + 64 + 32 wide, three dots, and 256 = 128 + 128, two, each as one WGMMA
        # from one Y box, the output tile staged whole or a dot at a time (ONE_C_TILE: a 224
        # walk then has 4 stages, not 2; a 256 one 4, where one dot of 256 has 2).
        out += [
            WsTileConfig(
                128,
                128,
                64,
                s2,
                SWAP_AB=swap,
                ONE_WGMMA=True,
                ONE_Y_BOX=True,
                BLOCK_S3=s3,
                ONE_C_TILE=one_c_tile,
            )  # fmt: skip
            for (s2, s3), swap, one_c_tile in itertools.product(
                ((64, 32), (128, 0)), (False, True), (False, True)
            )
        ]
        return [c for c in out if ws_tile_is_valid(c, N, K)]
    out = []
    for r, (s, s2), bk in itertools.product((64, 128), WS_WIDTHS, (64, 128, 256)):
        cfg = WsTileConfig(r, s, bk, s2)
        if (r == 128 and m <= 128) or not SMS // 2 <= cfg.num_tiles(m, N) <= SMS:
            continue
        out.append(cfg)
    return [c for c in out if ws_tile_is_valid(c, N, K)]


def _gemvs(m: int) -> list[GemvConfig]:
    """CUDA-core GEMV configs (gemv.py) at M <= 8: 8, 16 or 32 rows of B a CTA (384, 192 or 96
    CTAs), 128-512 deep, 1-12 stages of tl.range's pipeline, 4 or 8 warps, B's copies hinted
    L2 evict-first or not. The fastest read-only streams of B are this loop (logs at ade0bf1);
    at M = 1 its 8 x 256 tile, 8 stages, ran 6.34 us where the Gluon tile ran 6.51 (logs at
    ade0bf1)."""
    if m > 8:
        return []
    block_m = 1 << (m - 1).bit_length()
    out = []
    shapes = itertools.product((8, 16, 32), (128, 256, 512), (1, 4, 8, 12), (4, 8), (False, True))
    for rows, bk, st, w, hinted in shapes:
        cfg = GemvConfig(block_m, rows, bk, num_warps=w, num_stages=st, B_EVICT_FIRST=hinted)
        if gemv.is_valid(cfg, m, N, K) and _fits(block_m, rows, bk, st):
            out.append(cfg)
    return out


def with_gemvs(m: int) -> list:
    """The current table's config for M = m and, at M <= 8, the GEMV configs (--gemvs)."""
    return [select_config(m)] + _gemvs(m)


def with_ws_tiles(m: int) -> list:
    """The current table's config for M = m and the Gluon tiles (--ws-tiles)."""
    return [select_config(m)] + _ws_tiles(m)


def _over_ring(cfg: WsTileConfig, stages: int, **changes) -> WsTileConfig:
    """cfg (with `changes`) over a ring of `stages` (0: as many as fit), preloading no more of
    it than it holds (a row preloading its whole ring may hold fewer stages with `changes`)."""
    ringed = replace(cfg, STAGES=stages, **changes)
    return replace(ringed, PRELOAD=min(cfg.PRELOAD, ringed.ring))


def with_shallower_rings(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile, the same with a ring 1 to 4
    stages shallower, half as deep, and 2 to 4 deep (--ring-depths). The tuner's Gluon tiles
    take as many stages as fit; the CuTe kernel's small-M rows run 7-9 stages of 128 deep where
    11 fit. The Gluon kernels unroll their rings, and the more code, the slower torch.matmul
    runs right after them (none at 2 stages, +3.4-4.1% at 8-9 at M = 64: docs/timing.md), so
    with --guard-reference the shallow rings are what may stay."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig):
        return [cfg]
    depths = {cfg.ring // 2, *range(cfg.ring - 4, cfg.ring), 2, 3, 4}
    depths = sorted({d for d in depths if 2 <= d < cfg.ring})[::-1]
    shallower = [_over_ring(cfg, d) for d in depths]
    return [cfg] + [c for c in shallower if ws_tile_is_valid(c, N, K)]


def with_rolled_ring(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile of one tile a CTA, the same
    with its ring as one loop over the K steps (ROLLED, --rolled): a fraction of the code, so
    that torch.matmul right after it keeps its instructions cached (docs/triton_gemm.md); and
    rolled with 2, 4 or 8 K steps a pass (UNROLL), over the ring cut to a multiple of them
    (each stage a run-time base plus a constant) or over every stage that fits (the stage
    carried from step to step; fewer pass ends, 13-16 KB of SASS for passes of 8 at M = 128);
    and K steps of 128 where the row's are 64 deep."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig) or cfg.PERSISTENT:
        return [cfg]
    row = replace(cfg, ROLLED=False, UNROLL=1)
    twins = [row, replace(row, ROLLED=True)]
    for unroll in (2, 4, 8):
        for stages in (row.ring // unroll * unroll, 0):  # 0: as many as fit
            twins.append(_over_ring(row, stages, ROLLED=True, UNROLL=unroll))
    # K steps twice as deep: half the steps, each with twice the MMA work to cover its wait
    # and release (level with the unrolled row at M = 80, H200).
    if row.BLOCK_K == 64:
        deep = replace(row, ROLLED=True, BLOCK_K=128, STAGES=0)
        twins += [replace(deep, PRELOAD=p, UNROLL=u) for p in (2, 3) for u in (1, 2)]
    return _row_and_valid(cfg, twins)


def _row_and_valid(cfg, others) -> list:
    """cfg, then each of `others` that is a valid Gluon tile, once (cfg never twice)."""
    out = [cfg]
    for c in others:
        if c not in out and ws_tile_is_valid(c, N, K):
            out.append(c)
    return out


def _and_flipped(m: int, flag: str, applies=None) -> list:
    """The current table's config for M = m and, for a Gluon tile that `applies` to (default:
    every one), the same with `flag` the other way (both ways, so that a retune can step
    back), where valid."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig) or (applies is not None and not applies(cfg)):
        return [cfg]
    return and_flipped(cfg, flag, lambda c: ws_tile_is_valid(c, N, K))


def with_rolled_tiles(m: int) -> list:
    """The current table's config for M = m and every Gluon tile of one tile a CTA that
    --ws-tiles offers, rolled (ROLLED) in passes of 1 or 2 K steps over every stage that fits
    (--rolled-tiles): where the table's rows are rolled to spare the next kernel's code
    (--rolled), the tile that suits a rolled ring may not be the one that suited an unrolled
    one. ~220 configs a bucket at M = 70-128, 280-420 at 136-256."""
    tiles = [c for c in _ws_tiles(m) if not c.PERSISTENT]
    rolled = (replace(c, ROLLED=True, UNROLL=u, STAGES=0) for c in tiles for u in (1, 2))
    return _row_and_valid(select_config(m), rolled)


def with_rolled_tiles_only(m: int) -> list:
    """--rolled-tiles without the table's row where that row unrolls its ring
    (--rolled-tiles-only). An unrolled row's 20-40 KB of code can move torch.matmul right after
    it by about 1% (M = 4 at `69e3ba8`: +0.7, +1.3, +1.3, +0.9% in four runner passes), a shift
    one guard measurement in a tuning run does not resolve (its spread over 43 Ms: 0.44%)."""
    return [c for c in with_rolled_tiles(m) if not isinstance(c, WsTileConfig) or c.ROLLED]


def with_one_preload_sync(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile, the same with one CTA
    barrier in its preload (ONE_PRELOAD_SYNC, preload_syncs.py), preloading as many stages as
    it does, 2, 4, half its ring or all of it, and a lean row without it (--one-preload-sync):
    without the barriers each preloaded stage costs less, so deeper preloads may pay where they
    did not (s11). A row preloading in turn (PRELOAD_IN_TURN, which the one barrier would race)
    is offered lean preloading all at once."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig):
        return [cfg]
    depths = dict.fromkeys(d for d in (cfg.PRELOAD, 2, 4, cfg.ring // 2, cfg.ring) if d >= 1)
    lean = [replace(cfg, ONE_PRELOAD_SYNC=True, PRELOAD_IN_TURN=False, PRELOAD=d) for d in depths]
    plain = [replace(cfg, ONE_PRELOAD_SYNC=False)] if cfg.ONE_PRELOAD_SYNC else []
    return [cfg] + plain + [c for c in lean if c != cfg and ws_tile_is_valid(c, N, K)]


def with_c_in_ring(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile of one tile a CTA, the same
    with its output staged in the emptied ring (C_IN_RING: ring stages as many as fit without
    the output tile's bytes) (--c-in-ring)."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig) or cfg.C_IN_RING:
        return [cfg]
    staged = replace(cfg, C_IN_RING=True)
    return [cfg] + ([staged] if ws_tile_is_valid(staged, N, K) else [])


def with_ring_passes(m: int) -> list:
    """The current table's config for M = m and, for a rolled Gluon tile of one tile a CTA, the
    same with its output staged in the ring and without, each in passes of 1, 2 or 4 K steps
    over as many stages as fit or over the ring cut to a multiple of the pass (--ring-passes).
    With the output in the ring, 8 stages fit at M = 70-128 where 7 did: passes of 2 and 4
    divide them, each stage a run-time base plus a constant. --rolled, which offered the
    passes, came before the output could be staged in the ring."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig) or not cfg.ROLLED:
        return [cfg]
    twins = []
    for in_ring, unroll in itertools.product((False, True), (1, 2, 4)):
        fits = replace(cfg, C_IN_RING=in_ring, UNROLL=unroll, STAGES=0)
        cut = fits.ring // unroll * unroll
        for stages in (0, cut) if cut != fits.ring else (0,):
            twins.append(_over_ring(fits, stages))
    return _row_and_valid(cfg, twins)


def with_preload_in_turn(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile, the same with each preloaded
    stage's barrier set up just before its loads (PRELOAD_IN_TURN, with Triton's CTA barriers,
    so no ONE_PRELOAD_SYNC), preloading as many stages as it does, 4, half its ring or all of
    it (--preload-in-turn): on the H200 the whole ring so preloaded at 70-256 ran 1.097x
    against the table's 1.092x in one pass (docs/triton_gemm.md)."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig):
        return [cfg]
    depths = dict.fromkeys(d for d in (cfg.PRELOAD, 4, cfg.ring // 2, cfg.ring) if d >= 1)
    in_turn = [
        replace(cfg, PRELOAD_IN_TURN=True, ONE_PRELOAD_SYNC=False, PRELOAD=d) for d in depths
    ]
    # A row already in turn is offered all at once as well, so that a retune can step back.
    at_once = [replace(cfg, PRELOAD_IN_TURN=False)] if cfg.PRELOAD_IN_TURN else []
    return _row_and_valid(cfg, in_turn + at_once)


def with_second_c_tile(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile staging three dots' output in
    turn in one buffer (ONE_C_TILE), the same with the second dot's tile staged apart, or the
    other way (SECOND_C_TILE: one wait on a store a tile where there were two; the ring as deep
    as still fits) (--second-c-tile)."""
    return _and_flipped(m, "SECOND_C_TILE", lambda cfg: cfg.ONE_C_TILE and cfg.BLOCK_S3)


def with_store_under_mma(m: int) -> list:
    """The current table's config for M = m and, for a Gluon walk (PERSISTENT), the same
    storing each tile's output under the next tile's first WGMMAs, or the other way
    (STORE_UNDER_MMA) (--store-under-mma)."""
    return _and_flipped(m, "STORE_UNDER_MMA", lambda cfg: cfg.PERSISTENT)


def with_no_setmaxnreg(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile of one consumer warp group,
    the same without the setmaxnreg ptxas ignores there (NO_SETMAXNREG: no USETMAXREG on the
    consumers' way to their first WGMMA), or the other way (--no-setmaxnreg)."""
    return _and_flipped(m, "NO_SETMAXNREG", lambda cfg: cfg.num_warps == 4)


def with_b_evict_first(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile, the same with B_EVICT_FIRST
    the other way (B's loads hinted evict-first in the L2, or not) (--b-evict-first): where
    every Gluon row hints it, cute_gemm's row at M = 2379 loads B with no hint and 8192's
    with evict-normal (tune_cute --l2-hints); a walk reads B's tiles again in its second wave."""
    return _and_flipped(m, "B_EVICT_FIRST")


def with_token_halves(m: int) -> list:
    """The current table's config for M = m and, from M = 129 to 256, swap-AB Gluon tiles of 64
    rows of B whose token side (BLOCK_S + BLOCK_S2, the narrowest that two tiles cover M with)
    takes half the tokens (--token-halves): 96 CTAs each stream 64 rows of B, where the table's
    straight 64 x (64 + 16) tiles at 136-176 need a third 64-token tile and stream 80 rows each
    (117 CTAs). Its two dots apart or as one WGMMA, 64 or 128 deep, rolled or not, the last
    token tile clipped or shifted back, with the row's L2 hint, promotion and preload. cute_gemm's
    like tiles (each one WGMMA 72-96 tokens wide) won at 136-160 once launched as these are, a
    B tile's two token tiles side by side (docs/cute_gemm_slower.md). Where half the tokens is
    no 64 + a power of two (88 at 161-176, 104 and 112 at 193-224), also three dots as one WGMMA
    of exactly that width (64 + 16 + 8, 64 + 32 + 8, 64 + 32 + 16): two dots pad 168 tokens to
    192 (at 136-160, 64 + 8 and 64 + 16 ran 1.086-1.104x where three 64-token tiles ran
    1.055-1.092x). On the H200 the three-dot tiles led the half tiles at 168-224 but not the
    straight rows (docs/triton_gemm_slower.md)."""
    cfg = select_config(m)
    if not (128 < m <= 256 and isinstance(cfg, WsTileConfig)):
        return [cfg]
    # Two dots of 64 + 8, 16 or 32 tokens, the narrowest whose two tiles cover M, or one of 128.
    s2 = next((w for w in (8, 16, 32) if 2 * (64 + w) >= m), 0)
    s = 64 if s2 else 128
    keep = dict(
        B_EVICT_FIRST=cfg.B_EVICT_FIRST,
        L2_PROMOTION=cfg.L2_PROMOTION,
        NO_SETMAXNREG=cfg.NO_SETMAXNREG,
    )
    shapes = [
        dict(BLOCK_S=s, BLOCK_S2=s2, ONE_WGMMA=fused)
        for fused in ((False, True) if s2 else (False,))
    ]
    three = THREE_DOTS.get(-(-m // 16) * 8 - 64)
    groups = [shapes]
    if three:
        # One WGMMA of all three from one Y box, staged as one C tile (is_valid).
        groups.append([dict(BLOCK_S=64, BLOCK_S2=three[0], BLOCK_S3=three[1], ONE_WGMMA=True,
                            ONE_Y_BOX=True, ONE_C_TILE=True)])  # fmt: skip
    halves = []
    for group in groups:
        for bk, shape, rolled, clip in itertools.product(
            (64, 128), group, (True, False), (False, True)
        ):
            tile = WsTileConfig(BLOCK_R=64, BLOCK_K=bk, SWAP_AB=True, ROLLED=rolled,
                                CLIP_LAST=clip, **shape, **keep)  # fmt: skip
            halves.append(replace(tile, PRELOAD=min(cfg.PRELOAD, tile.ring)))
    return _row_and_valid(cfg, halves)


# Tokens past 64 that no one power of two makes, as (BLOCK_S2, BLOCK_S3).
THREE_DOTS = {24: (16, 8), 40: (32, 8), 48: (32, 16)}


def with_l2_prefetch(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile, the same with B's loads
    followed by L2 prefetches 1, 2, 3 or 4 K steps ahead (B_L2_PREFETCH, l2_hints.py)
    (--l2-prefetch): on the H200 the CuTe rows at M = 2 and 24-64 ran 1-3% faster with B's
    next 2-3 k-stages prefetched into the L2 (tune_cute --l2-prefetch)."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig):
        return [cfg]
    ahead = [replace(cfg, B_L2_PREFETCH=d) for d in (1, 2, 3, 4) if d != cfg.B_L2_PREFETCH]
    return [cfg] + [c for c in ahead if ws_tile_is_valid(c, N, K)]


def with_l2_promotion(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile, the same with its TMA
    descriptors encoded with each other L2 promotion (L2_PROMOTION, l2_promotion.py)
    (--l2-promotion): on the H200 256 bytes ran 0.4-1.3% ahead of Triton's 128 at M = 136-256,
    1-3% behind at 2-64, none and 64 bytes level (the table's rows of ec3cf50, each timed right
    after itself)."""
    cfg = select_config(m)
    if not isinstance(cfg, WsTileConfig):
        return [cfg]
    return [cfg] + [replace(cfg, L2_PROMOTION=p) for p in PROMOTIONS if p != cfg.L2_PROMOTION]


def with_clip_last(m: int) -> list:
    """The current table's config for M = m and, for a Gluon tile, the same with its last tile
    along each side running past the end, zero-filled, instead of shifted back over its
    neighbour, or the other way (--clip-last): on the H200 the CuTe rows at M = 972, 2053 and
    2379 ran 0.7-1.3% faster so (tune_cute --clip-last)."""
    return _and_flipped(m, "CLIP_LAST")


def with_neighbours(m: int) -> list:
    """The current table's config for M = m against the configs of the buckets on either side
    (--neighbours): a second look at a pick one tuning run made within its noise."""
    from triton_gemm import tuned

    return [select_config(m)] + neighbour_configs(tuned.TABLE, m)


# Refinement passes: name (the flag --name, underscores as hyphens) -> Refinement.
REFINEMENTS = {
    "gemvs": Refinement(
        with_gemvs,
        "--gemvs: each bucket's config in the previous table against the CUDA-core GEMVs",
        "only the table's configs against the CUDA-core GEMV configs (M <= 8)",
    ),
    "ws_tiles": Refinement(
        with_ws_tiles,
        "--ws-tiles: each bucket's config in the previous table against the Gluon tiles",
        "only the table's configs against the Gluon warp-specialized tiles",
    ),
    "ring_depths": Refinement(
        with_shallower_rings,
        "--ring-depths: each bucket's config in the previous table, with shallower rings",
        "only the table's configs, their Gluon rings 1-4 stages shallower",
    ),
    "rolled": Refinement(
        with_rolled_ring,
        "--rolled: each bucket's config in the previous table, against its ring as one loop",
        "only the table's configs, against their Gluon rings rolled into one loop",
    ),
    "rolled_tiles": Refinement(
        with_rolled_tiles,
        "--rolled-tiles: each bucket's config in the previous table, against every Gluon tile "
        "rolled into one loop",
        "only the table's configs, against the Gluon tiles rolled into one loop",
    ),
    "rolled_tiles_only": Refinement(
        with_rolled_tiles_only,
        "--rolled-tiles-only: every Gluon tile rolled into one loop, and each bucket's config in "
        "the previous table where it is rolled too",
        "only the Gluon tiles rolled into one loop (and the table's row where it is rolled)",
    ),
    "one_preload_sync": Refinement(
        with_one_preload_sync,
        "--one-preload-sync: each bucket's config in the previous table, with one CTA barrier "
        "in its preload and 1 to all of its ring preloaded",
        "only the table's configs, with one CTA barrier in the preload, preloading more or less",
    ),
    "c_in_ring": Refinement(
        with_c_in_ring,
        "--c-in-ring: each bucket's config in the previous table, its output staged in the ring",
        "only the table's configs, with their output staged in the ring",
    ),
    "ring_passes": Refinement(
        with_ring_passes,
        "--ring-passes: each bucket's config in the previous table, its output in the ring or "
        "not, rolled in passes of 1, 2 or 4 K steps",
        "only the table's configs, output in the ring or not, in passes of 1, 2 or 4 K steps",
    ),
    "preload_in_turn": Refinement(
        with_preload_in_turn,
        "--preload-in-turn: each bucket's config in the previous table, each preloaded stage set "
        "up just before its loads, preloading 4, half or all of its ring",
        "only the table's configs, each preloaded stage set up just before its loads",
    ),
    "second_c_tile": Refinement(
        with_second_c_tile,
        "--second-c-tile: each bucket's config in the previous table, the second of its three "
        "dots' output tiles staged apart or not",
        "only the table's configs, the second dot's output tile staged apart or not",
    ),
    "store_under_mma": Refinement(
        with_store_under_mma,
        "--store-under-mma: each bucket's config in the previous table, a walk storing each "
        "tile under the next tile's first WGMMAs or not",
        "only the table's configs, a walk storing under the next tile's WGMMAs or not",
    ),
    "no_setmaxnreg": Refinement(
        with_no_setmaxnreg,
        "--no-setmaxnreg: each bucket's config in the previous table, a one-consumer-group tile "
        "without the register moves ptxas ignores or with them",
        "only the table's configs, without the register moves ptxas ignores or with them",
    ),
    "b_evict_first": Refinement(
        with_b_evict_first,
        "--b-evict-first: each bucket's config in the previous table, B's loads hinted "
        "evict-first or not",
        "only the table's configs, B's loads hinted evict-first or not",
    ),
    "token_halves": Refinement(
        with_token_halves,
        "--token-halves: each bucket's config in the previous table, against swap-AB tiles of 64 "
        "rows of B taking half the tokens (M = 129-256)",
        "only the table's configs, against swap-AB tiles taking half the tokens (M = 129-256)",
    ),
    "l2_prefetch": Refinement(
        with_l2_prefetch,
        "--l2-prefetch: each bucket's config in the previous table, with B prefetched into the "
        "L2 1-4 K steps ahead of its loads",
        "only the table's configs, with B prefetched into the L2 1-4 K steps ahead",
    ),
    "l2_promotion": Refinement(
        with_l2_promotion,
        "--l2-promotion: each bucket's config in the previous table, its TMA descriptors encoded "
        "with each L2 promotion",
        "only the table's configs, their TMA descriptors encoded with each L2 promotion",
    ),
    "clip_last": Refinement(
        with_clip_last,
        "--clip-last: each bucket's config in the previous table, its last tiles run past the "
        "end instead of shifted back",
        "only the table's configs, with their last tiles clipped or shifted the other way",
    ),
    "neighbours": Refinement(
        with_neighbours,
        "--neighbours: each bucket's config in the previous table, against those of the buckets "
        "on either side",
        "only the table's configs, against those of the buckets on either side",
    ),
}


def candidates(m: int) -> list[GemmConfig]:
    """Configs worth timing at M = m: split-K and narrow tiles while B streaming dominates,
    large tiles once the problem is compute-bound."""
    out = _gemvs(m)
    if m <= 256:
        fit_m = _tokens_tile(m)
        block_ms = [b for b in (16, 32, 64, 128) if b <= fit_m][-2:]
        small = m <= 64
        block_ns = (16, 32, 64, 128) if small else (32, 64, 128, 256)
        block_ks = (64, 128, 256) if small else (64, 128)
        splits = (1, 2, 4) if small else (1, 2)
        for bm, bn, bk, sk, st, w in itertools.product(
            block_ms, block_ns, block_ks, splits, (4, 6), (4, 8)
        ):
            if w == 8 and bm * bn < 64 * 64 or not _fits(bm, bn, bk, st):
                continue
            out += _with_rows(bm, bn, bk, SPLIT_K=sk, num_warps=w, num_stages=st)
        out += _swapped(m)
        if m > 32:
            out += _pairs(m)
        out += _tile_tma(m)
        out += _ws_tiles(m)
    else:
        for (bm, bn, bk), st, w in itertools.product(
            [
                (128, 128, 64),
                (128, 256, 64),
                (256, 128, 64),
                (64, 256, 64),
                (128, 128, 128),
                (128, 64, 64),
                (64, 128, 64),
            ],
            (3, 4),
            (4, 8),
        ):
            if not _fits(bm, bn, bk, st):
                continue
            out += _with_rows(bm, bn, bk, GROUP_M=8, num_warps=w, num_stages=st)
        out += _tma(m)
        out += _tile_tma(m)
        out += _ws_tiles(m)
    valid = {
        TmaConfig: tma_is_valid,
        TileTmaConfig: tile_tma_is_valid,
        PairConfig: pair_is_valid,
        GemmConfig: is_valid,
        WsTileConfig: ws_tile_is_valid,
    }
    return [c for c in out if isinstance(c, GemvConfig) or valid[type(c)](c, N, K)]


def _compile(cfg: GemmConfig) -> str | None:
    """Compile (and run once) in a pool worker: fills Triton's on-disk cache. Error text or None."""
    try:
        m = cfg.BLOCK_M if isinstance(cfg, GemvConfig) else 64
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        b = torch.randn(N, K, dtype=torch.float16, device="cuda")
        c = torch.empty(m, N, dtype=torch.float16, device="cuda")
        launch_config(a, b, c, cfg)
        torch.cuda.synchronize()
        return None
    except Exception as e:  # a config the compiler refuses (shared memory, registers)
        return f"{type(e).__name__}: {str(e)[:200]}"


TABLE_IMPORTS = """from .gemv import GemvConfig  # noqa: F401  (rows may name any config)
from .kernel import GemmConfig  # noqa: F401
from .pair import PairConfig  # noqa: F401
from .tma import TmaConfig  # noqa: F401
from .tma_tile import TileTmaConfig  # noqa: F401
from .ws_tile import WsTileConfig  # noqa: F401"""


def main() -> int:
    from triton_gemm import tuned

    run = start_tuner(__doc__.splitlines()[0], 40, REFINEMENTS, candidates, tuned)
    if run is None:
        return 2
    t0 = time.perf_counter()
    # One process per candidate: a kernel that faults (an illegal instruction: the CUDA context
    # is lost) must not fail every candidate its worker would have compiled after it.
    spawn = mp.get_context("spawn")
    with ProcessPoolExecutor(run.args.jobs, mp_context=spawn, max_tasks_per_child=1) as pool:
        errors = dict(zip(run.configs, pool.map(_compile, run.configs), strict=True))
    ok_cfgs = {c for c, e in errors.items() if e is None}
    print(f"compiled {len(ok_cfgs)}/{len(run.configs)} configs in {time.perf_counter() - t0:.0f} s")
    for reason, count in Counter(e for e in errors.values() if e is not None).most_common(3):
        print(f"  {count} failed: {reason}")
    for cfg in [c for c, e in errors.items() if e is not None][:20]:
        print(f"  failed: {cfg}")
    tune_and_save(
        run.args, run.kept, "tuners/tune_triton.py", TABLE_IMPORTS, TUNED_PATH, run.candidates,
        launch_config, ok_cfgs, run.current, method_note=run.note,
        launch_ref=("triton_gemm.main", "launch_config"),
    )  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
