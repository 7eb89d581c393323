"""The CuTe DSL solution without a GPU: every config of its table compiles for sm_90a to PTX that
really uses Hopper's TMA (cp.async.bulk.tensor), WGMMA and setmaxnreg (a row naming the portable
kernel: mma.sync, ldmatrix and cp.async, no WGMMA); bad input is refused."""

import os
import re
import subprocess
import sys
from dataclasses import replace

import cutlass.cute as cute
import pytest
import torch
from cute_gemm import main as cute_main  # conftest.py has set CUTE_DSL_ARCH without a GPU
from cute_gemm import portable
from cute_gemm.kernel import CuteConfig, HopperGemm, is_valid
from cutlass.cute.runtime import make_fake_stream
from helpers import REPO_ROOT, run_repo_module, tma_store_under_wgmma

from tools import ptx_resources
from tools.compile_cute import distinct_configs

TABLE = cute_main.TABLE
CONFIGS = distinct_configs(TABLE)


@pytest.fixture(scope="module")
def ptx_by_config(tmp_path_factory):
    dump = tmp_path_factory.mktemp("cute_ptx")
    out = run_repo_module("tools.compile_cute", str(dump), CUTE_DSL_ARCH="sm_90a")
    assert out.returncode == 0, out.stdout + out.stderr
    print(out.stdout)
    ptx = {}
    for i in range(len(CONFIGS)):
        files = list((dump / str(i)).glob("*.ptx"))
        assert len(files) == 1, f"config {i}: expected one PTX file, found {files}"
        ptx[i] = files[0].read_text()
    return ptx


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=lambda i: repr(CONFIGS[i]))
def test_config_compiles_to_tma_wgmma_ptx(ptx_by_config, index):
    cfg = CONFIGS[index]
    text = ptx_by_config[index]
    if isinstance(cfg, portable.PortableConfig):
        _assert_mma_sync_kernel(cfg, text)
        return
    shapes = set(re.findall(r"wgmma\.mma_async\.sync\.aligned\.m64n(\d+)k16\.f32\.f16\.f16", text))
    assert shapes == {str(cfg.tile_s)}, f"WGMMA shapes {shapes}, expected n = {cfg.tile_s}"
    assert "cp.async.bulk.tensor.2d.shared::cta.global" in text, "no TMA load"
    if cfg.x_rows:
        assert "st.global" in text, "a partial tile without its direct stores"
    else:
        assert "cp.async.bulk.tensor.2d.global.shared::cta" in text, "no TMA store"
    assert "setmaxnreg" in text, "no register reallocation between producer and consumers"
    assert "mbarrier" in text
    if cfg.splits > 1:
        _assert_split_k_reduction(text)
    if cfg.cluster_r > 1:
        assert "multicast::cluster" in text, "Y tiles not multicast across the cluster"
    if cfg.stream_k:
        _assert_stream_k_hand_over(text)


def _assert_mma_sync_kernel(cfg, text: str) -> None:
    """A Hopper-table row naming the portable kernel: warp-level MMAs fed by cp.async and
    ldmatrix, nothing of the Hopper kernel's."""
    for family in ("mma.sync.aligned.m16n8k16", "ldmatrix", "cp.async.cg"):
        assert family in text, f"{family} missing from {cfg}"
    assert "wgmma" not in text and "cp.async.bulk.tensor" not in text
    if cfg.b_evict_first:
        assert "createpolicy.fractional.L2::evict_first" in text, "B's loads without evict-first"


def _assert_stream_k_hand_over(text: str) -> None:
    """A partial is published with a release store of its flag after a gpu-scope fence, and
    read after an acquire load of it."""
    assert "fence.acq_rel.gpu" in text, "partials not ordered before their flag"
    assert "st.release.gpu.global.b32" in text, "no flag raised"
    assert "ld.acquire.gpu.global.b32" in text, "no wait for a flag"


def _assert_split_k_reduction(text: str) -> None:
    assert text.count("barrier.cluster.arrive") >= 2, "split-K without its cluster barriers"
    assert "mapa.shared::cluster" in text and "ld.shared::cluster" in text, "no DSMEM reads"
    assert "red.global" not in text and "atom.global" not in text, "reduction through memory"


def _param_registers(text: str) -> dict:
    """Register -> the register holding the kernel parameter's address that it converts
    (cvta.param): how a TMA instruction's descriptor operand leads back to a parameter."""
    return dict(re.findall(r"cvta\.param\.u64\s+(%rd\d+), (%rd\d+);", text))


def _ptx_of(cfg: CuteConfig, folder) -> str:
    """The PTX of cfg compiled afresh into `folder`: not taken from the solution's cache of
    compiled kernels, which a GPU test in the same process may have filled without a dump."""
    folder.mkdir(exist_ok=True)
    cached = cute_main._compiled.pop(cfg, None)
    try:
        cute_main.compiled_kernel(cfg, f"--keep-ptx --dump-dir={folder}")
    finally:
        if cached is not None:
            cute_main._compiled[cfg] = cached
    (ptx,) = folder.glob("*.ptx")
    return ptx.read_text()


def test_split_k_config_reduces_through_distributed_shared_memory(tmp_path):
    """Whether or not the table uses split-K now, the kernel's split-K path compiles to a
    cluster reduction (no global atomics, no workspace)."""
    _assert_split_k_reduction(_ptx_of(CuteConfig(64, 32, swap_ab=True, splits=2), tmp_path))


