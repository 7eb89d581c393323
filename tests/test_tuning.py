"""The tuning scripts' logic that needs no GPU: buckets, candidates, writing and re-reading a
tuned.py."""

import argparse
import subprocess
import sys
from dataclasses import replace

import pytest
from cute_gemm import tuned as cute_tuned
from cute_gemm.kernel import MAX_STAGES, CuteConfig, is_valid
from triton_gemm import tuned as triton_tuned
from triton_gemm.pair import PairConfig

from fibgemm import REPO_ROOT, WORKLOAD_MS, K, N
from tuners import common as tuning
from tuners import tune_cute, tune_triton
from tuners.common import BUCKETS, INF, REPRESENTATIVE, kept_rows, render_table, workload_ms


def test_every_bucket_is_tuned_at_an_m_inside_it():
    assert BUCKETS == sorted(BUCKETS) and BUCKETS[-1] == INF
    lower = 0
    for limit in BUCKETS:
        assert lower < REPRESENTATIVE[limit] <= limit
        lower = limit


def test_the_triton_table_uses_the_shared_buckets():
    assert [limit for limit, _ in triton_tuned.TABLE] == BUCKETS


def test_rendered_table_round_trips():
    best = {limit: cfg for limit, cfg in triton_tuned.TABLE}
    notes = {
        16: "M=   16 (bucket <= 16): best    7.62 us vs torch    7.26 us (0.954x)",
        INF: "M= 8192 (bucket <= inf): best  154.08 us vs torch  154.40 us (1.002x)",
    }
    text = render_table(
        "tuners/tune_triton.py",
        tune_triton.TABLE_IMPORTS,
        best,
        "NVIDIA H200",
        "2026-11-29",
        notes,
    )
    namespace = {}
    exec(compile(text.replace("from .", "from triton_gemm."), "tuned.py", "exec"), namespace)
    assert namespace["TABLE"] == triton_tuned.TABLE
    assert "`python -m tuners.tune_triton`" in namespace["__doc__"]
    configs, lines = kept_rows(namespace["TABLE"], namespace["__doc__"], {16, INF})
    assert configs == {16: best[16], INF: best[INF]} and lines == notes


@pytest.mark.parametrize("tuner", [tune_triton, tune_cute], ids=lambda t: t.__name__)
def test_rendered_table_is_already_ruff_formatted(tuner):
    # The file a tuner writes on the device is the one committed and packed: ruff (CI's
    # formatter, a dev dependency) must leave it as it is.
    table = triton_tuned.TABLE if tuner is tune_triton else cute_tuned.TABLE
    text = render_table(
        "tuners/tune_x.py", tuner.TABLE_IMPORTS, dict(table), "NVIDIA H200", "2026-11-30", {}
    )
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--diff", "--stdin-filename", "tuned.py", "-"],
        input=text,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_triton_candidates_are_valid_for_every_bucket():
    for limit in BUCKETS:
        cfgs = tune_triton.candidates(REPRESENTATIVE[limit])
        assert cfgs, limit


def test_triton_ws_tile_pass_offers_each_two_dot_tile_as_one_wgmma_with_one_or_two_y_boxes():
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        cfgs = tune_triton.with_ws_tiles(m)
        assert cfgs[0] == triton_tuned.TABLE[BUCKETS.index(limit)][1]  # the table's own first
        tiles = [c for c in cfgs[1:] if isinstance(c, WsTileConfig)]
        assert tiles and all(ws_tile_is_valid(c, N, 2048) for c in tiles), m
        assert len(set(tiles)) == len(tiles), m
        # (The large-M walks and groups come with the table's own tiles only: next test.)
        plain = {
            replace(c, ONE_WGMMA=False, ONE_Y_BOX=False)
            for c in tiles
            if not (c.PERSISTENT or c.GROUP_M)
        }
        for c in plain:
            fused = replace(c, ONE_WGMMA=True)
            # Three dots, and two of one width (128 + 128), come only as one WGMMA from one Y
            # box: apart, two dots of one width are one dot of twice it.
            if c.BLOCK_S3 or c.BLOCK_S2 == c.BLOCK_S:
                assert replace(fused, ONE_Y_BOX=True) in tiles, (m, c)
                continue
            offered = {fused in tiles, replace(fused, ONE_Y_BOX=True) in tiles}
            assert offered == ({True} if c.BLOCK_S2 else {False}), (m, c)


def test_triton_gemvs_pass_offers_pipelined_gemvs_up_to_m_8_only():
    from triton_gemm import gemv
    from triton_gemm.gemv import GemvConfig

    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        cfgs = tune_triton.with_gemvs(m)
        assert cfgs[0] == triton_tuned.TABLE[BUCKETS.index(limit)][1]
        gemvs = cfgs[1:]
        if m > 8:
            assert gemvs == [], m
            continue
        assert gemvs and all(isinstance(c, GemvConfig) for c in gemvs), m
        assert all(gemv.is_valid(c, m, N, 2048) for c in gemvs), m
        assert len(set(gemvs)) == len(gemvs), m
        # Pipelined depths, and the M = 1 probe's winner (logs at ade0bf1), are among
        # them.
        assert {c.num_stages for c in gemvs} >= {1, 4, 8, 12}, m
        # each with B's copies hinted evict-first and not
        assert {c.B_EVICT_FIRST for c in gemvs} == {False, True}, m
        twins = {replace(c, B_EVICT_FIRST=True) for c in gemvs if not c.B_EVICT_FIRST}
        assert {c for c in twins if gemv.is_valid(c, m, N, 2048)} == {
            c for c in gemvs if c.B_EVICT_FIRST
        }, m
    assert GemvConfig(1, 8, 256, num_warps=4, num_stages=8) in tune_triton.with_gemvs(1)


