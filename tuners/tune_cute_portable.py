"""Tune the CuTe DSL solution's portable (mma.sync) table on the GPU at hand and rewrite it.

Usage: fibgemm tune cute_portable [--dry-run] [--buckets 16 32 ...] [--large-shared]
       [--warps-k 1|2|4] [--sides 96 192 ...] [--tile-k 32|64|128] [--warp-grids 2x3 ...]
       [--splits 1 2 4 ...] [--evict-first off|on|both] [--l2-prefetch]
   (or python -m tuners.tune_cute_portable ...)

For each bucket of portable.TABLE, every candidate config that fits 96 KB of shared memory
(what sm_86, sm_89 and sm_120 allow a CTA, so the table serves every GPU) is compiled, checked
against a float32 reference and timed with torch.matmul under the cold-L2 protocol
(tuners.common.rank_bucket_over_ms) on the bucket's sample of workload Ms; the config with the
best geomean ratio takes the bucket. The table between the `# fmt: off` / `# fmt: on` markers
of sources/cute_gemm/portable.py is rewritten after every bucket (a run cut short keeps the
buckets it finished), one line a bucket, with its ratio as a comment; with --buckets (as the
other tuners name it) only those buckets are tuned, the others keep their line verbatim.
With --large-shared the same for TABLE_LARGE_SHARED, among configs of up to 160 KB (deeper
rings too), for the GPUs that allow a CTA that much (portable.LARGE_SHARED_BYTES).
With --l2-prefetch each bucket's current config alone, and the same with B's lines prefetched
into the L2 1-8 K tiles ahead (b_l2_prefetch, where the config loads B evict-first).
"""

import argparse
import itertools
import re
import sys
from dataclasses import replace

import torch

from fibgemm import REPO_ROOT
from fibgemm.timing import ColdL2Timer
from tuners.common import (
    INF,
    add_after_itself_argument,
    add_guard_argument,
    bucket_label,
    guard_fraction,
    rank_bucket_over_ms,
    row_for,
)

sys.path.insert(0, str(REPO_ROOT / "sources"))

from cute_gemm import main as cute_main  # noqa: E402
from cute_gemm import portable  # noqa: E402
from cute_gemm.kernel import SMEM_BYTES  # noqa: E402
from cute_gemm.portable import PortableConfig  # noqa: E402

SHARED_LIMIT = 96 * 1024
LARGE_SHARED_LIMIT = portable.LARGE_SHARED_BYTES  # --large-shared: the ring
# A persistent walk's ring and buffer for D (--large-shared): what sm_90 and sm_100 allow a CTA,
# as the Hopper kernel budgets it (portable.table_for gives other GPUs the row one tile a CTA)
PERSISTENT_LIMIT = SMEM_BYTES
DEEP_STAGES = (8, 10, 12)  # rings only the large limit holds for most tiles
# (bucket limit, sample of its workload Ms); 972, 2053 and 2379 have their own buckets: how
# many waves of tiles they take depends on the tile more than at 8192 (2053 in 128 x 128
# tiles: 408 for 264 places, two CTAs an SM, 0.46x on the H200; in 96 x 128 tiles 0.55x;
# 2379 in 224 x 128 tiles 11 x 24 = 264, two rounds of 132 SMs, 0.59x against 256 x 128's 0.54x).
# Above 64 the buckets are 32 to 64 tokens wide: a token tile sized to the bucket's largest M
# (one, two or three tiles of it) wastes little of its MMAs on the bucket's smallest.
BUCKETS = [(16, [1, 8, 16]), (32, [24, 32]), (48, [35, 40, 48]), (64, [56, 64]),
           (80, [70, 72, 80]), (96, [88, 96]), (128, [104, 120, 128]), (160, [136, 152, 160]),
           (192, [168, 184, 192]), (208, [200, 208]), (240, [216, 224, 240]), (256, [248, 256]),
           (1024, [972]), (2176, [2053]), (4096, [2379]), (1 << 62, [8192])]  # fmt: skip
ITERS = 30


def fits(cfg: PortableConfig, shared_limit: int = SHARED_LIMIT) -> bool:
    """Valid, its ring within shared_limit, and a persistent walk's whole shared memory (ring
    and D's buffer) within PERSISTENT_LIMIT, offered only with the large limit."""
    if not portable.is_valid(cfg, cute_main.K) or cfg.ring_bytes() > shared_limit:
        return False
    if cfg.persistent:
        return shared_limit >= LARGE_SHARED_LIMIT and cfg.shared_bytes() <= PERSISTENT_LIMIT
    return True