@pytest.mark.parametrize("clusters", [2, 4])
def test_multicast_config_sends_each_b_share_to_the_whole_cluster(tmp_path, clusters):
    """The multicast path compiles to multicast TMA loads and remote (cluster) barrier arrives,
    whether or not the table uses it now."""
    text = _ptx_of(CuteConfig(64, 96, swap_ab=False, cluster_r=clusters), tmp_path)
    _assert_multicast_loads_and_releases(text)
    assert "barrier.cluster.arrive" in text, "barrier init not made visible to the cluster"


def _assert_multicast_loads_and_releases(text: str) -> None:
    assert "cp.async.bulk.tensor.2d.shared::cluster.global" in text and "multicast::cluster" in text
    assert "mapa.shared::cluster" in text, "no release of a stage to the other CTAs' producers"


def test_multicast_shares_are_whole_swizzle_atoms_and_exclude_split_k():
    assert is_valid(CuteConfig(64, 48, swap_ab=False, cluster_r=3), 2048)  # 16 rows each
    assert not is_valid(CuteConfig(64, 80, swap_ab=False, cluster_r=3), 2048)
    assert not is_valid(CuteConfig(64, 48, swap_ab=False, cluster_r=4), 2048)  # 12 rows
    assert not is_valid(CuteConfig(64, 64, swap_ab=True, splits=2, cluster_r=2), 2048)
    assert is_valid(CuteConfig(128, 128, swap_ab=True, persistent=True, cluster_r=2), 2048)
    walk = CuteConfig(128, 128, swap_ab=True, persistent=True, stream_k=True, cluster_r=2)
    assert not is_valid(walk, 2048)


def test_split_k_must_divide_k_and_fit_its_partials_in_the_ring():
    assert is_valid(CuteConfig(64, 64, swap_ab=True, splits=4), 2048)
    assert not is_valid(CuteConfig(64, 64, swap_ab=True, splits=3), 2048)
    assert not is_valid(CuteConfig(64, 64, swap_ab=True, splits=4), 64 * 6)  # 6 k-tiles
    # 64 x 256 fp32 partials = 64 KB; a stage of X and Y tiles = 40 KB.
    assert is_valid(CuteConfig(64, 256, swap_ab=True, stages=2, splits=2), 2048)
    assert not is_valid(CuteConfig(64, 256, swap_ab=True, stages=1, splits=2), 2048)


@pytest.mark.parametrize("swap_ab", [True, False])
def test_l2_hints_put_each_policy_on_its_operands_loads(tmp_path, swap_ab):
    """B's TMA loads carry the evict-first policy and A's the normal one, whichever of X and Y
    B is; without a hint every load carries the DSL's policy 0."""
    from cute_gemm.kernel import EVICT_FIRST, EVICT_NORMAL

    def load_policies(cfg: CuteConfig) -> tuple[set, set]:
        """(policies of the X ring's loads, of the Y ring's): the Y ring sits after the X ring,
        so its loads have the larger shared-memory offsets."""
        text = _ptx_of(cfg, tmp_path / f"{cfg.swap_ab}{cfg.l2_hint}")
        values = dict(re.findall(r"mov\.b64\s+(%rd\d+), (\d+);", text))
        loads = re.findall(
            r"cp\.async\.bulk\.tensor\.2d\.shared::cta\.global\S*L2::cache_hint "
            r"\[%r\d+\+(\d+)\], \[[^]]*\], \[[^]]*\], (%rd\d+);",
            text,
        )
        assert len(loads) == 4, "two TMA boxes per operand and stage expected"
        loads.sort(key=lambda load: int(load[0]))
        return tuple({int(values[reg]) for _, reg in pair} for pair in (loads[:2], loads[2:]))

    a_b = (EVICT_NORMAL, EVICT_FIRST)
    cfg = CuteConfig(64, 48, swap_ab=swap_ab, tile_k=128, l2_hint="b_first")
    x, y = load_policies(cfg)
    assert (x, y) == ({a_b[1]}, {a_b[0]}) if swap_ab else ({a_b[0]}, {a_b[1]})
    assert load_policies(CuteConfig(64, 48, swap_ab=swap_ab, tile_k=128)) == ({0}, {0})
    assert not is_valid(CuteConfig(64, 48, swap_ab=swap_ab, l2_hint="evict_everything"), 2048)


