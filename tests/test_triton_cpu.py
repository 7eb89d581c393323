"""Every kernel variant of the Triton solution on small shapes: under TRITON_INTERPRET=1 on the
CPU (CI; conftest.py sets it), natively where CUDA exists. Also the dispatch table and the input
checks."""

import json
import re
from collections import namedtuple
from dataclasses import replace

import pytest
import torch
from helpers import broken_nvdisasms, run_repo_module, tma_store_under_wgmma
from triton_gemm import (
    gemv,
    l2_hints,
    launch,
    pair,
    preload_syncs,
    register_moves,
    tma,
    tma_tile,
    wgmma_fuse,
    ws_tile,
)
from triton_gemm import main as solution
from triton_gemm.gemv import GemvConfig
from triton_gemm.kernel import GemmConfig, is_valid
from triton_gemm.l2_promotion import TRITONS
from triton_gemm.pair import PairConfig
from triton_gemm.tma import TmaConfig
from triton_gemm.tma_tile import TileTmaConfig
from triton_gemm.tuned import TABLE
from triton_gemm.ws_tile import WsTileConfig

from tools import ptx_resources

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
# One config per variant the kernel has, plus every distinct config of the tuned table.
VARIANTS = sorted(
    {cfg for _, cfg in TABLE if isinstance(cfg, GemmConfig)}
    | {
        GemmConfig(16, 32, 32, SPLIT_K=4),
        GemmConfig(32, 16, 64, SPLIT_K=2, GROUP_M=2),
        GemmConfig(64, 64, 32, SPLIT_K=1, GROUP_M=2),
        GemmConfig(16, 32, 32, SPLIT_K=2, ROWS_N=24),
        GemmConfig(32, 64, 64, ROWS_N=48, GROUP_M=2),
        GemmConfig(16, 64, 32, SWAP_AB=True),
        GemmConfig(32, 64, 32, SPLIT_K=2, SWAP_AB=True),
        GemmConfig(16, 64, 32, ROWS_N=48, SWAP_AB=True),
    },
    key=repr,
)


def _row_padded(t: torch.Tensor) -> torch.Tensor:
    """The same values as a view whose rows lie 16 elements apart beyond their length (a slice
    of a wider matrix: row stride != columns, still 16-byte aligned; run() passes such views
    to the kernels uncopied)."""
    wide = torch.full((t.shape[0], t.shape[1] + 16), float("nan"), dtype=t.dtype, device=t.device)
    wide[:, : t.shape[1]] = t
    return wide[:, : t.shape[1]]


def _operands(m: int, n: int, k: int, padded: bool = False, device: str = DEVICE):
    """Fresh A [m, k] and B [n, k], and C [m, n] poisoned with NaN so that an element the kernel
    leaves unwritten fails; padded: each as a row-padded view (_row_padded)."""
    a = torch.randn(m, k, dtype=torch.float16, device=device) / k**0.5
    b = torch.randn(n, k, dtype=torch.float16, device=device)
    c = torch.full((m, n), float("nan"), dtype=torch.float16, device=device)
    return (_row_padded(a), _row_padded(b), _row_padded(c)) if padded else (a, b, c)


def _assert_matches_float64(a, b, c):
    assert torch.isfinite(c).all(), "unwritten elements"
    torch.testing.assert_close(c.double(), a.double() @ b.double().T, atol=2e-3, rtol=2e-3)


def _small_problem(cfg: GemmConfig, ragged: bool):
    # Two column tiles (ragged: and a third that overlaps the second, since N is no multiple
    # of the tile) and two K steps per split: exercises the tile order and the K loop.
    return 2 * cfg.rows_n + (8 if ragged else 0), 2 * cfg.SPLIT_K * cfg.BLOCK_K


@pytest.mark.parametrize("cfg", VARIANTS, ids=repr)
@pytest.mark.parametrize("m, ragged", [(1, False), (17, False), (17, True)])
def test_variant_matches_float64(cfg, m, ragged):
    n, k = _small_problem(cfg, ragged)
    assert is_valid(cfg, n, k)
    a, b, c = _operands(m, n, k)
    solution.launch_config(a, b, c, cfg)
    _assert_matches_float64(a, b, c)
    if cfg.SPLIT_K > 1:  # counters were left at zero: a second launch is right too
        c2 = torch.full_like(c, float("nan"))
        solution.launch_config(a, b, c2, cfg)
        assert torch.equal(c, c2)


PAIR_VARIANTS = sorted(
    {cfg for _, cfg in TABLE if isinstance(cfg, PairConfig)}
    | {PairConfig(16, 32, 16, 32), PairConfig(32, 64, 32, 64, num_stages=3)},
    key=repr,
)


@pytest.mark.parametrize("cfg", PAIR_VARIANTS, ids=repr)
@pytest.mark.parametrize("m", [1, 40])
@pytest.mark.parametrize("tiles", [2, 2.5])
def test_pair_variant_matches_float64(cfg, m, tiles):
    # Two column tiles, or two and a half (the third shifted back over the second); at
    # M = 40 the row tiles end mid-tile; two K steps.
    n, k = int(tiles * cfg.width) // 8 * 8, 2 * cfg.BLOCK_K
    assert pair.is_valid(cfg, n, k)
    a, b, c = _operands(m, n, k)
    solution.launch_config(a, b, c, cfg)
    _assert_matches_float64(a, b, c)


TMA_VARIANTS = sorted(
    {cfg for _, cfg in TABLE if isinstance(cfg, TmaConfig)}
    | {TmaConfig(16, 32, 32, GROUP_M=2), TmaConfig(32, 16, 64, num_warps=4)},
    key=repr,
)


@pytest.mark.parametrize("cfg", TMA_VARIANTS, ids=repr)
@pytest.mark.parametrize("m", [1, 40])
@pytest.mark.parametrize("sms", [None, 2])
def test_tma_variant_matches_float64(cfg, m, sms, monkeypatch):
    # Three column tiles, two K steps; at M = 40 row tiles end mid-tile (TMA clipping). With
    # sms = 2 two CTAs walk every tile (the persistent loop); None: the device's own count.
    # Row-padded operands at M = 40: the descriptors take each tensor's own row stride.
    n, k = 3 * cfg.BLOCK_N, 2 * cfg.BLOCK_K
    assert tma.is_valid(cfg, n, k)
    if sms is not None:
        monkeypatch.setitem(
            launch._sm_count, torch.device(DEVICE, 0 if DEVICE == "cuda" else None), sms
        )
    a, b, c = _operands(m, n, k, padded=m == 40)
    solution.launch_config(a, b, c, cfg)
    _assert_matches_float64(a, b, c)


TILE_TMA_VARIANTS = sorted(
    {cfg for _, cfg in TABLE if isinstance(cfg, TileTmaConfig)}
    | {
        TileTmaConfig(16, 32, 32),
        TileTmaConfig(32, 32, 64, BLOCK_N2=16, num_stages=3),
        TileTmaConfig(16, 64, 32, SWAP_AB=True),
        TileTmaConfig(32, 16, 32, num_stages=2),
    },
    key=repr,
)


@pytest.mark.parametrize("cfg", TILE_TMA_VARIANTS, ids=repr)
@pytest.mark.parametrize("m", [1, 40])
@pytest.mark.parametrize("tiles", [2, 2.5])
def test_tile_tma_variant_matches_float64(cfg, m, tiles):
    # Two column tiles, or two and a half (the third shifted back over the second); at M = 40
    # row tiles end mid-tile (TMA zero fill, masked stores) and the operands are row-padded
    # views (the descriptors take each tensor's row stride); two K steps.
    n, k = int(tiles * cfg.width) // 8 * 8, 2 * cfg.BLOCK_K
    assert tma_tile.is_valid(cfg, n, k)
    a, b, c = _operands(m, n, k, padded=m == 40)
    solution.launch_config(a, b, c, cfg)
    _assert_matches_float64(a, b, c)


_RING_OF_8 = dict(STAGES=8, PRELOAD=2, ROLLED=True)
ROLLED_VARIANTS = (
    WsTileConfig(64, 16, 128, SWAP_AB=True, PRELOAD=2, ONE_PRELOAD_SYNC=True, ROLLED=True),
    WsTileConfig(64, 32, 128, PRELOAD=2, ROLLED=True),
    WsTileConfig(64, 64, 64, PRELOAD=6, ONE_PRELOAD_SYNC=True, ROLLED=True),
    WsTileConfig(64, 64, 64, 32, PRELOAD=4, ONE_WGMMA=True, C_IN_RING=True, ROLLED=True),
    WsTileConfig(128, 128, 64, 64, PRELOAD=1, ONE_WGMMA=True, ROLLED=True),
    # Passes of 4 and 2 K steps over rings of 8 (the table's rows at M = 16 and 64).
    WsTileConfig(64, 16, 128, SWAP_AB=True, ONE_PRELOAD_SYNC=True, UNROLL=4, **_RING_OF_8),
    WsTileConfig(64, 32, 128, UNROLL=2, **_RING_OF_8),
    # Passes of 8 over a ring of 13 (the stage carried step by step within a pass).
    WsTileConfig(64, 64, 64, PRELOAD=6, ONE_PRELOAD_SYNC=True, ROLLED=True, UNROLL=8),
)

CLIPPED_VARIANTS = tuple(
    replace(cfg, CLIP_LAST=True, L2_PROMOTION=TRITONS)
    for cfg in (
        *(cfg for limit, cfg in TABLE if limit in (1024, 2176, 4096)),
        WsTileConfig(64, 64, 128, 16, PRELOAD=2, ONE_WGMMA=True, ROLLED=True),
    )
)