def candidates(
    limit: int,
    warps_k: int | None = None,
    large_shared: bool = False,
    sides: tuple[int, ...] | None = None,
    tile_k: int | None = None,
    warp_grids: tuple[tuple[int, int], ...] | None = None,
    split_counts: tuple[int, ...] | None = None,
    evict_first: str = "both",
) -> list[PortableConfig]:
    """Swap-AB tiles (tokens on the narrow Q side) up to M = 256, with split-K over 1 to 8
    CTAs a tile (the fewer tokens, the fewer tiles to spread K over); straight tiles above 256.
    The bucket's current config is always among them."""
    out = []
    if 64 < limit <= 256:
        out = _token_sized_tiles(limit)
    elif limit <= 64:
        token_tiles = (16, 32, 48, 64, 128, 256)
        q_tiles = [q for q in token_tiles if q >= min(limit, 128) // 2 and q <= limit]
        # (rows of B, tile_k, stages, warps): 32 or 64 rows; or 128, whose tiles read A from
        # L2 half or a quarter as often, in rings of 32-deep stages to fit beside wide Q tiles.
        tiles = [(32, 64, s, w) for s in (4, 6, *DEEP_STAGES) for w in ((2, 1), (2, 2), (1, 2))]
        tiles += [(64, 64, s, w) for s in (4, 6, *DEEP_STAGES) for w in ((4, 1), (2, 2))]
        # 48 rows (64 weight tiles) on one column of warps, 48-row warp tiles: split over 2
        # CTAs in 8 stages, on four warps they won <= 64, on two <= 32
        # (docs/cute_gemm_portable_tables.md).
        tiles += [(48, 64, s, w) for s in (4, 6, *DEEP_STAGES) for w in ((1, 4), (1, 2))]
        # Eight warps: twice the loads and MMAs in flight on an SM that holds one such CTA
        # (a 64 x 128 tile of four warps left the H200's SMs 6% occupied at M = 256).
        tiles += [(32, 64, s, (2, 4)) for s in (4, 6)]
        tiles += [(64, 64, s, w) for s in (3, 4) for w in ((4, 2), (2, 4))]
        tiles += [(128, 32, s, w) for s in (3, 4, 6) for w in ((2, 2), (4, 2), (2, 4))]
        # 128-deep K tiles, half the barriers a byte (48 x 64 over 2 CTAs in 5 stages won at 35-64)
        tiles += [
            (p, 128, s, w) for p, w in sorted({(t[0], t[3]) for t in tiles}) for s in (3, 4, 5)
        ]
        for (p, k, s, (wp, wq)), q, splits in itertools.product(tiles, q_tiles, (1, 2, 4, 8)):
            # split tiles keep one K loop: peeled, their tail's code slowed the torch.matmul
            # after them by 1-2.5% (H200 passes, docs/cute_gemm_portable_tables.md)
            out.append(PortableConfig(p, q, True, k, s, wp, wq, splits, peel_tail=splits == 1))
            if splits == 1 and wp * wq <= 4:  # K sliced over two warps instead of split-K,
                # peeled or in one K loop (32-row tiles so, in 10-12 stages, took every bucket
                # up to 64 on the H200: docs/cute_gemm_portable_tables.md)
                out += [
                    PortableConfig(p, q, True, k, s, wp, wq, warps_k=2, peel_tail=peel)
                    for peel in (True, False)
                ]
    if limit > 256:
        # Up to 128 x 256 tiles (8 warps of 64 x 64): each element of A and B read from L2
        # 1/128 + 1/256 times per output column/row, where 128 x 64 tiles read it 3/128.
        # 96 and 192: tiles whose counts fill whole waves at 972 and 2053, in warp tiles that
        # read shared memory less per MMA than 128 x 64's (on the H200: 128 x 192 tiles of
        # eight warps, one an SM, at 972; with D staged through shared memory, eight-warp
        # 96 x 256 at 2053 and 256 x 128 above, docs/cute_gemm_portable_tables.md).
        # 224 tokens: 11 tiles of them cover 2379, 11 x 24 tiles of 224 x 128 two rounds of 132 SMs.
        widths = (64, 96, 128, 192, 256)
        for p, q, k, s, (wp, wq) in itertools.product(
            (*widths, 224), widths, (32, 64), (3, 4, 5, 6), ((2, 2), (2, 4), (4, 2), (4, 4))
        ):
            if p * q <= 128 * 256:
                out.append(PortableConfig(p, q, False, k, s, wp, wq))
                if wp * wq == 4:  # and with K sliced over two warps a warp tile
                    out.append(PortableConfig(p, q, False, k, s, wp, wq, warps_k=2))
                # Past M = 4096 A outgrows the L2 a wave shares: CTAs walking groups of two or
                # four token tiles read A's tiles a few at a time (where A fits, at 2053 and
                # 2379, groups ran behind: docs/cute_gemm_portable_tables.md).
                if limit > 4096:
                    out += [PortableConfig(p, q, False, k, s, wp, wq, group_p=g) for g in (2, 4)]
                # One CTA an SM walking tiles, the next one's first loads under this one's
                # epilogue: where tiles take two or more rounds of the SMs (2053, 2379).
                out.append(PortableConfig(p, q, False, k, s, wp, wq, persistent=True))
    limit_bytes = LARGE_SHARED_LIMIT if large_shared else SHARED_LIMIT
    out = [c for c in out if fits(c, limit_bytes) and 64 <= c.threads <= 512]
    if warps_k is not None:  # --warps-k: only those (beside the current config)
        out = [c for c in out if c.warps_k == warps_k]
    if sides is not None:  # --sides: only tiles with a side among these (beside the current)
        out = [c for c in out if c.tile_p in sides or c.tile_q in sides]
    if tile_k is not None:  # --tile-k: only this depth of a K tile (beside the current)
        out = [c for c in out if c.tile_k == tile_k]
    if warp_grids is not None:  # --warp-grids: only these warps_p x warps_q (beside the current)
        out = [c for c in out if (c.warps_p, c.warps_q) in warp_grids]
    if split_counts is not None:  # --splits: only tiles split over these many CTAs (and current)
        out = [c for c in out if c.splits in split_counts]
    # B's loads evict-first in the L2 (b_evict_first): each candidate with them, without, or
    # both ways (faster at M <= 32 and 160 on the H200, slower at 96-128: the row decides)
    hinted = [replace(c, b_evict_first=True) for c in out]
    out = {"off": out, "on": hinted, "both": out + hinted}[evict_first]
    current = current_config(limit, large_shared)
    return out if current in out else out + [current]


# K tiles of B prefetched into the L2 ahead of its copies (--l2-prefetch; tune_cute offers its
# WGMMA rows as many k-stages ahead): on the H200 the Hopper table's mma.sync row took 1-4 at
# M = 1, 7, 15, 16, the WGMMA rows 2-3 at M = 2 and 24-64 (docs/cute_gemm.md).
L2_PREFETCH = (1, 2, 3, 4, 6, 8)


def current_config(limit: int, large_shared: bool = False) -> PortableConfig:
    """What serves the bucket's largest M now (a new bucket: its enclosing bucket's config)."""
    return row_for(portable.TABLE_LARGE_SHARED if large_shared else portable.TABLE, limit)


def with_lines_ahead(cfg: PortableConfig) -> list[PortableConfig]:
    """cfg, and (where it loads B evict-first: the prefetch rides on those copies) the same
    with B's lines 1-8 K tiles ahead and with none (a row that prefetches is timed against its
    own tiling without). tune_cute --l2-prefetch offers a Hopper-table row of the portable
    kernel the same."""
    if not cfg.b_evict_first:
        return [cfg]
    ahead = [replace(cfg, b_l2_prefetch=p) for p in (0, *L2_PREFETCH) if p != cfg.b_l2_prefetch]
    return [cfg] + [c for c in ahead if cute_main.config_is_valid(c)]


def prefetch_candidates(limit: int, large_shared: bool = False) -> list[PortableConfig]:
    """The bucket's current config with its lines ahead (--l2-prefetch)."""
    return with_lines_ahead(current_config(limit, large_shared))


def _token_sized_tiles(limit: int) -> list[PortableConfig]:
    """Swap-AB tiles for 64 < M <= 256: token tiles of 32, of 48 and of the bucket's largest M
    split in one to four (rounded up to 16), weight tiles of 32 to 128 rows, on two to eight
    warps of at least 16 x 16 each; unsplit (D staged through shared memory or stored from the
    accumulators), split over 2 CTAs (4 up to M = 96), or with K sliced over two or four warps
    a warp tile, in 64- or 128-deep stages. The mid band is held by shared memory and by
    latency, so each of these trades bytes read for warps in flight differently; which won
    where is in docs/cute_gemm_portable_tables.md."""
    out = []
    # 48-token tiles whatever the bucket: 64 x 48 led probes at 65-96 (four warps) and at
    # 193-240 (two; five cover 240 tokens in 240 CTAs, two an SM), 161-240 in TABLE's 96 KB
    q_tiles = sorted({32, 48} | {(-(-limit // n) + 15) // 16 * 16 for n in (1, 2, 3, 4)})
    grids = ((2, 1), (1, 2), (1, 4), (2, 2), (4, 1), (2, 3), (3, 2), (2, 4), (4, 2))
    splits_offered = (1, 2, 4) if limit <= 96 else (1, 2)
    tiles = [  # warp tiles of whole 16 x 16 blocks
        (p, q, wp, wq)
        for p, q, (wp, wq) in itertools.product((32, 48, 64, 96, 128), q_tiles, grids)
        if p % (16 * wp) == 0 and q % (16 * wq) == 0
    ]
    for (p, q, wp, wq), stages, splits in itertools.product(
        tiles, (3, 4, 6, *DEEP_STAGES), splits_offered
    ):
        out.append(PortableConfig(p, q, True, 64, stages, wp, wq, splits))
        if splits > 1:
            continue
        # D stored element by element: faster for some swap-AB tiles
        out.append(PortableConfig(p, q, True, 64, stages, wp, wq, staged_epilogue=False))
        if wp * wq == 2:  # one K loop: faster for 48 x 32 at 96-128
            out.append(PortableConfig(p, q, True, 64, stages, wp, wq, peel_tail=False))
        for tile_k, warps_k in ((64, 2), (128, 2), (128, 4)):
            out.append(PortableConfig(p, q, True, tile_k, stages, wp, wq, 1, warps_k))
    # 128-deep K tiles in 3-5 stages (about the rings of 64-deep ones in 6-10): 64 x 48 and
    # 96 x 64 tiles took 65-96, 161-208 and 241-256 in them
    for (p, q, wp, wq), stages, splits in itertools.product(tiles, (3, 4, 5), splits_offered):
        out.append(PortableConfig(p, q, True, 128, stages, wp, wq, splits))
    return out


def _launch(a, b, out, cfg):
    cute_main.launch_config(a, b, out, cfg)


def table_re(name: str = "TABLE") -> re.Pattern:
    """The table `name` of portable.py, between its `# fmt: off` / `# fmt: on` markers."""
    return re.compile(rf"# fmt: off\n{name} = \[\n(.*?)\n\]\n# fmt: on", re.S)


LIMIT_RE = re.compile(r"^\s*\((\d+|1 << 62),")


def table_lines(source: str, name: str = "TABLE") -> dict:
    """{bucket limit: its line} of the table `name` in portable.py's source, verbatim."""
    found = table_re(name).search(source)
    if found is None:
        raise ValueError("portable.py: table markers not found")
    lines = {}
    for line in found.group(1).splitlines():
        limit = LIMIT_RE.match(line).group(1)
        lines[INF if limit == "1 << 62" else int(limit)] = line
    return lines


def render_line(limit: int, ratio: float, cfg: PortableConfig) -> str:
    return f"    ({'1 << 62' if limit == INF else limit}, {cfg!r}),  # {ratio:.3f}x"


def with_table(source: str, lines: dict, name: str = "TABLE") -> str:
    """source with its table `name` made of `lines` (bucket limit -> line), in bucket order."""
    rows = "\n".join(lines[limit] for limit in sorted(lines))
    return table_re(name).sub(lambda _: f"# fmt: off\n{name} = [\n{rows}\n]\n# fmt: on", source)


def _warp_grid(text: str) -> tuple[int, int]:
    """'2x3' -> (2, 3)."""
    try:
        p, q = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not PxQ (e.g. 2x3)") from None
    return p, q


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dry-run", action="store_true", help="print the table, write nothing")
    p.add_argument("--buckets", type=int, nargs="+", metavar="LIMIT",
                   help="tune only these buckets (their largest M; the last: any number above "
                        "the others); the others keep their table line")  # fmt: skip
    p.add_argument("--warps-k", type=int, choices=(1, 2, 4),
                   help="offer only candidates with K sliced over this many warps (and the "
                        "table's current config)")  # fmt: skip
    p.add_argument("--large-shared", action="store_true",
                   help="tune TABLE_LARGE_SHARED, for GPUs that allow a CTA 160 KB of shared "
                        "memory, among configs of up to that much (deeper rings too)")  # fmt: skip
    p.add_argument("--sides", type=int, nargs="+", metavar="ROWS",
                   help="offer only candidates with tile_p or tile_q among these (and the "
                        "table's current config)")  # fmt: skip
    p.add_argument("--tile-k", type=int, choices=(32, 64, 128),
                   help="offer only candidates of this K tile depth (and the table's "
                        "current config); above M = 256 32-deep tiles ran 6-14%% slower "
                        "on the H200")  # fmt: skip
    p.add_argument("--warp-grids", type=_warp_grid, nargs="+", metavar="PxQ",
                   help="offer only candidates of these warps_p x warps_q, e.g. 2x3 (and the "
                        "table's current config)")  # fmt: skip
    p.add_argument("--splits", type=int, nargs="+", metavar="N",
                   help="offer only candidates whose tiles are split along K over N CTAs, "
                        "e.g. 4 (and the table's current config)")  # fmt: skip
    p.add_argument("--evict-first", choices=("off", "on", "both"), default="both",
                   help="offer each candidate with B's loads evict-first in the L2, without, "
                        "or both ways (default; twice the configs)")  # fmt: skip
    p.add_argument("--l2-prefetch", action="store_true",
                   help="instead: each bucket's config against the same with B's lines "
                        "prefetched into the L2 1-8 K tiles ahead (where it loads B "
                        "evict-first)")  # fmt: skip
    add_guard_argument(p)
    add_after_itself_argument(p)
    args = p.parse_args()
    known = {limit for limit, _ in BUCKETS}
    finite = max(known - {INF})
    todo = {INF if lim > finite else lim for lim in args.buckets} if args.buckets else None
    if todo is not None and not todo <= known:
        buckets = sorted(known - {INF})
        print(f"--buckets: no bucket {sorted(todo - known)}; buckets: {buckets} and above",
              file=sys.stderr)  # fmt: skip
        return 2
    if not torch.cuda.is_available():
        print("needs a CUDA GPU", file=sys.stderr)
        return 2
    path = REPO_ROOT / "sources" / "cute_gemm" / "portable.py"
    name = "TABLE_LARGE_SHARED" if args.large_shared else "TABLE"
    # Untuned buckets keep their lines, ratio comments included.
    lines = table_lines(path.read_text(), name)
    timer = ColdL2Timer()
    b = torch.randn(cute_main.N, cute_main.K, dtype=torch.float16, device="cuda")
    for limit, ms in BUCKETS:
        if todo is not None and limit not in todo:
            continue
        if args.l2_prefetch:
            cfgs = prefetch_candidates(limit, args.large_shared)
        else:
            cfgs = candidates(
                limit,
                warps_k=args.warps_k,
                large_shared=args.large_shared,
                sides=args.sides,
                tile_k=args.tile_k,
                warp_grids=args.warp_grids,
                split_counts=args.splits,
                evict_first=args.evict_first,
            )
        built = []
        for cfg in cfgs:
            try:
                cute_main.compiled_kernel(cfg)
                built.append(cfg)
            except Exception as e:  # a candidate the DSL refuses is skipped, not fatal
                print(f"  skip {cfg}: {type(e).__name__}: {str(e)[:120]}", flush=True)
        scored, n_correct = rank_bucket_over_ms(
            timer, ms, b, built, _launch, ITERS, guard_fraction(args),
            after_itself=args.after_itself,
        )  # fmt: skip
        label = bucket_label(limit)
        if not scored:  # named, and the table keeps the bucket's line
            print(f"bucket <= {label} (M {ms}): none of {len(cfgs)} configs ranked", flush=True)
            continue
        print(f"bucket <= {label} (M {ms}): {len(cfgs)} configs, {n_correct} correct; "
              f"best {scored[0][0]:.3f}x {scored[0][1]}; runner-up "
              f"{scored[1][0] if len(scored) > 1 else 0:.3f}x", flush=True)  # fmt: skip
        for ratio, cfg in scored[:5]:
            print(f"  {ratio:.3f}x {cfg}", flush=True)
        lines[limit] = render_line(limit, *scored[0])
        if not args.dry_run:  # after every bucket: a run cut short keeps what it finished
            path.write_text(with_table(path.read_text(), lines, name))
            print(f"wrote bucket <= {label} to {name} of {path}", flush=True)
    print(table_re(name).search(with_table(path.read_text(), lines, name)).group(0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