@pytest.mark.parametrize("swap_ab", [True, False])
def test_l2_prefetch_fetches_b_ahead_from_one_lane(tmp_path, swap_ab):
    """With l2_prefetch each stage's loads are followed by one L2 prefetch per TMA box of B
    (whichever of X and Y B is: the operand whose loads carry the evict-first policy), each
    behind an elect.sync (a prefetch, unlike the DSL's TMA copies, is issued by every lane that
    reaches it); without it there is none."""
    from cute_gemm.kernel import EVICT_FIRST

    cfg = CuteConfig(64, 48, swap_ab=swap_ab, tile_k=128, l2_hint="b_first", l2_prefetch=2)
    text = _ptx_of(cfg, tmp_path / "on")
    param_of = _param_registers(text)
    policies = dict(re.findall(r"mov\.b64\s+(%rd\d+), (\d+);", text))
    loads = re.findall(
        r"cp\.async\.bulk\.tensor\.2d\.shared::cta\.global\S* \[[^]]*\], \[(%rd\d+), [^]]*\], "
        r"\[[^]]*\], (%rd\d+);",
        text,
    )
    b_params = {param_of[t] for t, policy in loads if int(policies[policy]) == EVICT_FIRST}
    assert len(b_params) == 1, "B's loads should all read one tensor map"
    lines = text.splitlines()
    at = [i for i, line in enumerate(lines) if "cp.async.bulk.prefetch.tensor.2d.L2" in line]
    assert len(at) == 2, "one prefetch per 64-deep box of B in a 128-deep stage"
    for i in at:
        tensor_map = re.search(r"\[(%rd\d+),", lines[i]).group(1)
        assert param_of[tensor_map] in b_params, lines[i]
        assert any("elect.sync" in line for line in lines[at[0] - 6 : i]), "not one lane"
    off = _ptx_of(replace(cfg, l2_prefetch=0), tmp_path / "off")
    assert "cp.async.bulk.prefetch.tensor" not in off
    assert not is_valid(replace(cfg, l2_prefetch=-1), 2048)
    assert not is_valid(replace(cfg, l2_prefetch=17), 2048)


def _load_descriptor_params(text: str) -> list[int]:
    """The kernel parameter (its index) whose descriptor each TMA load of X and Y reads."""
    param_of = _param_registers(text)
    index_of = dict(re.findall(r"mov\.b64\s+(%rd\d+), \w+_param_(\d+);", text))
    loads = re.findall(
        r"cp\.async\.bulk\.tensor\.2d\.shared::cta\.global\S* \[[^]]*\], \[(%rd\d+),", text
    )
    return [int(index_of[param_of[reg]]) for reg in loads]


def _tensor_map_encodes(cfg: CuteConfig) -> list[dict]:
    """The host code's cuTensorMapEncodeTiled calls for cfg: each one's constant arguments."""
    names = ("map", "dtype", "rank", "address", "dims", "strides", "box", "element_strides")
    names += ("interleave", "swizzle", "l2_promotion", "oob_fill")
    encodes = []
    for function in str(cute_main.compiled_kernel(cfg).ir_module).split("llvm.func @")[1:]:
        constants = dict(re.findall(r"(%\d+) = llvm\.mlir\.constant\((-?\d+) : i32\)", function))
        for args in re.findall(r"llvm\.call @_cuTensorMapEncodeTiled\(([^)]*)\)", function):
            values = [int(constants[a]) if a in constants else a for a in args.split(", ")]
            encodes.append(dict(zip(names, values, strict=True)))
    return encodes


@pytest.mark.parametrize("swap_ab", [True, False])
def test_l2_promotion_loads_read_descriptors_encoded_with_it(tmp_path, swap_ab):
    """With l2_promotion every TMA load of X and Y (two 64-deep boxes each in a 128-deep stage)
    reads one of the kernel's last two parameters, descriptors the host code encodes with that
    promotion (fp16, rank 2, 128-byte swizzle, no interleave, zero fill); without it the loads
    read the DSL atoms' descriptors and nothing is encoded by the driver."""
    from cute_gemm.kernel import L2_PROMOTIONS

    cfg = CuteConfig(64, 48, swap_ab=swap_ab, tile_k=128, l2_hint="b_first")
    dsls = _ptx_of(cfg, tmp_path / "dsl")
    atoms = set(_load_descriptor_params(dsls))
    assert len(atoms) == 2, atoms  # the atoms of X and Y
    assert _tensor_map_encodes(cfg) == []
    for name, promotion in L2_PROMOTIONS.items():
        promoted = replace(cfg, l2_promotion=name)
        text = _ptx_of(promoted, tmp_path / name)
        last = len(re.findall(r"\.param \.align \d+ \.b8 \w+_param_\d+\[", text)) - 1
        params = _load_descriptor_params(text)
        assert len(params) == 4 and sorted(set(params)) == [last - 1, last], params
        assert not atoms & set(params)
        encodes = _tensor_map_encodes(promoted)
        assert len(encodes) == 2, encodes
        for encode in encodes:
            # The driver's enums: CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6, SWIZZLE_128B = 3.
            assert (encode["dtype"], encode["rank"], encode["swizzle"]) == (6, 2, 3), encode
            assert (encode["interleave"], encode["oob_fill"]) == (0, 0), encode
            assert encode["l2_promotion"] == int(promotion), (name, encode)


def test_clip_last_is_for_whole_tiles_of_one_cta():
    base = CuteConfig(128, 224, swap_ab=True, persistent=True, epi_stages=6, clip_last=True)
    assert is_valid(base, 2048)
    assert is_valid(replace(base, l2_promotion="256B", persistent=False), 2048)
    assert not is_valid(replace(base, tile_r=64, x_rows=48, persistent=False), 2048)
    assert not is_valid(replace(base, tile_r=64, row_step=48, persistent=False), 2048)
    assert not is_valid(replace(base, cluster_r=2), 2048)


def test_s_fastest_is_for_one_tile_a_cta_without_split_k_or_multicast():
    base = CuteConfig(64, 80, swap_ab=True, tile_k=128, l2_promotion="256B", s_fastest=True)
    assert is_valid(base, 2048)
    assert is_valid(replace(base, swap_ab=False, clip_last=True), 2048)
    assert not is_valid(replace(base, persistent=True), 2048)
    assert not is_valid(replace(base, splits=2), 2048)
    assert not is_valid(replace(base, tile_s=64, cluster_r=2), 2048)


