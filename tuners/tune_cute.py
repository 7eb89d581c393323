"""Tune the CuTe DSL solution's dispatch table on a GPU; rewrite sources/cute_gemm/tuned.py.

Every candidate config is compiled (about a second each), checked against a float32 reference
on fresh random inputs and timed under the runner's protocol against torch.matmul; the best
correct one becomes the bucket's config. By default a bucket is timed at its largest workload M;
with --every-m its configs are scored by their geomean speedup over every workload M in it (what
the runner reports). Candidates favour one tile along the token side (tile_s = M rounded up)
because a mostly empty last tile costs nearly a full one.

Two cheap passes refine a tuned table without searching the tile shapes again: with --l2-hints the
candidates of a bucket are its config in the current table and that config with each L2 cache policy
of kernel.L2_HINTS on its TMA loads; with --ring-depths, that config and the same with a ring 1 to 4
stages shallower (with B evict-first, fewer B lines in flight take fewer dirty victims in the L2: 8
stages beat the full 11 by ~1% at M <= 64, logs at ade0bf1); with --x-rows, that config and the same
owning only 56, 48, 40 or 32 of its 64 rows of B (partial TMA boxes: more CTAs, each streaming fewer
bytes of B) or, for a straight tile, as few rows of A as split the tokens over the same number of
tiles (fewer bytes of A a CTA); with --split-k, that config and swap-AB tiles one tile across the
tokens split along K over a cluster of 2 or 4 CTAs, with the config's L2 hint (on the H200 both
passes left the table as it was: logs at ade0bf1); with --epilogues, that config and the same with
an epilogue of narrower or fewer sub-tiles where that frees room for one ring stage more; with
--mma-batches, that config and the same leaving 2 or 3 stages' WGMMAs in flight (these three left
the table as it was: logs at ade0bf1); with --stream-k, that config against stream-K walks (one CTA
per SM, each a run of k-stages across tiles, split tiles summed through a workspace; on the H200
0.37-0.76x torch wherever a tile is split, the table's configs first in all 23 buckets tried: logs
at ade0bf1); with --odd-widths, that config against tiles of an odd number of 8-column groups (40,
56, 72, ...; the search steps by 16); with --whole-epilogue, that config with its epilogue staged
the other way: every sub-tile in shared memory at once (`epi_whole`), or a sub-tile at a time; with
--neighbours, that config against those of the buckets on either side (a second look at a pick one
tuning run made within its noise); with --token-halves, from M = 129 to 256 that config against
swap-AB tiles of half the tokens owning 48-64 rows of B (with their token tiles along the grid's x
they won at 136-160 on the H200: docs/cute_gemm.md); with --cluster-walks, above M = 256 that config
against persistent walks whose clusters of 2 or 4 CTAs share each Y tile through TMA multicast; with
--epilogue-buffers, that config with 1 to 8 epilogue sub-tiles in shared memory; with --mma-sync, up
to M = 64 that config against the portable kernel's mma.sync rows (a table row may name either
kernel's config: main.compiled_kernel builds each); with --l2-prefetch, that config with B's next
1-8 k-stages prefetched into the L2; with --l2-promotion, that config with its TMA loads reading
descriptors of each L2 promotion (kernel.L2_PROMOTIONS) and with the DSL's; with --clip-last, that
config with its last tiles running past the end (zero-filled loads, clipped stores) where it shifts
them back over their neighbours, or the other way; with --epi-in-ring, that config with its epilogue
staged in the emptied ring (a ring stage more where the epilogue's bytes make one), or apart; with
--store-under-mma, a walk storing each tile under the next tile's first WGMMAs, or the other way.

Usage (on a Hopper GPU, CuTe DSL installed, from the repo root; or `fibgemm tune cute ...`):
    python -m tuners.tune_cute [--every-m] [--iters 30] [--buckets 1 2 4 ...]
        [--l2-hints | --ring-depths | --x-rows | --split-k | --epilogues | --mma-batches
         | --stream-k | --odd-widths | --whole-epilogue | --neighbours | --cluster-walks
         | --epilogue-buffers | --pingpong | --token-halves | --mma-sync | --l2-prefetch
         | --l2-promotion | --clip-last | --epi-in-ring | --store-under-mma]
        [--dry-run]
then `fibgemm pack` (the table is written as `ruff format` leaves it).
"""

import functools
import itertools
import sys
import time
from collections.abc import Callable
from dataclasses import replace