# The Gluon warp-specialized tiles: straight and swap-AB, one and two dots (two dots also as one
# WGMMA), 64- and 128-row MMA tiles (one and two consumer warp groups), every K depth, none to
# all of the ring preloaded, and the table's (their L2 promotion, which the launch encodes and
# no compile sees, as Triton's: two rows apart only there would compile one kernel twice, the
# second from the cache, with no ptxas log to read spills from).
WS_VARIANTS = sorted(
    {replace(cfg, L2_PROMOTION=TRITONS) for _, cfg in TABLE if isinstance(cfg, WsTileConfig)}
    | {
        WsTileConfig(64, 32, 128),
        WsTileConfig(64, 32, 128, 16),
        WsTileConfig(64, 64, 256, 16),
        WsTileConfig(64, 64, 64, 32, STAGES=3, PRODUCER_REGS=40),
        WsTileConfig(128, 128, 64, 64),
        WsTileConfig(64, 16, 128, SWAP_AB=True),
        WsTileConfig(128, 128, 64, 64, SWAP_AB=True),
        WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8, PRELOAD=8),
        WsTileConfig(64, 64, 64, 16, PRELOAD=2),
        WsTileConfig(128, 128, 64, 64, SWAP_AB=True, PRELOAD=1),
        WsTileConfig(64, 64, 64, 8, ONE_WGMMA=True),
        WsTileConfig(64, 32, 64, 16, SWAP_AB=True, ONE_WGMMA=True),
        WsTileConfig(128, 128, 64, 64, SWAP_AB=True, PRELOAD=2, ONE_WGMMA=True),
        WsTileConfig(64, 64, 64, 16, ONE_WGMMA=True, ONE_Y_BOX=True),
        WsTileConfig(64, 32, 64, 16, SWAP_AB=True, PRELOAD=4, ONE_WGMMA=True, ONE_Y_BOX=True),
        WsTileConfig(64, 32, 128, 16, PRELOAD=4, ONE_WGMMA=True),
        WsTileConfig(64, 32, 128, 16, SWAP_AB=True, PRELOAD=2, ONE_WGMMA=True, ONE_Y_BOX=True),
        # One CTA barrier in the preload: one box a load, two (128 deep), a second dot's own box.
        WsTileConfig(64, 16, 128, SWAP_AB=True, PRELOAD=2, ONE_PRELOAD_SYNC=True),
        WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8, PRELOAD=8, ONE_PRELOAD_SYNC=True),
        WsTileConfig(64, 64, 64, 16, PRELOAD=4, ONE_PRELOAD_SYNC=True),
        WsTileConfig(
            64, 32, 64, 16, PRELOAD=4, ONE_WGMMA=True, ONE_Y_BOX=True, ONE_PRELOAD_SYNC=True
        ),
        # Each preloaded stage set up just before its loads: the whole ring of the M = 80 row's
        # tile (rolled), four stages of a swap-AB tile (unrolled), and a walk's.
        WsTileConfig(
            64,
            32,
            128,
            16,
            PRELOAD=7,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            ROLLED=True,
            PRELOAD_IN_TURN=True,
        ),  # fmt: skip
        WsTileConfig(64, 16, 128, SWAP_AB=True, PRELOAD=4, PRELOAD_IN_TURN=True),
        # Three dots as one WGMMA on a one-tile swap-AB tile (tune_triton --token-halves' 88
        # tokens at 161-176: 64 + 16 + 8), rolled, the last tile clipped.
        WsTileConfig(
            64,
            64,
            128,
            16,
            SWAP_AB=True,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            BLOCK_S3=8,
            ONE_C_TILE=True,
            ROLLED=True,
            CLIP_LAST=True,
        ),  # fmt: skip
        WsTileConfig(
            128,
            128,
            64,
            64,
            SWAP_AB=True,
            PRELOAD=2,
            ONE_WGMMA=True,
            PERSISTENT=True,
            PRELOAD_IN_TURN=True,
        ),  # fmt: skip
        # Two consumer warp groups (256-thread barriers), one tile a CTA and a walk.
        WsTileConfig(128, 128, 64, 64, PRELOAD=1, ONE_WGMMA=True, ONE_PRELOAD_SYNC=True),
        WsTileConfig(
            128,
            128,
            64,
            64,
            SWAP_AB=True,
            PRELOAD=2,
            ONE_WGMMA=True,
            PERSISTENT=True,
            ONE_PRELOAD_SYNC=True,
        ),
        # M = 128's row form (rolled, two K steps a pass) without the register moves.
        WsTileConfig(
            64,
            32,
            128,
            16,
            PRELOAD=2,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            UNROLL=2,
            ROLLED=True,
            NO_SETMAXNREG=True,
        ),  # fmt: skip
        # Persistent walks (several tiles a CTA from M = 1000 on), groups of token tiles that
        # do and do not divide the token tiles, and a group without a walk.
        WsTileConfig(128, 128, 64, 64, SWAP_AB=True, PRELOAD=2, PERSISTENT=True),
        WsTileConfig(64, 64, 64, PRELOAD=2, PERSISTENT=True, GROUP_M=3),
        WsTileConfig(
            128,
            128,
            64,
            64,
            SWAP_AB=True,
            PRELOAD=1,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            PERSISTENT=True,
            GROUP_M=8,
        ),  # fmt: skip
        WsTileConfig(128, 256, 64, PRELOAD=1, GROUP_M=8),
        # Three dots as one WGMMA (224 = 128 + 64 + 32, 112 = 64 + 32 + 16), one Y box; the
        # output tiles in one buffer or three; a walk.
        WsTileConfig(
            128,
            128,
            64,
            64,
            SWAP_AB=True,
            PRELOAD=1,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            PERSISTENT=True,
            BLOCK_S3=32,
            ONE_C_TILE=True,
        ),  # fmt: skip
        WsTileConfig(128, 128, 64, 64, PRELOAD=2, ONE_WGMMA=True, ONE_Y_BOX=True, BLOCK_S3=32),
        WsTileConfig(
            64, 64, 64, 32, PRELOAD=4, ONE_WGMMA=True, ONE_Y_BOX=True, BLOCK_S3=16, ONE_C_TILE=True
        ),  # fmt: skip
        WsTileConfig(64, 64, 64, 16, SWAP_AB=True, PRELOAD=2, ONE_WGMMA=True, ONE_C_TILE=True),
        # The second of three dots' output tiles staged apart (SECOND_C_TILE): the walk of
        # M = 2379's row, and one tile a CTA.
        WsTileConfig(
            128,
            128,
            64,
            64,
            SWAP_AB=True,
            PRELOAD=1,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            PERSISTENT=True,
            BLOCK_S3=32,
            ONE_C_TILE=True,
            SECOND_C_TILE=True,
        ),  # fmt: skip
        WsTileConfig(
            64,
            64,
            64,
            32,
            PRELOAD=4,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            BLOCK_S3=16,
            ONE_C_TILE=True,
            SECOND_C_TILE=True,
        ),  # fmt: skip
        # A walk's tile stored under the next tile's first WGMMAs (STORE_UNDER_MMA): M = 2379's
        # walk (three dots staged in turn in one buffer, the second apart) and 2053's (two
        # dots, each staged whole).
        WsTileConfig(
            128,
            128,
            64,
            64,
            SWAP_AB=True,
            PRELOAD=1,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            PERSISTENT=True,
            BLOCK_S3=32,
            ONE_C_TILE=True,
            SECOND_C_TILE=True,
            STORE_UNDER_MMA=True,
        ),  # fmt: skip
        WsTileConfig(
            128,
            128,
            64,
            64,
            SWAP_AB=True,
            PRELOAD=1,
            ONE_WGMMA=True,
            PERSISTENT=True,
            STORE_UNDER_MMA=True,
        ),  # fmt: skip
        # The output staged in the emptied ring: one dot (its tile in the X ring), two dots apart
        # (the second's in the Y ring), three dots in turn; straight and swap-AB.
        WsTileConfig(64, 16, 128, SWAP_AB=True, PRELOAD=2, C_IN_RING=True),
        WsTileConfig(64, 64, 64, 16, PRELOAD=2, C_IN_RING=True),
        WsTileConfig(
            128,
            128,
            64,
            64,
            SWAP_AB=True,
            PRELOAD=1,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            BLOCK_S3=32,
            ONE_C_TILE=True,
            C_IN_RING=True,
        ),  # fmt: skip
        # The ring as one loop (ROLLED), on the shapes of the table's rows at M = 16, 64, 128,
        # 256 and 972 (their preloads, one-barrier preloads, fused dots, output in the ring).
        *ROLLED_VARIANTS,
        # Last tiles past the end (CLIP_LAST), zero-filled and clipped: the table's rows at
        # M = 972 (one tile a CTA), 2053 and 2379 (walks of two and three dots, one Y box), and
        # a straight 64 + 16 tile whose last column tile runs past N.
        *CLIPPED_VARIANTS,
        # Two dots of one width (64 = 32 + 32 and 256 = 128 + 128) as one WGMMA, two Y boxes or
        # one, the halves staged in turn, walked.
        WsTileConfig(64, 32, 64, 32, SWAP_AB=True, PRELOAD=2, ONE_WGMMA=True),
        WsTileConfig(
            128,
            128,
            64,
            128,
            PRELOAD=1,
            ONE_WGMMA=True,
            ONE_Y_BOX=True,
            PERSISTENT=True,
            GROUP_M=8,
            ONE_C_TILE=True,
        ),  # fmt: skip
    },
    key=repr,
)


@pytest.fixture(scope="module")
def ws_compiled(tmp_path_factory):
    """{config: its compile_ws_tile JSON line, with "ptx" and "patched_ptx" (the PTX the
    solution runs: ws_tile._finish's changes made) added} of every WS variant compiled for
    sm_90a, in one subprocess (tools/compile_ws_tile.py, which clears TRITON_INTERPRET before
    importing Triton: Gluon does not compile under the interpreter)."""
    folder = tmp_path_factory.mktemp("ws_ptx")
    out = run_repo_module("tools.compile_ws_tile", str(folder), *map(repr, WS_VARIANTS))
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    compiled = {}
    for i, (cfg, line) in enumerate(zip(WS_VARIANTS, lines, strict=True)):
        line["ptx"] = (folder / f"{i}.ptx").read_text()
        line["patched_ptx"] = (folder / f"{i}.patched.ptx").read_text()
        compiled[cfg] = line
    return compiled


@pytest.mark.parametrize("cfg", WS_VARIANTS, ids=repr)
def test_ws_tile_compiles_to_a_warp_specialized_tma_wgmma_kernel(cfg, ws_compiled):
    assert ws_tile.is_valid(cfg, 3072, 2048)
    ptx, shared, spill_stores = (ws_compiled[cfg][key] for key in ("ptx", "shared", "spill_stores"))
    # WGMMAs of each dot's width, fed from shared memory; TMA loads completing on mbarriers and
    # TMA stores; a producer warp that gives up registers (setmaxnreg: warp specialization).
    assert f"wgmma.mma_async.sync.aligned.m64n{cfg.BLOCK_S}k16.f32.f16.f16" in ptx
    if cfg.BLOCK_S2:
        assert f"wgmma.mma_async.sync.aligned.m64n{cfg.BLOCK_S2}k16.f32.f16.f16" in ptx
    if cfg.BLOCK_S3:
        assert f"wgmma.mma_async.sync.aligned.m64n{cfg.BLOCK_S3}k16.f32.f16.f16" in ptx
    # (Triton 3.6 spells the loads' destination shared::cluster, 3.7 shared::cta.)
    load = r"cp\.async\.bulk\.tensor\.2d\.shared::(cta|cluster)\.global\.mbarrier::complete_tx"
    assert re.search(load, ptx)
    assert "cp.async.bulk.tensor.2d.global.shared::cta" in ptx
    # (24 registers also park warps that wait outside their partition: the 40-register variant
    # is the one that shows PRODUCER_REGS reaching the producer.)
    assert f"setmaxnreg.dec.sync.aligned.u32 \t{cfg.PRODUCER_REGS};" in ptx
    # ptxas moves registers between warp groups only where .maxnreg, which Gluon sets to 65536
    # over the threads, leaves room: with one consumer warp group that is 256, over the 255 a
    # thread may have, so ptxas ignores setmaxnreg and every thread keeps 255, enough for any
    # one-group tile; a walk's two consumer warp groups get their 240 from it.
    # Without the moves (NO_SETMAXNREG) ptxas gives a thread what the kernel uses.
    ignored = ws_compiled[cfg]["setmaxnreg_ignored"]
    assert ignored == (cfg.num_warps == 4), ws_compiled[cfg]["registers"]
    registers = ws_compiled[cfg]["registers"]
    assert registers < 128 if cfg.NO_SETMAXNREG else registers == (255 if ignored else 168)
    assert ("setmaxnreg" in ws_compiled[cfg]["patched_ptx"]) != cfg.NO_SETMAXNREG
    # Consumers release stages with per-thread arrives and the ring is unrolled, so the kernel
    # has a handful of 128-thread bar.syncs (one per lap through the ring, the epilogue's, up
    # to three, or one per TMA load, around each preloaded stage's loads, and with ONE_C_TILE
    # two more a later dot: its staging tile waits for the store before it), not two per K
    # step (7820a51's kernel: 2 x 16 or 2 x 32 in the loop alone); nothing spilled.
    assert "cp.async.mbarrier.arrive.noinc.shared.b64" in ptx
    loads = 1 + cfg.BLOCK_K // cfg.y_box_k * (1 + (cfg.BLOCK_S2 > 0 and not cfg.ONE_Y_BOX))
    staging = 2 * (len(cfg.dot_widths) - 1) if cfg.ONE_C_TILE else 0
    # A rolled ring's barriers are one allocation, which Triton orders with a bar.sync more
    # around each preloaded stage, before each of a pass's UNROLL waits of the consumers and
    # after the set-up (the PTX the solution runs drops those before the waits).
    rolled = (cfg.PRELOAD + 1 + cfg.UNROLL) * cfg.ROLLED
    # A walk storing under the MMA has its epilogue twice: in the loop and for the last tile.
    stored_twice = (3 + staging) * cfg.STORE_UNDER_MMA
    bar_syncs = ptx.count("bar.sync")
    assert bar_syncs <= 6 + max(3, loads) * cfg.PRELOAD + staging + rolled + stored_twice, bar_syncs
    assert spill_stores == 0
    # One tile a CTA, ungrouped: the tile is the program ids of a 2-D grid (grid_of), with no
    # integer division by the run-time token-tile count on the way to the first loads; walks
    # and groups number their tiles along one dimension.
    divisions = re.findall(r"\b(?:div|rem)\.[su]32", ptx)
    if cfg.PERSISTENT or cfg.GROUP_M:
        assert divisions and "%ctaid.y" not in ptx
    else:
        assert not divisions and "%ctaid.y" in ptx, divisions
    # The ring as configured beside the output tile (stages_that_fit's budget).
    ring_bytes = cfg.ring * (cfg.BLOCK_R + cfg.width) * cfg.BLOCK_K * 2
    # (None with C_IN_RING: the output is staged in the emptied ring.)
    tile_bytes = cfg.BLOCK_R * (cfg.BLOCK_S if cfg.ONE_C_TILE else cfg.width) * 2
    tile_bytes += cfg.BLOCK_R * cfg.BLOCK_S2 * 2 * cfg.SECOND_C_TILE  # (the second dot's apart)
    tile_bytes *= not cfg.C_IN_RING
    assert ring_bytes + tile_bytes <= shared <= ring_bytes + tile_bytes + 1024 <= 227 * 1024