def test_s_fastest_swaps_only_which_block_index_picks_the_tile(tmp_path):
    """With the S tiles along the grid's x the kernel reads the tile's (r, s) from the block
    index's (y, x): its PTX is the plain one's with ctaid.x and ctaid.y exchanged."""
    plain = CuteConfig(64, 80, swap_ab=True, tile_k=128, l2_promotion="256B", epi_whole=True)
    texts = [
        _ptx_of(c, tmp_path / str(i)) for i, c in enumerate((plain, replace(plain, s_fastest=True)))
    ]
    body = [t[t.index(".entry") :] for t in texts]
    assert body[0] != body[1]

    def uses_of_the_block_index(text: str, swap: bool) -> list[str]:
        # Each reads ctaid.x and .y once, into two registers; with s_fastest every use takes
        # the other one (and a min's signedness follows the index it clamps).
        x, y = (re.search(rf"mov\.u32\s+(%r\d+), %ctaid\.{a};", text)[1] for a in "xy")
        pair = {x: y, y: x} if swap else {}
        uses = re.sub(rf"({re.escape(x)}|{re.escape(y)})\b", lambda r: pair.get(r[1], r[1]), text)
        return [
            line.replace("min.u32", "min.s32") for line in uses.split("\n") if "%ctaid" not in line
        ]

    assert uses_of_the_block_index(body[1], swap=True) == uses_of_the_block_index(
        body[0], swap=False
    )


def test_l2_promotion_is_refused_where_the_loads_boxes_are_not_the_tiles():
    base = CuteConfig(64, 48, swap_ab=True, tile_k=128, l2_promotion="256B")
    assert is_valid(base, 2048)
    assert not is_valid(replace(base, l2_promotion="512B"), 2048)
    assert not is_valid(replace(base, l2_promotion="256"), 2048)
    assert not is_valid(replace(base, x_rows=48), 2048)  # a partial box of X
    assert not is_valid(replace(base, cluster_r=2), 2048)  # a multicast share of Y


WITHOUT_TENSOR_MAPS = """
import sys
from dataclasses import replace

sys.modules["cutlass.experimental"] = None  # as a DSL without it: every import from it fails
from cute_gemm import kernel, main

assert kernel.L2_PROMOTIONS == {}, kernel.L2_PROMOTIONS
promoted = [(m, cfg) for m, cfg in main.TABLE if getattr(cfg, "l2_promotion", "")]
assert promoted, "no table row reads descriptors of its own"
for m, cfg in promoted:
    assert not kernel.is_valid(cfg, main.K), cfg
    assert main.select_config(m) == replace(cfg, l2_promotion=""), main.select_config(m)
main.compiled_kernel(main.select_config(promoted[0][0]))
print("built", main.select_config(promoted[0][0]))
"""


def test_a_dsl_without_tensor_maps_runs_promoted_rows_on_its_own_descriptors():
    """Where the DSL has no experimental tensor maps the solution still imports, every
    promotion is refused, and the table's promoted rows run (and compile) without one."""
    out = subprocess.run(
        [sys.executable, "-c", WITHOUT_TENSOR_MAPS],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT / "sources"), "CUTE_DSL_ARCH": "sm_90a"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "built CuteConfig(" in out.stdout, out.stdout


@pytest.mark.parametrize("x_rows", [56, 48, 40, 32])
def test_partial_tile_loads_its_rows_per_atom_and_stores_them_from_registers(tmp_path, x_rows):
    """x_rows of a 64 x 16 tile 128 deep (every row count the tuner offers; 40 and 56 once
    aborted the DSL): each stage takes one x_rows-row TMA box of B per 64-deep swizzle atom and
    one box of A per atom (4 loads), expects exactly their bytes on the stage's barrier, and
    stores D with predicated plain stores, no TMA store."""
    cfg = CuteConfig(64, 16, swap_ab=True, tile_k=128, stages=8, x_rows=x_rows)
    text = _ptx_of(cfg, tmp_path)
    assert len(re.findall(r"cp\.async\.bulk\.tensor\.2d\.shared::cta\.global", text)) == 4
    expected_tx = (x_rows + 16) * 128 * 2
    tx_regs = re.findall(r"mbarrier\.arrive\.expect_tx\.shared\.b64 \S+ \[\S+\], (%r\d+);", text)
    assert tx_regs, "no expect_tx on the full barriers"
    values = dict(re.findall(r"mov\.b32\s+(%r\d+), (\d+);", text))
    assert {int(values[r]) for r in tx_regs} == {expected_tx}
    assert "cp.async.bulk.tensor.2d.global.shared::cta" not in text
    assert len(re.findall(r"st\.global\.b16", text)) == 64 * 16 // 128  # one per fragment element


def test_partial_tiles_are_whole_swizzle_atoms_of_one_plain_64_row_tile():
    assert is_valid(CuteConfig(64, 16, swap_ab=True, x_rows=48), 2048)
    assert is_valid(CuteConfig(64, 48, swap_ab=False, x_rows=56), 2048)
    assert CuteConfig(64, 16, swap_ab=True, x_rows=48).step_r == 48
    for bad in (
        CuteConfig(64, 16, swap_ab=True, x_rows=44),  # not whole 8-row atoms
        CuteConfig(64, 16, swap_ab=True, x_rows=64),  # not partial
        CuteConfig(128, 16, swap_ab=True, x_rows=96),  # two warp groups
        CuteConfig(64, 16, swap_ab=True, x_rows=48, row_step=32),
        CuteConfig(64, 32, swap_ab=True, x_rows=48, splits=2),
        CuteConfig(64, 32, swap_ab=True, x_rows=48, cluster_r=2),
        CuteConfig(64, 32, swap_ab=True, x_rows=48, persistent=True),
    ):
        assert not is_valid(bad, 2048), bad


