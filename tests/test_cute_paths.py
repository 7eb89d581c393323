"""The CuTe DSL solution's path selection and its portable kernel, on the CPU: which path each
GPU and DSL version gets, and that the portable kernel compiles for every GPU family from sm_80
with the instructions that family executes (mma.sync, ldmatrix, cp.async)."""

import dataclasses
import json

import pytest
from conftest import EVICT_FIRST_CHECKS, PREFETCH_CHECKS, SLICED_K_CHECKS
from cute_gemm import main as solution
from cute_gemm import portable
from helpers import run_repo_module

from tools import sass_issue

ARCHS = {"sm_80": (8, 0), "sm_86": (8, 6), "sm_89": (8, 9), "sm_90a": (9, 0),
         "sm_100a": (10, 0), "sm_120a": (12, 0)}  # fmt: skip


@pytest.mark.parametrize(
    "capability, version, forced, expected",
    [
        ((9, 0), (4, 8), False, "hopper"),
        ((9, 0), (4, 9), False, "portable"),  # a DSL the Hopper kernel was never measured with
        ((9, 0), None, False, "portable"),  # no package metadata: unknown version
        ((9, 0), (4, 8), True, "portable"),
        ((10, 0), (4, 8), False, "portable"),
        ((8, 0), (4, 8), False, "portable"),
        ((8, 6), (4, 8), False, "portable"),
        ((12, 0), (4, 8), False, "portable"),
    ],
)
def test_each_gpu_and_dsl_gets_its_path(capability, version, forced, expected):
    path, why = solution.choose_path(capability, version, forced)
    assert path == expected and why


def test_a_gpu_below_sm80_is_refused_naming_it():
    with pytest.raises(
        RuntimeError, match=r"capability 8\.0 or newer.*Tesla V100 \(cuda:1\) is 7\.0"
    ):
        solution.choose_path((7, 0), (4, 8), name="Tesla V100 (cuda:1)")


def test_every_portable_config_is_valid_and_fits_99_kb_of_shared_memory():
    limits = [limit for limit, _ in portable.TABLE]
    assert limits == sorted(limits) and limits[0] >= 1 and limits[-1] >= 2**31
    for _, cfg in portable.TABLE:
        assert portable.is_valid(cfg, solution.K), cfg
        assert cfg.shared_bytes() <= 96 * 1024, cfg  # sm_86, sm_89, sm_120: 99 KB a CTA


def test_the_large_shared_table_has_the_same_buckets_and_fits_160_kb():
    """TABLE_LARGE_SHARED serves GPUs that allow a CTA 160 KB (an A100 163 KB, H100/H200 and
    B200 227 KB); bucket for bucket as TABLE, so one list of limits serves both. Its rings fit
    160 KB; a persistent row's buffer for D beside its ring only where table_for finds room."""
    assert [lim for lim, _ in portable.TABLE_LARGE_SHARED] == [lim for lim, _ in portable.TABLE]
    assert portable.LARGE_SHARED_BYTES == 160 * 1024
    for _, cfg in portable.TABLE_LARGE_SHARED:
        assert portable.is_valid(cfg, solution.K), cfg
        assert cfg.ring_bytes() <= portable.LARGE_SHARED_BYTES, cfg
        assert cfg.persistent or cfg.shared_bytes() == cfg.ring_bytes(), cfg
    assert any(cfg.shared_bytes() > 96 * 1024 for _, cfg in portable.TABLE_LARGE_SHARED)


@pytest.mark.parametrize(
    "optin", [163 * 1024, 200 * 1024, 227 * 1024], ids=["sm_80", "200K", "sm_90"]
)
def test_table_for_keeps_every_config_inside_the_devices_shared_memory(optin):
    """A persistent row whose buffer for D does not fit beside its ring walks one tile a CTA
    instead (the same tile and ring, D staged in the ring); every other row is as listed."""
    table = portable.table_for(optin)
    assert [lim for lim, _ in table] == [lim for lim, _ in portable.TABLE_LARGE_SHARED]
    for (_, cfg), (_, listed) in zip(table, portable.TABLE_LARGE_SHARED, strict=True):
        assert cfg.shared_bytes() <= optin and portable.is_valid(cfg, solution.K), cfg
        fits = listed.shared_bytes() <= optin
        assert cfg == (listed if fits else dataclasses.replace(listed, persistent=False))
    walks = [cfg.shared_bytes() for _, cfg in portable.TABLE_LARGE_SHARED if cfg.persistent]
    assert walks and max(walks) > 163 * 1024  # an A100 takes those rows one tile a CTA
    assert any(cfg.persistent for _, cfg in table) == (optin >= min(walks))