from fibgemm import REPO_ROOT, K, N
from tuners.common import (
    Refinement,
    and_flipped,
    device_sms,
    neighbour_configs,
    row_for,
    start_tuner,
    tune_and_save,
    tuning_gpus,
)
from tuners.tune_cute_portable import L2_PREFETCH, with_lines_ahead  # --l2-prefetch, both kernels

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import main as cute_main  # noqa: E402
from cute_gemm import portable  # noqa: E402
from cute_gemm.kernel import (  # noqa: E402
    EPI_STAGES,
    L2_HINTS,
    L2_PROMOTIONS,
    MAX_EPI_STAGES,
    TILE_K,
    CuteConfig,
    is_valid,
)

SMS = device_sms()  # one wave of tiles
RING_BUDGET = 160 * 1024  # shared memory for the ring, leaving room for the epilogue tile
TUNED_PATH = REPO_ROOT / "sources" / "cute_gemm" / "tuned.py"
TABLE_IMPORTS = (
    "from .kernel import CuteConfig  # noqa: F401\n"
    "from .portable import PortableConfig  # noqa: F401"
)


# Overlapping swap-AB tiles at M <= 64: 64 rows of B every 48, 32 or 24 rows, so 64, 95 or 127
# CTAs stream B instead of 48 (each still streams a whole tile).
ROW_STEPS = (48, 32, 24)