def test_a_ring_deeper_than_shared_memory_is_refused_before_compiling():
    # 64 x 48 tiles 128 deep: 28 KB a stage, 7 fit beside the epilogue. 8 compiled and its
    # launch failed on the H200 (cudaErrorInvalidValue, logs at ade0bf1).
    assert CuteConfig(64, 48, swap_ab=False, tile_k=128).stages_that_fit() == 7
    assert is_valid(CuteConfig(64, 48, swap_ab=False, tile_k=128, stages=7), 2048)
    too_deep = CuteConfig(64, 48, swap_ab=False, tile_k=128, stages=8)
    assert not is_valid(too_deep, 2048)
    with pytest.raises(ValueError, match="not a valid config"):
        cute_main.compiled_kernel(too_deep)


def test_table_configs_are_valid_and_cover_every_m():
    limits = [limit for limit, _ in TABLE]
    assert limits == sorted(limits) and limits[-1] >= 1 << 40
    for _, cfg in TABLE:
        assert cute_main.config_is_valid(cfg), cfg  # is_valid of the kernel the row names
    for m in [1, 3, 16, 17, 100, 256, 257, 972, 4097, 10**6]:
        assert cute_main.select_config(m) in {cfg for _, cfg in TABLE}


def test_epilogue_sub_tiles_cover_every_tile_width_exactly():
    # A sub-tile that does not divide the tile writes past it: 48 = 32 + 16 once wrote 16
    # columns of the neighbouring tile (M = 53 on the H200).
    for tile_s in range(8, 257, 8):
        for swap_ab in (True, False):
            cfg = CuteConfig(64, tile_s, swap_ab=swap_ab)
            assert is_valid(cfg, 2048), (tile_s, swap_ab)
            width = cfg.epi_tile[1]
            odd = 8 if swap_ab or tile_s % 24 else 24  # swap-AB's 24-column layout aborts
            expected = 32 if tile_s % 32 == 0 else 16 if tile_s % 16 == 0 else odd
            assert tile_s % width == 0 and width == expected, (tile_s, swap_ab)
    for tile_s in (4, 12, 264):
        assert not is_valid(CuteConfig(64, tile_s, swap_ab=True), 2048), tile_s


def test_odd_widths_are_64_deep_without_multicast():
    # Y's TMA box of an odd number of 8-row atoms is built by hand, one 64-deep atom.
    assert is_valid(CuteConfig(64, 72, swap_ab=False), 2048)
    assert not is_valid(CuteConfig(64, 72, swap_ab=False, tile_k=128), 2048)
    assert not is_valid(CuteConfig(64, 72, swap_ab=False, cluster_r=3), 2048)  # 72 = 3 x 24
    assert is_valid(CuteConfig(64, 48, swap_ab=False, cluster_r=3), 2048)


def test_epilogue_sub_tiles_are_8_to_32_wide_dividing_the_tile_in_one_to_eight_buffers():
    assert not is_valid(CuteConfig(64, 48, swap_ab=False, epi_cols=32), 2048)  # 48 = 32 + 16
    assert not is_valid(CuteConfig(64, 72, swap_ab=True, epi_cols=24), 2048)  # DSL aborts
    for bad in ({"epi_cols": 12}, {"epi_cols": 64}, {"epi_stages": 0}, {"epi_stages": 9}):
        assert not is_valid(CuteConfig(64, 96, swap_ab=False, **bad), 2048), bad
    for cols in (8, 16, 24, 32):
        assert is_valid(CuteConfig(64, 96, swap_ab=False, epi_cols=cols), 2048), cols
    for buffers in range(1, 9):
        assert is_valid(CuteConfig(64, 96, swap_ab=False, epi_stages=buffers), 2048), buffers
    # Each buffer is counted against the ring: 128 x 224 (44 KB stages) keeps 4 stages beside
    # six 128 x 32 sub-tiles, 3 beside seven.
    assert CuteConfig(128, 224, swap_ab=True, epi_stages=6).stages_that_fit() == 4
    assert CuteConfig(128, 224, swap_ab=True, epi_stages=7).stages_that_fit() == 3
    # 64 x 96, 64 deep (20 KB stages): 10 beside two 64 x 32 sub-tiles, 11 beside a smaller one.
    assert CuteConfig(64, 96, swap_ab=False).stages_that_fit() == 10
    for cols, buffers in ((16, 2), (16, 1), (32, 1)):
        smaller = CuteConfig(64, 96, swap_ab=False, epi_cols=cols, epi_stages=buffers)
        assert is_valid(smaller, 2048) and smaller.stages_that_fit() == 11


def _shared_storage_of(cfg: CuteConfig):
    """(ring stages, bytes of shared memory) of cfg's kernel, compiled afresh for sm_90a."""
    kernel = HopperGemm(cfg, 132)
    x, y, d = cute_main._fake_operands(cfg)
    stream = make_fake_stream(use_tvm_ffi_env_stream=True)
    cute.compile(kernel, x, y, d, stream, options="--enable-tvm-ffi")
    return kernel.stages, kernel.shared_storage.size_in_bytes()