def test_a_persistent_walk_needs_the_staged_peeled_epilogue_of_one_whole_k():
    """Persistent walks stage D in their own buffer and load the next tile in the peeled tail:
    not with split-K or sliced K (D stored from the accumulators), nor one unpeeled loop."""
    walk = portable.PortableConfig(128, 128, False, stages=3, persistent=True)
    assert portable.is_valid(walk, solution.K)
    assert walk.shared_bytes() == walk.ring_bytes() + 128 * (128 + 8) * 2
    for bad in (
        dataclasses.replace(walk, splits=2),
        dataclasses.replace(walk, warps_k=2),
        dataclasses.replace(walk, staged_epilogue=False),
        dataclasses.replace(walk, peel_tail=False),
    ):
        assert not portable.is_valid(bad, solution.K), bad


def test_a_persistent_walk_over_lines_a_tile_does_not_divide_is_refused_naming_why():
    """A walk stores every tile of D staged in whole 16-byte pieces along D's lines: 80-wide
    tiles do not divide N = 3072, so its compile stops with the reason (a one-tile CTA would
    store such tiles from the accumulators instead)."""
    walk = portable.PortableConfig(128, 80, False, stages=3, warps_p=2, warps_q=1, persistent=True)
    assert portable.is_valid(walk, solution.K)
    with pytest.raises(ValueError, match="persistent walk stores D staged"):
        solution.compiled_kernel(walk)


@pytest.mark.parametrize(
    "optin, table",
    [
        (0, "TABLE"),
        (101376, "TABLE"),
        (99 * 1024, "TABLE"),
        (166912, "TABLE_LARGE_SHARED"),
        (232448, "TABLE_LARGE_SHARED"),
    ],  # fmt: skip
    ids=["unknown", "sm_89/120", "sm_86", "sm_80", "sm_90/100"],
)
def test_the_portable_table_follows_the_devices_shared_memory(monkeypatch, optin, table):
    """select_config on the portable path reads the device's opt-in shared memory once (torch's
    shared_memory_per_block_optin; a torch without it gets the table that fits every GPU)."""
    import types

    import torch

    fields = {"shared_memory_per_block_optin": optin} if optin else {}
    props = types.SimpleNamespace(major=8, minor=0, name="Stand-in", **fields)
    reads = []
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(
        torch.cuda, "get_device_properties", lambda index: reads.append(index) or props
    )
    monkeypatch.setattr(solution, "_devices", {})
    expected = portable.table_for(optin) if table == "TABLE_LARGE_SHARED" else portable.TABLE
    lower = 1
    for limit, cfg in expected:  # each bucket at both ends
        for m in (lower, min(limit, 8192)):
            assert solution.select_config(m, 5) == cfg, (m, limit)
        lower = limit + 1
    assert reads == [5]  # once per device


@pytest.mark.parametrize(
    "cfg",
    [
        portable.PortableConfig(24, 16, True, warps_p=1, warps_q=1),  # not 16-row MMA blocks
        portable.PortableConfig(32, 16, True, tile_k=96),
        portable.PortableConfig(32, 16, True, stages=1),
        portable.PortableConfig(32, 8, True, warps_p=2, warps_q=1),
        portable.PortableConfig(32, 16, True, warps_p=2, warps_q=1, splits=3),  # 32 K tiles
        portable.PortableConfig(32, 16, True, warps_p=2, warps_q=1, splits=0),
        # 2 K tiles a split, where the prologue loads stages - 1 = 5: past the split's end
        portable.PortableConfig(32, 16, True, stages=6, warps_p=2, warps_q=1, splits=16),
        portable.PortableConfig(32, 32, True, warps_k=3),
        # three warps copy 12 rows a pass, not whole 8-row swizzle atoms: the DSL's compile
        # aborts the process (so does 80 x 80 on five warps, 20 rows)
        portable.PortableConfig(48, 48, True, stages=6, warps_p=1, warps_q=3),
        # one 16-deep K block a warp per K tile: the look-ahead would overwrite its fragments
        portable.PortableConfig(64, 64, True, tile_k=64, warps_k=4),
        portable.PortableConfig(64, 64, True, splits=2, warps_k=2),  # sliced K or split-K
        # the slices' partial sums (3 x 128 x 128 fp32) do not fit the ring they reuse
        portable.PortableConfig(128, 128, True, tile_k=128, stages=2, warps_k=4),
        portable.PortableConfig(128, 128, False, group_p=0),
    ],
    ids=repr,
)
def test_invalid_portable_configs_are_refused(cfg):
    assert not portable.is_valid(cfg, solution.K)