def ctas(cfg: CuteConfig, m: int) -> int:
    rows, cols = (N, m) if cfg.swap_ab else (m, N)
    tiles_r = -(-max(rows - cfg.loaded_rows, 0) // cfg.step_r) + 1
    tiles_r = -(-tiles_r // cfg.cluster_r) * cfg.cluster_r  # whole clusters
    return tiles_r * -(-cols // cfg.tile_s) * cfg.splits


def with_multicast(cfgs: list[CuteConfig], m: int) -> list[CuteConfig]:
    """Each straight config again with its Y tiles multicast over clusters of 2, 3 or 4 CTAs
    along the tokens, where there are at least that many token tiles and the grid (padded to
    whole clusters) still fits one wave."""
    out = []
    for cfg in cfgs:
        tiles_r = -(-m // cfg.tile_r)
        for c in (2, 3, 4):
            clustered = replace(cfg, cluster_r=c)
            if tiles_r >= c and is_valid(clustered, K) and ctas(clustered, m) <= SMS:
                out.append(clustered)
    return out


def candidates(m: int) -> list[CuteConfig]:
    """Swap-AB tiles with the tokens on the WGMMA's narrow side while M <= 256, with a full
    ring (every stage that fits, 64, 128 or, at M <= 64, 256 deep along K) or 8 stages, alone
    or split-K over a cluster of 2 or 4 while that still fits one wave, and straight tiles in
    one wave from M = 32; 128-row tiles (two consumer warp groups), plain or persistent, above."""
    out = []
    if m <= 256:
        fit = -(-m // 16) * 16
        half = -(-m // 32) * 16  # two tiles along the tokens: twice the CTAs
        for tile_s in sorted({fit, half, 16, 32, 64, 128, 256}):
            if tile_s > 256 or tile_s > 2 * fit:
                continue
            for tile_r, stages, splits, tile_k in itertools.product(
                (64, 128), (0, 8), (1, 2, 4), (TILE_K, 2 * TILE_K, 4 * TILE_K)
            ):
                if tile_k != TILE_K and (stages or splits > 1):
                    continue  # deeper stages only as a full ring, without split-K
                if tile_k == 4 * TILE_K and (m > 64 or tile_r > 64):
                    continue  # 5 stages at most: only where few, large TMA boxes might pay
                cfg = CuteConfig(tile_r, tile_s, True, stages=stages, splits=splits, tile_k=tile_k)
                if stages * (tile_r + tile_s) * tile_k * 2 > RING_BUDGET:
                    continue
                if splits == 1 or ctas(cfg, m) <= SMS:
                    out.append(cfg)
                if m <= 64 and tile_r == 64 and splits == 1 and not stages:
                    overlapping = [replace(cfg, row_step=step) for step in ROW_STEPS]
                    out += [c for c in overlapping if ctas(c, m) <= SMS]
        straight = straight_one_wave(m)
        out += straight + with_multicast(straight, m)
    else:
        # Widths whose tile counts fill whole waves of 132 SMs: 128 x 192 gives 128 tiles at
        # M = 972, 128 x 224 swapped 264 at M = 2379.
        # Persistent: one CTA per SM walks the tiles, its producer loading the next tile while
        # the consumers run this one's epilogue.
        for tile_s, swap_ab, persistent in itertools.product(
            (128, 160, 192, 224, 256), (False, True), (False, True)
        ):
            out.append(CuteConfig(128, tile_s, swap_ab=swap_ab, persistent=persistent))
        plain_straight = [c for c in out if not (c.swap_ab or c.persistent)]
        out += [replace(c, cluster_r=2) for c in plain_straight]
    return [c for c in out if is_valid(c, K)]


def straight_one_wave(m: int) -> list[CuteConfig]:
    """Straight (not swapped) tiles with the tokens on the 64-row side, in one wave of SMs.

    Swapped, the 64 rows walk N and M is covered by tile_s: M = 256 in 64 x 128 tiles gives
    48 x 2 = 96 CTAs, a third of the SMs idle. Straight, M = 256 is four 64-row tiles (two of
    128) and tile_s is free along N: 64 x 96 gives 4 x 32 = 128 CTAs. From M = 32 (below 64
    the TMA boxes leave A, zero-filled rows, which was slow at mid M: the tuner decides), in
    one wave of tiles (and at least half of one)."""
    if m < 32:
        return []
    out = []
    for tile_r, tile_s, tile_k in itertools.product(
        (64, 128), range(32, 129, 16), (TILE_K, 2 * TILE_K)
    ):
        cfg = CuteConfig(tile_r, tile_s, swap_ab=False, tile_k=tile_k)
        if (m >= tile_r or tile_r == 64) and SMS // 2 <= ctas(cfg, m) <= SMS:
            out.append(cfg)
    return out


def hopper_rows_only(variants: Callable[[int], list]) -> Callable[[int], list]:
    """A refinement that varies the Hopper kernel's fields, offered where the table's row for
    M is a CuteConfig; a row naming the portable kernel is its bucket's only candidate."""

    @functools.wraps(variants)
    def offered(m: int) -> list:
        cfg = cute_main.select_config(m)
        return variants(m) if isinstance(cfg, CuteConfig) else [cfg]

    return offered


@hopper_rows_only
def with_l2_hints(m: int) -> list[CuteConfig]:
    """The current table's config for M = m, with the DSL's default policy and with each of
    L2_HINTS (--l2-hints)."""
    cfg = replace(cute_main.select_config(m), l2_hint="")
    return [cfg] + [replace(cfg, l2_hint=hint) for hint in L2_HINTS]


@hopper_rows_only
def with_shallower_rings(m: int) -> list[CuteConfig]:
    """The current table's config for M = m, and the same with a ring 1 to 4 stages shallower,
    4 stages at least (--ring-depths)."""
    cfg = cute_main.select_config(m)
    depth = cfg.ring_stages
    shallower = [replace(cfg, stages=d) for d in range(max(4, depth - 4), depth)]
    return [cfg] + [c for c in shallower if is_valid(c, K)]


def with_l2_prefetch(m: int) -> list:
    """The current table's config for M = m, and the same with B's next 1 to 8 k-stages
    prefetched into the L2 beyond its ring and with none (--l2-prefetch); a portable (mma.sync)
    row with B evict-first, the same with its lines prefetched 0 to 8 K tiles ahead. On the
    H200 2-3 stages ahead ran 1-4% faster at M = 2 and 24-64; every distance ran 0.5-16% slower
    at 70-256 and none was ahead by 0.5% at 972-8192 (logs at ff90522)."""
    cfg = cute_main.select_config(m)
    if isinstance(cfg, CuteConfig):
        depths = (0, *L2_PREFETCH)  # a row that prefetches is timed against none too
        return [cfg] + [replace(cfg, l2_prefetch=p) for p in depths if p != cfg.l2_prefetch]
    return with_lines_ahead(cfg)  # the portable tuner's own pass, on this table's row


@hopper_rows_only
def with_l2_promotion(m: int) -> list[CuteConfig]:
    """The current table's config for M = m, its TMA loads reading the DSL's descriptors and
    descriptors of each L2 promotion (--l2-promotion)."""
    cfg = cute_main.select_config(m)
    offered = [replace(cfg, l2_promotion=p) for p in ("", *L2_PROMOTIONS) if p != cfg.l2_promotion]
    return [cfg] + [c for c in offered if is_valid(c, K)]


def _and_flipped(m: int, flag: str) -> list[CuteConfig]:
    """The current table's config for M = m and, where valid, the same with `flag` flipped."""
    return and_flipped(cute_main.select_config(m), flag, lambda c: is_valid(c, K))


@hopper_rows_only
def with_clip_last(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and the same with its last tile along each side
    running past the end, zero-filled, instead of shifted back over its neighbour
    (--clip-last)."""
    return _and_flipped(m, "clip_last")


@hopper_rows_only
def with_epi_in_ring(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and, for a tile of one a CTA, the same with its
    epilogue staged in the emptied ring (`epi_in_ring`): a ring of as many stages as fit gets
    one more where the epilogue's bytes make one (7 to 8 at 35-48 and 70-128, 10 to 11 at
    200-256) (--epi-in-ring)."""
    return _and_flipped(m, "epi_in_ring")


@hopper_rows_only
def with_store_under_mma(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and, for a plain walk, the same storing each
    tile's output under the next tile's first WGMMAs, or the other way (`store_under_mma`)
    (--store-under-mma)."""
    return _and_flipped(m, "store_under_mma")


# Rows of B a partial swap-AB tile owns of its 64: 55, 64, 77 or 96 CTAs over N = 3072.
X_ROWS = (56, 48, 40, 32)


@hopper_rows_only
def with_partial_x_tiles(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and, for a 64-row tile, the same tile owning only
    some of its rows, tiles stepping by the rows they own (--x-rows): X_ROWS of B's for a
    swap-AB tile; for a straight one, the fewest rows (whole 8-row atoms, and 8 more) that
    split the M tokens over as many tiles as 64-row ones do. At M = 80, two tiles of 40
    tokens: every CTA loads 40 rows of A, not 64 (of which the second tile's first 48 are the
    first tile's, shifted back), the same CTAs and a fifth less from L2 in all."""
    cfg = cute_main.select_config(m)
    if cfg.tile_r != 64:
        return [cfg]
    if cfg.swap_ab:
        owned = X_ROWS
    else:
        tiles = -(-m // cfg.tile_r)
        per_tile = -(-m // tiles)
        fewest = -(-per_tile // 8) * 8
        owned = (fewest, fewest + 8)
    partial = [replace(cfg, row_step=0, x_rows=rows) for rows in owned]
    return [cfg] + [c for c in partial if is_valid(c, K)]


@hopper_rows_only
def with_split_k(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and swap-AB 64-row tiles covering the tokens in one
    tile (tile_s = M rounded up to 16, up to 256) split over 2 or 4 CTAs along K, 64 or 128
    deep, full ring or 6 or 8 stages, with the table config's L2 hint, in one wave (--split-k)."""
    cfg = cute_main.select_config(m)
    if m > 256:
        return [cfg]
    tile_s = -(-m // 16) * 16
    out = [cfg]
    for splits, tile_k, stages in itertools.product((2, 4), (TILE_K, 2 * TILE_K), (0, 6, 8)):
        split = CuteConfig(
            64, tile_s, True, stages=stages, splits=splits, tile_k=tile_k, l2_hint=cfg.l2_hint
        )
        if is_valid(split, K) and ctas(split, m) <= SMS:
            out.append(split)
    return out


@hopper_rows_only
def with_smaller_epilogues(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and, where its ring is as deep as fits, the same
    with narrower (16-column) or fewer (one) epilogue sub-tiles that free room for one ring
    stage more (--epilogues): 64 x 96 tiles 10 -> 11 stages, 64 x 48 ones 128 deep 7 -> 8,
    128 x 224 ones 4 -> 5. A variant that frees no stage only costs stores, so it is left out.
    On the H200 the extra stage was level and one buffer behind (logs at ade0bf1)."""
    cfg = cute_main.select_config(m)
    if cfg.stages:
        return [cfg]
    deeper = []
    for cols, buffers in itertools.product((16, 32), (1, 2)):
        variant = replace(cfg, epi_cols=cols, epi_stages=buffers)
        if is_valid(variant, K) and variant.ring_stages > cfg.ring_stages:
            deeper.append(variant)
    return [cfg] + deeper


def _ring_that_fits(variant: CuteConfig) -> CuteConfig:
    """variant, or where its epilogue buffers leave its ring depth no room, the same with the
    ring as deep as still fits (stages=0)."""
    return variant if is_valid(variant, K) else replace(variant, stages=0)


@hopper_rows_only
def with_more_epilogue_buffers(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and the same with 1 to 8 epilogue sub-tiles in
    shared memory (--epilogue-buffers), staged a sub-tile at a time, where the tile has more
    than two sub-tiles; with the ring as deep as still fits where the table's depth does not.
    The epilogue costs ~1.1 us per 128-row tile, mostly the output's write burst into the
    dirty L2 (logs at ade0bf1): with two buffers each sub-tile's store waits for the
    one two
    before it, and staging the whole tile (epi_whole) costs 128 x 224 tiles a ring stage. In a
    persistent walk the last stores of a tile are awaited only by the next tile's epilogue.
    On the H200 six buffers took 2053 and 2379 (+0.6%), three 200-256 (logs in git
    at c5cf0e3)."""
    cfg = cute_main.select_config(m)
    sub_tiles = cfg.tile_s // cfg.epi_tile[1]
    if sub_tiles <= 2 or cfg.x_rows:
        return [cfg]
    out = [cfg]
    for buffers in range(1, min(sub_tiles, MAX_EPI_STAGES) + 1):
        variant = _ring_that_fits(replace(cfg, epi_whole=False, epi_stages=buffers))
        if is_valid(variant, K) and variant not in out:
            out.append(variant)
    return out


@hopper_rows_only
def with_more_mma_batches(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and the same with 2 and 3 ring stages' WGMMA
    batches left in flight instead of 1 (--mma-batches): with one, the tensor cores idle
    whenever a consumer's turn round the loop (barrier wait, issue, release) outlasts a stage's
    MMAs, 4 of m64n80k16 at M = 136 (~160 cycles). On the H200 one batch was first or tied in
    every bucket (logs at ade0bf1)."""
    cfg = cute_main.select_config(m)
    deeper = [replace(cfg, mma_batches=n) for n in (2, 3)]
    return [cfg] + [c for c in deeper if is_valid(c, K)]


@hopper_rows_only
def with_stream_k(m: int) -> list[CuteConfig]:
    """The current table's config for M = m, the same tiles walked stream-K, and stream-K
    walks of tiles that cover the tokens with little padding (--stream-k): swap-AB 64-row tiles
    one tile across the tokens (M rounded up to 16) up to M = 256, with the table's depth and
    ring at M <= 64; straight 64 x 80 and 64 x 96 at 136-256; 128 x 192-256 both ways above.
    A walk gives every SM the same number of k-stages (132 CTAs however many tiles), so a tile
    need not fill a wave: at 136-176, 48 swap-AB tiles of 64 x 144 are 11.6 k-stages a CTA
    where 117 straight 64 x 80 tiles are 32 on 117 SMs. On the H200 the hand-over of a split
    tile cost more than that (logs at ade0bf1)."""
    cfg = cute_main.select_config(m)
    walks = [replace(cfg, persistent=True, stream_k=True, mma_batches=1)]
    if m <= 256:
        small = m <= 64 and cfg.swap_ab
        tile_k, stages = (cfg.tile_k, cfg.stages) if small else (TILE_K, 0)
        tile_s = -(-m // 16) * 16
        walks.append(CuteConfig(64, tile_s, True, stages=stages, tile_k=tile_k))
        if m > 128:
            walks += [CuteConfig(64, s, False) for s in (80, 96)]
    else:
        walks += [CuteConfig(128, s, swap) for s in (192, 224, 240, 256) for swap in (True, False)]
    walks = [replace(w, persistent=True, stream_k=True, l2_hint=cfg.l2_hint) for w in walks]
    return [cfg] + [w for w in dict.fromkeys(walks) if w != cfg and is_valid(w, K)]


# Tile widths of an odd number of 8-column groups, which the kernel takes only 64 deep.
ODD_WIDTHS = tuple(w for w in range(8, 257, 8) if w % 16)


@hopper_rows_only
def with_odd_widths(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and tiles of an odd number of 8-column groups
    (--odd-widths), with the config's L2 hint, 64 deep, a full ring: swap-AB 64-row tiles one
    tile across the tokens (M rounded up to 8, where that is odd) up to M = 128, and from
    M = 32 to 256 straight 64-row tiles of every odd width in one wave (at least half of one).
    The search above steps widths by 16: at 136-192, 3 x 43 straight 64 x 72 tiles fill 129
    SMs where 64 x 80 fills 117 (yet run 0.25-0.35 us slower: logs at ade0bf1)."""
    cfg = cute_main.select_config(m)
    if m > 256:
        return [cfg]
    hint = cfg.l2_hint
    out = [cfg]
    fit = -(-m // 8) * 8
    if fit in ODD_WIDTHS and m <= 128:
        out.append(CuteConfig(64, fit, True, l2_hint=hint))
    if m >= 32:
        straight = [CuteConfig(64, w, False, l2_hint=hint) for w in ODD_WIDTHS]
        out += [c for c in straight if SMS // 2 <= ctas(c, m) <= SMS]
    return [c for c in out if is_valid(c, K)]


@hopper_rows_only
def with_token_halves(m: int) -> list[CuteConfig]:
    """The current table's config for M = m against swap-AB 64-row tiles that each take half
    the tokens (M / 2 rounded up to 8) and own 64, 56 or 48 rows of B, 64 or 128 deep, in one
    wave (--token-halves), from M = 129 to 256, with the config's L2 hint and (whole tiles)
    promotion, the epilogue staged either way, whole tiles' last ones shifted back or clipped
    (an odd number of 8-token groups, 72 or 88, only 64 deep: is_valid). At 136-176 the
    table's straight 64-row tiles need a third token tile (3 x 64 rows cover 136); two 72-token
    tiles owning 48 rows of B make 128 CTAs of 480 KB each, where the table's 117 straight
    64 x 80 tiles load 576 KB each. triton_gemm's like tiles ran 3.6% faster 128 deep than 64
    deep at 136 (logs at 751f12a). Whole tiles also without L2 promotion and with the token
    tiles along the grid's x (s_fastest), as triton_gemm's grid has them: at 152 cute_gemm's
    half tile did 1.5x the L2 work of triton_gemm's, which has both; with s_fastest it did not,
    and the half tiles won at 136-160 (21a0a7e; docs/cute_gemm_slower.md)."""
    cfg = cute_main.select_config(m)
    if not 128 < m <= 256:
        return [cfg]
    half = -(-m // 16) * 8
    tiles = [
        CuteConfig(
            64,
            half,
            True,
            tile_k=depth,
            x_rows=rows,
            l2_hint=cfg.l2_hint,
            l2_promotion="" if rows else promotion,
            epi_whole=whole,
            clip_last=clip,
            s_fastest=s_fastest,
        )
        for rows, depth, whole, clip, promotion, s_fastest in itertools.product(
            (0, 56, 48),
            (64, 128),
            (False, True),
            (False, True),
            dict.fromkeys((cfg.l2_promotion, "")),
            (False, True),
        )
    ]
    fits = [t for t in tiles if is_valid(t, K) and ctas(t, m) <= SMS]
    # Partial tiles read the DSL's descriptors whatever the promotion: each once.
    return [cfg] + list(dict.fromkeys(t for t in fits if t != cfg))


@hopper_rows_only
def with_whole_epilogue(m: int) -> list[CuteConfig]:
    """The current table's config for M = m and the same with its epilogue staged the other
    way (--whole-epilogue): every sub-tile at once (`epi_whole`: one barrier, the TMA stores
    issued together and awaited only before the next tile's epilogue) where the table stores
    a sub-tile at a time, and back; with the ring as deep as still fits where the table's
    depth does not. On the H200 staging it whole was 1% ahead at M = 136 and 0.4% at 8192,
    0.5% behind at 972 and 2053, 7% at 2379 (a ring of 3 stages instead of 4):
    logs at ade0bf1."""
    cfg = cute_main.select_config(m)
    # Staged whole, the tile's sub-tiles are its buffers; back, it gets the default two.
    other = _ring_that_fits(replace(cfg, epi_whole=not cfg.epi_whole, epi_stages=EPI_STAGES))
    return [cfg, other] if is_valid(other, K) else [cfg]


@hopper_rows_only
def with_cluster_walks(m: int) -> list[CuteConfig]:
    """The current table's config for M = m against persistent walks with TMA multicast
    (--cluster-walks) above M = 256: 128-row tiles 192, 224 or 256 wide, both ways, walked by
    clusters of 2 or 4 CTAs that share each Y tile, with the config's L2 hint, the epilogue
    staged either way. cuBLAS runs 1 x 2 clusters of 256 x 112 tiles at M = 2379, 132 CTAs
    (logs at ade0bf1): each stage's bytes from L2 a third fewer than
    a lone CTA's 128 x 224 tile. On the H200 the table's configs stayed first at 972-2379, and
    8192 moved to 128 x 192 in clusters of 2, level in the passes (logs at ade0bf1)."""
    cfg = cute_main.select_config(m)
    if m <= 256:
        return [cfg]
    walks = [
        CuteConfig(128, s, swap, persistent=True, cluster_r=c, l2_hint=cfg.l2_hint, epi_whole=w)
        for s, swap, c, w in itertools.product(
            (192, 224, 256), (True, False), (2, 4), (False, True)
        )
    ]
    return [cfg] + [w for w in walks if w != cfg and is_valid(w, K)]


@hopper_rows_only
def with_pingpong(m: int) -> list[CuteConfig]:
    """The current table's config for M = m against ping-pong walks (--pingpong) above M = 256:
    64-row tiles 192, 224 or 256 wide, both ways, each of the CTA's two consumer warp groups
    on its own tiles, one group's epilogue under the other's WGMMAs; with the config's L2
    hint, 2 to 4 epilogue buffers. At M = 2379 the table's 128 x 224 tiles leave 41.07 us of
    WGMMA on the busiest SM and 64 x 224 ones 40.33 (docs/cute_gemm.md)."""
    cfg = cute_main.select_config(m)
    if m <= 256:
        return [cfg]
    walks = [
        CuteConfig(64, s, swap, persistent=True, pingpong=True, l2_hint=cfg.l2_hint, epi_stages=e)
        for s, swap, e in itertools.product((192, 224, 256), (True, False), (2, 3, 4))
    ]
    return [cfg] + [w for w in walks if w != cfg and is_valid(w, K)]


# The portable kernel's rows offered to the Hopper table (--mma-sync) up to this M: where its
# 32-row tiles with K sliced over two warps serve (portable.TABLE_LARGE_SHARED).
MMA_SYNC_UP_TO = 64


def with_mma_sync(m: int) -> list:
    """The current table's config for M = m against the portable kernel's rows for GPUs of
    160 KB a CTA (mma.sync, cp.async), the one for M = m and those of the buckets on either
    side, up to MMA_SYNC_UP_TO (--mma-sync). Those rows stream B with 96 CTAs of 32-row tiles,
    K sliced over two warps, where the WGMMA swap-AB tiles make 48 CTAs of 64 rows: on the H200
    (552e12b) the 32 x 16 row ran 0.5-1.3% ahead at M = 1 and 4-16, 0.3% at 2, and 7-8% behind
    the WGMMA rows at 24 and 32 (flashinfer-bench's evaluator reads the M <= 16 rows level)."""
    cfg = cute_main.select_config(m)
    if m > MMA_SYNC_UP_TO:
        return [cfg]
    rows = portable.TABLE_LARGE_SHARED
    own = row_for(rows, m)
    offered = [row for row in (own, *neighbour_configs(rows, m)) if cute_main.config_is_valid(row)]
    return [cfg] + [row for row in offered if row != cfg]


def with_neighbours(m: int) -> list[CuteConfig]:
    """The current table's config for M = m against the configs of the buckets on either side
    (--neighbours). On the H200 M = 8 ran its row's 64 x 32 tile (7 stages) at 6.50 us in a
    run where M = 7 ran its 64 x 16 (9 stages) at 6.21 (logs at ade0bf1), a pick its
    tuning run had made by 0.6%."""
    from cute_gemm import tuned

    cfg = cute_main.select_config(m)
    return [cfg] + [c for c in neighbour_configs(tuned.TABLE, m) if cute_main.config_is_valid(c)]


# Refinement passes: name (the flag --name, underscores as hyphens) -> Refinement.
REFINEMENTS = {
    "l2_hints": Refinement(
        with_l2_hints,
        "--l2-hints: each bucket's config in the previous table, with each L2 hint",
        "only the table's configs, with and without each L2 cache policy",
    ),
    "ring_depths": Refinement(
        with_shallower_rings,
        "--ring-depths: each bucket's config in the previous table, with shallower rings",
        "only the table's configs, with their ring 1-4 stages shallower",
    ),
    "l2_prefetch": Refinement(
        with_l2_prefetch,
        "--l2-prefetch: each bucket's config in the previous table, with 1-8 more k-stages of B "
        "prefetched into the L2",
        "only the table's configs, with B's next k-stages prefetched into the L2",
    ),
    "l2_promotion": Refinement(
        with_l2_promotion,
        "--l2-promotion: each bucket's config in the previous table, its TMA loads reading "
        "descriptors of each L2 promotion and the DSL's",
        "only the table's configs, with each L2 promotion of their loads' descriptors",
    ),
    "clip_last": Refinement(
        with_clip_last,
        "--clip-last: each bucket's config in the previous table, its last tiles run past the "
        "end instead of shifted back",
        "only the table's configs, with their last tiles clipped or shifted the other way",
    ),
    "epi_in_ring": Refinement(
        with_epi_in_ring,
        "--epi-in-ring: each bucket's config in the previous table, its epilogue staged in the "
        "emptied ring or apart",
        "only the table's configs, with their epilogue staged in the ring or apart",
    ),
    "store_under_mma": Refinement(
        with_store_under_mma,
        "--store-under-mma: each bucket's config in the previous table, a walk storing each "
        "tile under the next tile's first WGMMAs or not",
        "only the table's configs, a walk storing under the next tile's WGMMAs or not",
    ),
    "x_rows": Refinement(
        with_partial_x_tiles,
        "--x-rows: each bucket's config in the previous table, owning fewer rows of B or A",
        "only the table's configs, owning fewer rows of B (swap-AB) or A (64 rows)",
    ),
    "split_k": Refinement(
        with_split_k,
        "--split-k: each bucket's config in the previous table, against split-K swap-AB tiles",
        "only the table's configs, against split-K swap-AB tiles",
    ),
    "epilogues": Refinement(
        with_smaller_epilogues,
        "--epilogues: each bucket's config in the previous table, with a smaller epilogue and "
        "a ring stage more",
        "only the table's configs, with a smaller epilogue and a deeper ring",
    ),
    "epilogue_buffers": Refinement(
        with_more_epilogue_buffers,
        "--epilogue-buffers: each bucket's config in the previous table, with 1 to 8 epilogue "
        "sub-tiles in shared memory",
        "only the table's configs, with 1 to 8 epilogue sub-tiles in shared memory",
    ),
    "mma_batches": Refinement(
        with_more_mma_batches,
        "--mma-batches: each bucket's config in the previous table, with 2 and 3 WGMMA batches "
        "in flight",
        "only the table's configs, with 2 and 3 WGMMA batches in flight",
    ),
    "stream_k": Refinement(
        with_stream_k,
        "--stream-k: each bucket's config in the previous table, against stream-K walks",
        "only the table's configs, against stream-K walks of several tiles",
    ),
    "odd_widths": Refinement(
        with_odd_widths,
        "--odd-widths: each bucket's config in the previous table, against tiles of an odd "
        "number of 8-column groups",
        "only the table's configs, against tiles 8 x an odd number wide",
    ),
    "token_halves": Refinement(
        with_token_halves,
        "--token-halves: each bucket's config in the previous table from M = 129 to 256, "
        "against swap-AB tiles of half the tokens owning 48-64 rows of B",
        "only the table's configs, against swap-AB tiles of half the tokens (129-256)",
    ),
    "whole_epilogue": Refinement(
        with_whole_epilogue,
        "--whole-epilogue: each bucket's config in the previous table, with every epilogue "
        "sub-tile staged at once or one at a time",
        "only the table's configs, with the epilogue staged the other way",
    ),
    "cluster_walks": Refinement(
        with_cluster_walks,
        "--cluster-walks: each bucket's config in the previous table above M = 256, against "
        "persistent walks with Y multicast over clusters of 2 or 4",
        "only the table's configs above M = 256, against persistent walks with multicast",
    ),
    "pingpong": Refinement(
        with_pingpong,
        "--pingpong: each bucket's config in the previous table above M = 256, against "
        "ping-pong walks of 64-row tiles",
        "only the table's configs above M = 256, against ping-pong walks",
    ),
    "mma_sync": Refinement(
        with_mma_sync,
        "--mma-sync: each bucket's config in the previous table up to M = 64, against the "
        "portable kernel's mma.sync rows (portable.TABLE_LARGE_SHARED) for M and its neighbours",
        "only the table's configs up to M = 64, against the portable kernel's mma.sync rows",
    ),
    "neighbours": Refinement(
        with_neighbours,
        "--neighbours: each bucket's config in the previous table, against those of the buckets "
        "on either side",
        "only the table's configs, against those of the buckets on either side",
    ),
}


def main() -> int:
    from cute_gemm import tuned

    run = start_tuner(__doc__.splitlines()[0], 30, REFINEMENTS, candidates, tuned)
    if run is None:
        return 2
    if len(tuning_gpus(run.args)) == 1:
        # On one GPU compile up front, so no compile lands between timed candidates; on several,
        # each GPU's process compiles its own share (the DSL's compiled kernels are per process).
        start = time.perf_counter()
        for cfg in run.configs:
            cute_main.compiled_kernel(cfg)
        print(f"compiled {len(run.configs)} configs in {time.perf_counter() - start:.0f} s")
    tune_and_save(
        run.args, run.kept, "tuners/tune_cute.py", TABLE_IMPORTS, TUNED_PATH, run.candidates,
        cute_main.launch_config, current=run.current, method_note=run.note,
        launch_ref=("cute_gemm.main", "launch_config"),
    )  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
