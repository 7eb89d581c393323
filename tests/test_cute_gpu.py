"""The CuTe DSL solution on a GPU: every workload M and tails in no list, on the path this
device serves (FIBGEMM_PORTABLE=1 forces the portable one), and the portable kernel itself."""

import dataclasses

import pytest
import torch
from conftest import EVICT_FIRST_CHECKS, PREFETCH_CHECKS, SLICED_K_CHECKS, TAIL_MS
from cute_gemm import portable
from cute_gemm.kernel import CuteConfig
from cute_gemm.tuned import TABLE
from gpu_checks import (
    check_both_ways,
    check_clipped_against_shifted,
    check_fresh_operands_every_call,
    check_matches_float32_reference,
    check_row_padded_views,
    check_same_output,
)

from fibgemm import WORKLOAD_MS, K, N

pytestmark = [pytest.mark.gpu, pytest.mark.hopper]


@pytest.fixture(scope="module")
def run():
    from cute_gemm.main import run

    return run


@pytest.mark.parametrize("m", WORKLOAD_MS + TAIL_MS)
def test_matches_float32_reference(run, B, m):
    check_matches_float32_reference(run, B, m)


def _token_tile(cfg) -> int:
    if isinstance(cfg, portable.PortableConfig):  # a Hopper-table row naming the portable kernel
        return cfg.tile_q if cfg.swap_ab else cfg.tile_p
    return cfg.tile_s if cfg.swap_ab else cfg.loaded_rows


# Stream-K walks where a run spans a tile's middle (64 x 16 tiles of 16 k-stages 128 deep:
# 48 tiles over 132 CTAs at M <= 16), where runs hold one or two k-stages (12 straight
# 128 x 256 tiles of 16 stages 128 deep at M <= 128: 192 over 132 CTAs), the shapes the tuner
# offers at 136-176 (117 straight tiles of 64 x 80, or 48 swap-AB ones of 64 x 144) and at 2379.
STREAM_K_CONFIGS = (
    CuteConfig(64, 16, swap_ab=True, tile_k=128, persistent=True, stream_k=True),
    CuteConfig(128, 256, swap_ab=False, tile_k=128, persistent=True, stream_k=True),
    CuteConfig(64, 80, swap_ab=False, persistent=True, stream_k=True, l2_hint="b_first"),
    CuteConfig(64, 144, swap_ab=True, persistent=True, stream_k=True),
    CuteConfig(128, 240, swap_ab=True, persistent=True, stream_k=True),
)

# Loads through descriptors of our own, each L2 promotion: the rows at 136-256 (64 x 80 and
# 64 x 96), two 64-deep boxes a stage with B's L2 prefetch (swap-AB), a box of an odd number of
# 8-row atoms, a persistent walk of 128-row tiles (two consumer warp groups), ping-pong.
PROMOTED_CONFIGS = (
    CuteConfig(64, 80, swap_ab=False, epi_whole=True, l2_hint="b_first", l2_promotion="256B"),
    CuteConfig(64, 96, swap_ab=False, epi_stages=3, l2_hint="b_first_a_last", l2_promotion="none"),
    CuteConfig(64, 32, swap_ab=True, tile_k=128, l2_prefetch=3, l2_promotion="256B"),
    CuteConfig(64, 72, swap_ab=False, l2_hint="b_first", l2_promotion="128B"),
    CuteConfig(128, 224, swap_ab=True, persistent=True, epi_stages=6, l2_promotion="64B"),
    CuteConfig(64, 192, swap_ab=True, persistent=True, pingpong=True, l2_promotion="256B"),
)

