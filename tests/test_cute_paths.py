"""The CuTe DSL solution's path selection and its portable kernel, on the CPU: which path each
GPU and DSL version gets, and that the portable kernel compiles for every GPU family from sm_80
with the instructions that family executes (mma.sync, ldmatrix, cp.async)."""

import json

import pytest
from cute_gemm import main as solution
from cute_gemm import portable
from helpers import run_repo_module

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


@pytest.mark.parametrize(
    "cfg",
    [
        portable.PortableConfig(24, 16, True, warps_p=1, warps_q=1),  # not 16-row MMA blocks
        portable.PortableConfig(32, 16, True, tile_k=96),
        portable.PortableConfig(32, 16, True, stages=1),
        portable.PortableConfig(32, 8, True, warps_p=2, warps_q=1),
    ],
    ids=repr,
)
def test_invalid_portable_configs_are_refused(cfg):
    assert not portable.is_valid(cfg, solution.K)


@pytest.mark.parametrize("arch", list(ARCHS))
def test_the_portable_kernel_compiles_for_every_family_with_its_instructions(arch, tmp_path):
    """One DSL process per arch (CUTE_DSL_ARCH is read at import). The Hopper path's own
    compile tests are in test_cute_cpu.py."""
    out = run_repo_module("tools.compile_cute_paths", str(tmp_path), CUTE_DSL_ARCH=arch)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert {line["config"] for line in lines} == {repr(cfg) for _, cfg in portable.TABLE}
    for line in lines:
        assert "error" not in line, line
        assert line["targets"] == [arch], line
        for family in ("mma.sync", "ldmatrix", "cp.async.cg"):
            assert line["families"].get(family, 0) > 0, line
        assert "wgmma" not in line["families"] and "tcgen05" not in line["families"], line
    default = (
        "hopper"
        if arch == "sm_90a" and solution.dsl_version() in solution.HOPPER_DSL
        else "portable"
    )
    assert {line["default_path"] for line in lines} == {default}


def test_served_path_names_the_path_and_config_kind():
    path, kind = solution.served_path(16).split(":")
    assert path in {"hopper", "portable"} and kind in {"CuteConfig", "PortableConfig"}