@pytest.mark.parametrize("rolled", ROLLED_VARIANTS, ids=repr)
def test_a_rolled_ring_is_one_stage_of_code_whatever_its_depth(rolled, tmp_path):
    """ROLLED: one pass of UNROLL K steps' waits, WGMMAs and releases in a loop, where the
    unrolled ring repeats them for every stage (and again for the K steps left over): 4 KB or
    more saved a stage past the pass (the unrolled ring costs ~10 KB a stage), under 1 KB a
    stage of its own."""
    unrolled = replace(rolled, ROLLED=False, UNROLL=1)
    u = rolled.UNROLL
    shallow = replace(
        rolled, STAGES=rolled.ring // 2, PRELOAD=min(rolled.PRELOAD, rolled.ring // 2)
    )
    cfgs = (rolled, unrolled, shallow)
    out = run_repo_module("tools.compile_ws_tile", str(tmp_path), *map(repr, cfgs))
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    ptx = [(tmp_path / f"{i}.ptx").read_text() for i in range(len(cfgs))]
    wgmmas = rolled.BLOCK_K // 16 * len(rolled.dot_widths)  # (fused later, in the patched PTX)
    assert ptx[0].count("wgmma.mma_async") == ptx[2].count("wgmma.mma_async") == wgmmas * u
    assert ptx[1].count("wgmma.mma_async") >= wgmmas * rolled.ring
    assert ptx[0].count("mbarrier.try_wait") == u + 1  # the consumer's waits, the producer's
    assert ptx[0].count("cp.async.mbarrier.arrive") == u
    saved = lines[1]["cubin_bytes"] - lines[0]["cubin_bytes"]
    assert saved >= 4 * 1024 * (rolled.ring - u), saved
    # The machine code the SMs fetch (what evicts the next kernel's, docs/timing.md): the table's
    # rolled rows take 8.5-16 KB, the unrolled rows 29-38 KB.
    code = lines[0]["patched_code_bytes"] or lines[0]["code_bytes"]
    assert 4 * 1024 <= code <= 16 * 1024, lines[0]
    assert lines[0]["code_bytes"] < lines[1]["code_bytes"], lines[:2]
    # (The barriers' set-up stays one instruction group a stage.)
    per_stage = (lines[0]["cubin_bytes"] - lines[2]["cubin_bytes"]) / (rolled.ring - shallow.ring)
    assert per_stage <= 1024, per_stage