# Last tiles past the end (clip_last): the straight rows at 136-256 and 972, the persistent
# swap-AB walks of 2053 and 2379, a swap-AB tile of two boxes a stage with B's L2 prefetch,
# ping-pong, split-K and a stream-K walk.
CLIPPED_CONFIGS = tuple(
    dataclasses.replace(cfg, clip_last=True)
    for cfg in (
        PROMOTED_CONFIGS[0],
        CuteConfig(128, 192, swap_ab=False, stages=4, l2_hint="b_first"),
        CuteConfig(128, 192, swap_ab=True, persistent=True, epi_stages=6, l2_promotion="none"),
        CuteConfig(128, 224, swap_ab=True, persistent=True, epi_stages=6),
        PROMOTED_CONFIGS[2],
        CuteConfig(64, 192, swap_ab=True, persistent=True, pingpong=True),
        CuteConfig(64, 160, swap_ab=True, splits=2),
        CuteConfig(128, 128, swap_ab=False, persistent=True, stream_k=True),
    )
)

# The token tiles along the grid's x (s_fastest): half-token swap-AB tiles (72 wide, 64 deep;
# 80 wide, 128 deep, clipped and promoted) and a straight tile.
S_FASTEST_CONFIGS = (
    CuteConfig(64, 72, swap_ab=True, l2_hint="b_first", epi_whole=True, s_fastest=True),
    CuteConfig(
        64, 80, swap_ab=True, tile_k=128, l2_promotion="256B", clip_last=True, s_fastest=True
    ),
    CuteConfig(64, 80, swap_ab=False, epi_whole=True, s_fastest=True),
)