def test_triton_ring_depths_pass_offers_each_gluon_row_with_shallower_rings():
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_shallower_rings(m)
        assert cfgs[0] == table
        if not isinstance(table, WsTileConfig):
            assert cfgs == [table]
            continue
        # Nothing but the ring changes (PRELOAD at most the ring), each depth once, shallower
        # than the table's, at least 2 stages: 1-4 shallower, half, or 2-4 deep (the rings
        # of little code, for --guard-reference); a walk's divides K.
        others = cfgs[1:]
        assert others, m
        assert all(replace(c, STAGES=table.STAGES, PRELOAD=table.PRELOAD) == table for c in others)
        assert all(c.PRELOAD == min(table.PRELOAD, c.ring) for c in others)
        depths = [c.ring for c in others]
        assert len(set(depths)) == len(depths)
        assert all(
            2 <= d < table.ring and (table.ring - d <= 4 or d == table.ring // 2 or d <= 4)
            for d in depths
        )
        # The shallow rings are offered wherever the tile allows them.
        assert {d for d in (2, 3, 4) if d < table.ring} <= set(depths) or table.PERSISTENT, m
        assert all(ws_tile_is_valid(c, N, 2048) for c in others)


def test_triton_one_preload_sync_pass_offers_each_gluon_row_leaner_at_several_depths():
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_one_preload_sync(m)
        assert cfgs[0] == table
        if not isinstance(table, WsTileConfig):
            assert cfgs == [table], m
            continue
        # A row preloading in turn is offered lean preloading at once (the barrier races it).
        base = replace(table, ONE_PRELOAD_SYNC=False, PRELOAD_IN_TURN=False)
        lean = [c for c in cfgs[1:] if c.ONE_PRELOAD_SYNC]
        # A lean row comes with its twin without the change, then the other lean depths.
        assert cfgs[1:] == ([base] if table.ONE_PRELOAD_SYNC else []) + lean, m
        # Nothing but the barrier and the preload depth changes; each depth once, 1 to the ring.
        assert lean and all(
            replace(c, ONE_PRELOAD_SYNC=False, PRELOAD=base.PRELOAD) == base for c in lean
        )
        depths = [c.PRELOAD for c in lean + ([table] if table.ONE_PRELOAD_SYNC else [])]
        assert len(set(depths)) == len(depths) and table.ring in depths, m
        assert all(1 <= d <= table.ring for d in depths)
        assert all(ws_tile_is_valid(c, N, 2048) for c in lean)
        offered += 1
    assert offered


def test_triton_c_in_ring_pass_offers_each_one_tile_gluon_row_staged_in_its_ring():
    from triton_gemm.ws_tile import WsTileConfig

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_c_in_ring(m)
        assert cfgs[0] == table
        if not isinstance(table, WsTileConfig) or table.C_IN_RING or table.PERSISTENT:
            assert cfgs == [table], m
            continue
        assert cfgs == [table, replace(table, C_IN_RING=True)], m
        offered += 1
    assert offered


def test_triton_ring_passes_pass_offers_rolled_rows_with_and_without_the_output_in_the_ring():
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_ring_passes(m)
        assert cfgs[0] == table and len(set(cfgs)) == len(cfgs), m
        if not isinstance(table, WsTileConfig) or not table.ROLLED:
            assert cfgs == [table], m
            continue
        # Only the output's place, the pass and the ring's depth change; every one is valid.
        assert all(
            replace(c, C_IN_RING=table.C_IN_RING, UNROLL=1, STAGES=0, PRELOAD=table.PRELOAD)
            == replace(table, UNROLL=1, STAGES=0)
            for c in cfgs
        ), m
        assert all(ws_tile_is_valid(c, N, 2048) for c in cfgs), m
        kinds = {(c.C_IN_RING, c.UNROLL) for c in cfgs}
        assert {(False, 1), (False, 2), (True, 1), (True, 2)} <= kinds, m
        offered += 1
    assert offered
    # At M = 80 the output in the ring makes an eighth stage, which passes of 4 divide.
    assert any(
        c.C_IN_RING and c.UNROLL == 4 and c.ring == 8 for c in tune_triton.with_ring_passes(80)
    )


def test_triton_second_c_tile_pass_offers_the_three_dot_rows_their_other_staging():
    from triton_gemm.ws_tile import WsTileConfig

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_second_c_tile(m)
        assert cfgs[0] == table, m
        three_in_one = isinstance(table, WsTileConfig) and table.ONE_C_TILE and table.BLOCK_S3
        if not three_in_one:
            assert cfgs == [table], m
            continue
        # Only the staging changes, both ways, so that a retune can step back.
        assert cfgs[1:] == [replace(table, SECOND_C_TILE=not table.SECOND_C_TILE)], m
        offered += 1
    assert offered  # M = 2379's walk


def test_triton_store_under_mma_pass_offers_each_walk_its_other_epilogue():
    from triton_gemm.ws_tile import WsTileConfig

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_store_under_mma(m)
        assert cfgs[0] == table, m
        if not (isinstance(table, WsTileConfig) and table.PERSISTENT):
            assert cfgs == [table], m
            continue
        # Only the epilogue's place changes, both ways, so that a retune can step back.
        assert cfgs[1:] == [replace(table, STORE_UNDER_MMA=not table.STORE_UNDER_MMA)], m
        offered += 1
    assert offered == 3  # the walks at M = 2053, 2379 and 8192


def test_triton_b_evict_first_pass_offers_each_gluon_row_its_other_hint():
    from triton_gemm.ws_tile import WsTileConfig

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_b_evict_first(m)
        assert cfgs[0] == table, m
        if not isinstance(table, WsTileConfig):
            assert cfgs == [table], m  # M = 1's GEMV
            continue
        # Only the hint changes, both ways, so that a retune can step back.
        assert cfgs[1:] == [replace(table, B_EVICT_FIRST=not table.B_EVICT_FIRST)], m
        offered += 1
    assert offered == len(BUCKETS) - 1  # every row but M = 1's GEMV


def test_triton_token_halves_pass_offers_two_swapped_token_tiles_from_129_to_256():
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_token_halves(m)
        assert cfgs[0] == table, m
        if not 128 < m <= 256:
            assert cfgs == [table], m
            continue
        halves = cfgs[1:]
        assert len(halves) >= 8 and len(set(halves)) == len(halves), m
        for c in halves:
            assert isinstance(c, WsTileConfig) and ws_tile_is_valid(c, N, K), c
            tokens = c.BLOCK_S + c.BLOCK_S2 + c.BLOCK_S3
            # Two token tiles cover M where one does not, each over 64 rows of B: 96 CTAs.
            assert c.SWAP_AB and c.BLOCK_R == 64 and tokens < m <= 2 * tokens, (m, c)
            assert c.num_tiles(m, N) == 2 * N // 64, (m, c)
            if c.BLOCK_S3:
                # Three dots, one WGMMA, exactly half the tokens rounded up to 8, where no two
                # dots of 64 + a power of two are that wide.
                assert c.ONE_WGMMA and tokens == -(-m // 16) * 8, (m, c)
                assert tokens not in (72, 80, 96, 128), (m, c)
            else:
                # The narrowest two-dot side: 64 + 8, 16 or 32 tokens, or one dot of 128.
                assert tokens == min(t for t in (72, 80, 96, 128) if 2 * t >= m), (m, c)
                assert (c.BLOCK_S2 == 0) == (tokens == 128), c
            # The row's L2 hint and promotion ride along.
            assert (c.B_EVICT_FIRST, c.L2_PROMOTION) == (table.B_EVICT_FIRST, table.L2_PROMOTION)
        # Both ways where there are two dots: apart, or one WGMMA; rolled and unrolled.
        assert {c.ROLLED for c in halves} == {True, False}, m
        two = [c for c in halves if not c.BLOCK_S3]
        assert {c.ONE_WGMMA for c in two} == ({False, True} if two[0].BLOCK_S2 else {False})
        # Three dots wherever half the tokens (rounded up to 8) is 88, 104 or 112.
        assert any(c.BLOCK_S3 for c in halves) == (-(-m // 16) * 8 in (88, 104, 112)), m
        offered += 1
    assert offered == sum(128 < REPRESENTATIVE[b] <= 256 for b in BUCKETS) > 0


def test_triton_no_setmaxnreg_pass_offers_each_one_group_tile_its_other_register_moves():
    from triton_gemm.ws_tile import WsTileConfig

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_no_setmaxnreg(m)
        assert cfgs[0] == table, m
        if not (isinstance(table, WsTileConfig) and table.num_warps == 4):
            assert cfgs == [table], m  # the GEMV, and the two-group tiles at 972 and above
            continue
        assert cfgs[1:] == [replace(table, NO_SETMAXNREG=not table.NO_SETMAXNREG)], m
        offered += 1
    assert offered == len(BUCKETS) - 5  # all but M = 1's GEMV and the rows from 972 on


def test_triton_preload_in_turn_pass_offers_each_gluon_row_preloading_in_turn():
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = triton_tuned.TABLE[BUCKETS.index(limit)][1]
        cfgs = tune_triton.with_preload_in_turn(m)
        assert cfgs[0] == table and len(set(cfgs)) == len(cfgs), m
        if not isinstance(table, WsTileConfig):
            assert cfgs == [table], m
            continue
        twins = cfgs[1:]
        in_turn = [c for c in twins if c.PRELOAD_IN_TURN]
        # A row already in turn comes back all at once too, so that a retune can step back.
        at_once = [replace(table, PRELOAD_IN_TURN=False)] if table.PRELOAD_IN_TURN else []
        assert [c for c in twins if not c.PRELOAD_IN_TURN] == at_once, m
        # Only the preload changes: in turn, without the one-barrier PTX change, 1 to the ring.
        assert in_turn and all(not c.ONE_PRELOAD_SYNC for c in in_turn), m
        assert all(
            replace(c, PRELOAD_IN_TURN=table.PRELOAD_IN_TURN,
                    ONE_PRELOAD_SYNC=table.ONE_PRELOAD_SYNC, PRELOAD=table.PRELOAD) == table
            for c in in_turn
        ), m  # fmt: skip
        assert all(1 <= c.PRELOAD <= table.ring for c in in_turn), m
        assert table.ring in {c.PRELOAD for c in in_turn + [table] if c.PRELOAD_IN_TURN}, m
        assert all(ws_tile_is_valid(c, N, 2048) for c in twins), m
        offered += 1
    assert offered


def test_every_triton_pass_takes_a_row_preloading_its_whole_ring_in_turn(monkeypatch):
    """A table row preloading its whole ring in turn (as at M = 184) breaks no pass: each gives
    the row first and only valid, distinct candidates; a cut ring or one without the output
    clamps the preload; the one-barrier pass offers it lean at once; --preload-in-turn offers it
    at once too."""
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    base = replace(
        tune_triton.select_config(184),
        C_IN_RING=True, STAGES=0, UNROLL=1, ROLLED=True, PRELOAD_IN_TURN=True,
        ONE_PRELOAD_SYNC=False,
    )  # fmt: skip
    row = replace(base, PRELOAD=base.ring)
    assert ws_tile_is_valid(row, N, K) and replace(row, C_IN_RING=False).ring < row.ring
    monkeypatch.setattr(tune_triton, "select_config", lambda m: row)
    for name, refinement in tune_triton.REFINEMENTS.items():
        cfgs = refinement.candidates(184)
        assert cfgs[0] == row and len(set(cfgs)) == len(cfgs), name
        gluon = [c for c in cfgs if isinstance(c, WsTileConfig)]
        assert all(ws_tile_is_valid(c, N, K) for c in gluon), name
    passes = tune_triton.with_ring_passes(184)
    assert {(False, 1), (False, 2), (True, 1), (True, 2)} <= {
        (c.C_IN_RING, c.UNROLL) for c in passes
    }
    assert any(not c.C_IN_RING and c.PRELOAD == c.ring < row.PRELOAD for c in passes)
    lean = tune_triton.with_one_preload_sync(184)[1:]
    assert lean and all(c.ONE_PRELOAD_SYNC and not c.PRELOAD_IN_TURN for c in lean)
    assert replace(row, PRELOAD_IN_TURN=False) in tune_triton.with_preload_in_turn(184)


def test_triton_ws_tile_pass_walks_and_groups_every_tile_above_m_256():
    from triton_gemm.ws_tile import WsTileConfig

    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        tiles = [c for c in tune_triton.with_ws_tiles(m)[1:] if isinstance(c, WsTileConfig)]
        walks = {c for c in tiles if c.PERSISTENT or c.GROUP_M}
        if m <= 256:
            assert not walks, m
            continue
        plain = {c for c in tiles if c not in walks}
        assert plain, m
        for c in plain:
            variants = {replace(c, PERSISTENT=p, GROUP_M=g) for p in (False, True) for g in (0, 8)}
            assert variants - {c} <= walks, (m, c)
        assert any(c.ONE_WGMMA for c in plain) and {c.BLOCK_R for c in plain} == {64, 128}, m


def test_triton_pair_candidates_are_one_wave_of_the_narrowest_widths():
    # 64-token row tiles: 2 of them need 48 columns (128 CTAs), 3 need 80 (117), 4 need 96.
    expected = {72: 48, 128: 48, 136: 80, 192: 80, 200: 96, 256: 96}
    for m, width in expected.items():
        pairs = [c for c in tune_triton.candidates(m) if isinstance(c, PairConfig)]
        assert min(c.width for c in pairs) == width, m
        assert all(-(-m // 64) * -(-N // c.width) <= tune_triton.SMS for c in pairs), m
        assert all(c.BLOCK_N2 <= c.BLOCK_N for c in pairs), m
    assert not any(isinstance(c, PairConfig) for c in tune_triton.candidates(16))


# The Hopper kernel's configs its refinements vary at small M: the WGMMA swap-AB rows a bucket
# had before the tuner gave it the portable kernel's (mma.sync) row.
HOPPER_SMALL_M_ROWS = {
    16: CuteConfig(64, 16, swap_ab=True, tile_k=128, l2_hint="b_first"),
    32: CuteConfig(64, 32, swap_ab=True, tile_k=128, stages=8, l2_hint="b_first_a_last"),
}


@pytest.fixture
def hopper_rows(monkeypatch):
    """select_config as the Hopper refinements would see a table of CuteConfig rows only: a
    bucket whose row names the portable kernel gets a WGMMA row of its size instead, so that
    the tests still check each pass at small M whatever the tuner last picked there."""
    from cute_gemm import main as cute_main
    from cute_gemm import portable

    table_config = cute_main.select_config

    def select(m, device_index=None):
        cfg = table_config(m, device_index)
        if isinstance(cfg, portable.PortableConfig):
            return next(row for limit, row in HOPPER_SMALL_M_ROWS.items() if m <= limit)
        return cfg

    monkeypatch.setattr(cute_main, "select_config", select)


def test_cute_l2_hint_pass_offers_the_table_config_with_each_policy(hopper_rows):
    from cute_gemm import main as cute_main
    from cute_gemm.kernel import L2_HINTS

    for m in (1, 144, 2379):
        table_cfg = replace(cute_main.select_config(m), l2_hint="")
        cfgs = tune_cute.with_l2_hints(m)
        assert [replace(c, l2_hint="") for c in cfgs] == [table_cfg] * (1 + len(L2_HINTS))
        assert [c.l2_hint for c in cfgs] == ["", *L2_HINTS]


def test_cute_token_halves_pass_offers_two_swapped_token_tiles_deep_clipped_and_promoted(
    hopper_rows,
):
    from cute_gemm import main as cute_main

    offered = 0
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        table = cute_main.select_config(m)
        cfgs = tune_cute.with_token_halves(m)
        assert cfgs[0] == table, m
        if not 128 < m <= 256:
            assert cfgs == [table], m
            continue
        halves = cfgs[1:]
        assert len(set(halves)) == len(halves), m
        for c in halves:
            assert is_valid(c, K) and tune_cute.ctas(c, m) <= tune_cute.SMS, c
            # Two token tiles of half the tokens (rounded up to 8) over 64 rows of B.
            assert c.swap_ab and c.tile_r == 64 and c.tile_s == -(-m // 16) * 8, (m, c)
            assert c.l2_hint == table.l2_hint, c
            # The row's promotion or none on whole tiles; partial ones the DSL's descriptors.
            assert c.l2_promotion in ({""} if c.x_rows else {"", table.l2_promotion}), c
        whole = [c for c in halves if not c.x_rows]
        assert {c.clip_last for c in whole} == {False, True}, m
        assert {c.l2_promotion for c in whole} == {"", table.l2_promotion}, m
        # Each tile with its token tiles along the grid's x, and not.
        assert {c.s_fastest for c in whole} == {False, True}, m
        # (where the row is a half tile itself, 136-160, it stands for its own form)
        pool = {c for c in cfgs if c.swap_ab and c.tile_s == halves[0].tile_s}
        assert {replace(c, s_fastest=False) for c in pool if c.s_fastest} == {
            c for c in pool if not c.s_fastest
        }, m
        # 128 deep wherever the token tile is whole 16-token groups (odd ones are 64 deep).
        depths = {c.tile_k for c in halves}
        assert depths == ({64} if (halves[0].tile_s // 8) % 2 else {64, 128}), m
        offered += 1
    assert offered == sum(128 < REPRESENTATIVE[b] <= 256 for b in BUCKETS) > 0


def test_cute_ring_depth_pass_offers_the_table_config_with_shallower_valid_rings(
    hopper_rows, monkeypatch
):
    from cute_gemm import main as cute_main
    from cute_gemm.kernel import CuteConfig

    for m in (1, 16, 128, 2379):
        table_cfg = cute_main.select_config(m)
        cfgs = tune_cute.with_shallower_rings(m)
        assert cfgs[0] == table_cfg
        assert all(replace(c, stages=table_cfg.stages) == table_cfg for c in cfgs)
        full = table_cfg.stages or min(MAX_STAGES, table_cfg.stages_that_fit())
        depths = [c.stages for c in cfgs[1:]]
        assert depths == list(range(max(4, full - 4), full)), (m, depths)
        assert all(is_valid(c, 2048) for c in cfgs)
    # A swap-AB 64 x 16 tile 128 deep with a full ring: 11 stages fit, so 7-10 are offered
    # (the table's own rows may already be shallower: a fixed config, not the table's).
    full_ring = CuteConfig(64, 16, swap_ab=True, tile_k=128)
    monkeypatch.setattr(cute_main, "select_config", lambda m: full_ring)
    assert [c.stages for c in tune_cute.with_shallower_rings(1)[1:]] == [7, 8, 9, 10]


@pytest.mark.parametrize(
    "tile, deeper",
    [
        # 64 x 96: 20 KB stages; two 4 KB sub-tiles leave room for 10, any smaller epilogue 11.
        ((64, 96, False, 64), [(16, 1), (16, 2), (32, 1)]),
        # 64 x 48, 128 deep: 28 KB stages; 7 beside two 2 KB sub-tiles, 8 beside one.
        ((64, 48, False, 128), [(16, 1)]),
        # 128 x 80: 26 KB stages; 8 fit whatever the epilogue.
        ((128, 80, True, 64), []),
    ],
)
def test_cute_epilogue_pass_offers_only_epilogues_that_free_a_ring_stage(monkeypatch, tile, deeper):
    from cute_gemm import main as cute_main

    tile_r, tile_s, swap_ab, tile_k = tile
    full_ring = CuteConfig(tile_r, tile_s, swap_ab, tile_k=tile_k, l2_hint="b_first")
    monkeypatch.setattr(cute_main, "select_config", lambda m: full_ring)
    cfgs = tune_cute.with_smaller_epilogues(200)
    assert cfgs[0] == full_ring
    assert [(c.epi_cols, c.epi_stages) for c in cfgs[1:]] == deeper
    for c in cfgs[1:]:
        assert replace(c, epi_cols=0, epi_stages=2) == full_ring
        assert is_valid(c, 2048) and c.ring_stages == full_ring.ring_stages + 1
    # A row whose ring the table already set shallower is left as it is.
    shallow = replace(full_ring, stages=4)
    monkeypatch.setattr(cute_main, "select_config", lambda m: shallow)
    assert tune_cute.with_smaller_epilogues(200) == [shallow]


def test_cute_mma_batch_pass_offers_the_table_config_with_two_and_three_in_flight(
    hopper_rows, monkeypatch
):
    from cute_gemm import main as cute_main

    for m in (1, 136, 2379):
        table_cfg = cute_main.select_config(m)
        cfgs = tune_cute.with_more_mma_batches(m)
        assert cfgs[0] == table_cfg
        assert [c.mma_batches for c in cfgs] == [1, 2, 3], m
        assert all(replace(c, mma_batches=1) == table_cfg for c in cfgs)
    # A 3-stage ring releases a stage at most 2 batches back.
    shallow = CuteConfig(64, 80, swap_ab=False, stages=3)
    monkeypatch.setattr(cute_main, "select_config", lambda m: shallow)
    assert [c.mma_batches for c in tune_cute.with_more_mma_batches(136)] == [1, 2]


def test_cute_stream_k_pass_offers_the_table_config_against_valid_walks(hopper_rows):
    from cute_gemm import main as cute_main

    for m in (1, 64, 136, 200, 972, 2379):
        table_cfg = cute_main.select_config(m)
        cfgs = tune_cute.with_stream_k(m)
        assert cfgs[0] == table_cfg and len(set(cfgs)) == len(cfgs), m
        walks = cfgs[1:]
        assert walks and all(c.stream_k and c.persistent and is_valid(c, K) for c in walks), m
        assert all(c.l2_hint == table_cfg.l2_hint for c in walks), m
    # At 136 the swap-AB tile one tile across the tokens, 144 wide, and the straight ones.
    shapes = {(c.tile_r, c.tile_s, c.swap_ab) for c in tune_cute.with_stream_k(136)[1:]}
    assert {(64, 144, True), (64, 80, False), (64, 96, False)} <= shapes
    assert {(128, 240, True), (128, 256, False)} <= {
        (c.tile_r, c.tile_s, c.swap_ab) for c in tune_cute.with_stream_k(2379)
    }


def test_cute_odd_width_pass_offers_the_table_config_against_odd_widths_in_one_wave(hopper_rows):
    from cute_gemm import main as cute_main

    for m in (1, 40, 136, 256, 972):
        table_cfg = cute_main.select_config(m)
        cfgs = tune_cute.with_odd_widths(m)
        assert cfgs[0] == table_cfg and len(set(cfgs)) == len(cfgs), m
        for c in cfgs[1:]:
            assert c.tile_s % 16 == 8 and c.tile_k == 64 and is_valid(c, K), (m, c)
            assert c.l2_hint == table_cfg.l2_hint, (m, c)
            assert c.swap_ab or tune_cute.SMS // 2 <= tune_cute.ctas(c, m) <= tune_cute.SMS
    assert tune_cute.with_odd_widths(972) == [cute_main.select_config(972)]
    # M = 1: one swap-AB tile 8 wide; 136: straight 64 x 72 (3 x 43 = 129 CTAs), no swap-AB.
    assert [(c.tile_s, c.swap_ab) for c in tune_cute.with_odd_widths(1)[1:]] == [(8, True)]
    at_136 = tune_cute.with_odd_widths(136)[1:]
    assert (72, False) in {(c.tile_s, c.swap_ab) for c in at_136}
    assert not any(c.swap_ab for c in at_136)


def test_cute_whole_epilogue_pass_offers_the_table_config_with_its_epilogue_staged_both_ways(
    hopper_rows,
    monkeypatch,
):
    from cute_gemm import main as cute_main

    for m in (1, 136, 972, 2379, 8192):
        table_cfg = cute_main.select_config(m)
        cfgs = tune_cute.with_whole_epilogue(m)
        assert cfgs[0] == table_cfg and len(cfgs) == 2, m
        other = cfgs[1]
        assert other.epi_whole != table_cfg.epi_whole and is_valid(other, K), m
        restored = replace(other, epi_whole=table_cfg.epi_whole, stages=table_cfg.stages)
        assert replace(restored, epi_stages=table_cfg.epi_stages) == table_cfg
    # 128 x 224 at 2379: seven 128 x 32 sub-tiles (56 KB) leave room for 3 ring stages, not 4.
    assert tune_cute.with_whole_epilogue(2379)[1].ring_stages == 3
    # A table config that already stages it whole is offered a sub-tile at a time too.
    whole = CuteConfig(64, 80, swap_ab=False, epi_whole=True)
    monkeypatch.setattr(cute_main, "select_config", lambda m: whole)
    assert tune_cute.with_whole_epilogue(136) == [whole, replace(whole, epi_whole=False)]
    assert whole.epi_buffers == 80 // whole.epi_tile[1] == 5


def test_cute_partial_tile_pass_offers_swap_ab_64_row_configs_owning_fewer_rows(monkeypatch):
    from cute_gemm import main as cute_main
    from cute_gemm.kernel import CuteConfig

    overlapping = CuteConfig(64, 32, swap_ab=True, tile_k=128, stages=8, row_step=48)
    monkeypatch.setattr(cute_main, "select_config", lambda m: overlapping)
    cfgs = tune_cute.with_partial_x_tiles(32)
    assert cfgs[0] == overlapping
    assert [c.x_rows for c in cfgs[1:]] == list(tune_cute.X_ROWS)
    assert all(replace(c, x_rows=0, row_step=48) == overlapping for c in cfgs[1:])
    assert all(is_valid(c, 2048) for c in cfgs)
    assert [tune_cute.ctas(c, 32) for c in cfgs[1:]] == [55, 64, 77, 96]
    tall = CuteConfig(128, 48, swap_ab=False)
    monkeypatch.setattr(cute_main, "select_config", lambda m: tall)
    assert tune_cute.with_partial_x_tiles(100) == [tall]


@pytest.mark.parametrize(
    "m, owned",
    # Tokens over as many tiles as 64-row ones need, rounded up to whole 8-row atoms, and 8 more
    # while that is still short of 64: 80 = 2 x 40; 136 = 3 x 45.3; 100 = 2 x 50; 120 = 2 x 60.
    [(80, [40, 48]), (136, [48, 56]), (100, [56]), (120, []), (40, [40, 48])],
)
def test_cute_partial_tile_pass_offers_straight_tiles_owning_fewer_tokens(monkeypatch, m, owned):
    from cute_gemm import main as cute_main

    straight = CuteConfig(64, 48, swap_ab=False, tile_k=128, l2_hint="b_first")
    monkeypatch.setattr(cute_main, "select_config", lambda _: straight)
    cfgs = tune_cute.with_partial_x_tiles(m)
    assert cfgs[0] == straight
    assert [c.x_rows for c in cfgs[1:]] == owned
    for c in cfgs[1:]:
        assert is_valid(c, 2048) and replace(c, x_rows=0) == straight
        # The same CTAs, each loading fewer rows of A.
        assert tune_cute.ctas(c, m) == tune_cute.ctas(straight, m)


def test_cute_split_k_pass_offers_one_token_tile_split_over_a_cluster_in_one_wave(hopper_rows):
    from cute_gemm import main as cute_main

    for m in (1, 16, 136, 256):
        cfgs = tune_cute.with_split_k(m)
        assert cfgs[0] == cute_main.select_config(m)
        assert cfgs[1:], m
        for c in cfgs[1:]:
            assert (c.tile_r, c.swap_ab, c.tile_s) == (64, True, -(-m // 16) * 16), c
            assert c.splits > 1 and c.l2_hint == cfgs[0].l2_hint
            assert is_valid(c, 2048) and tune_cute.ctas(c, m) <= tune_cute.SMS
    assert tune_cute.with_split_k(972) == [cute_main.select_config(972)]


def test_cute_mma_sync_pass_offers_the_portable_rows_near_m_up_to_64():
    from cute_gemm import main as cute_main
    from cute_gemm import portable

    rows = [cfg for _, cfg in portable.TABLE_LARGE_SHARED]
    for m in (1, 8, 16, 24, 40, 64):
        cfgs = tune_cute.with_mma_sync(m)
        assert cfgs[0] == cute_main.select_config(m) and len(set(cfgs)) == len(cfgs), m
        offered = cfgs[1:] if cfgs[0] not in rows else cfgs
        assert offered and all(c in rows and portable.is_valid(c, K) for c in offered), m
    # M <= 16 gets the <= 16 row (32 x 16, K sliced over two warps) and its neighbour's, whether
    # or not the table already serves it.
    sliced = {(c.tile_p, c.tile_q) for c in tune_cute.with_mma_sync(1) if c in rows}
    assert sliced == {(32, 16), (32, 32)}
    for m in (65, 136, 2379):
        assert tune_cute.with_mma_sync(m) == [cute_main.select_config(m)]


def test_cute_hopper_refinements_leave_a_row_of_the_portable_kernel_alone(monkeypatch):
    """A bucket whose row names the portable kernel has nothing for the passes that vary the
    Hopper kernel's fields: its row is the only candidate (--l2-prefetch varies the portable
    row's own prefetch: the next test)."""
    from cute_gemm import main as cute_main
    from cute_gemm import portable

    row = portable.TABLE_LARGE_SHARED[0][1]
    monkeypatch.setattr(cute_main, "select_config", lambda m, device_index=None: row)
    passes = [r.candidates for name, r in tune_cute.REFINEMENTS.items() if name != "mma_sync"]
    assert len(passes) == len(tune_cute.REFINEMENTS) - 1
    for candidates in passes:
        if candidates in (tune_cute.with_neighbours, tune_cute.with_l2_prefetch):
            continue
        assert candidates(16) == [row], candidates
    assert tune_cute.with_neighbours(16)[0] == row
    assert all(cute_main.config_is_valid(c) for c in tune_cute.with_neighbours(16))


def test_cute_l2_prefetch_pass_offers_the_table_config_prefetching_1_to_8_stages(hopper_rows):
    from cute_gemm import main as cute_main

    for m in (1, 24, 136, 2379):
        cfgs = tune_cute.with_l2_prefetch(m)
        assert cfgs[0] == cute_main.select_config(m)
        depths = [c.l2_prefetch for c in cfgs]
        assert sorted(depths) == [0, *tune_cute.L2_PREFETCH], depths
        assert {replace(c, l2_prefetch=0) for c in cfgs} == {replace(cfgs[0], l2_prefetch=0)}
        assert all(cute_main.config_is_valid(c) for c in cfgs)


def test_cute_l2_promotion_pass_offers_the_table_config_with_each_promotion(hopper_rows):
    """The row first, then the same config reading the DSL's descriptors and each of
    L2_PROMOTIONS' (the row's own once); nothing for a row whose boxes the promotion refuses
    (multicast: the 8192 bucket)."""
    from cute_gemm import main as cute_main
    from cute_gemm.kernel import L2_PROMOTIONS

    for m in (24, 136, 2379):
        cfgs = tune_cute.with_l2_promotion(m)
        assert cfgs[0] == cute_main.select_config(m)
        assert sorted(c.l2_promotion for c in cfgs) == sorted(["", *L2_PROMOTIONS])
        assert {replace(c, l2_promotion="") for c in cfgs} == {replace(cfgs[0], l2_promotion="")}
        assert all(cute_main.config_is_valid(c) for c in cfgs)
    multicast = cute_main.select_config(8192)
    assert multicast.cluster_r > 1
    assert tune_cute.with_l2_promotion(8192) == [multicast]


def test_cute_clip_last_pass_offers_the_table_config_with_its_last_tiles_the_other_way(
    hopper_rows,
):
    """The row first, then the same config whose last tiles run past the end instead of
    shifting back (or the other way); nothing for a row the option refuses (multicast: the
    8192 bucket)."""
    from cute_gemm import main as cute_main

    for m in (24, 136, 972, 2379):
        cfgs = tune_cute.with_clip_last(m)
        assert cfgs[0] == cute_main.select_config(m) and len(cfgs) == 2, cfgs
        assert cfgs[1] == replace(cfgs[0], clip_last=not cfgs[0].clip_last)
        assert all(cute_main.config_is_valid(c) for c in cfgs)
    multicast = cute_main.select_config(8192)
    assert tune_cute.with_clip_last(8192) == [multicast]


def test_cute_store_under_mma_pass_offers_each_walk_its_other_epilogue(hopper_rows):
    """The row first, then for a walk (M = 2053, 2379, 8192) the same storing each tile under
    the next tile's first WGMMAs; nothing more for a one-tile row."""
    from cute_gemm import main as cute_main

    for m in (2053, 2379, 8192):
        cfgs = tune_cute.with_store_under_mma(m)
        assert cfgs[0] == cute_main.select_config(m) and len(cfgs) == 2, cfgs
        assert cfgs[1] == replace(cfgs[0], store_under_mma=not cfgs[0].store_under_mma)
        assert all(cute_main.config_is_valid(c) for c in cfgs)
    for m in (16, 136, 972):
        assert tune_cute.with_store_under_mma(m) == [cute_main.select_config(m)]


def test_cute_epi_in_ring_pass_offers_one_tile_rows_their_epilogue_the_other_way(hopper_rows):
    """The row first, then the same config with its epilogue staged in the ring or apart (a
    ring stage more or less where the epilogue's bytes make one); nothing for a row the option
    refuses (two consumer warp groups, walks: 972 and above)."""
    from cute_gemm import main as cute_main

    for m in (35, 48, 128, 136, 256):
        cfgs = tune_cute.with_epi_in_ring(m)
        assert cfgs[0] == cute_main.select_config(m) and len(cfgs) == 2, cfgs
        assert cfgs[1] == replace(cfgs[0], epi_in_ring=not cfgs[0].epi_in_ring)
        assert all(cute_main.config_is_valid(c) for c in cfgs)
    in_ring = next(c for c in tune_cute.with_epi_in_ring(128) if c.epi_in_ring)
    assert in_ring.ring_stages == cute_main.select_config(128).ring_stages + 1
    for m in (972, 2053, 2379, 8192):
        assert tune_cute.with_epi_in_ring(m) == [cute_main.select_config(m)]


def test_cute_l2_prefetch_pass_offers_a_portable_row_its_lines_1_to_8_k_tiles_ahead():
    from cute_gemm import main as cute_main
    from cute_gemm import portable

    row = portable.PortableConfig(32, 16, True, stages=12, warps_q=1, warps_k=2, b_evict_first=True)
    unhinted = replace(row, b_evict_first=False)
    for cfg in (row, unhinted):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(cute_main, "select_config", lambda m, device_index=None, c=cfg: c)
            cfgs = tune_cute.with_l2_prefetch(8)
        assert cfgs[0] == cfg and all(cute_main.config_is_valid(c) for c in cfgs)
        if not cfg.b_evict_first:  # the prefetch rides on B's hinted copies
            assert cfgs == [cfg]
            continue
        assert sorted(c.b_l2_prefetch for c in cfgs) == [0, *tune_cute.L2_PREFETCH]
        assert {replace(c, b_l2_prefetch=0) for c in cfgs} == {cfg}


def test_triton_l2_prefetch_pass_offers_each_gluon_row_prefetching_1_to_4_steps():
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    select_config = tune_triton.select_config
    for m in (2, 24, 104, 2379):
        cfg = select_config(m)
        cfgs = tune_triton.with_l2_prefetch(m)
        steps = [c.B_L2_PREFETCH for c in cfgs]
        assert cfgs[0] == cfg and sorted(steps) == sorted({cfg.B_L2_PREFETCH, 1, 2, 3, 4}), steps
        assert all(replace(c, B_L2_PREFETCH=0) == replace(cfg, B_L2_PREFETCH=0) for c in cfgs)
        assert all(ws_tile_is_valid(c, N, K) for c in cfgs)
    assert tune_triton.with_l2_prefetch(1) == [select_config(1)]  # the GEMV has no Gluon ring


def test_triton_clip_last_pass_offers_each_gluon_row_with_its_last_tiles_the_other_way():
    """The row first, then the same Gluon tile whose last tiles run past the end instead of
    shifting back (or the other way); the GEMV (no tiles) alone."""
    from triton_gemm.ws_tile import is_valid as ws_tile_is_valid

    select_config = tune_triton.select_config
    for m in (24, 136, 972, 2379, 8192):
        cfgs = tune_triton.with_clip_last(m)
        assert cfgs[0] == select_config(m) and len(cfgs) == 2, cfgs
        assert cfgs[1] == replace(cfgs[0], CLIP_LAST=not cfgs[0].CLIP_LAST)
        assert all(ws_tile_is_valid(c, N, K) for c in cfgs)
    assert tune_triton.with_clip_last(1) == [select_config(1)]


def test_a_table_with_a_portable_row_renders_and_reads_back():
    from cute_gemm import portable

    best = dict(cute_tuned.TABLE)
    best[16] = portable.TABLE_LARGE_SHARED[0][1]
    text = render_table(
        "tuners/tune_cute.py", tune_cute.TABLE_IMPORTS, best, "NVIDIA H200", "2026-12-03", {}
    )
    namespace = {}
    exec(compile(text.replace("from .", "from cute_gemm."), "tuned.py", "exec"), namespace)
    assert dict(namespace["TABLE"]) == best
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--diff", "--stdin-filename", "tuned.py", "-"],
        input=text,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_cute_candidates_include_one_tile_over_the_tokens():
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        cfgs = tune_cute.candidates(m)
        assert cfgs, limit
        if m <= 256:
            assert any(c.swap_ab and c.tile_s >= m for c in cfgs), (m, cfgs)
            straight = [c for c in cfgs if not c.swap_ab]
            assert all(c.tile_r <= max(m, 64) for c in straight)
            assert all(tune_cute.ctas(c, m) <= tune_cute.SMS for c in straight)
            assert bool(straight) == (m >= 32), m
        else:
            assert any(not c.swap_ab for c in cfgs)
            assert any(c.persistent for c in cfgs) and any(not c.persistent for c in cfgs)


def test_cute_overlapping_candidates_only_at_small_m_and_with_more_ctas():
    for m in (1, 16, 64, 72, 256):
        overlapping = [c for c in tune_cute.candidates(m) if c.row_step]
        assert bool(overlapping) == (m <= 64), m
        for cfg in overlapping:
            plain = replace(cfg, row_step=0)
            assert tune_cute.ctas(plain, m) < tune_cute.ctas(cfg, m) <= tune_cute.SMS, cfg
    assert tune_cute.ctas(CuteConfig(64, 16, True, row_step=48), 16) == 64
    assert tune_cute.ctas(CuteConfig(64, 16, True), 16) == 48


def test_cute_multicast_candidates_share_y_between_real_tiles_in_one_wave():
    for m in (56, 72, 128, 136, 200, 256, 972):
        for cfg in [c for c in tune_cute.candidates(m) if c.cluster_r > 1]:
            assert not cfg.swap_ab and cfg.splits == 1 and not cfg.persistent, cfg
            assert -(-m // cfg.tile_r) >= cfg.cluster_r, (m, cfg)  # no cluster of copies
            assert m > 256 or tune_cute.ctas(cfg, m) <= tune_cute.SMS, (m, cfg)
    assert CuteConfig(64, 48, False, tile_k=128, cluster_r=2) in tune_cute.candidates(128)
    # Three token tiles padded to a cluster of two: a fourth CTA row (the last tile again).
    assert tune_cute.ctas(CuteConfig(64, 96, False, cluster_r=2), 136) == 4 * 32


def test_cute_split_k_candidates_fit_one_wave_and_deep_stages_stay_simple():
    for limit in BUCKETS:
        m = REPRESENTATIVE[limit]
        for cfg in tune_cute.candidates(m):
            assert cfg.splits == 1 or tune_cute.ctas(cfg, m) <= tune_cute.SMS, cfg
            if cfg.tile_k > 64:
                assert cfg.splits == 1 and cfg.stages == 0, cfg
            assert cfg.tile_k < 256 or m <= 64, cfg
    kinds = {(c.splits, c.tile_k) for c in tune_cute.candidates(16)}
    assert {(1, 64), (2, 64), (1, 128), (1, 256)} <= kinds


# Buckets of several workload Ms each, as the tables had before every M <= 256 got its own: the
# scoring over a bucket's Ms must keep working for any bucket list.
COARSE = [1, 2, 4, 8, 16, 32, 48, 64, 96, 128, 160, 192, 224, 256, 1024, 2176, 4096, INF]


def test_every_workload_m_falls_in_exactly_one_bucket(monkeypatch):
    for buckets in (BUCKETS, COARSE):
        monkeypatch.setattr(tuning, "BUCKETS", buckets)
        per_bucket = [workload_ms(limit) for limit in buckets]
        assert all(per_bucket), "a bucket without workloads cannot be scored over its Ms"
        assert sorted(m for ms in per_bucket for m in ms) == sorted(WORKLOAD_MS)
        assert workload_ms(1024) == [972]
    assert workload_ms(48) == [35, 40, 48]
    monkeypatch.setattr(tuning, "BUCKETS", BUCKETS)
    assert all(workload_ms(m) == [m] for m in WORKLOAD_MS if m <= 256)


def test_scoring_over_ms_is_the_geomean_and_drops_configs_wrong_anywhere(monkeypatch):
    # Fake timings: torch takes 10 us; "a" takes 5 then 20 us (geomean 1.0x), "b" 8 us twice
    # (1.25x), "c" is fastest at the first M but incorrect at the second.
    _fake_ranking(monkeypatch, {16: {"a": 5.0, "b": 8.0, "c": 1.0}, 32: {"a": 20.0, "b": 8.0}})
    scored, n_ok = tuning.rank_bucket_over_ms(None, [16, 32], None, ["a", "b", "c"], None, 1)
    assert [cfg for _, cfg in scored] == ["b", "a"] and n_ok == 2
    assert abs(scored[0][0] - 1.25) < 1e-12 and abs(scored[1][0] - 1.0) < 1e-12
    line = tuning.bucket_line_over_ms([16, 32], 32, scored, n_ok)
    assert "(bucket <= 32)" in line and "1.250x" in line


def test_rank_bucket_drops_wrong_configs_and_times_torch_after_itself():
    """On the CPU with a fake timer: a wrong config is left out, the rest ranked by median, and
    torch's figure is its second call of each round (right after itself, as the runner's)."""
    import torch

    from fibgemm.timing import KernelTimes

    class FakeTimer:
        def time_many(self, fns, iters, warmup):
            self.count = len(fns)
            # candidates "slow", "fast"; torch after the last candidate 10.5, after itself 10.0
            return [KernelTimes((us,)) for us in (9.0, 6.0, 10.5, 10.0)]

    def launch(a, b, out, cfg):
        exact = (a.float() @ b.float().T).half()
        out.copy_(exact + 1 if cfg == "wrong" else exact)

    timer = FakeTimer()
    b = torch.randn(N, K, dtype=torch.float16)
    ranked, torch_us, n_ok = tuning.rank_bucket(timer, 2, b, ["slow", "wrong", "fast"], launch, 1)
    assert timer.count == 4 and n_ok == 2
    assert ranked == [(6.0, "fast"), (9.0, "slow")] and torch_us == 10.0


def test_rank_bucket_with_a_guard_drops_configs_that_slow_the_next_torch_matmul(capsys):
    """--guard-reference: every candidate is followed by a timed torch.matmul; one after which
    torch.matmul runs more than the guard slower than after itself is left out, named."""
    import torch

    from fibgemm.timing import KernelTimes

    class FakeTimer:
        def time_many(self, fns, iters, warmup):
            self.fns = fns
            # "slow" 9 us, torch after it 10.05 (+0.5%); "fast" 6 us, torch after it 10.5
            # (+5%); torch after itself 10.0
            return [KernelTimes((us,)) for us in (9.0, 10.05, 6.0, 10.5, 10.0, 10.0)]

    def launch(a, b, out, cfg):
        out.copy_((a.float() @ b.float().T).half())

    timer = FakeTimer()
    b = torch.randn(N, K, dtype=torch.float16)
    ranked, torch_us, n = tuning.rank_bucket(timer, 2, b, ["slow", "fast"], launch, 1, 0.01)
    assert ranked == [(9.0, "slow")] and torch_us == 10.0 and n == 1
    reference = timer.fns[-1]
    assert timer.fns[1] is reference and timer.fns[3] is reference and timer.fns[-2] is reference
    assert timer.fns[0] is not reference and timer.fns[2] is not reference
    printed = capsys.readouterr().out
    assert "dropped fast: torch.matmul +5.0% right after it" in printed
    assert "kept slow: torch.matmul +0.5% right after it" in printed
    # Without the guard the same candidates are timed alone and both ranked.
    timer.time_many = lambda fns, iters, warmup: [KernelTimes((us,)) for us in (9, 6, 10, 10)]
    ranked, _, n = tuning.rank_bucket(timer, 2, b, ["slow", "fast"], launch, 1)
    assert [cfg for _, cfg in ranked] == ["fast", "slow"] and n == 2


def test_rank_bucket_after_itself_times_each_candidates_second_call_in_a_row():
    """after_itself: a round calls each candidate twice in a row and ranks it by the second
    call (right after itself, as the runner times it); with the guard torch.matmul still
    follows each candidate's second call."""
    import torch

    from fibgemm.timing import KernelTimes

    class FakeTimer:
        def time_many(self, fns, iters, warmup):
            self.fns = fns
            # slow: 9.5 after fast, 9.0 after itself; fast: 6.8 after slow, 6.0 after itself;
            # with the guard, torch after each then; torch 10.0 after itself
            per = {6: (9.5, 9.0, 6.8, 6.0, 10.0, 10.0),
                   8: (9.5, 9.0, 10.05, 6.8, 6.0, 10.5, 10.0, 10.0)}  # fmt: skip
            return [KernelTimes((us,)) for us in per[len(fns)]]

    def launch(a, b, out, cfg):
        out.copy_((a.float() @ b.float().T).half())

    timer = FakeTimer()
    b = torch.randn(N, K, dtype=torch.float16)
    args = (timer, 2, b, ["slow", "fast"], launch, 1)
    ranked, torch_us, n = tuning.rank_bucket(*args, after_itself=True)
    assert ranked == [(6.0, "fast"), (9.0, "slow")] and torch_us == 10.0 and n == 2
    assert timer.fns[0] is not timer.fns[2] and len(timer.fns) == 6
    ranked, _, n = tuning.rank_bucket(*args, 0.01, after_itself=True)
    assert ranked == [(9.0, "slow")] and n == 1  # torch +5% after fast
    reference = timer.fns[-1]
    assert timer.fns[2] is reference and timer.fns[5] is reference


def test_the_guard_flag_is_a_percentage_and_the_table_says_it_was_used(monkeypatch):
    monkeypatch.setattr("sys.argv", ["tune", "--guard-reference", "1.5"])
    args = tuning.parse_tuner_args("test", iters=10)
    assert tuning.guard_fraction(args) == 0.015
    assert "more than 1.5% slower" in tuning._with_method_notes("", args)
    assert tuning._with_method_notes("note", args).startswith("note; candidates after which")
    monkeypatch.setattr("sys.argv", ["tune"])
    args = tuning.parse_tuner_args("test", iters=10)
    assert tuning.guard_fraction(args) is None
    note = tuning._with_method_notes("note", args)
    assert note == "note; each candidate timed right after itself"
    monkeypatch.setattr("sys.argv", ["tune", "--guard-reference", "-1"])
    with pytest.raises(SystemExit):
        tuning.parse_tuner_args("test", iters=10)


def test_candidates_are_timed_right_after_themselves_unless_asked_otherwise(monkeypatch):
    monkeypatch.setattr("sys.argv", ["tune"])
    assert tuning.parse_tuner_args("test", iters=10).after_itself
    monkeypatch.setattr("sys.argv", ["tune", "--after-itself"])
    assert tuning.parse_tuner_args("test", iters=10).after_itself
    monkeypatch.setattr("sys.argv", ["tune", "--no-after-itself"])
    args = tuning.parse_tuner_args("test", iters=10)
    assert not args.after_itself
    assert tuning._with_method_notes("", args) == "candidates timed back to back"


def test_a_bucket_whose_every_config_the_guard_drops_stops_the_run_saying_so(monkeypatch):
    monkeypatch.setattr(tuning, "BUCKETS", COARSE)
    seen = {}

    def fake_rank_bucket(timer, m, b, cfgs, launch, iters, guard=None, after_itself=False):
        seen["guard"] = guard
        return [], 10.0, 0

    monkeypatch.setattr(tuning, "rank_bucket", fake_rank_bucket)
    with pytest.raises(SystemExit, match="none of 2 configs is correct and within the reference"):
        tuning.tune_bucket(None, 48, None, lambda m: ["x", "y"], None, 1, False, guard=0.01)
    assert seen["guard"] == 0.01


def test_after_itself_reaches_the_ranking_on_one_gpu_at_one_m_and_over_every_m(monkeypatch):
    monkeypatch.setattr(tuning, "BUCKETS", COARSE)
    seen = []

    def fake_rank_bucket(timer, m, b, cfgs, launch, iters, guard=None, after_itself=False):
        seen.append(after_itself)
        return [(5.0, "x")], 10.0, 1

    monkeypatch.setattr(tuning, "rank_bucket", fake_rank_bucket)
    for every_m in (False, True):
        seen.clear()
        tuning.tune_bucket(None, 48, None, lambda m: ["x"], None, 1, every_m, after_itself=True)
        assert seen and all(seen)
    seen.clear()
    tuning.tune_bucket(None, 48, None, lambda m: ["x"], None, 1, False)
    assert seen == [False]


def _fake_ranking(monkeypatch, times):
    """rank_bucket replaced by fixed timings {m: {cfg: us}}; torch takes 10 us everywhere."""

    def fake_rank_bucket(timer, m, b, cfgs, launch, iters, guard=None, after_itself=False):
        ranked = sorted((us, cfg) for cfg, us in times[m].items() if cfg in cfgs)
        return ranked, 10.0, len(ranked)

    monkeypatch.setattr(tuning, "rank_bucket", fake_rank_bucket)


def test_tune_bucket_at_the_largest_m_or_over_every_m(monkeypatch):
    # Bucket 48 of COARSE holds M = 35, 40, 48: "x" wins at 48 alone, "y" over all three.
    monkeypatch.setattr(tuning, "BUCKETS", COARSE)
    _fake_ranking(monkeypatch, {35: {"x": 20, "y": 8}, 40: {"x": 20, "y": 8}, 48: {"x": 5, "y": 8}})
    seen = []

    def candidates(m):
        seen.append(m)
        return ["x", "y"]

    best, line = tuning.tune_bucket(None, 48, None, candidates, None, 1, every_m=False)
    assert best == "x" and line.startswith("M=   48 (bucket <= 48)") and seen == [48]
    best, line = tuning.tune_bucket(None, 48, None, candidates, None, 1, every_m=True)
    assert best == "y" and line.startswith("M in 35,40,48 (bucket <= 48)")
    assert "not retuned" in tuning.tuning_method(True, [48])
    assert tuning.tuning_method(True, COARSE) == tuning.EVERY_M


def test_tuning_logs_every_configs_speedup_and_where_the_table_config_ranks(monkeypatch):
    monkeypatch.setattr(tuning, "BUCKETS", COARSE)
    _fake_ranking(monkeypatch, {35: {"x": 20, "y": 8}, 40: {"x": 20, "y": 8}, 48: {"x": 5, "y": 8}})
    reports = []
    tuning.tune_bucket(
        None, 48, None, lambda m: ["x", "y"], None, 1, False, None, reports.append, "y"
    )
    lines = reports[0].splitlines()
    assert [line.split()[1:] for line in lines] == [
        ["2.000x", "'x'"],
        ["1.250x", "'y'", "(the", "table's)"],
    ]
    scored = [(2.0 - i / 100, f"c{i}") for i in range(20)]
    lines = tuning.scoreboard(scored, current="c17", rows=3).splitlines()
    assert [line.split()[0] for line in lines] == ["1.", "2.", "3.", "...", "18."]
    assert "... 16 more" in lines[3] and "(the table's)" in lines[4]
    assert "... 17 more" in tuning.scoreboard(scored, rows=3)


def test_tune_bucket_names_the_bucket_when_nothing_is_correct(monkeypatch):
    _fake_ranking(monkeypatch, {64: {}})
    with pytest.raises(SystemExit, match=r"bucket <= 64: none of 2 configs is correct"):
        tuning.tune_bucket(None, 64, None, lambda m: ["x", "y"], None, 1, every_m=False)


def test_configs_that_did_not_compile_are_never_timed(monkeypatch):
    _fake_ranking(monkeypatch, {64: {"x": 5, "y": 8}})
    best, _ = tuning.tune_bucket(None, 64, None, lambda m: ["x", "y"], None, 1, False, {"y"})
    assert best == "y"


def _refused(a, b, c, cfg):
    raise ValueError(f"{cfg} needs more shared memory than the device has")


def test_a_refused_config_is_skipped_while_the_device_still_works(capsys):
    import torch

    a, b = torch.randn(2, 2048).half(), torch.randn(3072, 2048).half()
    assert not tuning.is_correct(_refused, "big", a, b, a.float() @ b.float().T)
    assert "skipped big: ValueError" in capsys.readouterr().out


def test_a_fault_that_loses_the_device_stops_the_tuning(monkeypatch):
    import torch

    monkeypatch.setattr(tuning, "device_still_usable", lambda device: False)
    a, b = torch.randn(2, 2048).half(), torch.randn(3072, 2048).half()
    with pytest.raises(RuntimeError, match="CUDA context is lost after bad; tuning stopped"):
        tuning.is_correct(_refused, "bad", a, b, a.float() @ b.float().T)


@pytest.fixture
def no_device(monkeypatch):
    """tune_and_save without a GPU: a stand-in torch (B is "B", the device "Fake GPU") and
    timer; the tests replace tune_bucket."""
    from types import SimpleNamespace

    fake_torch = SimpleNamespace(
        randn=lambda *a, **k: "B",
        float16=None,
        cuda=SimpleNamespace(get_device_name=lambda: "Fake GPU"),
    )
    monkeypatch.setattr(tuning, "torch", fake_torch)
    monkeypatch.setattr(tuning, "ColdL2Timer", lambda device: "timer")


def test_tune_and_save_retunes_the_asked_buckets_and_keeps_the_rest(
    monkeypatch, tmp_path, no_device
):
    from argparse import Namespace

    asked = []

    def fake_tune_bucket(timer, limit, b, candidates, launch, iters, every_m, usable, **log):
        asked.append((limit, b, iters, every_m, usable, log["current"]))
        assert log["report"] is print  # each bucket's scoreboard goes to the log
        return f"new{limit}", f"line (bucket <= {limit})"

    monkeypatch.setattr(tuning, "tune_bucket", fake_tune_bucket)
    args = Namespace(buckets=[16, 32], iters=7, every_m=True, dry_run=False)
    kept = ({limit: f"old{limit}" for limit in BUCKETS if limit not in (16, 32)}, {})
    path = tmp_path / "tuned.py"
    current = ({16: "cur16", 32: "cur32"}, {})
    tuning.tune_and_save(args, kept, "tuners/tune_x.py", "", path, None, None, {"c"}, current)
    assert asked == [(16, "B", 7, True, {"c"}, "cur16"), (32, "B", 7, True, {"c"}, "cur32")]
    text = path.read_text()
    assert "tuned on Fake GPU" in text and "line (bucket <= 32)" in text
    rows = "".join(text.split())  # TABLE's rows without the layout
    assert "(16,'new16')," in rows and "(1,'old1')," in rows and "(1<<62,'old" in rows


def test_tune_and_save_writes_the_table_after_every_bucket(monkeypatch, tmp_path, no_device):
    # A run cut short after the first of two buckets leaves a whole table: the finished bucket
    # new, the one not reached with its current row.
    from argparse import Namespace

    path = tmp_path / "tuned.py"

    def fake_tune_bucket(timer, limit, b, candidates, launch, iters, every_m, usable, **log):
        if limit == 32:
            rows = "".join(path.read_text().split())
            assert "(16,'new16')," in rows and "(32,'cur32')," in rows
            raise KeyboardInterrupt  # the time limit
        return f"new{limit}", f"line (bucket <= {limit})"

    monkeypatch.setattr(tuning, "tune_bucket", fake_tune_bucket)
    args = Namespace(buckets=[16, 32], iters=7, every_m=True, dry_run=False)
    kept = ({limit: f"old{limit}" for limit in BUCKETS if limit not in (16, 32)}, {})
    current = ({16: "cur16", 32: "cur32"}, {32: "old line (bucket <= 32)"})
    with pytest.raises(KeyboardInterrupt):
        tuning.tune_and_save(args, kept, "tuners/tune_x.py", "", path, None, None, None, current)
    text = path.read_text()
    rows = "".join(text.split())
    assert "(16,'new16')," in rows and "(32,'cur32')," in rows and "(1,'old1')," in rows
    assert "line (bucket <= 16)" in text and "old line (bucket <= 32)" in text


def test_row_for_is_the_smallest_bucket_holding_m_or_the_last():
    table = [(1, "a"), (2, "b"), (4, "c"), (8, "d")]
    assert [tuning.row_for(table, m) for m in (1, 2, 3, 4, 5, 8)] == list("abccdd")
    assert tuning.row_for(table, 9) == "d" and tuning.bucket_index(table, 10**6) == 3


def test_neighbour_configs_are_the_adjacent_buckets_without_the_own_or_repeats():
    table = [(1, "a"), (2, "b"), (4, "b"), (8, "c"), (INF, "d")]
    assert tuning.neighbour_configs(table, 1) == ["b"]  # no bucket below the first
    assert tuning.neighbour_configs(table, 2) == ["a"]  # the one above is its own config
    assert tuning.neighbour_configs(table, 3) == ["c"]  # in bucket 4 ("b"), as is the one below
    assert tuning.neighbour_configs(table, 7) == ["b", "d"]
    assert tuning.neighbour_configs(table, 10**6) == ["c"]  # past the last limit: the last bucket
    assert tuning.neighbour_configs([(1, "a"), (INF, "a")], 5) == []


@pytest.mark.parametrize("tuner, table", [(tune_cute, cute_tuned), (tune_triton, triton_tuned)])
def test_neighbours_pass_offers_the_table_config_against_the_buckets_on_either_side(tuner, table):
    rows = table.TABLE
    for i, (limit, own) in enumerate(rows):
        m = REPRESENTATIVE[limit]
        cfgs = tuner.with_neighbours(m)
        assert cfgs[0] == own, m
        beside = {rows[j][1] for j in (i - 1, i + 1) if 0 <= j < len(rows)} - {own}
        assert set(cfgs[1:]) == beside and len(cfgs) == len(set(cfgs)), m


def test_triton_ws_tile_pass_offers_32_plus_8_token_tiles_only_at_33_to_40():
    def swap_widths(m):
        return {(c.BLOCK_S, c.BLOCK_S2) for c in tune_triton._ws_tiles(m) if c.SWAP_AB}

    for m in (35, 40):
        assert (32, 8) in swap_widths(m) and (32, 16) in swap_widths(m), m
    assert (32, 8) not in swap_widths(32) | swap_widths(48)
    assert (32, 16) in swap_widths(48)


@pytest.mark.parametrize("tuner", [tune_cute, tune_triton])
def test_each_refinement_pass_has_its_flag_and_one_at_most_is_taken(tuner, monkeypatch):
    for name, refinement in tuner.REFINEMENTS.items():
        flag = "--" + name.replace("_", "-")
        monkeypatch.setattr(sys, "argv", ["tune", flag])
        args = tuning.parse_tuner_args("d", 10, tuner.REFINEMENTS)
        picked = tuning.refinement_pass(args, tuner.REFINEMENTS, tuner.candidates)
        assert picked == (refinement.candidates, refinement.note), flag
        assert refinement.note.startswith(flag + ":"), flag
    monkeypatch.setattr(sys, "argv", ["tune"])
    args = tuning.parse_tuner_args("d", 10, tuner.REFINEMENTS)
    assert tuning.refinement_pass(args, tuner.REFINEMENTS, tuner.candidates) == (
        tuner.candidates,
        "",
    )
    first, second = list(tuner.REFINEMENTS)[:2]
    monkeypatch.setattr(
        sys, "argv", ["tune", f"--{first}".replace("_", "-"), f"--{second}".replace("_", "-")]
    )
    with pytest.raises(SystemExit):
        tuning.parse_tuner_args("d", 10, tuner.REFINEMENTS)


def test_cute_cluster_walk_pass_offers_persistent_clusters_above_m_256_only():
    from cute_gemm import main as cute_main

    assert tune_cute.with_cluster_walks(136) == [cute_main.select_config(136)]
    table_cfg = cute_main.select_config(2379)
    cfgs = tune_cute.with_cluster_walks(2379)
    assert cfgs[0] == table_cfg and len(cfgs) == len(set(cfgs)) > 20
    for c in cfgs[1:]:
        assert c.persistent and not c.stream_k and c.cluster_r in (2, 4), c
        assert c.tile_r == 128 and c.tile_s in (192, 224, 256), c
        assert c.l2_hint == table_cfg.l2_hint and is_valid(c, 2048), c


def test_cute_epilogue_buffer_pass_offers_one_to_eight_buffers_a_sub_tile_at_a_time(monkeypatch):
    from cute_gemm import main as cute_main

    # 128 x 224: seven 32-column sub-tiles; 4 ring stages fit beside 1-6 buffers, 3 beside 7.
    walk = CuteConfig(128, 224, swap_ab=True, persistent=True)
    monkeypatch.setattr(cute_main, "select_config", lambda m: walk)
    cfgs = tune_cute.with_more_epilogue_buffers(2379)
    assert cfgs[0] == walk
    assert [c.epi_stages for c in cfgs[1:]] == [1, 3, 4, 5, 6, 7]
    assert [c.ring_stages for c in cfgs[1:]] == [4, 4, 4, 4, 4, 3]
    assert all(is_valid(c, 2048) and not c.epi_whole for c in cfgs)
    # A whole-epilogue row is offered staged a sub-tile at a time through 1-8 buffers.
    whole = CuteConfig(128, 256, swap_ab=True, persistent=True, epi_whole=True)
    monkeypatch.setattr(cute_main, "select_config", lambda m: whole)
    assert [c.epi_stages for c in tune_cute.with_more_epilogue_buffers(8192)[1:]] == list(
        range(1, 9)
    )
    # Two sub-tiles or fewer: nothing to offer.
    small = CuteConfig(64, 16, swap_ab=True)
    monkeypatch.setattr(cute_main, "select_config", lambda m: small)
    assert tune_cute.with_more_epilogue_buffers(1) == [small]


def test_a_rendered_table_has_one_line_a_bucket():
    text = render_table(
        "tuners/tune_cute.py", tune_cute.TABLE_IMPORTS, dict(cute_tuned.TABLE), "NVIDIA H200",
        "2026-12-01", {},
    )  # fmt: skip
    body = text[text.index("TABLE = [") : text.index("# fmt: on")].splitlines()[1:-1]
    assert len(body) == len(BUCKETS)
    assert all(line.startswith("    (") and line.endswith("),") for line in body)


def test_portable_cute_tuner_rewrites_one_bucket_and_keeps_the_others_verbatim():
    """The portable CuTe tuner writes after every bucket: a tuned bucket gets its new line and
    ratio, every other line (its ratio comment included) stays byte for byte."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    source = (REPO_ROOT / "sources" / "cute_gemm" / "portable.py").read_text()
    lines = tuner.table_lines(source)
    assert list(lines) == [limit for limit, _ in portable.TABLE]
    assert tuner.with_table(source, lines) == source
    cfg = portable.PortableConfig(64, 32, True, tile_k=64, stages=4, warps_p=2, warps_q=2, splits=2)
    lines[32] = tuner.render_line(32, 0.8771, cfg)
    rewritten = tuner.with_table(source, lines)
    old_lines, new_lines = source.splitlines(), rewritten.splitlines()
    changed = [(a, b) for a, b in zip(old_lines, new_lines, strict=True) if a != b]
    assert len(changed) == 1
    assert changed[0][1].endswith("# 0.877x") and repr(cfg) in changed[0][1]
    namespace = {"PortableConfig": portable.PortableConfig}
    exec(tuner.table_re().search(rewritten).group(0).replace("# fmt: off", ""), namespace)
    assert dict(namespace["TABLE"])[32] == cfg
    # A bucket the table lacks (a new one in the tuner's BUCKETS) goes in before the catch-all.
    assert 6000 not in lines
    lines[6000] = tuner.render_line(6000, 0.5, cfg)
    grown = dict(tuner.table_lines(tuner.with_table(source, lines)))
    assert list(grown) == sorted(grown) and list(grown)[-2:] == [6000, tuner.INF]
    with pytest.raises(ValueError, match="table markers"):
        tuner.table_lines(source.replace("# fmt: off", ""))


def test_portable_cute_tuner_l2_prefetch_offers_each_hinted_row_its_lines_ahead():
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    seen = set()
    for large, table in ((False, portable.TABLE), (True, portable.TABLE_LARGE_SHARED)):
        for limit, row in table:
            cfgs = tuner.prefetch_candidates(limit, large)
            assert cfgs[0] == row == tuner.current_config(limit, large)
            seen.add(row.b_evict_first)
            if not row.b_evict_first:  # the prefetch rides on B's hinted copies
                assert cfgs == [row]
                continue
            assert sorted(c.b_l2_prefetch for c in cfgs) == [0, *tuner.L2_PREFETCH]
            assert {replace(c, b_l2_prefetch=0) for c in cfgs} == {replace(row, b_l2_prefetch=0)}
            assert all(portable.is_valid(c, K) for c in cfgs)
    assert seen == {True, False}  # both kinds of row were checked


def test_portable_cute_tuner_tunes_the_buckets_both_tables_have():
    """A bucket added to the tables by hand (a probe's win) is one the tuner tunes too, at
    workload Ms inside it."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    limits = [limit for limit, _ in tuner.BUCKETS]
    assert limits == [limit for limit, _ in portable.TABLE]
    assert limits == [limit for limit, _ in portable.TABLE_LARGE_SHARED]
    lower = 0
    for limit, ms in tuner.BUCKETS:
        assert ms and all(lower < m <= limit and m in WORKLOAD_MS for m in ms), limit
        lower = limit


def test_portable_cute_tuner_offers_split_k_in_one_loop_and_sliced_k_in_both_forms():
    """Up to M = 64 every split-K candidate keeps one K loop (peeled, the split rows' tail code
    slowed the torch.matmul after them by 1-2.5%), and every sliced-K candidate comes both
    peeled and in one K loop (the sliced rows take either). Each row up to 48 is also among the
    candidates of the next bucket, whose token tiles include its own, so a retune of either
    bucket can find it."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    for table, large in ((portable.TABLE, False), (portable.TABLE_LARGE_SHARED, True)):
        # Tilings: a row's prefetch distance is the --l2-prefetch pass's to find.
        rows = {limit: replace(row, b_l2_prefetch=0) for limit, row in table}
        assert rows[16] in tuner.candidates(32, large_shared=large)
        assert rows[32] in tuner.candidates(48, large_shared=large)
        assert rows[48] in tuner.candidates(64, large_shared=large)
        for limit in (16, 32, 48, 64):
            offered = tuner.candidates(limit, large_shared=large)
            split = [c for c in offered if c.splits > 1]
            assert split and not any(c.peel_tail for c in split), limit
            sliced = {replace(c, b_l2_prefetch=0) for c in offered if c.warps_k > 1}
            assert sliced and {replace(c, peel_tail=not c.peel_tail) for c in sliced} <= sliced


def test_portable_cute_tuner_offers_every_swap_ab_row_without_being_told(monkeypatch):
    """A retune can find each row up to M = 256 again (128-deep K tiles included), not only keep
    it: with every row of the table replaced by a stand-in, each is still a candidate."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    stand_in = portable.PortableConfig(16, 16, True, stages=2, warps_p=1, warps_q=1)
    for name, large in (("TABLE", False), ("TABLE_LARGE_SHARED", True)):
        table = getattr(portable, name)
        monkeypatch.setattr(portable, name, [(limit, stand_in) for limit, _ in table])
        for limit, row in table:
            if limit <= 256:  # its tiling; its prefetch distance is --l2-prefetch's to find
                tiling = replace(row, b_l2_prefetch=0)
                assert tiling in tuner.candidates(limit, large_shared=large), (name, limit)
        assert any(
            c.tile_k == 128 and c.warps_k == 1 for c in tuner.candidates(96, large_shared=large)
        )


def test_portable_cute_tuner_offers_grouped_walks_only_past_m_4096():
    """Straight tiles walking groups of 2 or 4 token tiles are offered where A outgrows what a
    wave shares in L2 (8192), not at 2053 or 2379, where they ran behind."""
    from tuners import tune_cute_portable as tuner

    for limit, _ in tuner.BUCKETS:
        groups = {c.group_p for c in tuner.candidates(limit, large_shared=True)}
        assert groups == ({1, 2, 4} if limit > 4096 else {1}), limit
    last = tuner.candidates(tuner.INF, large_shared=True)
    ungrouped = {c for c in last if c.group_p == 1}
    assert {replace(c, group_p=1) for c in last if c.group_p > 1} <= ungrouped


def test_portable_cute_tuner_large_shared_tunes_its_own_table_with_deeper_rings():
    """--large-shared: rings up to 160 KB (deeper rings among them), persistent walks' ring and
    buffer for D up to 227 KB, the bucket's row of TABLE_LARGE_SHARED among them, and the rows
    written to that table, TABLE left as it was."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    for limit, _ in tuner.BUCKETS:
        large = tuner.candidates(limit, large_shared=True)
        current = [cfg for lim, cfg in portable.TABLE_LARGE_SHARED if lim >= limit][0]
        assert current in large
        assert all(c.ring_bytes() <= portable.LARGE_SHARED_BYTES for c in large)
        assert all(c.shared_bytes() <= 227 * 1024 for c in large)
        assert all(c.shared_bytes() <= 96 * 1024 for c in tuner.candidates(limit))
        if limit > 64:
            assert any(c.shared_bytes() > 96 * 1024 for c in large), limit
    source = (REPO_ROOT / "sources" / "cute_gemm" / "portable.py").read_text()
    lines = tuner.table_lines(source, "TABLE_LARGE_SHARED")
    assert list(lines) == [limit for limit, _ in portable.TABLE_LARGE_SHARED]
    cfg = portable.PortableConfig(96, 64, True, tile_k=64, stages=8, warps_p=2, warps_q=2)
    lines[160] = tuner.render_line(160, 0.6, cfg)
    rewritten = tuner.with_table(source, lines, "TABLE_LARGE_SHARED")
    assert tuner.table_lines(rewritten) == tuner.table_lines(source)  # TABLE untouched
    assert repr(cfg) in tuner.table_lines(rewritten, "TABLE_LARGE_SHARED")[160]


def test_portable_cute_tuner_offers_sliced_k_and_can_offer_only_it():
    """Sliced-K candidates (two warps a warp tile) beside the others in every bucket from 16
    up; with --warps-k 2 only those, plus the config that serves the bucket now."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    for limit, _ in tuner.BUCKETS:
        everything = tuner.candidates(limit)
        sliced = tuner.candidates(limit, 2)
        current = [cfg for lim, cfg in portable.TABLE if lim >= limit][0]
        assert any(c.warps_k == 2 for c in everything), limit
        assert set(sliced) <= set(everything) and current in sliced
        assert all(c.warps_k == 2 for c in sliced if c != current), limit
        assert all(portable.is_valid(c, K) for c in sliced)


def test_portable_cute_tuner_offers_96_and_192_wide_tiles_and_can_offer_only_them():
    """Above M = 256 the candidates include tiles with a 96- or 192-row side (whole waves at 972
    and 2053); with --sides only tiles with a side among those given, plus the bucket's row."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    for limit, _ in tuner.BUCKETS:
        if limit <= 256:
            continue
        everything = tuner.candidates(limit, large_shared=True)
        some = tuner.candidates(limit, large_shared=True, sides=(96, 192))
        current = [cfg for lim, cfg in portable.TABLE_LARGE_SHARED if lim >= limit][0]
        assert {96, 192} <= {c.tile_p for c in everything} & {c.tile_q for c in everything}
        assert set(some) <= set(everything) and current in some and len(some) < len(everything)
        assert all(96 in (c.tile_p, c.tile_q) or 192 in (c.tile_p, c.tile_q)
                   for c in some if c != current), limit  # fmt: skip


def test_portable_cute_tuner_sides_filter_holds_up_to_m_64():
    """--sides filters the buckets up to 64 too (the token tiles they offer are not mistaken
    for it): only tiles with a side among those given, plus the bucket's row."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    for limit in (16, 32, 48, 64):
        everything = tuner.candidates(limit, large_shared=True)
        some = tuner.candidates(limit, large_shared=True, sides=(64,))
        current = dict(portable.TABLE_LARGE_SHARED)[limit]
        assert set(some) <= set(everything) and current in some and len(some) < len(everything)
        assert all(64 in (c.tile_p, c.tile_q) for c in some if c != current), limit


def test_portable_cute_tuner_offers_six_warp_grids_and_224_token_tiles():
    """Swap-AB buckets offer six- and eight-warp grids (96 x 48 on six warps won 136-192 on
    the H200); --warp-grids offers only those (beside the bucket's row); 2379's bucket offers
    224-token tiles (11 x 24 of them: two rounds of 132 SMs)."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    six = portable.PortableConfig(96, 48, True, stages=6, warps_p=2, warps_q=3)
    assert six in tuner.candidates(160, large_shared=True)
    eight = portable.PortableConfig(64, 64, True, stages=6, warps_p=2, warps_q=4)  # 32 x 16 each
    assert eight in tuner.candidates(128, large_shared=True)
    for limit in (96, 128, 160, 192, 256):
        only = tuner.candidates(limit, large_shared=True, warp_grids=((2, 3), (3, 2)))
        current = [cfg for lim, cfg in portable.TABLE_LARGE_SHARED if lim >= limit][0]
        assert current in only and len(only) > 1
        assert all((c.warps_p, c.warps_q) in ((2, 3), (3, 2)) for c in only if c != current)
    assert [ms for lim, ms in tuner.BUCKETS if lim == 4096] == [[2379]]
    wide = portable.PortableConfig(224, 128, False, stages=3, warps_p=2, warps_q=4)
    assert wide in tuner.candidates(4096, large_shared=True)
    assert tuner._warp_grid("2x3") == (2, 3)
    with pytest.raises(argparse.ArgumentTypeError, match="'2by3' is not PxQ"):
        tuner._warp_grid("2by3")


def test_portable_cute_tuner_can_offer_only_one_k_tile_depth():
    """--tile-k 64: only 64-deep candidates, plus the bucket's row whatever its depth."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    for limit, _ in tuner.BUCKETS:
        everything = tuner.candidates(limit, large_shared=True)
        deep = tuner.candidates(limit, large_shared=True, tile_k=64)
        current = [cfg for lim, cfg in portable.TABLE_LARGE_SHARED if lim >= limit][0]
        assert current in deep and set(deep) <= set(everything)
        assert all(c.tile_k == 64 for c in deep if c != current), limit
        if limit > 256:
            assert len(deep) < len(everything), limit


def test_a_guarded_bucket_that_drops_every_config_keeps_the_tables_row(monkeypatch):
    """One bucket where every candidate moves the reference does not end a guarded run over many
    buckets: the table's row stays, and the line says why; without a guard or a row it stops."""
    monkeypatch.setattr(tuning, "rank_bucket", lambda *a, **k: ([], 10.0, 0))
    said = []
    best, line = tuning.tune_bucket(
        None, 16, None, lambda m: ["a", "b"], None, 1, False, report=said.append,
        current="row", guard=0.01,
    )  # fmt: skip
    assert best == "row" and "all 2 configs moved torch.matmul past the guard" in line
    assert said and "the table's row stays" in said[0]
    with pytest.raises(SystemExit, match="none of 2 configs is correct"):
        tuning.tune_bucket(None, 16, None, lambda m: ["a", "b"], None, 1, False, current="row")


def test_the_triton_tuners_rolled_tiles_are_every_one_tile_gluon_shape_rolled():
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_is_valid

    for m in (72, 128, 200):
        cfgs = tune_triton.with_rolled_tiles(m)
        assert cfgs[0] == tune_triton.select_config(m) and len(set(cfgs)) == len(cfgs)
        rolled = cfgs[1:]
        assert all(isinstance(c, WsTileConfig) and ws_is_valid(c, N, K) for c in rolled)
        assert all(c.ROLLED and c.UNROLL in (1, 2) and c.STAGES == 0 for c in rolled)
        assert not any(c.PERSISTENT for c in rolled)
        # Every shape --ws-tiles offers comes rolled (its tile, depth and preload).
        shape = lambda c: replace(c, ROLLED=False, UNROLL=1, STAGES=0)  # noqa: E731
        offered = {shape(c) for c in tune_triton._ws_tiles(m) if not c.PERSISTENT}
        assert offered - {shape(cfgs[0])} <= {shape(c) for c in rolled}
        assert {c.BLOCK_K for c in rolled} == {64, 128, 256}
        assert len(rolled) >= 150, len(rolled)


def test_the_triton_tuners_rolled_tiles_only_never_offers_an_unrolled_ring(monkeypatch):
    """Whatever the table's row: rolled, it is offered first; unrolled, it is left out."""
    row = tune_triton.select_config(72)
    for rolled in (True, False):
        table_row = replace(row, ROLLED=rolled, UNROLL=1)
        monkeypatch.setattr(tune_triton, "select_config", lambda m: table_row)  # noqa: B023
        cfgs = tune_triton.with_rolled_tiles_only(72)
        assert all(c.ROLLED for c in cfgs) and len(cfgs) >= 150
        assert cfgs == [c for c in tune_triton.with_rolled_tiles(72) if c.ROLLED]
        assert (cfgs[0] == table_row) == rolled and (table_row in cfgs) == rolled


def test_the_triton_tuner_offers_each_gluon_row_its_ring_rolled():
    from triton_gemm.ws_tile import WsTileConfig
    from triton_gemm.ws_tile import is_valid as ws_is_valid

    offered = 0
    for limit, cfg in triton_tuned.TABLE:
        cfgs = tune_triton.with_rolled_ring(REPRESENTATIVE[limit])
        assert cfgs[0] == cfg
        if isinstance(cfg, WsTileConfig) and not cfg.PERSISTENT:
            row = replace(cfg, ROLLED=False, UNROLL=1)
            assert {row, replace(row, ROLLED=True)} <= set(cfgs)
            assert all(ws_is_valid(c, N, K) for c in cfgs) and len(set(cfgs)) == len(cfgs)
            for c in cfgs:  # the same tile (K steps as deep or, rolled, 128 deep where the
                # row's are 64); rolled passes of UNROLL steps over a ring of them
                assert replace(c, ROLLED=False, UNROLL=1, STAGES=0, PRELOAD=0) == replace(
                    row, STAGES=0, PRELOAD=0, BLOCK_K=c.BLOCK_K
                )
                assert c.UNROLL == 1 or c.ROLLED
                assert c.BLOCK_K == row.BLOCK_K or (
                    c.ROLLED and (row.BLOCK_K, c.BLOCK_K) == (64, 128)
                )
            deeper = [c for c in cfgs if c.BLOCK_K > row.BLOCK_K]
            assert bool(deeper) == (row.BLOCK_K == 64), (row, deeper)
            # Passes over a ring cut to a multiple of them, and over every stage that fits.
            assert any(c.UNROLL > 1 and c.ring % c.UNROLL == 0 for c in cfgs)
            assert any(c.UNROLL > 1 and c.STAGES == 0 for c in cfgs)
            assert {c.UNROLL for c in cfgs} >= {1, 2}
            offered += 1
        else:
            assert cfgs == [cfg]
    assert offered >= 30  # the Gluon rows of one tile a CTA, M = 2 to 972


def test_keep_within_keeps_the_tables_row_unless_a_candidate_beats_it_by_more(monkeypatch):
    monkeypatch.setattr(tuning, "BUCKETS", COARSE)
    # torch takes 10 us: "x" 1.010x, "y" (the table's row) 1.000x at M = 48
    _fake_ranking(monkeypatch, {48: {"x": 9.9, "y": 10.0}})

    def tune(current, keep_within, candidates=("x", "y")):
        return tuning.tune_bucket(
            None, 48, None, lambda m: list(candidates), None, 1, False,
            current=current, keep_within=keep_within,
        )  # fmt: skip

    best, line = tune("y", 0.02)
    assert best == "y" and line.endswith("the table's row kept (1.000x, within 2.0% of the best)")
    assert line.startswith("M=   48 (bucket <= 48)")
    assert tune("y", 0.005)[0] == "x"  # beaten by 1.0%, more than 0.5%
    assert tune("y", None)[0] == "x" and "kept" not in tune("y", None)[1]
    assert tune("x", 0.02) == tune("x", None)  # the row is the best: nothing to say
    assert tune("w", 0.02)[0] == "x"  # a row that did not rank (dropped, wrong) cannot stay
    # Over every M the same rule reads the geomean speedups.
    _fake_ranking(monkeypatch, {m: {"x": 9.9, "y": 10.0} for m in (35, 40, 48)})
    best, line = tuning.tune_bucket(
        None, 48, None, lambda m: ["x", "y"], None, 1, True, current="y", keep_within=0.02
    )
    assert best == "y" and line.startswith("M in 35,40,48") and "row kept (1.000x" in line


def test_the_keep_within_flag_is_a_percentage_and_the_table_says_it_was_used(monkeypatch):
    monkeypatch.setattr("sys.argv", ["tune", "--keep-within", "0.5", "--guard-reference", "1"])
    args = tuning.parse_tuner_args("test", iters=10)
    assert tuning.keep_fraction(args) == 0.005
    assert tuning._with_method_notes("note", args) == (
        "note; candidates after which torch.matmul ran more than 1% slower than after itself "
        "were dropped; a row stayed unless beaten by more than 0.5%; each candidate timed right "
        "after itself"
    )
    monkeypatch.setattr("sys.argv", ["tune"])
    args = tuning.parse_tuner_args("test", iters=10)
    assert tuning.keep_fraction(args) is None
    assert tuning._with_method_notes("", args) == "each candidate timed right after itself"
    monkeypatch.setattr("sys.argv", ["tune", "--keep-within", "-1"])
    with pytest.raises(SystemExit):
        tuning.parse_tuner_args("test", iters=10)


@pytest.mark.parametrize(
    "flag, text, says",
    [
        ("--keep-within", "half", "'half': expected a percentage like 0.5"),
        ("--guard-reference", "1%", "'1%': expected a percentage like 0.5"),
        ("--guard-reference", "-0.5", "'-0.5': expected a finite percentage of 0 or more"),
        ("--keep-within", "inf", "'inf': expected a finite percentage of 0 or more"),
        ("--keep-within", "nan", "'nan': expected a finite percentage of 0 or more"),
    ],
)
def test_a_bad_percentage_is_refused_naming_the_flag_and_the_value(
    monkeypatch, capsys, flag, text, says
):
    monkeypatch.setattr("sys.argv", ["tune", flag, text])
    with pytest.raises(SystemExit) as exit_:
        tuning.parse_tuner_args("test", iters=10)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag}: {says}" in err


def test_portable_cute_tuner_offers_two_warp_tiles_and_four_way_splits_up_to_96():
    """Every swap-AB bucket offers two-warp and 32-token tiles (48 x 32 on 1 x 2 warps ran
    0.72-0.73x at M = 96 and 128 on the H200 where the rows ran 0.67-0.69x; 64 x 32 on 2 x 1
    0.69-0.72x at 136-160 where the row ran 0.63-0.64x), and up to M = 96 tiles split over
    4 CTAs (32 x 80 on 2 x 1 warps ran 0.73x at M = 72 where the <= 96 row ran 0.70x);
    --splits 4 offers only four-way splits, beside the bucket's row; above 96 none."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    assert [ms for lim, ms in tuner.BUCKETS if lim == 80] == [[70, 72, 80]]
    two_warps = portable.PortableConfig(32, 80, True, stages=4, warps_p=2, warps_q=1, splits=4)
    for large in (False, True):
        table = portable.TABLE_LARGE_SHARED if large else portable.TABLE
        for limit in (80, 96):
            only = tuner.candidates(limit, large_shared=large, split_counts=(4,))
            current = [cfg for lim, cfg in table if lim >= limit][0]
            assert current in only and len(only) > 1
            assert all(c.splits == 4 for c in only if c != current), limit
        assert two_warps in tuner.candidates(80, large_shared=large)
    assert all(c.splits < 4 for c in tuner.candidates(128, large_shared=True))
    unsplit = portable.PortableConfig(48, 32, True, stages=6, warps_p=1, warps_q=2)
    for limit in (96, 128):
        assert unsplit in tuner.candidates(limit, large_shared=True), limit
    thirty_two = portable.PortableConfig(64, 32, True, stages=6, warps_p=2, warps_q=1)
    for limit in (160, 192, 256):  # 32-token tiles beside the bucket-sized ones
        assert thirty_two in tuner.candidates(limit, large_shared=True), limit


def test_portable_cute_tuner_offers_persistent_walks_above_256_and_one_k_loop_where_it_won():
    """Persistent walks of straight tiles above M = 256 with --large-shared only (their buffer
    for D does not fit 96 KB); tiles of one K loop (peel_tail off): every split tile and every
    sliced one up to M = 64 (as the split rows and two of the sliced rows run), and above 64
    the unsplit two-warp swap-AB tiles only, where the 48 x 32 rows at 96-128 took it (and the
    bucket's row)."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    for limit, _ in tuner.BUCKETS:
        large = tuner.candidates(limit, large_shared=True)
        walks = [c for c in large if c.persistent]
        assert bool(walks) == (limit > 256), limit
        assert all(not c.swap_ab and c.splits == 1 and c.warps_k == 1 for c in walks)
        assert not any(c.persistent for c in tuner.candidates(limit))
        current = [cfg for lim, cfg in portable.TABLE_LARGE_SHARED if lim >= limit][0]
        one_loop = [c for c in large if not c.peel_tail and c != current]
        assert bool(one_loop) == (limit <= 256), limit
        if limit <= 64:
            assert all(c.swap_ab and (c.splits > 1 or c.warps_k > 1) for c in one_loop), limit
        else:
            assert all(c.swap_ab and c.splits == 1 and c.threads == 64 for c in one_loop)


def test_portable_cute_tuner_offers_each_candidate_with_and_without_b_evict_first():
    """Every candidate both ways by default (the table's rows have B evict-first where it won);
    --evict-first off or on: one way only, beside the bucket's row whatever it has."""
    from cute_gemm import portable

    from tuners import tune_cute_portable as tuner

    for limit in (16, 160, 972):
        both = tuner.candidates(limit, large_shared=True, tile_k=64)
        off = tuner.candidates(limit, large_shared=True, tile_k=64, evict_first="off")
        on = tuner.candidates(limit, large_shared=True, tile_k=64, evict_first="on")
        current = [cfg for lim, cfg in portable.TABLE_LARGE_SHARED if lim >= limit][0]
        assert current in off and current in on
        assert {replace(c, b_evict_first=True) for c in off} <= set(both)
        assert set(off) | set(on) == set(both)
        assert all(not c.b_evict_first for c in off if c != current)
        assert all(c.b_evict_first for c in on if c != current)