@pytest.mark.parametrize("m", [1, 40, 136, 2379])
def test_a_gluon_grid_gives_each_tile_one_cta_and_a_walk_at_most_one_an_sm(m, monkeypatch):
    sms = 132
    device = torch.device("cpu")
    monkeypatch.setitem(launch._sm_count, device, sms)
    straight = WsTileConfig(64, 64, 64, 16)  # 80 columns a tile: 38 + 1 tiles cover 3072
    swapped = WsTileConfig(64, 16, 128, SWAP_AB=True)
    walk = WsTileConfig(128, 128, 64, 64, PERSISTENT=True)
    grouped = WsTileConfig(128, 128, 64, 128, ONE_WGMMA=True, ONE_Y_BOX=True, GROUP_M=8)
    for cfg in (straight, swapped):
        gx, gy, gz = ws_tile.grid_of(cfg, m, 3072, device)
        # Token tiles along x (they vary fastest: side by side, CTAs read the same B rows).
        assert (gx, gz) == (-(-m // cfg.block_m), 1)
        assert gx * gy == cfg.num_tiles(m, 3072)
        assert (gy - 1) * cfg.block_n < 3072 <= gy * cfg.block_n
    assert ws_tile.grid_of(walk, m, 3072, device) == (min(walk.num_tiles(m, 3072), sms), 1, 1)
    assert ws_tile.grid_of(grouped, m, 3072, device) == (grouped.num_tiles(m, 3072), 1, 1)


def test_a_rolled_pass_divides_the_k_steps_and_needs_a_rolled_ring():
    rolled = WsTileConfig(64, 32, 128, STAGES=8, PRELOAD=2, ROLLED=True)  # 16 K steps
    for unroll, valid in ((1, True), (2, True), (4, True), (8, True), (16, True), (3, False)):
        assert ws_tile.is_valid(replace(rolled, UNROLL=unroll), 3072, 2048) == valid, unroll
    assert not ws_tile.is_valid(replace(rolled, ROLLED=False, UNROLL=4), 3072, 2048)
    assert not ws_tile.is_valid(replace(rolled, UNROLL=0), 3072, 2048)


def test_b_is_prefetched_at_most_the_k_steps_less_one_ahead_with_or_without_the_hint():
    cfg = WsTileConfig(64, 32, 128, STAGES=8, PRELOAD=2)  # 16 K steps
    for ahead, valid in ((0, True), (1, True), (15, True), (16, False), (-1, False)):
        for hint in (True, False):
            prefetching = replace(cfg, B_L2_PREFETCH=ahead, B_EVICT_FIRST=hint)
            assert ws_tile.is_valid(prefetching, 3072, 2048) == valid, (ahead, hint)


def test_an_invalid_gluon_tile_is_refused_before_it_launches():
    """A config given by hand (a tuner's, tools.sanitize --config) that is_valid refuses gets a
    ValueError naming it, before any descriptor is built: UNROLL = 3 over 16 K steps would
    otherwise run and leave a K step out of the sum."""
    bad = WsTileConfig(64, 32, 128, STAGES=8, PRELOAD=2, ROLLED=True, UNROLL=3)
    A = torch.randn(16, 2048, dtype=torch.float16)
    B = torch.randn(3072, 2048, dtype=torch.float16)
    C = torch.empty(16, 3072, dtype=torch.float16)
    with pytest.raises(ValueError, match=r"UNROLL=3.*not a valid Gluon tile for N = 3072"):
        ws_tile._grid_and_args(A, B, C, bad)
    with pytest.raises(ValueError, match="BLOCK_K=96"):
        ws_tile._grid_and_args(A, B, C, replace(bad, UNROLL=1, BLOCK_K=96))


def test_a_walk_keeps_its_ring_unrolled():
    walk = WsTileConfig(128, 128, 64, 64, SWAP_AB=True, PRELOAD=2, PERSISTENT=True)
    assert ws_tile.is_valid(walk, 3072, 2048)
    assert not ws_tile.is_valid(replace(walk, ROLLED=True), 3072, 2048)


# A TMA load from global to shared memory, completing on an mbarrier, and the descriptor it
# goes through; with or without an L2 cache hint.
_TMA_LOAD = re.compile(
    r"cp\.async\.bulk\.tensor\.2d\.shared::\w+\.global\.mbarrier::complete_tx::bytes"
    r"(\.L2::cache_hint)? \[[^\]]+\], \[(%rd\d+),"
)
_HINT_SCOPE = re.compile(
    r"(?P<indent>[ \t]*)\{\n[ \t]*\.reg \.b64 %rd_evict_first;\n[ \t]*createpolicy\.fractional"
    r"\.L2::evict_first\.b64 %rd_evict_first, 1\.0;\n[ \t]*(?P<load>[^\n]*)\.L2::cache_hint "
    r"(?P<operands>[^\n]*), %rd_evict_first;\n[ \t]*\}"
)


# What l2_hints.with_l2_prefetch adds after a load of B (B_L2_PREFETCH), as a whole block.
_PREFETCH_SCOPE = re.compile(
    r"\n[ \t]*\{\n[ \t]*\.reg \.b32 %r_l2_ahead;\n[ \t]*\.reg \.pred %p_l2_ahead;\n"
    r"[ \t]*add\.s32 [^\n]*\n[ \t]*setp\.lt[^\n]*\n"
    r"[ \t]*@%p_l2_ahead cp\.async\.bulk\.prefetch\.tensor[^\n]*\n[ \t]*\}"
)


@pytest.mark.parametrize("cfg", WS_VARIANTS, ids=repr)
def test_ws_tile_runs_with_an_evict_first_hint_on_every_load_of_b_and_no_other(cfg, ws_compiled):
    compiled = ws_compiled[cfg]
    ptx, hinted = compiled["ptx"], compiled["patched_ptx"]
    assert hinted, "the hint was not added (l2_hints found the PTX laid out otherwise)"
    if cfg.ONE_PRELOAD_SYNC:  # the other changes (their own tests)
        ptx = preload_syncs.with_one_preload_sync(ptx)
    if cfg.ROLLED:
        ptx = preload_syncs.without_wait_syncs(ptx)
    if cfg.ONE_WGMMA:  # the other change (test_ws_tile_runs_two_dots_as_one_wgmma...)
        ptx = wgmma_fuse.with_fused_dots(ptx, *cfg.dot_widths)
    if cfg.NO_SETMAXNREG:
        ptx = register_moves.without_setmaxnreg(ptx)
    descriptors = l2_hints.descriptor_registers(ptx)
    # B's descriptors by what the launch passes (operand 1), in the kernel's parameter order;
    # with ONE_Y_BOX the second dot's Y descriptor is passed and never read.
    passed = [slot for slot in ws_tile.replay_slots(cfg) if slot is not None]
    read = [i for i, d in enumerate(descriptors) if d is not None]
    assert read == [i for i in range(len(passed)) if not (cfg.ONE_Y_BOX and i == 2)]
    assert ws_tile.b_descriptors(cfg) == tuple(
        i for i, slot in enumerate(passed) if slot.operand == 1 and i in read
    )
    b = {descriptors[i] for i in ws_tile.b_descriptors(cfg)}
    loads = _TMA_LOAD.findall(hinted)
    assert {d for _, d in loads} > b  # A's loads are there too
    for hint, desc in loads:
        assert bool(hint) == (desc in b), (hint, desc)
    assert len(loads) == len(_TMA_LOAD.findall(ptx))
    # Taking the hints out gives back the compiler's PTX (ONE_WGMMA's merge made): nothing else
    # changed.
    unhinted = _HINT_SCOPE.sub(
        lambda m: f"{m['indent']}{m['load']} {m['operands']};", _PREFETCH_SCOPE.sub("", hinted)
    )
    assert unhinted == ptx
    # ptxas assembled it, spilling nothing (the producer warp runs on 24 registers).
    assert compiled["patched_spill_stores"] == 0


_CTA_SYNC = re.compile(r"^[ \t]*bar\.sync[ \t]+0, \d+;[ \t]*\n", re.M)  # a whole line


def _preload(ptx: str) -> str:
    """From the first expect-tx arrive to the warp-specialized region's first barrier."""
    start = ptx.index("mbarrier.arrive.expect_tx")
    return ptx[start : re.compile(r"^\s*barrier\.sync\s+1;", re.M).search(ptx, start).start()]


@pytest.mark.parametrize("cfg", [c for c in WS_VARIANTS if c.ONE_PRELOAD_SYNC], ids=repr)
def test_one_preload_sync_keeps_only_the_barrier_before_the_first_load(cfg, ws_compiled):
    compiled = ws_compiled[cfg]
    before, after = _preload(compiled["ptx"]), _preload(compiled["patched_ptx"])
    # Triton's: one after each stage's arrive, one between its loads.
    assert len(_CTA_SYNC.findall(before)) >= 2 * cfg.PRELOAD
    assert len(_CTA_SYNC.findall(after)) == 1
    assert _CTA_SYNC.search(after).start() < after.index("cp.async.bulk.tensor")
    assert after.count("mbarrier.arrive.expect_tx") == cfg.PRELOAD
    assert after.count("cp.async.bulk.tensor") == before.count("cp.async.bulk.tensor")
    # Nothing else in the preload changed (B's L2 hints and prefetches aside: their own tests).
    unhinted = _HINT_SCOPE.sub(
        lambda m: f"{m['indent']}{m['load']} {m['operands']};", _PREFETCH_SCOPE.sub("", after)
    )
    assert _CTA_SYNC.sub("", before) == _CTA_SYNC.sub("", unhinted)
    assert compiled["patched_spill_stores"] == 0


@pytest.mark.parametrize("cfg", [c for c in WS_VARIANTS if c.PRELOAD_IN_TURN], ids=repr)
def test_preload_in_turn_sets_up_each_stage_right_before_its_loads(cfg, ws_compiled):
    ptx = ws_compiled[cfg]["patched_ptx"] or ws_compiled[cfg]["ptx"]
    region = ptx[: re.compile(r"^\s*barrier\.sync\s+1;", re.M).search(ptx).start()]
    inits = [m for m in re.finditer(r"mbarrier\.init\.shared::cta\.b64 \[(%r\d+)\], 1;", region)]
    loads = list(
        re.finditer(r"cp\.async\.bulk\.tensor\.\S+ \[[^\]]+\], \[[^\]]+\], \[(%r\d+)\]", region)
    )
    assert len(inits) >= cfg.PRELOAD and loads
    previous_load = -1
    for stage in range(cfg.PRELOAD):
        init = inits[stage]
        mine = [m.start() for m in loads if m.group(1) == init.group(1) and m.start() > init.end()]
        assert mine, f"stage {stage}: no load on the barrier it set up"
        # Set up after the previous stage's loads went out; fenced, and a CTA barrier (the loads
        # may be issued by another warp) before its own loads.
        assert init.start() > previous_load, stage
        between = region[init.end() : mine[0]]
        assert "fence.proxy.async.shared::cta;" in between, stage
        assert _CTA_SYNC.search(between), stage
        previous_load = mine[-1]
    assert ws_compiled[cfg]["patched_spill_stores"] in (0, None)


@pytest.mark.parametrize("cfg", [c for c in WS_VARIANTS if c.ONE_C_TILE and c.BLOCK_S3], ids=repr)
def test_a_second_c_tile_leaves_one_wait_on_a_store_between_a_tile_s_three(cfg, ws_compiled):
    """ONE_C_TILE stages three dots' tiles in one buffer, each after the store before it has
    read it (two waits for every one of them); with SECOND_C_TILE the second dot's tile is
    staged apart and only the third waits, for the first's store (bulk groups complete in the
    order they were committed by the thread that issued them)."""
    ptx = ws_compiled[cfg]["patched_ptx"] or ws_compiled[cfg]["ptx"]
    store = re.compile(r"cp\.async\.bulk\.tensor\.2d\.global\.shared::cta")
    wait = re.compile(r"cp\.async\.bulk\.wait_group\.read\s+(\d+);")
    events = sorted(
        [(m.start(), "store") for m in store.finditer(ptx)]
        + [(m.start(), f"wait {m.group(1)}") for m in wait.finditer(ptx)]
    )
    kinds = [kind for _, kind in events]
    # The tile's three stores, and what waits between them.
    first = kinds.index("store")
    if cfg.SECOND_C_TILE:
        assert kinds[first : first + 4] == ["store", "store", "wait 1", "store"], kinds
    else:
        assert kinds[first : first + 5] == ["store", "wait 0", "store", "wait 0", "store"], kinds


def test_a_second_c_tile_needs_three_dots_staged_in_one_buffer():
    walk = WsTileConfig(128, 128, 64, 64, SWAP_AB=True, PRELOAD=1, ONE_WGMMA=True,
                        ONE_Y_BOX=True, PERSISTENT=True, BLOCK_S3=32, ONE_C_TILE=True)  # fmt: skip
    second = replace(walk, SECOND_C_TILE=True)
    assert ws_tile.is_valid(second, 3072, 2048)
    # 16 KB more staging; a walk's ring stays 4 stages deep (a power of two dividing 32 K steps).
    assert second.c_tile_bytes == walk.c_tile_bytes + 128 * 64 * 2
    assert second.ring == walk.ring == 4
    assert not ws_tile.is_valid(replace(second, ONE_C_TILE=False), 3072, 2048)
    assert not ws_tile.is_valid(replace(second, BLOCK_S3=0, ONE_Y_BOX=False), 3072, 2048)


@pytest.mark.parametrize("cfg", [c for c in WS_VARIANTS if c.PERSISTENT], ids=repr)
def test_a_walk_storing_under_the_mma_stores_with_the_next_tile_s_first_wgmmas_in_flight(
    cfg, ws_compiled
):
    """A walk's epilogue waits for all of a tile's WGMMAs, then stages and stores its output
    while the tensor cores stand idle; with STORE_UNDER_MMA the output waits in registers and
    is stored once the next tile's first WGMMAs are issued: in the PTX's order, the first TMA
    store has a WGMMA before it with no wait for every group in between; in the machine code
    (sm_90a), the path from the wait for all WGMMAs to the next tile's first holds no staging,
    TMA store or wait on a store."""
    ptx = ws_compiled[cfg]["patched_ptx"] or ws_compiled[cfg]["ptx"]
    assert tma_store_under_wgmma(ptx) == cfg.STORE_UNDER_MMA
    assert ws_compiled[cfg]["patched_spill_stores"] in (0, None)
    assembled = ptx_resources.resources(ptx, "sm_90a")
    assert "error" not in assembled, assembled
    gap = assembled["issue"]["mma_gap"]
    epilogue = (gap["stsm"], gap["tma_stores"], gap["store_waits"])
    assert (epilogue == (0, 0, 0)) == cfg.STORE_UNDER_MMA, gap
    assert min(epilogue) > 0 or cfg.STORE_UNDER_MMA, gap


def test_storing_under_the_mma_is_a_walk_s():
    walk = WsTileConfig(128, 128, 64, 64, SWAP_AB=True, PRELOAD=1, ONE_WGMMA=True,
                        PERSISTENT=True)  # fmt: skip
    assert ws_tile.is_valid(replace(walk, STORE_UNDER_MMA=True), 3072, 2048)
    # One tile a CTA has no next tile to store under.
    assert not ws_tile.is_valid(replace(walk, PERSISTENT=False, STORE_UNDER_MMA=True), 3072, 2048)


def test_preload_in_turn_needs_a_preload_and_triton_s_barriers():
    tile = WsTileConfig(64, 16, 128, SWAP_AB=True, PRELOAD=2, PRELOAD_IN_TURN=True)
    assert ws_tile.is_valid(tile, 3072, 2048)
    assert not ws_tile.is_valid(replace(tile, PRELOAD=0), 3072, 2048)
    # One CTA barrier in the preload would leave a later stage's set-up racing its loads.
    assert not ws_tile.is_valid(replace(tile, ONE_PRELOAD_SYNC=True), 3072, 2048)


def test_one_preload_sync_refuses_ptx_laid_out_otherwise():
    arrive = "\tmbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 8;\n"
    sync = "\tbar.sync \t0, 128;\n"
    load = "\tcp.async.bulk.tensor.2d.shared::cta.global [%r2], [%rd1, {%r3, %r4}], [%r1];\n"
    region = "\tbarrier.sync \t1;\n"
    ok = arrive + sync + load + sync + load + region + sync
    assert preload_syncs.with_one_preload_sync(ok) == arrive + sync + load + load + region + sync
    for bad, why in (
        (sync + load + region, "no expect-tx arrive"),
        (arrive + sync + load, "no warp-specialized region"),
        (arrive + load + sync + load + region, "not behind a CTA barrier"),
    ):
        with pytest.raises(ValueError, match=why):
            preload_syncs.with_one_preload_sync(bad)
    assert not ws_tile.is_valid(WsTileConfig(64, 16, 128, ONE_PRELOAD_SYNC=True), 3072, 2048)


def test_no_setmaxnreg_removes_only_the_moves_ptxas_ignores():
    head = ".entry k()\n.maxnreg 256\n{\n"
    moves = "\tsetmaxnreg.dec.sync.aligned.u32 \t24;\n\tsetmaxnreg.inc.sync.aligned.u32 \t256;\n"
    body = "\tbarrier.sync \t1;\n"
    assert register_moves.without_setmaxnreg(head + moves + body) == head + body
    for bad, why in (
        (head.replace("256", "168") + moves + body, r"\.maxnreg 168: ptxas honours"),
        (head.replace(".maxnreg 256\n", "") + moves + body, "no .maxnreg: ptxas honours"),
        (head + body, "no setmaxnreg"),
    ):
        with pytest.raises(ValueError, match=why):
            register_moves.without_setmaxnreg(bad)
    one_group = WsTileConfig(64, 32, 128, 16, PRELOAD=2, ONE_WGMMA=True, NO_SETMAXNREG=True)
    assert ws_tile.is_valid(one_group, 3072, 2048)
    # Two consumer groups take the producer's registers.
    walk = WsTileConfig(128, 128, 64, 64, SWAP_AB=True, PRELOAD=1, ONE_WGMMA=True,
                        PERSISTENT=True, NO_SETMAXNREG=True)  # fmt: skip
    assert not ws_tile.is_valid(walk, 3072, 2048)


_WAIT = "mbarrier.try_wait.parity"


def _syncs_before_waits(ptx: str) -> int:
    """CTA barriers whose next instruction (past .loc lines, comments and the inline asm's
    opening) is an mbarrier wait."""
    lines = [line.strip() for line in ptx.splitlines()]
    skip = (".loc", "//", "{", ".reg .pred complete;", "waitLoop:")
    count = 0
    for i, line in enumerate(lines):
        if line.startswith("bar.sync"):
            nxt = next((text for text in lines[i + 1 :] if text and not text.startswith(skip)), "")
            count += nxt.startswith(_WAIT)
    return count


@pytest.mark.parametrize("rolled", ROLLED_VARIANTS, ids=repr)
def test_a_rolled_ring_waits_on_its_mbarriers_without_a_cta_barrier(rolled, ws_compiled):
    """ROLLED: Triton puts a CTA barrier before every K step's wait (one allocation of
    barriers, indexed at run time; the unrolled ring gets one a lap, where a stage's barrier
    comes round again); the PTX the solution runs has none there, and nothing else removed."""
    compiled = ws_compiled[rolled]
    assert _syncs_before_waits(compiled["ptx"]) >= 1
    assert _syncs_before_waits(compiled["patched_ptx"]) == 0
    raw = compiled["ptx"]
    if rolled.ONE_PRELOAD_SYNC:
        raw = preload_syncs.with_one_preload_sync(raw)
    removed = len(_CTA_SYNC.findall(raw)) - len(_CTA_SYNC.findall(compiled["patched_ptx"]))
    assert removed == _syncs_before_waits(raw) >= 1
    assert compiled["patched_ptx"].count(_WAIT) == raw.count(_WAIT) == rolled.UNROLL + 1
    assert compiled["patched_spill_stores"] == 0


def test_without_wait_syncs_removes_only_the_barrier_right_before_a_wait():
    sync = "\tbar.sync \t0, 128;\n"
    wait = (
        "\t.loc\t1 674 38\n\t// begin inline asm\n\t\n{\n\t.reg .pred complete;\n\twaitLoop:\n"
        "\tmbarrier.try_wait.parity.shared::cta.b64 complete, [%r1], %r2;\n"
    )
    store = "\tcp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd1, {%r3, %r4}], [%r5];\n"
    assert preload_syncs.without_wait_syncs(sync + wait + sync + store) == wait + sync + store
    assert preload_syncs.without_wait_syncs(wait + sync + store) == wait + sync + store


_WGMMA = re.compile(
    r"wgmma\.mma_async\.sync\.aligned\.m64n(\d+)k16\.f32\.f16\.f16 \{([^}]*)\}, (%rd\d+)"
)


@pytest.mark.parametrize("cfg", [c for c in WS_VARIANTS if c.ONE_WGMMA], ids=repr)
def test_ws_tile_runs_its_dots_as_one_wgmma_over_all_accumulators(cfg, ws_compiled):
    compiled = ws_compiled[cfg]
    apart = _WGMMA.findall(compiled["ptx"])
    one = _WGMMA.findall(compiled["patched_ptx"])
    dots = len(cfg.dot_widths)
    # As compiled: one WGMMA of each dot per k-step, the dots in order among those reading one
    # X tile; what runs: one of the whole width in each set's place, over the first's
    # registers, then the second's (then the third's), reading the same X tile. (Sets are
    # read off the X tiles, not the widths: 128 + 128 has two dots of one width.)
    by_x = {}
    for n, regs, desc_x in apart:
        by_x.setdefault(desc_x, []).append((int(n), regs))
    sets = []
    for desc_x, wgmmas in by_x.items():
        assert len(wgmmas) % dots == 0
        for i in range(0, len(wgmmas), dots):
            assert [n for n, _ in wgmmas[i : i + dots]] == list(cfg.dot_widths)
            sets.append((str(cfg.width), ",".join(r for _, r in wgmmas[i : i + dots]), desc_x))
    assert sets and len(apart) == dots * len(sets)
    assert sorted(one) == sorted(sets)
    for _, regs, _ in one:
        assert len(regs.split(",")) == cfg.width // 2  # fp32: 4 per 8 columns, 128 threads
    # The later dots' groups, emptied, are gone (ptxas would issue a null HGMMA for each), and
    # every wait counts 1 / dots of the groups.
    ptx, patched = compiled["ptx"], compiled["patched_ptx"]
    commit, fence = "wgmma.commit_group.sync.aligned;", "wgmma.fence.sync.aligned;"
    assert patched.count(commit) * dots == ptx.count(commit)
    assert patched.count(fence) * dots == ptx.count(fence)
    waits = re.compile(r"wgmma\.wait_group\.sync\.aligned (\d+);")
    assert [int(n) for n in waits.findall(patched)] == [int(n) // dots for n in waits.findall(ptx)]
    assert compiled["patched_spill_stores"] == 0


def test_one_y_box_widens_only_y_descriptors_boxes_in_a_copy():
    """ONE_Y_BOX's kernel loads both dots' Y rows through Y's descriptor: its launches must
    encode that descriptor with boxes of the whole width (Triton's launcher reads the boxes
    from the kernel's tensordesc_meta)."""
    from collections import namedtuple

    class Compiled:
        metadata = namedtuple("Metadata", "tensordesc_meta name")(
            [{"block_size": b} for b in ([64, 64], [64, 64], [16, 64], [64, 64], [64, 16])], "k"
        )

    cfg = WsTileConfig(64, 64, 64, 16, ONE_WGMMA=True, ONE_Y_BOX=True)
    kernel = Compiled()
    wide = ws_tile._with_wide_y_box(kernel, cfg)
    boxes = [m["block_size"] for m in wide.metadata.tensordesc_meta]
    assert boxes == [[64, 64], [80, 64], [16, 64], [64, 64], [64, 16]]
    assert kernel.metadata.tensordesc_meta[1]["block_size"] == [64, 64]
    with pytest.raises(ValueError, match="not Y's"):
        ws_tile._with_wide_y_box(wide, cfg)
    assert ws_tile.b_descriptors(cfg) == (1,)  # the second dot's B rows come in Y's boxes
    assert ws_tile.b_descriptors(replace(cfg, ONE_Y_BOX=False)) == (1, 2)
    assert not ws_tile.is_valid(replace(cfg, ONE_WGMMA=False), 3072, 2048)
    # 128 deep, ONE_WGMMA loads Y in 64-deep parts (both dots' rows at one stride in each).
    deep = WsTileConfig(64, 32, 128, 16, ONE_WGMMA=True)
    x, y, y2 = ws_tile.replay_slots(deep)[:3]
    assert (x.block, y.block, y2.block) == ((64, 128), (32, 64), (16, 64))


def test_c_in_ring_takes_the_output_tiles_bytes_for_the_ring_of_one_tile_a_cta_only():
    # 64 x 96 at M = 200-256: 10 stages beside a 12 KB output tile, 11 with it in the ring.
    cfg = WsTileConfig(64, 64, 64, 32, ONE_WGMMA=True)
    staged = replace(cfg, C_IN_RING=True)
    assert (cfg.ring, staged.ring) == (10, 11)
    assert staged.c_tile_bytes == 0 and ws_tile.is_valid(staged, 3072, 2048)
    # A walk's ring runs on under its epilogues; three dots staged apart have no room there.
    walk = WsTileConfig(128, 128, 64, 64, SWAP_AB=True, ONE_WGMMA=True, PERSISTENT=True)
    assert ws_tile.is_valid(walk, 3072, 2048)
    assert not ws_tile.is_valid(replace(walk, C_IN_RING=True), 3072, 2048)
    three = WsTileConfig(128, 128, 64, 64, ONE_WGMMA=True, ONE_Y_BOX=True, BLOCK_S3=32)
    assert ws_tile.is_valid(replace(three, C_IN_RING=True, ONE_C_TILE=True), 3072, 2048)
    assert not ws_tile.is_valid(replace(three, C_IN_RING=True), 3072, 2048)
    # A ring too shallow to hold the output tile (2 stages 64 deep against 256 wide).
    assert not ws_tile.is_valid(WsTileConfig(64, 256, 64, STAGES=2, C_IN_RING=True), 3072, 2048)
    assert ws_tile.is_valid(WsTileConfig(64, 256, 64, STAGES=4, C_IN_RING=True), 3072, 2048)


def test_triton_encodes_descriptor_boxes_from_the_kernels_metadata(monkeypatch):
    """What ONE_Y_BOX relies on: the installed Triton's launcher encodes a descriptor's boxes
    from the compiled kernel's tensordesc_meta, not from the descriptor object. Were it the
    object's, the wide box would not be loaded and each stage's barrier would wait for bytes
    that never come."""
    from collections import namedtuple

    import triton
    from triton.backends.nvidia import driver as nvidia_driver
    from triton_gemm.launch import descriptor

    encoded = []

    class Utils:  # the CUDA encoder, which needs a GPU: record what it is asked for
        def fill_tma_descriptor(self, *args):
            encoded.append(args)
            return "tensormap"

        fill_tma_descriptor_tiled = fill_tma_descriptor

    monkeypatch.setattr(triton.runtime.driver, "_active", type("Active", (), {"utils": Utils()}))
    cfg = WsTileConfig(64, 64, 64, 16, ONE_WGMMA=True, ONE_Y_BOX=True)
    meta = {"swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [64, 64]}

    class Compiled:
        metadata = namedtuple("Metadata", "tensordesc_meta")(
            [dict(meta, fp4_padded=False) for _ in range(5)]
        )

    wide = ws_tile._with_wide_y_box(Compiled(), cfg).metadata.tensordesc_meta[1]
    b = torch.empty(3072, 2048, dtype=torch.float16)
    args = nvidia_driver.make_tensordesc_arg(descriptor(b, (64, 64), gluon=True), wide)
    assert args[0] == "tensormap" and len(encoded) == 1
    assert [80, 64] in [list(a) for a in encoded[0] if isinstance(a, (list, tuple))]


def test_fused_dots_refuse_ptx_without_one_wgmma_of_each_dot_a_step():
    line = (
        "\twgmma.mma_async.sync.aligned.m64n{n}k16.f32.f16.f16 {{{regs}}}, {x}, {y}, "
        "%p1, 1, 1, 0, 0;\n"
    )
    first = line.format(n=64, regs="%r1,%r2", x="%rd1", y="%rd2")
    second = line.format(n=16, regs="%r3", x="%rd1", y="%rd3")

    def fuse(ptx, a=64, b=16):
        return wgmma_fuse.with_fused_dots(ptx, a, b, drop_empty_groups=False)

    fused = fuse(first + "\tfence;\n" + second)
    assert fused == line.format(n=80, regs="%r1,%r2,%r3", x="%rd1", y="%rd2") + "\tfence;\n"
    with pytest.raises(ValueError, match="not one of each width a step"):
        fuse(first)
    with pytest.raises(ValueError, match="not one of each width a step"):
        fuse(first + second + second)
    with pytest.raises(ValueError, match="reads its X tile"):
        fuse(first + second.replace("%rd1", "%rd9"))
    with pytest.raises(ValueError, match="reads its X tile"):  # the second dot's before the first
        fuse(second + first)
    with pytest.raises(ValueError, match="differ in their flags"):
        fuse(first + second.replace("%p1", "%p2"))
    with pytest.raises(ValueError, match="no m64n264k16"):
        fuse(first + second, 256, 8)
    with pytest.raises(ValueError, match="no m64n80k16"):  # not widest first
        fuse(first + second, 16, 64)
    # Two dots of one width: told apart by their order among those reading one X tile.
    other = line.format(n=64, regs="%r5,%r6", x="%rd1", y="%rd5")
    next_x = line.format(n=64, regs="%r7,%r8", x="%rd7", y="%rd2")
    fused = fuse(first + next_x + other + next_x.replace("%r7,%r8", "%r9,%r10"), 64, 64)
    assert fused == (
        line.format(n=128, regs="%r1,%r2,%r5,%r6", x="%rd1", y="%rd2")
        + line.format(n=128, regs="%r7,%r8,%r9,%r10", x="%rd7", y="%rd2")
    )
    with pytest.raises(ValueError, match="not one of each width a step"):
        fuse(first + other + first, 64, 64)
    with pytest.raises(ValueError, match="without the other dots'"):
        fuse(first + other + next_x + next_x.replace("%rd7", "%rd8"), 64, 64)
    # Three dots: each later one joins the first dot's WGMMA, in the order of the widths.
    third = line.format(n=8, regs="%r4", x="%rd1", y="%rd4")
    fused = wgmma_fuse.with_fused_dots(first + second + third, 64, 16, 8, drop_empty_groups=False)
    assert fused == line.format(n=88, regs="%r1,%r2,%r3,%r4", x="%rd1", y="%rd2")
    with pytest.raises(ValueError, match="reads its X tile"):  # a third dot's X of its own
        fuse3 = wgmma_fuse.with_fused_dots
        fuse3(first + second + third.replace("%rd1", "%rd9"), 64, 16, 8, drop_empty_groups=False)


def test_fused_dots_drop_the_emptied_groups_and_halve_the_waits():
    fence, commit = "\twgmma.fence.sync.aligned;\n", "\twgmma.commit_group.sync.aligned;\n"
    mma = "\twgmma.mma_async.sync.aligned.m64n{n}k16.f32.f16.f16 {{%r{r}}}, %rd1, %rd{y}, %p1;\n"
    stage = (
        fence + mma.format(n=64, r=1, y=2) + commit
        + fence + "\tadd.s64 %rd3, %rd4, 2;\n" + mma.format(n=16, r=2, y=3) + commit
        + "\twgmma.wait_group.sync.aligned N;\n"
    )  # fmt: skip
    ptx = stage.replace("N;", "2;") + stage.replace("N;", "0;")
    fused = wgmma_fuse.with_fused_dots(ptx, 64, 16)
    merged = fence + mma.format(n=80, r="1,%r2", y=2) + commit + "\tadd.s64 %rd3, %rd4, 2;\n"
    assert fused == (
        merged + "\twgmma.wait_group.sync.aligned 1;\n"
        + merged + "\twgmma.wait_group.sync.aligned 0;\n"
    )  # fmt: skip
    with pytest.raises(ValueError, match="whole sets of 2"):
        wgmma_fuse.with_fused_dots(stage.replace("N;", "1;"), 64, 16)
    with pytest.raises(ValueError, match="not 1 in 2"):  # a group that stays full
        wgmma_fuse.with_fused_dots(stage.replace("N;", "2;").replace(commit, "", 1), 64, 16)


def test_evict_first_refuses_a_descriptor_the_ptx_lacks_or_never_loads_through():
    ptx = (
        ".param .align 64 .b8 k_param_0[128],\n.param .align 64 .b8 k_param_5[128],\n"
        ".param .align 64 .b8 k_param_6[128],\n"  # never read: no address taken
        "\tmov.b64 \t%rd4, k_param_0;\n\tcvta.param.u64 \t%rd3, %rd4;\n"
        "\tmov.b64 \t%rd6, k_param_5;\n\tcvta.param.u64 \t%rd2, %rd6;\n"
        "\t@%p1 cp.async.bulk.tensor.2d.shared::cta.global.mbarrier::complete_tx::bytes "
        "[%r1], [%rd3, {%r2, %r3}], [%r4];\n"
    )
    assert l2_hints.descriptor_registers(ptx) == ["%rd3", "%rd2", None]
    assert ".L2::cache_hint [%r1], [%rd3, {%r2, %r3}], [%r4], %rd_evict_first;" in (
        l2_hints.with_evict_first(ptx, (0,))
    )
    with pytest.raises(ValueError, match="no TMA load through"):
        l2_hints.with_evict_first(ptx, (1,))
    with pytest.raises(ValueError, match=r"descriptor\(s\) \[2\] unread"):
        l2_hints.with_evict_first(ptx, (2,))
    with pytest.raises(ValueError, match="the PTX has 3"):
        l2_hints.with_evict_first(ptx, (3,))


def test_l2_prefetch_follows_each_load_of_b_inside_k_under_the_loads_predicate():
    """After every load of B, hinted or not, predicated or not: a prefetch of the same rows
    `ahead` columns on, issued only where the load is and the columns lie inside K."""
    params = (
        ".param .align 64 .b8 k_param_0[128],\n.param .align 64 .b8 k_param_5[128],\n"
        "\tmov.b64 \t%rd4, k_param_0;\n\tcvta.param.u64 \t%rd3, %rd4;\n"
        "\tmov.b64 \t%rd6, k_param_5;\n\tcvta.param.u64 \t%rd2, %rd6;\n"
    )
    load = "cp.async.bulk.tensor.2d.shared::cta.global.mbarrier::complete_tx::bytes"
    ptx = params + (
        f"\t@%p1 {load} [%r1], [%rd3, {{%r2, %r3}}], [%r4];\n"
        f"\t@!%p2 {load} [%r5], [%rd3, {{0, %r3}}], [%r4];\n"
        f"\t{load} [%r6], [%rd2, {{%r2, %r7}}], [%r4];\n"  # A's: left alone
    )
    hinted = l2_hints.with_evict_first(ptx, (0,))
    out = l2_hints.with_l2_prefetch(hinted, (0,), 256, 2048)
    prefetches = re.findall(
        r"add\.s32 %r_l2_ahead, (\S+), 256;\n\s*setp\.lt\.and\.s32 %p_l2_ahead, %r_l2_ahead, "
        r"2048, (!?%p\d+);\n\s*@%p_l2_ahead cp\.async\.bulk\.prefetch\.tensor\.2d\.L2\.global"
        r"\.tile \[(%rd\d+), \{%r_l2_ahead, (%r\d+)\}\];",
        out,
    )
    assert prefetches == [("%r2", "%p1", "%rd3", "%r3"), ("0", "!%p2", "%rd3", "%r3")]
    assert _PREFETCH_SCOPE.sub("", out) == hinted
    unpredicated = l2_hints.with_l2_prefetch(ptx, (1,), 128, 4096)
    assert "setp.lt.s32 %p_l2_ahead, %r_l2_ahead, 4096;" in unpredicated  # the K given
    assert "[%rd2, {%r_l2_ahead, %r7}]" in unpredicated
    with pytest.raises(ValueError, match="no TMA load through"):
        l2_hints.with_l2_prefetch(params, (0,), 128, 2048)


# A GEMV-like kernel's PTX: B (param 1) and A (param 0) copied through cp.async, B's address
# carried around a loop by a mov, C (param 2) stored.
_COPIES_PTX = """
\tld.param.b64 \t%rd1, [k_param_2];
\tld.param.b64 \t%rd26, [k_param_0];
\tld.param.b64 \t%rd27, [k_param_1];
\tmul.wide.s32 \t%rd28, %r38, 4096;
\tadd.s64 \t%rd29, %rd27, %rd28;
\tcp.async.cg.shared.global [ %r6 + 0 ], [ %rd29 + 0 ], 0x10, %r7;
\tmad.wide.u32 \t%rd4, %r37, 2, %rd26;
\tcp.async.ca.shared.global [ %r9 + 0 ], [ %rd4 + 0 ], 0x4, %r10;
$L__BB0_1:
\tadd.s64 \t%rd5, %rd30, 512;
\t@%p3 cp.async.cg.shared.global [ %r11 + 0 ], [ %rd5 + 0 ], 0x10, %r7;
\tmov.b64 \t%rd30, %rd29;
\tcp.async.cg.shared.global [ %r12 + 0 ], [ %rd4 + 16 ], 0x10;
\tcp.async.ca.shared.global [ %r14 + 0 ], [ %rd29 + 8 ], 0x8, %r7;
"""


def test_evict_first_copies_hint_b_s_copies_only_through_the_loop():
    """Every copy whose address derives from B's parameter, predicated or not, of any size,
    also one whose register is defined after its use in the text (the loop's carried copy),
    gets the policy; A's copies (4- and 16-byte) are left as they were."""
    out = l2_hints.with_evict_first_copies(_COPIES_PTX, 1)
    hinted = re.findall(
        r"^\s*(@%p\d+ )?cp\.async\.(c[ag])\.shared\.global\.L2::cache_hint (.*);$", out, re.M
    )
    assert hinted == [
        ("", "cg", "[ %r6 + 0 ], [%rd29 + 0], 0x10, %r7, %rd_evict_first"),
        ("@%p3 ", "cg", "[ %r11 + 0 ], [%rd5 + 0], 0x10, %r7, %rd_evict_first"),
        ("", "ca", "[ %r14 + 0 ], [%rd29 + 8], 0x8, %r7, %rd_evict_first"),
    ]
    assert out.count("createpolicy.fractional.L2::evict_first.b64 %rd_evict_first, 1.0;") == 3
    assert "cp.async.ca.shared.global [ %r9 + 0 ], [ %rd4 + 0 ], 0x4, %r10;" in out
    assert "cp.async.cg.shared.global [ %r12 + 0 ], [ %rd4 + 16 ], 0x10;" in out
    with pytest.raises(ValueError, match="no cp.async from pointer parameter 2"):
        l2_hints.with_evict_first_copies(_COPIES_PTX, 2)
    with pytest.raises(ValueError, match="loads no pointer parameter 5"):
        l2_hints.with_evict_first_copies(_COPIES_PTX, 5)
    mixed = _COPIES_PTX + "\tadd.s64 \t%rd40, %rd29, %rd4;\n"
    mixed += "\tcp.async.cg.shared.global [ %r13 + 0 ], [ %rd40 + 0 ], 0x10;\n"
    with pytest.raises(ValueError, match="derives from more than parameter 1"):
        l2_hints.with_evict_first_copies(mixed, 1)


def test_a_hinted_gemv_of_8_warps_over_128_deep_tiles_is_refused():
    """The shape whose hinted copies ptxas miscompiled (every one faulted on the H200)."""
    faulted = GemvConfig(1, 8, 128, num_warps=8, num_stages=4, B_EVICT_FIRST=True)
    assert not gemv.is_valid(faulted, 1, 3072, 2048)
    assert gemv.is_valid(replace(faulted, B_EVICT_FIRST=False), 1, 3072, 2048)
    assert gemv.is_valid(replace(faulted, num_warps=4), 1, 3072, 2048)
    assert gemv.is_valid(replace(faulted, BLOCK_K=256), 1, 3072, 2048)


def test_the_gemv_rows_copies_of_b_and_only_they_carry_the_hint_where_asked():
    """The Hopper table's GEMV row compiled for sm_90a and finished as its launch finishes it
    (no GPU): hinted, each of B's 16-byte copies carries the evict-first policy and the PTX is
    reassembled; unhinted, it runs as Triton compiled it. A's copies never carry one."""
    out = run_repo_module("tools.compile_triton_paths", "gemv")
    assert out.returncode == 0, out.stderr[-3000:]
    lines = {json.loads(line)["config"]: json.loads(line) for line in out.stdout.splitlines()}
    rows = {cfg for _, cfg in TABLE if isinstance(cfg, GemvConfig)}
    assert rows and len(lines) == 2 * len(rows)
    for cfg in rows:
        for hinted in (False, True):
            line = lines[repr(replace(cfg, B_EVICT_FIRST=hinted))]
            assert line["b_copies"] > 0 and line["a_copies"] > 0, line
            assert line["b_hinted"] == (line["b_copies"] if hinted else 0), line
            assert line["a_hinted"] == 0 and line["assembled"] == hinted, line
            # Every descriptor its copies read is set (the miscompile below is not there).
            assert line["unwritten_descriptors"] == [] and line["warnings"] == [], line


def test_the_machine_code_check_runs_the_miscompiled_gemv_unhinted():
    """The refused shape (test above), compiled and finished for sm_90a as its launch would
    finish it, with the pinned Triton's ptxas: its hinted copies read their policy from a
    uniform register nothing writes (the fault seen on the H200), so ptx_rewrite refuses the
    cubin and gemv._finish runs the kernel unhinted, with a warning naming the register; the
    machine code that would run sets every descriptor it reads. Unhinted, the shape finishes
    without a warning. Should the first assertion fail, this ptxas no longer miscompiles the
    shape: is_valid's fence may go once a GPU run confirms it."""
    faulted = GemvConfig(1, 8, 128, num_warps=8, num_stages=4, B_EVICT_FIRST=True)
    plain = replace(faulted, B_EVICT_FIRST=False)
    out = run_repo_module("tools.compile_triton_paths", "gemv", repr(faulted), repr(plain))
    assert out.returncode == 0, out.stderr[-3000:]
    lines = {json.loads(line)["config"]: json.loads(line) for line in out.stdout.splitlines()}
    bad = lines[repr(faulted)]
    assert len(bad["warnings"]) == 1, bad
    assert re.search(
        r"running the kernel as compiled.*descriptor\(s\) UR\d+ no instruction sets",
        bad["warnings"][0],
    ), bad
    assert not bad["assembled"], bad  # the kernel Triton compiled, unhinted
    assert bad["unwritten_descriptors"] == [], bad
    good = lines[repr(plain)]
    assert good["warnings"] == [] and good["unwritten_descriptors"] == [], good


def test_unwritten_descriptor_registers_reads_writes_and_64_bit_pairs():
    from triton_gemm.sass_check import unwritten_descriptor_registers

    sass = """
        /*0030*/                   ULDC.64 UR4, c[0x0][0x208] ;
        /*0040*/                   UMOV UR8, 0x400 ;
        /*0050*/              @!P1 LDGSTS.E.64 [R10], desc[UR4][R22.64] ;
        /*0060*/                   LDG.E R3, desc[UR5][R2.64] ;
        /*0070*/                   LDGSTS.E.64 [R2+UR8], desc[UR8][R6.64] ;
    """
    assert unwritten_descriptor_registers(sass) == []
    broken = sass + "        /*0080*/                   LDGSTS.E.64 [R2+UR0], desc[UR1][R22.64] ;\n"
    assert unwritten_descriptor_registers(broken) == ["UR1"]
    # A 32-bit write sets only its own register.
    assert unwritten_descriptor_registers(sass.replace("ULDC.64", "ULDC")) == ["UR5"]


def test_ws_tile_falls_back_to_the_compiled_kernel_with_a_warning_or_when_asked():
    class Compiled:  # what _finish reads of a compiled kernel: its PTX
        asm = {"ptx": "no descriptors here"}

    kernel = Compiled()
    cfg = WsTileConfig(64, 16, 128, SWAP_AB=True)
    with pytest.warns(UserWarning, match="without the L2 hint"):
        assert ws_tile._finish(kernel, cfg, {"K": 2048}) is kernel
    assert ws_tile._finish(kernel, replace(cfg, B_EVICT_FIRST=False), {"K": 2048}) is kernel
    fused = WsTileConfig(64, 64, 64, 16, B_EVICT_FIRST=False, ONE_WGMMA=True)
    with pytest.warns(UserWarning, match="without one WGMMA for all dots"):
        assert ws_tile._finish(kernel, fused, {"K": 2048}) is kernel


def test_ws_tile_runs_the_compiled_kernel_when_ptxas_miscompiles_the_changed_ptx(monkeypatch):
    from triton_gemm import ptx_rewrite
    from triton_gemm.ptx_rewrite import MiscompiledError

    class Compiled:
        asm = {"ptx": "the compiled PTX"}

    def miscompiled(kernel, ptx):
        raise MiscompiledError("reads memory descriptor(s) UR1 no instruction sets")

    monkeypatch.setattr(ws_tile, "with_evict_first", lambda ptx, positions: ptx + " hinted")
    monkeypatch.setattr(ptx_rewrite, "reassembled", miscompiled)
    kernel = Compiled()
    with pytest.warns(UserWarning, match="running the kernel as compiled: .*UR1"):
        assert (
            ws_tile._finish(kernel, WsTileConfig(64, 16, 128, SWAP_AB=True), {"K": 2048}) is kernel
        )


def test_reassembled_keeps_only_machine_code_that_sets_its_descriptors(monkeypatch, tmp_path):
    """ptx_rewrite.reassembled with Triton's backend and cache faked: a cubin whose machine code
    reads an unset descriptor register is refused and never cached (the next process checks
    it again); a clean one is cached and run, and a cached one is not assembled again."""
    from types import SimpleNamespace

    from triton_gemm import ptx_rewrite

    assembled, cache = [], {}

    class Backend:
        def make_cubin(self, ptx, metadata, options, arch):
            assembled.append(ptx)
            return f"cubin of {ptx}".encode()

    class Cache:
        def __init__(self, key):
            self.key = key

        def get_file(self, name):
            return cache.get((self.key, name))

        def put(self, data, name, binary):
            path = tmp_path / f"{len(cache)}.cubin"
            path.write_bytes(data)
            cache[(self.key, name)] = str(path)

    monkeypatch.setattr(ptx_rewrite, "make_backend", lambda target: Backend())
    monkeypatch.setattr(ptx_rewrite, "get_cache_manager", Cache)
    monkeypatch.setattr(
        ptx_rewrite, "unset_descriptors", lambda cubin, ptxas: ["UR1"] if b"bad" in cubin else []
    )
    Meta = namedtuple("Meta", "target enable_fp_fusion ptx_options")
    kernel = SimpleNamespace(
        name="k", metadata=Meta(SimpleNamespace(arch=90), True, None), kernel=b"compiled"
    )
    for _ in range(2):
        with pytest.raises(ptx_rewrite.MiscompiledError, match="UR1 no instruction sets"):
            ptx_rewrite.reassembled(kernel, "bad ptx")
    assert assembled == ["bad ptx", "bad ptx"] and not cache
    for _ in range(2):
        patched = ptx_rewrite.reassembled(kernel, "good ptx")
        assert patched.kernel == b"cubin of good ptx" and patched.patched_ptx == "good ptx"
    assert assembled == ["bad ptx", "bad ptx", "good ptx"] and len(cache) == 1
    assert kernel.kernel == b"compiled"  # the compiled kernel itself is left as it was


def test_the_machine_code_check_stands_aside_with_a_warning_when_nvdisasm_fails(
    monkeypatch, tmp_path
):
    """A failing or unrunnable nvdisasm leaves the cubin unchecked (None, with a warning): the
    check never keeps a rewritten kernel from running. No nvdisasm at all: None, silently."""
    from triton_gemm import sass_check

    for tool, complaint in broken_nvdisasms(tmp_path):
        monkeypatch.setattr(sass_check, "nvdisasm", lambda ptxas, tool=tool: str(tool))
        with pytest.warns(UserWarning, match=f"not checked.*{complaint}"):
            assert sass_check.unset_descriptors(b"cubin", None) is None
    monkeypatch.setattr(sass_check, "nvdisasm", lambda ptxas: None)
    assert sass_check.unset_descriptors(b"cubin", None) is None


def test_the_gemv_falls_back_only_on_a_miscompile_or_a_ptx_with_nothing_to_hint(monkeypatch):
    """As ws_tile._finish: a rewrite that finds no copy of B, or machine code the check refuses,
    runs the compiled kernel with a warning; any other failure of the assembly propagates."""
    from triton_gemm import ptx_rewrite

    class Compiled:
        asm = {"ptx": "the compiled PTX"}

    def nothing_to_hint(ptx, param):
        raise ValueError("the PTX loads no pointer parameter 1")

    def miscompiled(kernel, ptx):
        raise ptx_rewrite.MiscompiledError("reads memory descriptor(s) UR1 no instruction sets")

    def refused(kernel, ptx):
        raise ValueError("ptxas refused it")

    kernel = Compiled()
    cfg = GemvConfig(1, 8, 256, num_warps=4, num_stages=8, B_EVICT_FIRST=True)
    monkeypatch.setattr(gemv, "with_evict_first_copies", nothing_to_hint)
    with pytest.warns(UserWarning, match="without the L2 hint on B's copies: .*no pointer"):
        assert gemv._finish(kernel, cfg, {}) is kernel
    monkeypatch.setattr(gemv, "with_evict_first_copies", lambda ptx, param: ptx + " hinted")
    monkeypatch.setattr(ptx_rewrite, "reassembled", miscompiled)
    with pytest.warns(UserWarning, match="running the kernel as compiled: .*UR1"):
        assert gemv._finish(kernel, cfg, {}) is kernel
    monkeypatch.setattr(ptx_rewrite, "reassembled", refused)
    with pytest.raises(ValueError, match="ptxas refused it"):
        gemv._finish(kernel, cfg, {})


def test_the_disassembler_passes_its_flags_before_the_cubin(monkeypatch, tmp_path):
    from triton_gemm import sass_check

    echo = tmp_path / "nvdisasm"
    echo.write_text('#!/bin/sh\necho "$@"\n')
    echo.chmod(0o755)
    monkeypatch.setattr(sass_check, "nvdisasm", lambda ptxas: str(echo))
    args = sass_check.disassembled(b"cubin", None, "-hex", "-c").split()
    assert args[:2] == ["-hex", "-c"] and args[2].endswith("kernel.cubin") and len(args) == 3


@pytest.mark.parametrize("cfg", WS_VARIANTS, ids=repr)
@pytest.mark.parametrize("m", [1, 40])
def test_ws_tile_dispatch_under_the_interpreter_matches_float64(cfg, m):
    # On the CPU a Gluon config runs its tma_tile twin (ws_tile.interpreter_twin): this checks
    # that the dispatch gives right answers under the interpreter, not the Gluon kernel
    # (compiled above, run on the GPU).
    if DEVICE == "cuda":
        pytest.skip("natively the Gluon kernel itself runs: tests/test_triton_gpu.py")
    n, k = 2 * cfg.block_n + 8, 2 * cfg.BLOCK_K
    a, b, c = _operands(m, n, k, device="cpu")
    solution.launch_config(a, b, c, cfg)
    _assert_matches_float64(a, b, c)


GEMV_VARIANTS = sorted(
    {cfg for _, cfg in TABLE if isinstance(cfg, GemvConfig)}
    | {
        GemvConfig(1, 16, 64),
        GemvConfig(1, 8, 256, num_stages=8),  # pipelined (tl.range): the tensors are the same
        GemvConfig(4, 8, 128, num_warps=8),
        GemvConfig(8, 16, 32, num_stages=4),
    },
    key=repr,
)


@pytest.mark.parametrize("cfg", GEMV_VARIANTS, ids=repr)
def test_gemv_variant_matches_float64(cfg):
    n, k = 4 * cfg.ROWS, 2 * cfg.BLOCK_K
    for m in sorted({1, max(1, cfg.BLOCK_M - 1), cfg.BLOCK_M}):
        assert gemv.is_valid(cfg, m, n, k)
        a = torch.randn(m, k, dtype=torch.float16, device=DEVICE) / k**0.5
        b = torch.randn(n, k, dtype=torch.float16, device=DEVICE)
        # Two guard rows past C's end: a token row at or past M must not be stored.
        c_and_guard = torch.full((m + 2, n), float("nan"), dtype=torch.float16, device=DEVICE)
        c = c_and_guard[:m]
        solution.launch_config(a, b, c, cfg)
        assert torch.isfinite(c).all(), "unwritten elements"
        assert torch.isnan(c_and_guard[m:]).all(), "a row past M was written"
        torch.testing.assert_close(c.double(), a.double() @ b.double().T, atol=2e-3, rtol=2e-3)


def _valid(cfg, m):
    if isinstance(cfg, GemvConfig):
        return gemv.is_valid(cfg, m, 3072, 2048)
    if isinstance(cfg, TmaConfig):
        return tma.is_valid(cfg, 3072, 2048)
    if isinstance(cfg, TileTmaConfig):
        return tma_tile.is_valid(cfg, 3072, 2048)
    if isinstance(cfg, PairConfig):
        return pair.is_valid(cfg, 3072, 2048)
    if isinstance(cfg, WsTileConfig):
        return ws_tile.is_valid(cfg, 3072, 2048)
    return is_valid(cfg, 3072, 2048)


def test_every_m_has_a_valid_config():
    for m in [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 100, 255, 256, 257, 972, 1000, 4097, 8192, 10**6]:
        assert _valid(solution.select_config(m), m), m


def test_ws_tile_refuses_preloads_beyond_its_ring_and_rings_beyond_k():
    # PRELOAD issues ring stages before the producer starts: more than the ring would reuse a
    # stage nobody released; a ring deeper than the K steps would leave the producer no full lap.
    assert ws_tile.is_valid(
        WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8, PRELOAD=8), 3072, 2048
    )
    assert not ws_tile.is_valid(
        WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8, PRELOAD=9), 3072, 2048
    )
    assert not ws_tile.is_valid(WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8), 3072, 7 * 128)


def test_ws_tile_walks_only_with_a_ring_that_divides_the_k_steps():
    # A persistent walk starts each tile at ring stage 0 (the stages are unrolled): its ring is
    # the largest power of two that fits (3 stages of 128 x 256 fit, 2 are used), and a ring
    # set by hand must divide the K steps.
    wide = WsTileConfig(128, 256, 64)
    assert wide.ring == 3 and replace(wide, PERSISTENT=True).ring == 2
    walk = WsTileConfig(128, 128, 64, 64, SWAP_AB=True, PERSISTENT=True)
    assert walk.ring == 4 and ws_tile.is_valid(walk, 3072, 2048)
    assert not ws_tile.is_valid(replace(walk, STAGES=3), 3072, 2048)
    assert ws_tile.is_valid(replace(walk, STAGES=3, PERSISTENT=False), 3072, 2048)
    assert not ws_tile.is_valid(replace(walk, GROUP_M=-1), 3072, 2048)


def test_table_is_sorted_and_covers_every_m():
    limits = [limit for limit, _ in TABLE]
    assert limits == sorted(limits) and limits[-1] >= 1 << 40


def _t(*shape, dtype=torch.float16):
    return torch.zeros(shape, dtype=dtype)  # contents irrelevant: every call below must raise


@pytest.mark.parametrize(
    "args, match",
    [
        ((_t(4, 2048, dtype=torch.float32), _t(3072, 2048), _t(4, 3072)), "A must be float16"),
        ((_t(4, 2048), _t(3072, 2048, dtype=torch.bfloat16), _t(4, 3072)), "B must be float16"),
        ((_t(4, 1024), _t(3072, 2048), _t(4, 3072)), r"A must be \[M, 2048\]"),
        ((_t(4, 2048), _t(3000, 2048), _t(4, 3072)), r"B must be \[3072, 2048\]"),
        ((_t(4, 2048), _t(3072, 2048), _t(5, 3072)), r"C must be \[4, 3072\]"),
        ((_t(2048), _t(3072, 2048), _t(4, 3072)), "A must be 2-D"),
        ((_t(4, 2048), _t(3072, 2048), _t(4, 3072)), "A must be on a CUDA device"),
        (([[1.0]], _t(3072, 2048), _t(4, 3072)), "A must be a torch.Tensor"),
    ],
)
def test_bad_input_is_refused_with_the_argument_named(args, match):
    with pytest.raises((TypeError, ValueError), match=match):
        solution.run(*args)


def test_compiled_kernels_are_kept_per_size_but_not_per_m():
    # launch.py caches a compiled kernel per config and per non-tensor argument but M: a call
    # with another N or K must not reuse a kernel built for N = 3072 (the TMA kernel takes
    # them as constexprs; on the device that reuse read out of bounds).
    from triton_gemm.launch import _spec

    cfg = PairConfig(64, 64, 16, 64)

    def spec(m, n, k):
        a, b, c = torch.empty(m, k), torch.empty(n, k), torch.empty(m, n)
        return _spec(pair._pair_kernel, pair._grid_and_args(a, b, c, cfg)[1])

    assert spec(5, 160, 128) == spec(300, 160, 128)
    assert spec(5, 160, 128) != spec(5, 240, 128)
    assert spec(5, 160, 128) != spec(5, 160, 256)
    assert not any(isinstance(v, torch.Tensor) for v in spec(5, 160, 128))


def replay_without_gpu(monkeypatch) -> None:
    """Let launch.replayer build replays on the CPU: not the interpreter, no launch hook, a
    stand-in current stream (7); the tests put a stand-in C launcher in launch._compiled."""
    from types import SimpleNamespace

    from triton_gemm import launch

    monkeypatch.setattr(launch, "INTERPRET", False)
    monkeypatch.setattr(launch, "DIRECT_LAUNCH", True)
    monkeypatch.setattr(launch, "_hooks_installed", lambda: False)
    monkeypatch.setattr(
        launch,
        "driver",
        SimpleNamespace(active=SimpleNamespace(get_current_stream=lambda device: 7)),
        raising=False,
    )


def test_replayed_tma_launches_keep_descriptors_by_address_and_hold_no_tensor(monkeypatch):
    # launch.replayer's logic for TMA configs without a GPU: a stand-in C launcher records the
    # arguments of each replay. A descriptor is reused for the same operand address, built anew
    # for a new one, the kept ones are dropped past DESCRIPTORS_KEPT, and what is kept holds an
    # address, never the tensor (no memory kept alive).
    from triton_gemm import launch
    from triton_gemm.tma_tile import _grid_and_args, _tile_tma_kernel, replay_slots

    cfg = TileTmaConfig(16, 32, 32, BLOCK_N2=16)
    launched = []
    fake_run = lambda *args: launched.append(args)  # noqa: E731
    replay_without_gpu(monkeypatch)

    def operands(m=20, n=96, k=64):
        return torch.randn(m, k).half(), torch.randn(n, k).half(), torch.empty(m, n).half()

    A, B, C = operands()
    grid, args = _grid_and_args(A, B, C, cfg)
    key = (_tile_tma_kernel, cfg, 0, launch._spec(_tile_tma_kernel, args))
    monkeypatch.setitem(launch._compiled, key, (None, (fake_run, "fn", "md")))
    replay = launch.replayer(_tile_tma_kernel, cfg, 0, grid, args, replay_slots(cfg))

    def lead(call):  # the four leading kernel arguments of a recorded launch
        return call[9:13]

    assert replay(A, B, C)
    a_desc, b_desc, b2_desc, c_ptr = lead(launched[-1])
    assert c_ptr == C.data_ptr() and a_desc.base.data_ptr() == A.data_ptr()
    assert b2_desc.block_shape == [16, 32] and b2_desc.base.data_ptr() == B.data_ptr()
    assert not any(isinstance(d.base, torch.Tensor) for d in (a_desc, b_desc, b2_desc))
    assert replay(A, B, C) and lead(launched[-1])[0] is a_desc  # same address: kept
    A2 = torch.randn_like(A)
    assert replay(A2, B, C)
    new_a, same_b = lead(launched[-1])[:2]
    assert new_a is not a_desc and new_a.base.data_ptr() == A2.data_ptr() and same_b is b_desc
    many = [torch.randn_like(A) for _ in range(launch.DESCRIPTORS_KEPT + 1)]
    for a in many:
        assert replay(a, B, C)
        assert lead(launched[-1])[0].base.data_ptr() == a.data_ptr()
    assert replay(A, B, C) and lead(launched[-1])[0] is not a_desc  # dropped, built again
    assert launched[-1][:9] == (*grid, 7, "fn", "md", None, None, None)
    assert launched[-1][13:] == args[4:]


def _tritons_launcher(monkeypatch, cfg):
    """The installed Triton's own launcher object (CudaLauncher, built without compiling its C
    module) around a stand-in C launcher, and a stand-in CUtensorMap encoder, for tma_tile's
    kernel at `cfg` on CPU operands: (operands, grid, args, run, kernel, key, c_calls,
    encodings), the compiled kernel's entry in launch._compiled."""
    from types import SimpleNamespace

    import triton
    import triton.runtime
    from triton.backends.nvidia import driver as nvidia
    from triton.tools.tensor_descriptor import TensorDescriptor
    from triton_gemm import launch
    from triton_gemm.tma_tile import _grid_and_args, _tile_tma_kernel

    replay_without_gpu(monkeypatch)
    encodings = []

    def encode(base, swizzle, elem_size, elem_type, block, shape, strides, padding):
        encodings.append(base)
        return ("tensor map", base, tuple(block), tuple(shape), tuple(strides))

    fake_utils = SimpleNamespace(fill_tma_descriptor=encode, fill_tma_descriptor_tiled=encode)
    monkeypatch.setattr(
        triton.runtime, "driver", SimpleNamespace(active=SimpleNamespace(utils=fake_utils))
    )
    A, B, C = torch.randn(20, 64).half(), torch.randn(96, 64).half(), torch.empty(20, 96).half()
    grid, args = _grid_and_args(A, B, C, cfg)
    signature = {
        i: "tensordesc<fp16[16,32]>" if isinstance(a, TensorDescriptor) else "i32"
        for i, a in enumerate(args)
    }
    blocks = [a.block_shape for a in args if isinstance(a, TensorDescriptor)]
    meta = [
        {"swizzle": 3, "elem_size": 2, "elem_type": 1, "block_size": b, "fp4_padded": False}
        for b in blocks
    ]
    c_calls = []
    run = object.__new__(nvidia.CudaLauncher)
    run.launch = nvidia.wrap_handle_tensordesc(lambda *a: c_calls.append(a), signature, meta)
    run.num_ctas, run.launch_cooperative_grid, run.launch_pdl = 1, False, False
    run.global_scratch_size = run.profile_scratch_size = 0
    run.global_scratch_align = run.profile_scratch_align = 1
    if hasattr(nvidia, "PyKernelArg"):  # Triton 3.7+: annotations passed to the C launcher
        run.arg_annotations, run.kernel_signature = "annotations", "signature"
    kernel = SimpleNamespace(metadata=SimpleNamespace(tensordesc_meta=meta))
    key = (_tile_tma_kernel, cfg, 0, launch._spec(_tile_tma_kernel, args))
    monkeypatch.setitem(launch._compiled, launch._compile_key(key), (kernel, (run, "fn", "md")))
    return (A, B, C), grid, args, run, kernel, key, c_calls, encodings


def test_encoded_replays_give_the_c_launcher_what_tritons_own_wrapper_gives_it(monkeypatch):
    # A replay must hand the C launcher exactly the arguments Triton's descriptor wrapper hands
    # it for the same operands, encoding each operand address once instead of on every call.
    from triton_gemm import launch
    from triton_gemm.tma_tile import _grid_and_args, _tile_tma_kernel, replay_slots

    cfg = TileTmaConfig(16, 32, 32, BLOCK_N2=16)
    (A, B, C), grid, args, run, _, _, c_calls, encodings = _tritons_launcher(monkeypatch, cfg)
    replay = launch.replayer(_tile_tma_kernel, cfg, 0, grid, args, replay_slots(cfg))
    assert replay.encoded

    for operands in [(A, B, C), (A, B, C), (torch.randn_like(A), B, torch.empty_like(C))]:
        run(*grid, 7, "fn", "md", None, None, None, *_grid_and_args(*operands, cfg)[1])
        wrapper_encodings = len(encodings)
        assert replay(*operands)
        # The same values, up to a tensor where the replay passes its address.
        assert _as_addresses(c_calls[-1]) == _as_addresses(c_calls[-2])
    # The wrapper encoded 3 descriptors per call (9); the replays, 3 for the first operands
    # and 1 for the new A: 13 in all.
    assert len(encodings) == 13 and wrapper_encodings == 12


def test_a_config_with_its_own_l2_promotion_launches_through_its_promoted_encoders(monkeypatch):
    # launch(), a config naming another L2 promotion than Triton's: its descriptors go through
    # encoders made with that promotion (l2_promotion.promoted, recorded here), in argument
    # order, and the C launcher gets what Triton's own wrapper gives it; with Triton's
    # promotion the call takes Triton's wrapper and no encoder of ours. Both run one compiled
    # kernel: the promotion is in the descriptors only.
    from dataclasses import dataclass

    from triton_gemm import launch
    from triton_gemm.tma_tile import _tile_tma_kernel

    @dataclass(frozen=True)
    class Promoted(TileTmaConfig):
        L2_PROMOTION: str = "256B"

    seen = []

    def recording_promoted(encoder, meta, promotion):
        def encode(desc):
            seen.append((promotion, tuple(meta["block_size"])))
            return encoder(desc)

        return encode

    monkeypatch.setattr(launch, "promoted", recording_promoted)
    own = Promoted(16, 32, 32, BLOCK_N2=16)
    compiled_as = set()
    for cfg, promoting in [(own, True), (replace(own, L2_PROMOTION="128B"), False)]:
        seen.clear()
        _, grid, args, run, kernel, key, c_calls, _ = _tritons_launcher(monkeypatch, cfg)
        compiled_as.add(launch._compile_key(key))
        monkeypatch.setitem(
            launch._promoting, key, launch._promoting_launch(cfg, kernel, run, args)
        )
        launch.launch(_tile_tma_kernel, cfg, 0, grid, args)
        blocks = [tuple(a.block_shape) for a in args if hasattr(a, "block_shape")]
        assert seen == ([("256B", b) for b in blocks] if promoting else [])
        run(*grid, 7, "fn", "md", None, None, None, *args)  # Triton's own wrapper
        assert len(c_calls) == 2
        assert _as_addresses(c_calls[0]) == _as_addresses(c_calls[1])
    assert len(compiled_as) == 1


def _as_addresses(call):
    return [
        a.data_ptr()
        if isinstance(a, torch.Tensor)
        else _as_addresses(a)
        if isinstance(a, (list, tuple))
        else a
        for a in call
    ]


def test_replayed_pointer_launches_pass_the_operands_addresses(monkeypatch):
    # The pointer kernels' replays (launch.replayer with only operand slots) without a GPU: a
    # stand-in C launcher records each launch; the leading arguments are the new operands'
    # addresses in slot order, the rest as in the first launch.
    from triton_gemm import launch
    from triton_gemm.kernel import _gemm_kernel, _grid_and_args, replay_slots

    cfg = GemmConfig(16, 64, 32, ROWS_N=48, SWAP_AB=True)
    launched = []
    replay_without_gpu(monkeypatch)
    A, B, C = torch.randn(5, 64).half(), torch.randn(96, 64).half(), torch.empty(5, 96).half()
    grid, args = _grid_and_args(A, B, C, cfg)
    key = (_gemm_kernel, cfg, 0, launch._spec(_gemm_kernel, args))
    monkeypatch.setitem(launch._compiled, key, (None, (lambda *a: launched.append(a), "f", "m")))
    replay = launch.replayer(_gemm_kernel, cfg, 0, grid, args, replay_slots(cfg))
    A2, B2, C2 = torch.randn_like(A), torch.randn_like(B), torch.empty_like(C)
    assert replay(A2, B2, C2)
    slots = replay_slots(cfg)
    ptrs = (A2.data_ptr(), B2.data_ptr(), C2.data_ptr())
    assert launched[-1] == (
        *grid,
        7,
        "f",
        "m",
        None,
        None,
        None,
        *[ptrs[s] for s in slots],
        *args[len(slots) :],
    )