# Whatever the table holds: split-K over clusters of 2 and 4, both tile heights, both mappings,
# and widths whose epilogue needs 16-column sub-tiles.
EXTRA_CONFIGS = {
    CuteConfig(64, 80, swap_ab=True),
    CuteConfig(128, 48, swap_ab=False),
    CuteConfig(64, 208, swap_ab=True),
    CuteConfig(64, 16, swap_ab=True, tile_k=128),  # two TMA boxes per operand and stage
    CuteConfig(64, 64, swap_ab=False, persistent=True),  # M > 176: CTAs walk several tiles
    CuteConfig(128, 192, swap_ab=True, persistent=True),
    CuteConfig(128, 64, swap_ab=False, tile_k=256),
    CuteConfig(64, 32, swap_ab=True, splits=2),
    CuteConfig(64, 160, swap_ab=True, splits=2),
    CuteConfig(128, 256, swap_ab=True, splits=4),
    CuteConfig(128, 64, swap_ab=False, splits=2),
    CuteConfig(64, 256, swap_ab=True, stages=2, splits=2),  # the smallest ring that holds it
    # Overlapping tiles along R: 48 and 24 rows apart over N (swap-AB), 40 over the tokens.
    CuteConfig(64, 16, swap_ab=True, row_step=48),
    CuteConfig(64, 32, swap_ab=True, tile_k=128, row_step=24),
    CuteConfig(64, 48, swap_ab=False, row_step=40),
    CuteConfig(128, 128, swap_ab=True, persistent=True, row_step=96),
    # TMA multicast of Y across clusters of 2, 3, 4 CTAs along R (partial clusters included).
    CuteConfig(64, 48, swap_ab=False, tile_k=128, cluster_r=2),
    CuteConfig(64, 96, swap_ab=False, cluster_r=3),
    CuteConfig(64, 96, swap_ab=False, cluster_r=4),
    CuteConfig(128, 192, swap_ab=False, cluster_r=2),
    CuteConfig(64, 32, swap_ab=True, cluster_r=2),
    # Persistent walks of cluster groups: two or four tiles along R a group; 24 R tiles of B
    # (swap-AB), or token tiles that leave a partial group (straight).
    CuteConfig(128, 224, swap_ab=True, persistent=True, cluster_r=2),
    CuteConfig(128, 128, swap_ab=True, persistent=True, cluster_r=4, epi_whole=True),
    CuteConfig(128, 192, swap_ab=False, persistent=True, cluster_r=2),
    # Ping-pong walks (short M: one tile per CTA, so group 1 may have none).
    CuteConfig(64, 224, swap_ab=False, persistent=True, pingpong=True, epi_stages=3),
    CuteConfig(64, 192, swap_ab=True, persistent=True, pingpong=True, l2_hint="b_first"),
    # Partial tiles: 48 of 64 rows of B (64 tiles over N = 3072), 40 (the last tile shifted
    # back over its neighbour), 32 with four 64-deep atoms a stage, 56 of 64 tokens (straight).
    CuteConfig(64, 16, swap_ab=True, stages=8, tile_k=128, x_rows=48, l2_hint="b_first"),
    CuteConfig(64, 32, swap_ab=True, x_rows=40),
    CuteConfig(64, 16, swap_ab=True, tile_k=256, x_rows=32),
    CuteConfig(64, 48, swap_ab=False, x_rows=56),
    # ... and straight tiles owning fewer tokens, as the --x-rows pass offers them at 70-224.
    CuteConfig(64, 48, swap_ab=False, tile_k=128, x_rows=40, l2_hint="b_first"),
    CuteConfig(64, 80, swap_ab=False, x_rows=48, l2_hint="b_first"),
    CuteConfig(64, 96, swap_ab=False, x_rows=56, l2_hint="b_first_a_last"),
    # Smaller epilogues, each with the ring stage it frees: one 64 x 16 sub-tile at a time
    # (64 x 96: 11 stages; 64 x 48 128 deep: 8), two of 64 x 16, one of 64 x 32, and one
    # 128 x 16 sub-tile in a persistent walk of 128 x 224 tiles (5 stages).
    CuteConfig(64, 96, swap_ab=False, epi_cols=16, epi_stages=1, l2_hint="b_first"),
    CuteConfig(64, 96, swap_ab=False, epi_cols=16),
    CuteConfig(64, 96, swap_ab=True, epi_cols=32, epi_stages=1),
    CuteConfig(64, 48, swap_ab=False, tile_k=128, epi_cols=16, epi_stages=1),
    CuteConfig(128, 224, swap_ab=True, persistent=True, epi_cols=16, epi_stages=1),
    # Two and three stages' WGMMAs in flight: one tile, a persistent walk, split-K, 128 deep.
    CuteConfig(64, 80, swap_ab=False, mma_batches=2, l2_hint="b_first"),
    CuteConfig(64, 96, swap_ab=False, mma_batches=3),
    CuteConfig(128, 224, swap_ab=True, persistent=True, mma_batches=2),
    CuteConfig(64, 32, swap_ab=True, splits=2, mma_batches=3),
    CuteConfig(64, 48, swap_ab=False, tile_k=128, mma_batches=2, l2_hint="b_first_a_last"),
    # The tuner's stream-K walks, at the short and partial tiles too.
    *STREAM_K_CONFIGS[2:],
    # Widths of an odd number of 8-column groups (Y's TMA box built by hand, two-matrix
    # stmatrix): 24- and 8-column epilogue sub-tiles straight, 8 swap-AB, a persistent walk.
    CuteConfig(64, 72, swap_ab=False, l2_hint="b_first"),
    CuteConfig(64, 72, swap_ab=False, epi_cols=8),
    CuteConfig(64, 72, swap_ab=True),
    CuteConfig(64, 40, swap_ab=True, l2_hint="b_first_a_last"),
    CuteConfig(128, 216, swap_ab=True, persistent=True),
    # Every epilogue sub-tile staged at once: one tile a CTA, straight and swap-AB, a persistent
    # walk whose next tile waits for the last one's stores, 8-column sub-tiles.
    CuteConfig(64, 80, swap_ab=False, epi_whole=True, l2_hint="b_first"),
    CuteConfig(64, 32, swap_ab=True, tile_k=128, epi_whole=True),
    CuteConfig(128, 256, swap_ab=True, persistent=True, epi_whole=True, l2_hint="normal"),
    CuteConfig(64, 72, swap_ab=False, epi_cols=8, epi_whole=True),
    # The loads through descriptors of our own (l2_promotion): PROMOTED_CONFIGS below.
    *PROMOTED_CONFIGS,
    # The last tiles past the end: CLIPPED_CONFIGS below.
    *CLIPPED_CONFIGS,
}


