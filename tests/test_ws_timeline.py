"""tools/ws_timeline's instrumented PTX, on kernels compiled for sm_90a here (no GPU): every
point stamped once where the kernel has it, and ptxas takes the result."""

import json

import pytest
from helpers import run_repo_module
from triton_gemm.ws_tile import WsTileConfig

from tools import ptx_resources, ws_timeline

VARIANTS = (
    # Rolled, swap-AB, one CTA barrier in the preload (the table's rows at M = 2-64).
    WsTileConfig(64, 16, 128, SWAP_AB=True, PRELOAD=2, ONE_PRELOAD_SYNC=True, ROLLED=True),
    # Rolled 64 x (32 + 16) as one WGMMA, B prefetched (the row at M = 104).
    WsTileConfig(64, 32, 128, 16, PRELOAD=2, ONE_WGMMA=True, ROLLED=True, B_L2_PREFETCH=3),
    # The ring unrolled, no preload.
    WsTileConfig(64, 64, 64, 16, ONE_WGMMA=True),
)
WALK = WsTileConfig(128, 128, 64, 64, PRELOAD=1, ONE_WGMMA=True, PERSISTENT=True)


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """{config: the PTX the solution runs} of VARIANTS and WALK (tools/compile_ws_tile)."""
    folder = tmp_path_factory.mktemp("timeline_ptx")
    cfgs = (*VARIANTS, WALK)
    out = run_repo_module("tools.compile_ws_tile", str(folder), *map(repr, cfgs))
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    ptx = {}
    for i, (cfg, line) in enumerate(zip(cfgs, lines, strict=True)):
        patched = (folder / f"{i}.patched.ptx").read_text()
        ptx[cfg] = patched or (folder / f"{i}.ptx").read_text()
        assert line["spill_stores"] == 0
    return ptx


@pytest.mark.parametrize("cfg", VARIANTS, ids=repr)
def test_each_point_is_stamped_once_in_the_partition_it_names(cfg, compiled):
    ptx = compiled[cfg]
    stamped = ws_timeline.instrument(ptx)
    names = [p.name for p in ws_timeline.POINTS]
    for name in names:
        assert (
            stamped.count(f"// timeline: {name}\n")
            == (name != "preload_first_load" or cfg.PRELOAD > 0) * 1
        )
    # The entry's stamp first; the region's start before the consumers' first wait (LLVM may
    # place the rest of the default partition after the workers' code).
    at = {n: stamped.index(f"// timeline: {n}\n") for n in names if f"timeline: {n}\n" in stamped}
    assert min(at.values()) == at["entry"]
    assert at["region_start"] < at["first_stage_landed"] < at["mma_end"] < at["first_store"]
    assert at["producer_start"] < at["producer_first_load"] <= at["producer_last_load"]
    # Each stamp folds into the slot of its own point: min for firsts, max for lasts.
    for i, point in enumerate(ws_timeline.POINTS):
        if f"timeline: {point.name}\n" not in stamped:
            continue
        block = stamped[stamped.index(f"timeline: {point.name}\n") :].split("\t}\n", 1)[0]
        op = "max" if point.last else "min"
        assert f"red.global.{op}.u64 [%ftl1+{8 * i}], %ftl0;" in block
    # The original PTX is all still there, in order.
    without = stamped
    for name in names:
        while f"\t{{ // timeline: {name}\n" in without:
            start = without.index(f"\t{{ // timeline: {name}\n")
            without = without[:start] + without[without.index("\t}\n", start) + 3 :]
    arrays = "".join(
        f".visible .global .align 8 .u64 {s}[{ws_timeline.MAX_CTAS * len(names)}];\n"
        for s in ws_timeline.SLOTS
    )
    assert without.replace(arrays, "") == ptx
    assembled = ptx_resources.resources(stamped, "sm_90a")
    if "no ptxas found" in assembled.get("error", ""):
        pytest.skip("no ptxas here (Triton's wheel carries one)")
    assert "error" not in assembled, assembled["error"]


def test_a_walk_and_ptx_of_no_ws_tile_kernel_are_refused(compiled):
    with pytest.raises(ValueError, match="producer|region|store|wait"):
        ws_timeline.instrument(compiled[WALK])
    with pytest.raises(ValueError, match="not one ws_tile kernel"):
        ws_timeline.instrument(".version 8.7\n.target sm_90a\n")
