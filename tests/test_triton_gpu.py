"""The Triton solution on a CUDA device: every workload M and tails in no list."""

import pytest
import torch
from conftest import TAIL_MS
from gpu_checks import (
    check_both_ways,
    check_clipped_against_shifted,
    check_fresh_operands_every_call,
    check_matches_float32_reference,
    check_row_padded_views,
)
from test_triton_cpu import CLIPPED_VARIANTS, WS_VARIANTS

from fibgemm import WORKLOAD_MS, K, N

pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def run():
    from triton_gemm.main import run

    return run


@pytest.mark.parametrize("m", WORKLOAD_MS + TAIL_MS)
def test_matches_float32_reference(run, B, m):
    check_matches_float32_reference(run, B, m)


@pytest.mark.parametrize("m", [1, 16, 256, 972])
def test_scaled_inputs_tight_tolerance(run, B, m):
    # Outputs O(1): a tighter absolute check that a wrong partial sum cannot hide in.
    A = torch.randn(m, K, dtype=torch.float16, device="cuda") / K**0.5
    C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
    run(A, B, C)
    torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=2e-3, rtol=2e-3)


def test_non_contiguous_inputs_give_right_answer(run, B):
    A = torch.randn(K, 40, dtype=torch.float16, device="cuda").T  # [40, K], stride (1, 40)
    Bt = B.T.contiguous().T  # same values, column-major
    C = torch.full((40, N), float("nan"), dtype=torch.float16, device="cuda")
    run(A, Bt, C)
    torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)
    Ct = torch.full((N, 40), float("nan"), dtype=torch.float16, device="cuda").T
    run(A, B, Ct)
    torch.testing.assert_close(Ct.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


@pytest.mark.parametrize("m", [1, 40, 200, 972, 4097])
def test_row_padded_views_give_right_answer(run, B, m):
    check_row_padded_views(run, B, m)  # 4097: the TMA kernel


def test_m_zero_is_a_no_op(run, B):
    run(
        torch.empty(0, K, dtype=torch.float16, device="cuda"),
        B,
        torch.empty(0, N, dtype=torch.float16, device="cuda"),
    )


def test_inputs_on_different_devices_are_refused(run, B):
    A = torch.randn(4, K, dtype=torch.float16)
    C = torch.empty(4, N, dtype=torch.float16, device="cuda")
    with pytest.raises(ValueError, match="A must be on a CUDA device"):
        run(A, B, C)


@pytest.mark.parametrize(
    "a_shape, a_dtype, c_shape, match",
    [
        ((4, K), torch.float32, (4, N), "A must be float16"),
        ((4, K - 8), torch.float16, (4, N), r"A must be \[M, 2048\]"),
        ((4, K), torch.float16, (5, N), r"C must be \[4, 3072\]"),
        ((4, K), torch.float16, (4, N - 8), r"C must be \[4, 3072\]"),
    ],
)
def test_bad_cuda_input_is_refused_not_launched(run, B, a_shape, a_dtype, c_shape, match):
    """CUDA tensors of the wrong dtype or shape must miss the fast path and be named."""
    A = torch.randn(a_shape, device="cuda").to(a_dtype)
    C = torch.empty(c_shape, dtype=torch.float16, device="cuda")
    with pytest.raises((TypeError, ValueError), match=match):
        run(A, B, C)


@pytest.mark.parametrize("m", [1, 16, 136, 256, 972, 4097])
def test_table_configs_take_the_direct_launch_path(run, B, m):
    """The host fast path is real: a table config, once compiled, is launched through its C
    launcher without Triton's Python wrapper (no hook installed), TMA kernels (host-side
    descriptors) included."""
    from triton_gemm import launch as launch_module
    from triton_gemm import main

    cfg = main.select_config(m)
    jit_fn = main._kernel_of(cfg)[0]  # registers the Gluon tile if this test runs alone
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
    run(A, B, C)
    assert launch_module.uses_direct_launch(jit_fn, cfg, A.get_device())
    C.fill_(float("nan"))
    run(A, B, C)  # the second call goes through the direct path
    torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


@pytest.mark.parametrize("m", [1, 16, 100, 136, 256, 972, 4097])
def test_replayed_launches_follow_new_operands(run, B, m):
    """Fast-path calls after the first pass only the operands' pointers (launch.replayer): each
    call with fresh tensors, at new addresses, must compute from them and write all of C. With
    a Triton the direct launch was not written for (not 3.6 or 3.7) there is no replayer: every
    call takes Triton's own launch, and must be as right."""
    from triton_gemm import launch, main

    device = check_fresh_operands_every_call(run, B, m)
    replay = main._replays[(m, device)]
    cfg = main.select_config(m)
    if not launch.DIRECT_LAUNCH:
        assert replay is None, f"M={m}: a replayer under Triton's own launch path"
    elif not (isinstance(cfg, main.GemmConfig) and cfg.SPLIT_K > 1):
        assert callable(replay), f"M={m}: no replayer for {cfg}"


@pytest.mark.parametrize("m", [48, 136, 972, 4097])
def test_replayed_tma_launches_follow_the_operands_not_their_descriptors(run, B, m):
    """A replayed TMA config keeps the descriptors it built, encoded, by operand address (the
    device's Triton must take the encoded path): new values at a known address must be read,
    and more addresses than it keeps (launch.DESCRIPTORS_KEPT) must each be right."""
    from triton_gemm import launch, main
    from triton_gemm.ws_tile import WsTileConfig

    cfg = main.select_config(m)
    tma_kinds = (main.TileTmaConfig, main.TmaConfig, WsTileConfig)
    assert isinstance(cfg, tma_kinds), f"M={m} is no TMA config"
    device = check_fresh_operands_every_call(run, B, m, calls=launch.DESCRIPTORS_KEPT + 2)
    assert main._replays[(m, device)].encoded, "descriptors encoded on every call"
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
    run(A, B, C)
    A.copy_(torch.randn_like(A))  # same address, new values
    C.fill_(float("nan"))
    run(A, B, C)
    assert torch.isfinite(C).all(), "unwritten (NaN) elements in C"
    torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


@pytest.mark.parametrize("cfg", WS_VARIANTS, ids=repr)
@pytest.mark.parametrize("m", [1, 40, 200, 1000])
def test_ws_tile_variants_match_float32_reference(B, cfg, m):
    """The Gluon warp-specialized kernel itself (the CPU tests only compile it): M shorter than
    a tile (TMA boxes past A's end), a shifted last token tile, several waves; row-padded
    operands at M = 200."""
    from triton_gemm import main

    def run_cfg(A, B, C):
        main.launch_config(A, B, C, cfg)

    check_matches_float32_reference(run_cfg, B, m)
    if m == 200:
        check_row_padded_views(run_cfg, B, m)


@pytest.mark.parametrize("m", [1000, 2379, 4097])
def test_a_second_c_tile_gives_the_one_buffer_staging_s_bits(B, m):
    """M = 2379's walk (three dots' output tiles staged in turn in one buffer) against the same
    with the second dot's tile staged apart (SECOND_C_TILE: the third waits for the first's
    store only): every element written both ways, right against float32, the same bits. At
    2379 and 4097 a CTA walks two tiles or more, so a tile's staging follows the stores of the
    one before it."""
    from triton_gemm import main
    from triton_gemm.tuned import TABLE

    walk = next(cfg for limit, cfg in TABLE if limit >= 2379)
    assert walk.ONE_C_TILE and walk.BLOCK_S3 and walk.PERSISTENT  # the row takes either way
    check_both_ways(main.launch_config, walk, "SECOND_C_TILE", B, m)


@pytest.mark.parametrize("m", [1000, 2379, 4097])
@pytest.mark.parametrize("bucket", [2176, 4096, 1 << 62], ids=["2053", "2379", "8192"])
def test_a_walk_storing_under_the_mma_gives_the_walk_s_bits(B, bucket, m):
    """Each walk of the table (M = 2053's, 2379's, 8192's) against the same storing each tile
    under the next tile's first WGMMAs (STORE_UNDER_MMA): every element written both ways,
    right against float32, the same bits. At M = 1000 a CTA has at most one tile (only the
    last tile's epilogue runs), from 2379 two or more."""
    from triton_gemm import main
    from triton_gemm.tuned import TABLE

    walk = next(cfg for limit, cfg in TABLE if limit == bucket)
    assert walk.PERSISTENT  # the row takes either way
    check_both_ways(main.launch_config, walk, "STORE_UNDER_MMA", B, m)


@pytest.mark.parametrize("m", [2, 16, 70, 128, 136, 256])
def test_a_tile_without_register_moves_gives_the_row_s_bits(B, m):
    """Each one-consumer-group row (M = 2 to 256) against the same without the setmaxnreg
    ptxas ignores there (NO_SETMAXNREG): every element written both ways, right against
    float32, the same bits. The moves were removed: the twin compiled without the warning that
    would say its PTX was laid out otherwise (then it would be the row itself)."""
    import warnings

    from triton_gemm import main
    from triton_gemm.tuned import TABLE

    row = next(cfg for limit, cfg in TABLE if limit >= m)
    assert row.num_warps == 4  # the row takes either way
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_both_ways(main.launch_config, row, "NO_SETMAXNREG", B, m)
    assert not [w for w in caught if "register moves" in str(w.message)], caught


@pytest.mark.parametrize("m", [5, 136, 200, 972, 2053, 2379])
@pytest.mark.parametrize("cfg", CLIPPED_VARIANTS, ids=repr)
def test_clipped_last_tiles_give_the_shifted_tiles_bits(B, cfg, m):
    """Last tiles past the end, zero-filled and clipped (CLIP_LAST), against the same config
    shifting them back: every element written, right against a float32 reference, and the
    same bits (each element is the same MMAs over the same K order wherever its tile starts)."""
    from dataclasses import replace

    from triton_gemm import main

    def run_with(clip: bool):
        return lambda A, B, C: main.launch_config(A, B, C, replace(cfg, CLIP_LAST=clip))

    check_clipped_against_shifted(run_with(False), run_with(True), B, m)


@pytest.mark.parametrize("m", [1, 3, 8])
def test_the_gemv_with_b_hinted_runs_its_changed_ptx_with_the_same_result(B, m):
    """With B_EVICT_FIRST, the GEMV that launches is the one gemv._finish reassembled, its
    copies of B under an evict-first L2 policy; it computes what the unhinted GEMV does, bit
    for bit, every element written (M = 3 and 8: a BLOCK_M = 8 GEMV, masked rows of A)."""
    from dataclasses import replace

    from triton_gemm import launch, main
    from triton_gemm.gemv import GemvConfig

    if not launch.DIRECT_LAUNCH:
        pytest.skip("Triton's own launch path here: the GEMV runs unhinted")
    from triton_gemm import gemv

    shape = (1, 8, 256) if m == 1 else (8, 8, 64)  # the table's M = 1 row; one for M <= 8
    hinted = GemvConfig(*shape, num_warps=4, num_stages=8, B_EVICT_FIRST=True)
    assert gemv.is_valid(hinted, m, N, K), hinted
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    outs = []
    for cfg in (hinted, replace(hinted, B_EVICT_FIRST=False)):
        C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        main.launch_config(A, B, C, cfg)
        torch.cuda.synchronize()
        assert torch.isfinite(C).all(), f"{cfg}: unwritten (NaN) elements in C"
        outs.append(C)
        kernels = launch.compiled_kernels(cfg)
        assert kernels and all(hasattr(k, "patched_ptx") == cfg.B_EVICT_FIRST for k in kernels)
        for k in kernels:
            if cfg.B_EVICT_FIRST:
                assert k.kernel != k.asm["cubin"] and "L2::cache_hint" in k.patched_ptx
    assert torch.equal(outs[0], outs[1])
    torch.testing.assert_close(outs[0].float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


def test_the_gemv_ptxas_miscompiles_runs_unhinted_with_a_warning_and_right(B):
    """The hinted 8-warp, 128-deep GEMV (is_valid refuses it: its hinted copies faulted with an
    illegal instruction here), launched anyway: ptx_rewrite's machine-code check refuses the
    miscompiled cubin, so it runs as Triton compiled it, warns, and computes what the plain
    GEMV does. Should ptxas stop miscompiling it, the warning is missing and this says so."""
    from dataclasses import replace

    from triton_gemm import gemv, launch, main
    from triton_gemm.gemv import GemvConfig

    if not launch.DIRECT_LAUNCH:
        pytest.skip("Triton's own launch path here: the GEMV runs unhinted")
    faulted = GemvConfig(1, 8, 128, num_warps=8, num_stages=4, B_EVICT_FIRST=True)
    assert not gemv.is_valid(faulted, 1, N, K)
    A = torch.randn(1, K, dtype=torch.float16, device="cuda")
    outs = []
    for cfg in (faulted, replace(faulted, B_EVICT_FIRST=False)):
        C = torch.full((1, N), float("nan"), dtype=torch.float16, device="cuda")
        if cfg.B_EVICT_FIRST:
            with pytest.warns(UserWarning, match="no instruction sets"):
                main.launch_config(A, B, C, cfg)
        else:
            main.launch_config(A, B, C, cfg)
        torch.cuda.synchronize()
        assert torch.isfinite(C).all(), f"{cfg}: unwritten (NaN) elements in C"
        outs.append(C)
    kernels = launch.compiled_kernels(faulted)
    assert kernels and not any(hasattr(k, "patched_ptx") for k in kernels)
    assert torch.equal(outs[0], outs[1])
    torch.testing.assert_close(outs[0].float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


# M = 2, not 1: M = 1 runs the CUDA-core GEMV (gemv.py), which has no Gluon PTX to change.
@pytest.mark.parametrize("m", [2, 40, 64, 144, 200, 972, 2053, 2379, 8192])
def test_gluon_configs_run_their_changed_ptx_with_the_same_result(B, m, monkeypatch):
    """The kernel a Gluon table config launches is the one ws_tile._finish made from its PTX
    (B's loads hinted evict-first and, with B_L2_PREFETCH, prefetched ahead into the L2,
    l2_hints.py; with ONE_WGMMA, its dots as one WGMMA,
    wgmma_fuse.py; with ONE_Y_BOX, one TMA box for every dot's rows; with ONE_PRELOAD_SYNC, one
    CTA barrier in the preload, preload_syncs.py), loaded from its own cubin;
    it computes what the plain kernel does, bit for bit (the hint changes where lines are
    evicted; the wider WGMMA does each column's k-steps in the same order). The plain kernel:
    two dots with their own rings and boxes; where a config has no such twin (three dots, two
    of one width: ONE_WGMMA and ONE_Y_BOX only), the same ring and box with the merge refused,
    each dot its own WGMMA as Gluon compiled it."""
    from dataclasses import replace

    from triton_gemm import launch, main, paths, ws_tile

    choice = paths.device_choice(torch.cuda.current_device())
    if choice.path != "hopper":  # the Gluon tiles serve only the Hopper path
        pytest.skip(f"this GPU gets the {choice.path} path here: {choice.reason}")
    cfg = main.select_config(m)
    assert isinstance(cfg, ws_tile.WsTileConfig) and cfg.B_EVICT_FIRST, cfg
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    outs = []
    bare = {"B_EVICT_FIRST": False, "B_L2_PREFETCH": 0, "ONE_PRELOAD_SYNC": False,
            "NO_SETMAXNREG": False}  # fmt: skip
    plain = replace(cfg, ONE_WGMMA=False, ONE_Y_BOX=False, **bare)
    if not ws_tile.is_valid(plain, N, K):
        plain = replace(cfg, **bare)

    def refuse(ptx, *widths, **kw):
        raise ValueError("refused by the test")

    for variant in (cfg, plain):
        C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        if variant is plain and plain.ONE_WGMMA:  # compiled (and finished) here, after cfg
            monkeypatch.setattr(ws_tile, "with_fused_dots", refuse)
            with pytest.warns(UserWarning, match="refused by the test"):
                main.launch_config(A, B, C, variant)
        else:
            main.launch_config(A, B, C, variant)
        outs.append(C)
        kernels = launch.compiled_kernels(variant)
        changed = variant.B_EVICT_FIRST or variant.ONE_PRELOAD_SYNC or variant.NO_SETMAXNREG
        assert kernels, variant
        for k in kernels:
            if changed or not variant.ROLLED:
                assert hasattr(k, "patched_ptx") == changed, variant
            elif hasattr(k, "patched_ptx"):  # a rolled ring's waits lose the CTA barriers that
                # Triton put before some of them (preload_syncs.without_wait_syncs), nothing else
                assert k.patched_ptx.count("bar.sync") < k.asm["ptx"].count("bar.sync"), variant
            if variant.B_EVICT_FIRST:
                assert k.kernel != k.asm["cubin"]
                assert "L2::cache_hint" in k.patched_ptx
            prefetches = k.patched_ptx.count("prefetch.tensor") if changed else 0
            assert (prefetches > 0) == (variant.B_L2_PREFETCH > 0), variant
            if variant.ONE_PRELOAD_SYNC:
                assert k.patched_ptx.count("bar.sync") < k.asm["ptx"].count("bar.sync")
            if variant.NO_SETMAXNREG:  # register_moves.py
                assert "setmaxnreg" not in k.patched_ptx and "setmaxnreg" in k.asm["ptx"]
            if variant.ONE_WGMMA and variant.B_EVICT_FIRST:
                assert f"m64n{variant.width}k16" in k.patched_ptx
                assert f"m64n{variant.BLOCK_S2}k16" not in k.patched_ptx
            if variant is plain and plain.ONE_WGMMA:
                assert f"m64n{variant.width}k16" not in k.asm["ptx"]
    torch.cuda.synchronize()
    assert torch.isfinite(outs[0]).all(), "unwritten (NaN) elements in C"
    torch.testing.assert_close(outs[0].float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)
    assert torch.equal(outs[0], outs[1])


@pytest.mark.parametrize("shared", [99 * 1024, 163 * 1024])  # sm_86/89/120's and sm_80's
@pytest.mark.parametrize("m", [1, 7, 33, 100, 136, 200, 1000, 4097])
def test_pointer_table_rows_run_right_as_other_gpus_would_run_them(B, shared, m):
    """The portable pointer table that GPUs without 227 KB of shared memory get, its rings cut
    as on those GPUs, executed here: the row that serves m."""
    import bisect

    from triton_gemm import main, portable_tuned

    table = portable_tuned.POINTER_TABLE
    row = table[min(bisect.bisect_left([limit for limit, _ in table], m), len(table) - 1)][1]
    cfg = portable_tuned.fit_to_shared_memory(row, shared)

    def run_cfg(A, B, C):
        main.launch_config(A, B, C, cfg)

    check_matches_float32_reference(run_cfg, B, m)


@pytest.mark.parametrize("promotion", ["none", "64B", "256B"])
@pytest.mark.parametrize("m", [16, 128, 200, 2379])
def test_an_l2_promotion_is_encoded_on_both_launch_paths_and_changes_no_bit(
    B, m, promotion, monkeypatch
):
    """A Gluon config's L2_PROMOTION really reaches the driver (l2_promotion.encoded_map is
    called with it, Triton's map found, no warning) through launch_config and through a
    replayer, and the output is bit for bit the one Triton's 128 B gives."""
    import warnings
    from dataclasses import replace

    from triton_gemm import l2_promotion, launch, main

    cfg = main.select_config(m)
    other = replace(cfg, L2_PROMOTION=promotion)
    seen = []
    real = l2_promotion.encoded_map

    def spy(p, *args, **kwargs):
        seen.append(p)
        return real(p, *args, **kwargs)

    monkeypatch.setattr(l2_promotion, "encoded_map", spy)
    monkeypatch.setattr(l2_promotion, "_warned", False)
    # Fresh encoders: each finds Triton's map on its first descriptor (an earlier test's may
    # have found it already).
    monkeypatch.setattr(launch, "_promoting", {})
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    ref = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
    main.launch_config(A, B, ref, replace(cfg, L2_PROMOTION="128B"))
    assert seen == []  # Triton's own promotion: its launcher encodes
    C = torch.full_like(ref, float("nan"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        main.launch_config(A, B, C, other)
        assert promotion in seen and "128B" in seen
        assert torch.equal(C, ref)

        jit_fn, module, _ = main._kernel_of(other)
        grid, args = module._grid_and_args(A, B, C, other)
        replay = launch.replayer(jit_fn, other, A.get_device(), grid, args,
                                 module.replay_slots(other))  # fmt: skip
        assert replay.encoded
        A2 = torch.randn_like(A)
        ref2 = torch.full_like(ref, float("nan"))
        main.launch_config(A2, B, ref2, replace(cfg, L2_PROMOTION="128B"))
        seen.clear()
        C2 = torch.full_like(ref, float("nan"))
        assert replay(A2, B, C2)
        torch.cuda.synchronize()
        assert promotion in seen
        assert torch.equal(C2, ref2)