@pytest.mark.parametrize(
    "cfg", sorted({cfg for _, cfg in TABLE} | EXTRA_CONFIGS, key=repr), ids=repr
)
def test_every_table_config_at_partial_and_short_tiles(B, cfg):
    """Each config, not only where the table sends it: M shorter than one tile (TMA zero fill
    and clipping) and M ending a few rows into a tile (the shifted, overlapping last tile)."""
    from cute_gemm.main import launch_config

    t = _token_tile(cfg)
    for m in sorted({max(1, t // 2 - 3), t + 5, 2 * t + t // 2 + 3}):
        A = torch.randn(m, K, dtype=torch.float16, device="cuda")
        C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        launch_config(A, B, C, cfg)
        assert torch.isfinite(C).all(), f"M={m}: unwritten (NaN) elements in C"
        torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


def test_non_contiguous_inputs_and_output(run, B):
    A = torch.randn(K, 40, dtype=torch.float16, device="cuda").T
    Ct = torch.full((N, 40), float("nan"), dtype=torch.float16, device="cuda").T
    run(A, B.T.contiguous().T, Ct)
    torch.testing.assert_close(Ct.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


@pytest.mark.parametrize("m", [1, 200, 4097])
def test_row_padded_views_give_right_answer(run, B, m):
    check_row_padded_views(run, B, m)


def test_m_zero_is_a_no_op(run, B):
    run(
        torch.empty(0, K, dtype=torch.float16, device="cuda"),
        B,
        torch.empty(0, N, dtype=torch.float16, device="cuda"),
    )


@pytest.mark.parametrize("cpu_arg", ["A", "B", "C"])
def test_an_operand_on_the_cpu_is_named(run, B, cpu_arg):
    args = {
        "A": torch.randn(4, K, dtype=torch.float16, device="cuda"),
        "B": B,
        "C": torch.empty(4, N, dtype=torch.float16, device="cuda"),
    }
    args[cpu_arg] = args[cpu_arg].cpu()
    with pytest.raises(ValueError, match=f"{cpu_arg} must be on a CUDA device"):
        run(args["A"], args["B"], args["C"])


def test_wrong_dtype_on_the_gpu_is_named(run, B):
    A = torch.randn(4, K, device="cuda")  # float32
    with pytest.raises(TypeError, match="A must be float16"):
        run(A, B, torch.empty(4, N, dtype=torch.float16, device="cuda"))


@pytest.mark.parametrize("m", [1000, 2379, 4097])
def test_persistent_ctas_walking_many_tiles(B, m):
    """More tiles than SMs: each CTA runs several tiles, the ring carrying over between them."""
    from cute_gemm.main import launch_config

    for cfg in (
        CuteConfig(128, 128, swap_ab=False, persistent=True),
        CuteConfig(128, 224, swap_ab=True, persistent=True),
        # Clusters walking several groups of tiles, each CTA its rank's tile of a group; 19
        # token tiles of 128 at M = 2379 leave a partial group (its last tile done twice).
        CuteConfig(128, 224, swap_ab=True, persistent=True, cluster_r=2),
        CuteConfig(128, 192, swap_ab=False, persistent=True, cluster_r=2, epi_whole=True),
        CuteConfig(128, 256, swap_ab=True, persistent=True, cluster_r=4),
        # Ping-pong: two consumer groups on alternate tiles of the walk (an odd count per CTA
        # leaves group 1 a tile short), both mappings.
        CuteConfig(64, 224, swap_ab=False, persistent=True, pingpong=True, epi_stages=3),
        CuteConfig(64, 192, swap_ab=True, persistent=True, pingpong=True),
    ):
        A = torch.randn(m, K, dtype=torch.float16, device="cuda")
        C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        launch_config(A, B, C, cfg)
        assert torch.isfinite(C).all(), f"{cfg}: unwritten (NaN) elements in C"
        torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


@pytest.mark.parametrize("m", [1000, 2379, 4097])
@pytest.mark.parametrize("bucket", [2176, 4096, 1 << 62], ids=["2053", "2379", "8192"])
def test_a_walk_storing_under_the_mma_gives_the_walk_s_bits(B, bucket, m):
    """Each walk of the table (M = 2053's, 2379's, 8192's) against the same storing each tile
    under the next tile's first WGMMAs (store_under_mma): every element written both ways,
    right against float32, the same bits. At M = 1000 a CTA has at most one tile (only the
    last tile's epilogue runs), from 2379 two or more."""
    from cute_gemm.main import launch_config

    walk = next(cfg for limit, cfg in TABLE if limit == bucket)
    assert walk.persistent  # the row takes either way
    check_both_ways(launch_config, walk, "store_under_mma", B, m)


@pytest.mark.parametrize("cfg", STREAM_K_CONFIGS, ids=repr)
def test_stream_k_walks_sum_every_partial_and_reset_their_flags(B, cfg):
    """Runs that split tiles (and, at small M, hold a tile's middle) give the reference and
    leave every flag of the workspace down for the next call. Where no two tiles overlap, the
    next call gives the same bits (fixed partition and order of the sums). Where the last tile
    along a side is shifted back over its neighbour, the two split their k-stages at different
    places, so the elements both hold can differ in the last bit between them, and which
    store lands last is not fixed."""
    from cute_gemm import main

    m_tile, n_tile = (cfg.tile_s, cfg.tile_r) if cfg.swap_ab else (cfg.tile_r, cfg.tile_s)
    for m in (1, 17, 136, 176, 972, 2379):
        A = torch.randn(m, K, dtype=torch.float16, device="cuda")
        C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        main.launch_config(A, B, C, cfg)
        assert torch.isfinite(C).all(), f"M={m}: unwritten (NaN) elements in C"
        torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)
        again = torch.full_like(C, float("nan"))
        main.launch_config(A, B, again, cfg)
        torch.testing.assert_close(again, C, atol=1e-2, rtol=1e-3)
        if N % n_tile == 0 and (m <= m_tile or m % m_tile == 0):
            assert torch.equal(again, C), f"M={m}: a second call gave other bits"
        flags = main.workspace(cfg, A.device)[
            : torch.cuda.get_device_properties(0).multi_processor_count
        ]
        assert not flags.view(torch.int32).any(), f"M={m}: flags left raised"


def test_stream_k_workspace_is_one_per_stream(B):
    """Calls running at once on two streams must not share flags and partial slots: each
    stream gets its own workspace, and a walk on a side stream is right."""
    from cute_gemm import main

    cfg = STREAM_K_CONFIGS[2]
    A = torch.randn(136, K, dtype=torch.float16, device="cuda")
    C = torch.full((136, N), float("nan"), dtype=torch.float16, device="cuda")
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        main.launch_config(A, B, C, cfg)
        side_ws = main.workspace(cfg, A.device)
    side.synchronize()
    assert main.workspace(cfg, A.device).data_ptr() != side_ws.data_ptr()
    torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


def test_portable_split_k_planned_calls_on_two_streams_keep_their_own_workspace(B, monkeypatch):
    """run()'s fast path with a split-K config, interleaved on two streams: each stream's plan
    holds its own counters (two calls in flight never count each other's CTAs), both results
    are right, and every counter is back to zero. The portable path is forced for this device
    whatever it serves by default, with TABLE (a GPU of 99 KB a CTA), whose M = 64 row splits K
    where TABLE_LARGE_SHARED's slices it over warps instead."""
    from cute_gemm import main

    device = torch.cuda.current_device()
    forced = dataclasses.replace(
        main.device_choice(device), path="portable", why="the test", shared_optin=99 * 1024
    )
    monkeypatch.setitem(main._devices, device, forced)
    monkeypatch.setattr(main, "_plans", {})
    monkeypatch.setattr(main, "_plan_workspaces", {})
    m = 64
    assert main.select_config(m, device).splits > 1, "TABLE's bucket of M = 64 no longer splits K"
    streams = [torch.cuda.Stream(), torch.cuda.Stream()]
    inputs = [torch.randn(m, K, dtype=torch.float16, device="cuda") for _ in streams]
    outputs = [torch.empty(m, N, dtype=torch.float16, device="cuda") for _ in streams]
    for stream in streams:
        stream.wait_stream(torch.cuda.current_stream())
    for _ in range(20):
        for stream, A, C in zip(streams, inputs, outputs, strict=True):
            with torch.cuda.stream(stream):
                C.fill_(float("nan"))
                main.run(A, B, C)
    torch.cuda.synchronize()
    for A, C in zip(inputs, outputs, strict=True):
        assert torch.isfinite(C).all(), "unwritten (NaN) elements in C"
        torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)
    planned = {key: args for key, args in main._plan_workspaces.items() if key[:2] == (m, device)}
    assert {key[2] for key in planned} == {s.cuda_stream for s in streams}
    counters = [args[0] for args in planned.values()]
    assert counters[0].data_ptr() != counters[1].data_ptr()
    assert all(int(c.abs().sum()) == 0 for c in counters), "split-K counters left non-zero"


@pytest.mark.parametrize("m", [1, 100, 256, 972])
def test_planned_calls_follow_new_operands(run, B, m):
    """Fast-path calls reuse the M's plan (compiled kernel, mapping): each call with fresh
    tensors, at new addresses, must compute from them and write all of C."""
    from cute_gemm import main

    device = check_fresh_operands_every_call(run, B, m)
    assert (m, device) in main._plans


# Split-K in both orientations and at its deepest (2 K tiles a CTA), whatever the table holds.
SPLIT_K_CHECKS = [
    portable.PortableConfig(64, 16, True, tile_k=64, stages=3, warps_p=4, warps_q=1, splits=16),
    portable.PortableConfig(64, 64, True, tile_k=64, stages=4, warps_p=4, warps_q=1, splits=2),
    portable.PortableConfig(64, 64, False, tile_k=32, stages=4, warps_p=2, warps_q=2, splits=4),
]


SLICED_K = [portable.PortableConfig(**fields) for fields in SLICED_K_CHECKS]
EVICT_FIRST = [portable.PortableConfig(**fields) for fields in EVICT_FIRST_CHECKS]
PREFETCH = [portable.PortableConfig(**fields) for fields in PREFETCH_CHECKS]


@pytest.mark.parametrize("m", [1, 7, 33, 100, 200, 1000, 4097])
@pytest.mark.parametrize(
    "cfg",
    sorted(
        {cfg for _, cfg in portable.TABLE + portable.TABLE_LARGE_SHARED}
        | {cfg for _, cfg in portable.table_for(163 * 1024)}  # an A100's: no persistent rows
        | set(SPLIT_K_CHECKS)
        | set(SLICED_K)
        | set(EVICT_FIRST)
        | set(PREFETCH),
        key=repr,
    ),
    ids=repr,
)
def test_portable_configs_match_float32_reference(B, cfg, m):
    """The portable kernel (mma.sync) run here on every config of its tables, whatever path this
    device serves by default: M shorter than a tile, tails of the Q and P tiles, several waves
    (row-padded operands go through run(), which copies them: test_row_padded_views...).
    Split-K: the sum is the same bits on a repeat, and the counters are zero after each call.
    Sliced K (SLICED_K_CHECKS): the slices' partial sums meet in the first slice's registers.
    Persistent rows: one to four tiles a CTA (M = 1 to 4097 on 132 SMs), the last CTAs fewer."""
    from cute_gemm import main

    def run_cfg(A, B, C):
        main.launch_config(A, B, C, cfg)

    check_matches_float32_reference(run_cfg, B, m)
    if cfg.splits > 1:
        torch.cuda.synchronize()
        count, _ = main.split_workspace(cfg, m, B.device)
        assert int(count.abs().sum()) == 0, "split-K counters left non-zero"


@pytest.mark.parametrize("m", [7, 100, 1000])
@pytest.mark.parametrize(
    "cfg",
    sorted(
        {cfg for _, cfg in portable.TABLE + portable.TABLE_LARGE_SHARED if cfg.b_evict_first}
        | set(EVICT_FIRST)
        | set(PREFETCH),
        key=repr,
    ),
    ids=repr,
)
def test_b_evict_first_loads_the_same_stages_as_the_tiled_copy(B, cfg, m):
    """B's hand-written evict-first copies (their own address arithmetic, and with
    b_l2_prefetch the prefetches they issue) against the DSL's tiled copy, which has neither:
    the same MMAs on the same stages give the same bits, every element written."""
    from cute_gemm import main

    A = torch.randn(m, main.K, dtype=torch.float16, device="cuda")
    outs = []
    for c in (dataclasses.replace(cfg, b_evict_first=False, b_l2_prefetch=0), cfg):
        C = torch.full((m, main.N), float("nan"), dtype=torch.float16, device="cuda")
        main.launch_config(A, B, C, c)
        outs.append(C)
    assert torch.isfinite(outs[1]).all(), "unwritten (NaN) elements in C"
    assert torch.equal(outs[0], outs[1])


@pytest.mark.parametrize("m", [5, 136, 200, 2379])
@pytest.mark.parametrize("cfg", PROMOTED_CONFIGS, ids=repr)
def test_l2_promotion_loads_the_same_stages_as_the_dsls_descriptors(B, cfg, m):
    """Descriptors of our own with each L2 promotion against the DSL atoms' (l2_promotion ""):
    the same boxes land in the same stages, so the same MMAs give the same bits, every element
    written, on fresh operands."""
    from cute_gemm import main
    from cute_gemm.kernel import L2_PROMOTIONS

    A = torch.randn(m, main.K, dtype=torch.float16, device="cuda")
    outs = {}
    for promotion in ("", *L2_PROMOTIONS):
        C = torch.full((m, main.N), float("nan"), dtype=torch.float16, device="cuda")
        main.launch_config(A, B, C, dataclasses.replace(cfg, l2_promotion=promotion))
        assert torch.isfinite(C).all(), f"{promotion}: unwritten (NaN) elements in C"
        outs[promotion] = C
    for promotion, C in outs.items():
        assert torch.equal(C, outs[""]), f"{promotion} differs from the DSL's descriptors"
    torch.testing.assert_close(outs[""].float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


@pytest.mark.parametrize("m", [5, 136, 200, 972, 2053, 2379])
@pytest.mark.parametrize("cfg", CLIPPED_CONFIGS, ids=repr)
def test_clipped_last_tiles_give_the_shifted_tiles_bits(B, cfg, m):
    """Last tiles past the end, zero-filled and clipped (clip_last), against the same config
    shifting them back: every element written, right against a float32 reference, and the
    same bits (each element is the same MMAs over the same K order wherever its tile starts)
    but for a stream-K walk: there an element the shifted tiles overlap is written by two
    tiles, one of them maybe split over two CTAs (its partial sums added in another order)."""
    from cute_gemm import main

    def run_with(clip: bool):
        return lambda A, B, C: main.launch_config(A, B, C, dataclasses.replace(cfg, clip_last=clip))

    check_clipped_against_shifted(run_with(False), run_with(True), B, m, same_bits=not cfg.stream_k)


@pytest.mark.parametrize("m", [129, 136, 144, 152, 160, 176])
@pytest.mark.parametrize("cfg", S_FASTEST_CONFIGS, ids=repr)
def test_s_fastest_gives_the_row_major_grids_bits(B, cfg, m):
    """The S tiles along the grid's x against the same config with the R tiles there: every
    element written, right against a float32 reference, the same bits (the same tiles, only
    launched in another order)."""
    from cute_gemm import main

    runs = {
        f"s_fastest={f}": lambda A, B, C, f=f: main.launch_config(
            A, B, C, dataclasses.replace(cfg, s_fastest=f)
        )
        for f in (False, True)
    }
    check_same_output(runs, B, m)