def test_epilogue_in_the_ring_frees_its_bytes_for_a_stage_more():
    """epi_in_ring: a tile of one a CTA stages its epilogue in the emptied ring, so 64 x 48
    tiles 128 deep (28 KB stages, 6 KB of epilogue) keep 8 stages where 7 fit beside it, and
    64 x 96 tiles 64 deep 11 where 10 do; the kernel allocates the ring and its barriers only,
    within the 227 KB a CTA may have."""
    for tile_s, tile_k, apart, in_ring in ((48, 128, 7, 8), (96, 64, 10, 11)):
        cfg = CuteConfig(64, tile_s, swap_ab=False, tile_k=tile_k)
        ring = replace(cfg, epi_in_ring=True)
        assert is_valid(ring, 2048)
        assert (cfg.stages_that_fit(), ring.stages_that_fit()) == (apart, in_ring)
        stages, ring_bytes = _shared_storage_of(ring)
        assert stages == in_ring
        assert stages * ring.stage_bytes <= ring_bytes <= stages * ring.stage_bytes + 2048
        assert ring_bytes <= 227 * 1024
        stages, apart_bytes = _shared_storage_of(cfg)
        assert stages == apart and apart_bytes >= stages * cfg.stage_bytes + cfg.epi_bytes
    # 64 x 80, 64 deep: the epilogue's 10 KB do not make an 18 KB stage.
    cfg = CuteConfig(64, 80, swap_ab=False, epi_whole=True)
    assert replace(cfg, epi_in_ring=True).stages_that_fit() == cfg.stages_that_fit() == 12


def test_epilogue_in_the_ring_only_where_one_warp_group_is_done_with_the_ring():
    base = CuteConfig(64, 48, swap_ab=False, tile_k=128, epi_in_ring=True)
    assert is_valid(base, 2048)
    for bad in (
        CuteConfig(128, 192, swap_ab=False, epi_in_ring=True),  # two consumer warp groups
        CuteConfig(64, 96, swap_ab=False, persistent=True, epi_in_ring=True),  # a walk
        CuteConfig(64, 32, swap_ab=True, splits=2, epi_in_ring=True),  # split-K
        CuteConfig(64, 48, swap_ab=False, cluster_r=2, epi_in_ring=True),  # multicast
        CuteConfig(64, 32, swap_ab=True, x_rows=48, epi_in_ring=True),  # stored from registers
    ):
        assert not is_valid(bad, 2048), bad


def test_whole_epilogue_issues_every_store_at_once_and_waits_only_before_reuse(tmp_path):
    """epi_whole: the tile's sub-tiles in their own buffers behind one barrier, every TMA store
    in one bulk group, and the waits for it only before the buffers are written again (the
    next tile's epilogue) and at the end of the kernel: read-waits to zero, never one per
    sub-tile."""
    cfg = CuteConfig(64, 96, swap_ab=False, epi_whole=True)
    assert cfg.epi_buffers == 3 and is_valid(cfg, 2048)
    assert not is_valid(CuteConfig(64, 96, swap_ab=False, epi_whole=True, epi_stages=1), 2048)
    text = _ptx_of(cfg, tmp_path / "ptx")
    assert text.count("cp.async.bulk.tensor.2d.global.shared::cta") == 3
    assert text.count("cp.async.bulk.commit_group") == 1
    waits = re.findall(r"cp\.async\.bulk\.wait_group\.read\s+(\d+)", text)
    assert waits == ["0", "0"], waits


@pytest.mark.parametrize(
    "cfg, stmatrix",
    [
        (CuteConfig(64, 72, swap_ab=False), "stmatrix.sync.aligned.m8n8.x2.shared.b16"),
        (CuteConfig(64, 72, swap_ab=False, epi_cols=8), "stmatrix.sync.aligned.m8n8.x2.shared.b16"),
        (CuteConfig(64, 72, swap_ab=True), "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16"),
    ],
    ids=["straight-epi24", "straight-epi8", "swap-epi8"],
)
def test_odd_width_stores_two_matrices_at_a_time_and_waits_for_every_byte(tmp_path, cfg, stmatrix):
    """Four-matrix stmatrix spans 16 columns: on 8- or 24-column sub-tiles it wrote past them
    (an illegal-address fault on the H200 at 64 x 72). The TMA transaction count of a stage
    is its X and Y tiles' bytes, 17408 for 64 x 72 x 64 (the hand-built box's bytes)."""
    text = _ptx_of(cfg, tmp_path / "ptx")
    assert "wgmma.mma_async.sync.aligned.m64n72k16" in text
    assert set(re.findall(r"stmatrix\.sync\.aligned\.\S+", text)) == {stmatrix}
    assert cfg.loaded_bytes == (64 + 72) * 64 * 2 == 17408
    assert re.search(r"\b17408\b", text), "stage transaction bytes not in the PTX"