@pytest.mark.parametrize(
    "grid_p, grid_q, group_p", [(32, 24, 2), (32, 24, 3), (11, 24, 4), (5, 3, 8)]
)
def test_a_grouped_walk_computes_every_tile_of_d_once(grid_p, grid_q, group_p):
    """walk_order maps the launch order onto the tiles one to one, groups of group_p P tiles
    one after another (the last one short where group_p does not divide grid_p); one group of
    every P tile is the launch order."""
    order = [portable.walk_order(i, grid_p, grid_q, group_p) for i in range(grid_p * grid_q)]
    assert sorted(order) == [(p, q) for p in range(grid_p) for q in range(grid_q)]
    first_group = order[: group_p * grid_q]
    assert {p for p, _ in first_group} == set(range(min(group_p, grid_p)))
    assert order[1] == (1, 0)  # P fastest within a group
    whole = [portable.walk_order(i, grid_p, grid_q, grid_p) for i in range(grid_p * grid_q)]
    assert whole == [(i % grid_p, i // grid_p) for i in range(grid_p * grid_q)]  # launch order


@pytest.mark.parametrize("group_p", [1, 2])
@pytest.mark.parametrize("m", [1, 972, 2053, 2379, 4097, 8192])
def test_a_persistent_walk_gives_every_tile_of_d_to_one_cta(m, group_p):
    """Each persistent row's walk on 132 SMs: CTA c takes the linear tiles c, c + grid, ...
    (grid = min(tiles, SMs)), mapped by the kernel's own _tile_of: every tile of D once, in
    launch order or walk_order's groups, and no CTA more than one tile ahead of another."""
    for _, row in portable.TABLE_LARGE_SHARED:
        if not row.persistent:
            continue
        cfg = dataclasses.replace(row, group_p=group_p)
        kernel = portable.PortableGemm(cfg, sm_count=132)
        grid_p = -(-m // cfg.tile_p)
        grid_q = solution.N // cfg.tile_q
        tiles = grid_p * grid_q
        ctas = min(tiles, 132)
        walks = [range(c, tiles, ctas) for c in range(ctas)]
        walked = [kernel._tile_of(t, grid_p, grid_q) for walk in walks for t in walk]
        assert sorted(walked) == [(p, q) for p in range(grid_p) for q in range(grid_q)], cfg
        assert max(map(len, walks)) - min(map(len, walks)) <= 1
        if group_p == 1:
            assert kernel._tile_of(1, grid_p, grid_q) == (1 % grid_p, 1 // grid_p)  # P fastest


def test_a_staged_epilogue_must_fit_the_ring_it_reuses():
    """D's padded 128 x 256 fp16 tile (66 KB) does not fit a ring of two 32-deep stages (48 KB):
    refused staged, valid when D is stored from the accumulators."""
    cfg = portable.PortableConfig(128, 256, False, tile_k=32, stages=2, warps_p=2, warps_q=4)
    assert not portable.is_valid(cfg, solution.K)
    assert portable.is_valid(dataclasses.replace(cfg, staged_epilogue=False), solution.K)


def test_only_unsplit_unsliced_configs_stage_d_and_are_held_to_its_size():
    """Split-K and sliced K store D from registers whatever staged_epilogue says, so a padded
    tile of D larger than the ring does not make a split-K config invalid."""
    cfg = portable.PortableConfig(128, 256, False, tile_k=32, stages=2, warps_p=2, warps_q=4)
    assert cfg.stages_d and not portable.is_valid(cfg, solution.K)
    split = dataclasses.replace(cfg, splits=2)
    assert not split.stages_d and portable.is_valid(split, solution.K)
    assert not dataclasses.replace(cfg, warps_k=2).stages_d
    assert cfg.d_lines == (128, 256)
    assert dataclasses.replace(cfg, swap_ab=True).d_lines == (256, 128)


def _swizzled(offset: int, bits: int, base: int, shift: int) -> int:
    """cute's Swizzle(bits, base, shift) on an element offset: the `bits` bits from
    base + shift on XORed into those from base on."""
    mask = ((1 << bits) - 1) << (base + shift)
    return offset ^ ((offset & mask) >> shift)


@pytest.mark.parametrize("tile_k", [32, 64, 128])
def test_ldmatrix_reads_of_the_ring_are_free_of_bank_conflicts(tile_k):
    """ldmatrix reads one 16-byte piece from each of 8 consecutive rows of an atom; the 32
    banks take 128 bytes a cycle, so the 8 pieces must land in 8 different 16-byte bank
    groups for every piece position. K tiles of 128 were 2-way conflicted before their rows'
    own bits took part in the swizzle (8-32% slower on the H200)."""
    swizzle = portable.ring_swizzle(tile_k)
    for piece in range(tile_k // 8):
        for first_row in range(0, 16, 8):
            groups = {
                (_swizzled(row * tile_k + piece * 8, *swizzle) * 2 // 16) % 8
                for row in range(first_row, first_row + 8)
            }
            assert len(groups) == 8, (tile_k, piece, first_row, sorted(groups))


def test_split_k_workspace_covers_every_tile_and_split():
    cfg = portable.PortableConfig(64, 16, True, stages=3, warps_p=4, warps_q=1, splits=4)
    assert portable.is_valid(cfg, solution.K)
    # swap-AB at M = 33: P = 3072 rows of B in 48 tiles, Q = 33 tokens in 3 tiles of 16
    assert cfg.workspace_sizes(solution.N, 33) == (48 * 3, 48 * 3 * 4 * 64 * 16)
    assert cfg.workspace_sizes(64, 16) == (1, 4 * 64 * 16)


def test_split_k_workspace_is_kept_per_stream_and_grows_with_zero_counters(monkeypatch):
    """The host side of split-K, on CPU tensors: one workspace per stream, reused while it is
    large enough, replaced by a larger one (its counters zero) when M needs more tiles."""
    import torch

    stream = {"now": 7}
    monkeypatch.setattr(
        torch.cuda, "current_stream", lambda device: type("S", (), {"cuda_stream": stream["now"]})
    )
    monkeypatch.setattr(solution, "_split_workspaces", {})
    cfg = portable.PortableConfig(64, 16, True, stages=3, warps_p=4, warps_q=1, splits=4)
    cpu = torch.device("cpu")
    count, part = solution.split_workspace(cfg, 16, cpu)
    assert (count.numel(), part.numel()) == cfg.workspace_sizes(solution.N, 16)
    assert count.dtype == torch.int32 and part.dtype == torch.float32
    assert int(count.abs().sum()) == 0
    assert solution.split_workspace(cfg, 5, cpu)[0] is count  # fewer tiles: the same one
    count[0] = 3  # (a kernel leaves them zero; a replacement must not inherit anything)
    bigger, bigger_part = solution.split_workspace(cfg, 33, cpu)
    assert bigger is not count and int(bigger.abs().sum()) == 0
    assert bigger_part.numel() == cfg.workspace_sizes(solution.N, 33)[1]
    stream["now"] = 8  # another stream: its own workspace, never shared
    assert solution.split_workspace(cfg, 16, cpu)[0] is not bigger


def test_b_lines_are_prefetched_less_than_k_tiles_ahead_and_only_with_the_hinted_copies():
    cfg = portable.PortableConfig(32, 16, True, stages=12, warps_q=1, warps_k=2)  # 32 K tiles
    for ahead, valid in ((0, True), (1, True), (31, True), (32, False), (-1, False)):
        hinted = dataclasses.replace(cfg, b_evict_first=True, b_l2_prefetch=ahead)
        assert portable.is_valid(hinted, 2048) == valid, ahead
    # the prefetch rides on the hand-written evict-first copies, which know each thread's address
    assert portable.is_valid(cfg, 2048)
    assert not portable.is_valid(dataclasses.replace(cfg, b_l2_prefetch=1), 2048)


def _mma_per_warp_and_k_tile(cfg) -> int:
    """m16n8k16 MMAs one warp issues for a K tile: its warp tile's 16 x 8 blocks, over its
    share of the tile's 16-deep K blocks (sliced K: 1 / warps_k of them)."""
    blocks = (cfg.tile_p // cfg.warps_p // 16) * (cfg.tile_q // cfg.warps_q // 8)
    return blocks * cfg.tile_k // 16 // cfg.warps_k


@pytest.mark.parametrize("arch", list(ARCHS))
def test_the_portable_kernel_compiles_for_every_family_with_its_instructions(arch, tmp_path):
    """One DSL process per arch (CUTE_DSL_ARCH is read at import). The Hopper path's own
    compile tests are in test_cute_cpu.py."""
    checks = SLICED_K_CHECKS + EVICT_FIRST_CHECKS + PREFETCH_CHECKS
    sliced = [portable.PortableConfig(**fields) for fields in checks]
    out = run_repo_module(
        "tools.compile_cute_paths", str(tmp_path), *map(repr, sliced), CUTE_DSL_ARCH=arch
    )
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    tables = portable.TABLE + portable.TABLE_LARGE_SHARED + portable.table_for(163 * 1024)
    expected = {repr(cfg) for _, cfg in tables} | set(map(repr, sliced))
    # the persistent rows, and the same tiles one a CTA as an A100 gets them
    walks = [cfg for _, cfg in portable.TABLE_LARGE_SHARED if cfg.persistent]
    assert walks and {repr(dataclasses.replace(c, persistent=False)) for c in walks} <= expected
    assert {line["config"] for line in lines} == expected
    configs = {repr(cfg): cfg for _, cfg in tables} | {repr(cfg): cfg for cfg in sliced}
    for line in lines:
        assert "error" not in line, line
        assert line["targets"] == [arch], line
        for family in ("mma.sync", "ldmatrix", "cp.async.cg"):
            assert line["families"].get(family, 0) > 0, line
        split_k = ("atom.global.acq_rel.add", "fence.acq_rel.gpu")
        for family in split_k:  # split-K's counter and fences, and only there
            assert (family in line["families"]) == (line["splits"] > 1), line
        assert "wgmma" not in line["families"] and "tcgen05" not in line["families"], line
        # B's copies under an evict-first L2 policy where the config asks, and only there.
        for family in ("createpolicy.fractional.L2::evict_first", "L2::cache_hint"):
            assert (family in line["families"]) == line["b_evict_first"], line
        # and its lines prefetched into the L2 ahead where it asks that too
        assert ("prefetch.global.L2" in line["families"]) == (line["b_l2_prefetch"] > 0), line
        # Sliced K: every slice but the first hands each accumulator over through shared
        # memory, and the first reads them all back (split-K's arrival word: one more read).
        exchanged = (line["warps_k"] - 1) * line["accumulators"] + (line["splits"] > 1)
        assert line["families"].get("ld.shared.b32", 0) == exchanged, line
        # D leaves in 16-byte pieces where the config stages it, else element by element.
        assert ("st.global.v4" in line["families"]) == line["staged"], line
        from_registers = {"st.global.b16", "st.global.b32"} & set(line["families"])
        assert bool(from_registers) != line["staged"], line
        # What ptxas makes of it for this arch: no spills, and a CTA's registers fit the 64K
        # of one SM (every family from sm_80), so the launch cannot run out of resources.
        res = line["resources"]
        assert "error" not in res, res
        assert res["spill_bytes"] == 0 and 0 < res["registers"] <= 255, line
        # its machine code, what crowds the next kernel's out of the instruction caches
        assert 4096 < res["code_bytes"] < 64 * 1024, line
        assert -(-res["registers"] // 8) * 8 * line["threads"] <= 65536, line
        # Its MMA loop as ptxas scheduled it (tools.sass_issue): one K tile's HMMAs a warp, or
        # all of them where ptxas unrolled a fixed trip count whole.
        if arch in sass_issue.KNOWN_ARCHS:
            cfg = configs[line["config"]]
            loop, kernel = res["issue"]["mma_loop"], res["issue"]["kernel"]
            per_k_tile = _mma_per_warp_and_k_tile(cfg)
            if loop is None:
                assert kernel["mma"] == per_k_tile * 2048 // cfg.tile_k // cfg.splits, line
            else:
                assert loop["mma"] == per_k_tile and loop["issue_cycles"] > 0, line
        else:
            assert "error" in res["issue"], line
    default = (
        "hopper"
        if arch == "sm_90a" and solution.dsl_version() in solution.HOPPER_DSL
        else "portable"
    )
    assert {line["default_path"] for line in lines} == {default}


def test_served_path_names_the_path_and_config_kind():
    path, kind = solution.served_path(16).split(":")
    assert path in {"hopper", "portable"} and kind in {"CuteConfig", "PortableConfig"}


def test_a_hopper_config_that_fails_to_build_moves_the_device_to_the_portable_path(monkeypatch):
    """A Hopper compile raising (a DSL API that changed) moves that device to the portable path
    for good: one warning naming the reason, then the portable table's config, no second try.
    No GPU: the device is a stand-in H200 with a tested DSL, and compiling is recorded."""
    import types
    import warnings

    import torch

    device = 7  # a device index no real call uses
    props = types.SimpleNamespace(major=9, minor=0, name="Stand-in H200", multi_processor_count=132)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "get_device_properties", lambda index: props)
    monkeypatch.setattr(solution, "dsl_version", lambda: solution.HOPPER_DSL[0])
    monkeypatch.delenv("FIBGEMM_PORTABLE", raising=False)
    monkeypatch.setattr(solution, "_devices", {})
    tried = []

    def compiled_kernel(cfg, extra_options=""):
        tried.append(cfg)
        if not isinstance(cfg, portable.PortableConfig):
            raise AttributeError("module 'cutlass.cute' has no attribute 'make_tiled_tma_atom'")
        return "portable kernel"

    monkeypatch.setattr(solution, "compiled_kernel", compiled_kernel)
    assert solution.path_of(device) == "hopper"
    m = 100  # a bucket of the Hopper table that the WGMMA kernel serves
    hopper_cfg = solution.select_config(m, device)
    assert not isinstance(hopper_cfg, portable.PortableConfig)
    reason = r"cuda:7: the Hopper path failed to build \(AttributeError: module 'cutlass.cute'"
    with pytest.warns(RuntimeWarning, match=reason + r".*using the portable path"):
        cfg = solution._built_config(m, device)
    assert isinstance(cfg, portable.PortableConfig)
    assert solution.path_of(device) == "portable"
    assert solution.device_choice(device).why.startswith("the Hopper path failed to build")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no second warning, no second Hopper attempt
        assert solution._built_config(m, device) == cfg
    assert tried == [hopper_cfg, cfg, cfg]


def test_a_portable_config_that_fails_to_build_raises(monkeypatch):
    """The portable path has nothing to fall back to: its compile error reaches the caller."""
    monkeypatch.setattr(solution, "_devices", {3: solution.DeviceChoice("portable", "test", 0)})
    monkeypatch.setattr(solution.torch.cuda, "is_available", lambda: True)

    def compiled_kernel(cfg, extra_options=""):
        raise RuntimeError("ptxas fatal")

    monkeypatch.setattr(solution, "compiled_kernel", compiled_kernel)
    with pytest.raises(RuntimeError, match="ptxas fatal"):
        solution._built_config(1, 3)


def test_each_config_gets_the_workspace_its_kernel_takes(monkeypatch):
    """What a planned call hands the kernel after D: nothing for a plain tile, the (counters,
    partials) pair for portable split-K, the stream-K walk's one buffer for a Hopper walk."""
    import torch

    monkeypatch.setattr(
        torch.cuda, "current_stream", lambda device: type("S", (), {"cuda_stream": 5})
    )
    monkeypatch.setattr(solution, "_split_workspaces", {})
    monkeypatch.setattr(solution, "_workspaces", {})
    monkeypatch.setattr(solution, "_sm_count", lambda: 4)
    cpu = torch.device("cpu")
    plain = portable.PortableConfig(64, 16, True, stages=3, warps_p=4, warps_q=1)
    assert solution._workspace_args(plain, 16, cpu) == ()
    split = portable.PortableConfig(64, 16, True, stages=3, warps_p=4, warps_q=1, splits=4)
    count, part = solution._workspace_args(split, 16, cpu)
    assert (count.numel(), part.numel()) == split.workspace_sizes(solution.N, 16)
    assert solution._workspace_args(split, 16, cpu)[0] is count  # kept between calls
    walk = solution.CuteConfig(64, 16, swap_ab=True, tile_k=128, persistent=True, stream_k=True)
    (flags,) = solution._workspace_args(walk, 16, cpu)
    assert flags.dtype == torch.float32 and flags.numel() == walk.workspace_words(4)
    assert int(flags.abs().sum()) == 0


def test_the_raw_stream_lookup_falls_back_to_torchs_public_call(monkeypatch):
    """A torch without the private raw-stream call (or a CPU build) still gets the current
    stream's handle, through torch.cuda.current_stream."""
    import torch

    monkeypatch.delattr(torch._C, "_cuda_getCurrentRawStream", raising=False)
    monkeypatch.setattr(
        torch.cuda, "current_stream", lambda device: type("S", (), {"cuda_stream": 1234})
    )
    assert solution._raw_stream(0) == 1234