@pytest.mark.parametrize("cols, buffers", [(16, 1), (32, 1), (16, 2), (16, 4)])
def test_smaller_epilogue_stores_each_sub_tile_and_waits_for_its_buffer(tmp_path, cols, buffers):
    cfg = CuteConfig(64, 96, swap_ab=False, epi_cols=cols, epi_stages=buffers)
    text = _ptx_of(cfg, tmp_path / "ptx")
    stores = text.count("cp.async.bulk.tensor.2d.global.shared::cta")
    assert stores == 96 // cols, f"{stores} TMA stores for {96 // cols} sub-tiles"
    # After each store, at most buffers - 1 may still be reading shared memory (its buffer is
    # written next); at the end none.
    waits = re.findall(r"cp\.async\.bulk\.wait_group\.read\s+(\d+)", text)
    assert waits == [str(buffers - 1)] * stores + ["0"], waits


def test_walk_leaves_a_tiles_last_stores_to_the_next_tiles_epilogue(tmp_path):
    """In a persistent walk a tile's sub-tile epilogue does not wait for its last stores: the
    next tile's epilogue waits for them before writing the buffers again, and the kernel's end
    for the last tile's. So the read-waits are one to zero before the loop, one per store, and
    one to zero at the end; none to zero right after the last store."""
    cfg = CuteConfig(128, 224, swap_ab=True, persistent=True, epi_stages=3)
    text = _ptx_of(cfg, tmp_path / "ptx")
    waits = re.findall(r"cp\.async\.bulk\.wait_group\.read\s+(\d+)", text)
    assert waits == ["0"] + ["2"] * (224 // 32) + ["0"], waits


@pytest.mark.parametrize("store_under_mma", [False, True])
def test_a_walk_storing_under_the_mma_stores_with_the_next_tile_s_first_wgmmas_in_flight(
    tmp_path, store_under_mma
):
    """A walk's epilogue waits for all of a tile's WGMMAs, then stores its output while the
    tensor cores stand idle; with store_under_mma the output waits in registers as fp16 and is
    stored once the next tile's first WGMMAs are issued: in the PTX's order, the first TMA store
    has a WGMMA before it with no wait for every group in between. The buffers' read-waits stay
    those of a walk. In the machine code (sm_90a), the path from the wait for all WGMMAs to the
    next tile's first holds no staging, TMA store, wait on a store or CTA barrier."""
    cfg = CuteConfig(128, 224, swap_ab=True, persistent=True, epi_stages=3,
                     store_under_mma=store_under_mma)  # fmt: skip
    text = _ptx_of(cfg, tmp_path / "ptx")
    assert tma_store_under_wgmma(text) == store_under_mma
    waits = re.findall(r"cp\.async\.bulk\.wait_group\.read\s+(\d+)", text)
    stores = ["0"] + ["2"] * (224 // 32)  # one epilogue: in the walk, and for the last tile
    assert waits == stores * (1 + store_under_mma) + ["0"], waits
    assembled = ptx_resources.resources(text, "sm_90a")
    assert "error" not in assembled, assembled
    gap = assembled["issue"]["mma_gap"]
    epilogue = (gap["stsm"], gap["tma_stores"], gap["store_waits"], gap["barriers"])
    assert (epilogue == (0, 0, 0, 0)) == store_under_mma, gap
    assert min(epilogue) > 0 or store_under_mma, gap


def test_storing_under_the_mma_is_a_plain_walk_s():
    walk = CuteConfig(128, 224, swap_ab=True, persistent=True, store_under_mma=True)
    assert is_valid(walk, 2048)
    for bad in (
        replace(walk, persistent=False),
        replace(walk, stream_k=True),
        replace(walk, tile_r=64, pingpong=True),
    ):
        assert not is_valid(bad, 2048), bad


def test_wgmma_batches_in_flight_need_a_deeper_ring_and_enough_k_stages():
    for n in (1, 2, 3):
        assert is_valid(CuteConfig(64, 80, swap_ab=False, mma_batches=n), 2048), n
    for bad in (
        CuteConfig(64, 80, swap_ab=False, mma_batches=0),
        CuteConfig(64, 80, swap_ab=False, mma_batches=4),
        CuteConfig(64, 80, swap_ab=False, stages=2, mma_batches=2),  # no stage left to fill
    ):
        assert not is_valid(bad, 2048), bad
    # Split-K over 4 CTAs 256 deep: 2 k-stages a CTA, so at most 2 batches.
    split = CuteConfig(64, 16, swap_ab=True, stages=4, tile_k=256, splits=4, mma_batches=2)
    assert is_valid(split, 2048)
    assert not is_valid(replace(split, mma_batches=3), 2048)


@pytest.mark.parametrize("batches", [1, 2, 3])
def test_consumer_waits_for_all_but_its_batches_in_flight(tmp_path, batches):
    text = _ptx_of(CuteConfig(64, 80, swap_ab=False, mma_batches=batches), tmp_path / "ptx")
    waits = re.findall(r"wgmma\.wait_group\.sync\.aligned\s+(\d+);", text)
    # In the loop: all but `batches` outstanding; after it: none (and none again before the
    # epilogue's registers are read).
    assert str(batches) in waits and set(waits) <= {str(batches), "0"}, waits


def _t(*shape, dtype=torch.float16):
    return torch.zeros(shape, dtype=dtype)  # contents irrelevant: every call below must raise


@pytest.mark.parametrize(
    "args, match",
    [
        ((_t(4, 2048, dtype=torch.float32), _t(3072, 2048), _t(4, 3072)), "A must be float16"),
        ((_t(4, 1024), _t(3072, 2048), _t(4, 3072)), r"A must be \[M, 2048\]"),
        ((_t(4, 2048), _t(3000, 2048), _t(4, 3072)), r"B must be \[3072, 2048\]"),
        ((_t(4, 2048), _t(3072, 2048), _t(4, 3071)), r"C must be \[4, 3072\]"),
        ((_t(4, 2048), _t(3072, 2048), _t(4, 3072)), "A must be on a CUDA device"),
    ],
)
def test_bad_input_is_refused_with_the_argument_named(args, match):
    with pytest.raises((TypeError, ValueError), match=match):
        cute_main.run(*args)


def test_persistent_config_compiles_and_refuses_split_k(tmp_path):
    cfg = CuteConfig(128, 192, swap_ab=True, persistent=True)
    assert "wgmma.mma_async" in _ptx_of(cfg, tmp_path)
    assert not is_valid(CuteConfig(128, 192, swap_ab=True, persistent=True, splits=2), 2048)


@pytest.mark.parametrize("clusters", [2, 4])
def test_persistent_multicast_walks_groups_of_tiles_along_r(tmp_path, clusters):
    """A persistent walk with multicast compiles to multicast TMA loads of Y, with the cluster
    rank in the tile's R coordinate, whether or not the table uses it now."""
    cfg = CuteConfig(128, 224, swap_ab=True, persistent=True, cluster_r=clusters)
    text = _ptx_of(cfg, tmp_path)
    _assert_multicast_loads_and_releases(text)
    assert "wgmma.mma_async.sync.aligned.m64n224k16" in text


def test_stream_k_config_hands_partials_over_through_flags(tmp_path):
    """Whether or not the table uses it now, the stream-K walk compiles to fp32 partials in
    global memory handed over by release and acquire of per-CTA flags."""
    text = _ptx_of(CuteConfig(64, 80, swap_ab=False, persistent=True, stream_k=True), tmp_path)
    _assert_stream_k_hand_over(text)
    assert "st.global.b32" in text and "ld.global.b32" in text, "no partial stored or loaded"


def test_stream_k_walks_are_persistent_with_one_batch_in_flight():
    assert is_valid(CuteConfig(64, 80, swap_ab=False, persistent=True, stream_k=True), 2048)
    assert not is_valid(CuteConfig(64, 80, swap_ab=False, stream_k=True), 2048)
    # A run may hold one k-stage of a tile: fewer than the batches a consumer keeps in flight.
    assert not is_valid(
        CuteConfig(64, 80, swap_ab=False, persistent=True, stream_k=True, mma_batches=2), 2048
    )


def test_stream_k_workspace_has_a_flag_and_a_partial_tile_per_cta():
    cfg = CuteConfig(64, 80, swap_ab=False, persistent=True, stream_k=True)
    # 132 flags padded to 16 bytes, then 132 partials of 64 x 80.
    assert cfg.workspace_words(132) == 132 + 132 * 64 * 80
    assert cfg.workspace_words(130) == 132 + 130 * 64 * 80


PINGPONG = CuteConfig(64, 224, swap_ab=False, persistent=True, pingpong=True, epi_stages=3)


def test_pingpong_groups_store_through_their_own_barrier_and_buffers(tmp_path):
    """Ping-pong: three warp groups, one producer and two consumer groups of one warp group
    each, every tile's WGMMAs 64 rows deep; each group's epilogue meets at a named barrier
    whose id is computed (1 + group) for its 128 threads, the groups' WGMMA loops take turns
    through two more, and the walk's read-waits are those of a persistent walk."""
    text = _ptx_of(PINGPONG, tmp_path / "ptx")
    assert ".maxntid 384, 1, 1" in text or ".reqntid 384, 1, 1" in text, "three warp groups"
    assert re.findall(r"wgmma\.mma_async\.sync\.aligned\.(m\d+n\d+k\d+)", text) == [
        "m64n224k16"
    ] * len(re.findall(r"wgmma\.mma_async", text))
    # Every named barrier's id is computed from the group: the epilogue's (128 threads) and
    # the turn-taking of the WGMMA loops (one group arrives, the other waits: 256).
    named = re.findall(r"bar\.(sync|arrive)\s+(%r\d+|\d+),\s*(\d+);", text)
    assert all(bar_id.startswith("%r") for _, bar_id, _ in named), named
    epilogue = [n for n in named if n[0] == "sync" and n[2] == "128"]
    turns = sorted((kind, count) for kind, _, count in named if count == "256")
    assert epilogue and turns == [("arrive", "256"), ("sync", "256")], named
    waits = re.findall(r"cp\.async\.bulk\.wait_group\.read\s+(\d+)", text)
    assert waits == ["0"] + ["2"] * (224 // 32) + ["0"], waits


def test_pingpong_is_a_plain_persistent_walk_of_64_row_tiles_with_two_epilogue_sets():
    assert is_valid(PINGPONG, 2048)
    for bad in (
        replace(PINGPONG, tile_r=128),
        replace(PINGPONG, persistent=False),
        replace(PINGPONG, stream_k=True, mma_batches=1),
        replace(PINGPONG, cluster_r=2),
        replace(PINGPONG, epi_whole=True, epi_stages=2),
        replace(PINGPONG, row_step=32),
    ):
        assert not is_valid(bad, 2048), bad
    # two sets of three 64 x 32 fp16 epilogue buffers beside the ring
    epi = 64 * 32 * 2 * 3
    assert PINGPONG.stages_that_fit() == (227 * 1024 - 2 * epi - 1024) // PINGPONG.stage_bytes
