"""The Triton solution's path selection and its portable configs, on the CPU: which path each
GPU and Triton version gets, that every config a GPU can be served compiles for that GPU and
fits its shared memory, and that a Hopper path that fails to build falls back with a warning."""

import json
import tomllib
import warnings

import pytest
import torch
from helpers import run_repo_module
from packaging.requirements import Requirement
from triton_gemm import main as solution
from triton_gemm import paths, portable_tuned
from triton_gemm.kernel import GemmConfig
from triton_gemm.pair import PairConfig

from fibgemm import REPO_ROOT

KB = 1024
# (capability, opt-in shared memory per CTA): A100, A10/RTX 30, L40S/RTX 40, H100/H200, B200,
# RTX 50.
GPUS = {80: ((8, 0), 163 * KB), 86: ((8, 6), 99 * KB), 89: ((8, 9), 99 * KB),
        90: ((9, 0), 227 * KB), 100: ((10, 0), 227 * KB), 120: ((12, 0), 99 * KB)}  # fmt: skip
EXPECTED_MMA = {80: "mma.sync", 86: "mma.sync", 89: "mma.sync", 90: "wgmma.mma_async",
                100: "tcgen05.mma", 120: "mma.sync"}  # fmt: skip


def test_a_triton_too_old_for_the_portable_path_is_named_at_import(monkeypatch):
    """Triton 3.3 lacks triton.tools.tensor_descriptor: importing the solution says which
    Triton it needs and which is installed, not which module is missing."""
    import importlib
    import sys

    monkeypatch.setitem(sys.modules, "triton.tools.tensor_descriptor", None)  # import fails
    monkeypatch.delitem(sys.modules, "triton_gemm.launch")
    with pytest.raises(ImportError, match=r"needs Triton 3\.4 or newer; this is Triton \d"):
        importlib.import_module("triton_gemm.launch")
    assert "this is Triton 3.3.1 (pip install 'triton>=3.4'" in paths.too_old_triton("3.3.1")


@pytest.mark.parametrize(
    "arch, version, forced, expected",
    [
        (90, (3, 6), False, ("hopper", None)),
        (90, (3, 7), False, ("hopper", None)),
        (90, (3, 8), False, ("portable", "tma")),  # a Gluon API the Hopper path does not know
        (90, (3, 5), False, ("portable", "tma")),
        (90, (3, 6), True, ("portable", "tma")),
        (100, (3, 6), False, ("portable", "tma")),
        (80, (3, 6), False, ("portable", "pointer")),
        (86, (3, 7), False, ("portable", "pointer")),
        (89, (3, 9), False, ("portable", "pointer")),
        (120, (3, 6), False, ("portable", "pointer")),
    ],
)
def test_each_gpu_and_triton_gets_its_path(arch, version, forced, expected):
    capability, shared = GPUS[arch]
    choice = paths.choose(capability, shared, version, force_portable=forced)
    assert (choice.path, choice.table) == expected
    assert choice.reason  # said in the warning and the docs


def test_the_installed_triton_gets_the_path_its_version_allows():
    """On an H200 with the Triton installed here: the Hopper path only with a version it was
    measured with. CI runs this file again with the newest Triton on PyPI installed over the
    pin, where the portable path must be chosen (and compiles: the test below)."""
    import triton

    version = paths.triton_version(triton.__version__)
    choice = paths.choose((9, 0), 227 * KB, version)
    assert choice.path == ("hopper" if version in paths.HOPPER_TRITON else "portable"), version
    assert paths.triton_version() == version  # what the solution reads at run time


# The Triton each recent torch CUDA wheel pins exactly, torch 2.11 to 2.15 in order (2.15 asks
# for ~=3.9.0): the package must install beside each of them.
TORCH_WHEELS_TRITON = ["3.6.0", "3.7.0", "3.7.1", "3.8.0", "3.9.0"]


def _pyproject() -> dict:
    """pyproject.toml's [project] table."""
    return tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]


def test_the_declared_triton_range_installs_beside_every_recent_torch():
    """pyproject's Triton range admits the oldest Triton the portable path compiles with, the
    Hopper path's versions, CI's pin, and the Triton of every recent torch CUDA wheel. A cap at
    the Hopper path's versions made `pip install` fail beside torch 2.14 (Triton 3.8.0): such
    a Triton gets the portable path instead (test_each_gpu_and_triton_gets_its_path)."""
    project = _pyproject()
    by_name = {Requirement(d).name: Requirement(d).specifier for d in project["dependencies"]}
    triton_range = by_name["triton"]
    pins = (REPO_ROOT / "constraints.txt").read_text().splitlines()
    pinned = [line.split("==")[1] for line in pins if line.startswith("triton==")]
    wanted = [".".join(map(str, paths.OLDEST_TRITON)) + ".0"]
    wanted += [f"{a}.{b}.0" for a, b in paths.HOPPER_TRITON] + pinned + TORCH_WHEELS_TRITON
    refused = [v for v in wanted if v not in triton_range]
    assert not refused, f"pyproject's triton{triton_range} refuses {refused}"


def test_the_hopper_extra_asks_for_exactly_the_tritons_the_hopper_kernel_was_measured_with():
    """`pip install -e '.[hopper]'` pulls a Triton that paths.py gives the Hopper path."""
    (requirement,) = [Requirement(d) for d in _pyproject()["optional-dependencies"]["hopper"]]
    assert requirement.name == "triton"
    candidates = [f"3.{minor}.{patch}" for minor in range(3, 11) for patch in (0, 1)]
    admitted = sorted({paths.triton_version(v) for v in candidates if v in requirement.specifier})
    assert admitted == sorted(paths.HOPPER_TRITON)


def test_a_gpu_below_sm80_is_refused_naming_it():
    with pytest.raises(
        RuntimeError, match=r"capability 8\.0 or newer.*Tesla T4 \(cuda:0\) is 7\.5"
    ):
        paths.choose((7, 5), 64 * KB, (3, 6), device_name="Tesla T4 (cuda:0)")


@pytest.mark.parametrize("value, forced", [("1", True), ("0", False), ("", False)])
def test_fibgemm_portable_forces_the_portable_path(monkeypatch, value, forced):
    monkeypatch.setenv("FIBGEMM_PORTABLE", value)
    assert paths.portable_forced() is forced


def test_triton_versions_parse_with_local_and_dev_suffixes():
    assert paths.triton_version("3.6.0") == (3, 6)
    assert paths.triton_version("3.7.1+git4f2a") == (3, 7)
    assert paths.triton_version("3.10.0.dev20261101") == (3, 10)


@pytest.mark.parametrize("shared", [99 * KB, 163 * KB])
def test_pointer_rings_are_cut_to_the_gpus_shared_memory_and_nothing_else_changes(shared):
    for _, cfg in portable_tuned.POINTER_TABLE:
        fitted = portable_tuned.fit_to_shared_memory(cfg, shared)
        assert isinstance(fitted, (GemmConfig, PairConfig))
        assert 2 <= fitted.num_stages <= cfg.num_stages
        assert fitted == cfg.__class__(**{**cfg.__dict__, "num_stages": fitted.num_stages})
        stage = portable_tuned._ring_stage_bytes(cfg)
        assert fitted.num_stages * stage <= shared - portable_tuned.EPILOGUE_RESERVE or (
            fitted.num_stages == 2
        )


def test_both_portable_tables_cover_every_m_in_order():
    for table in (portable_tuned.TMA_TABLE, portable_tuned.POINTER_TABLE):
        limits = [limit for limit, _ in table]
        assert limits == sorted(limits) and limits[0] == 1 and limits[-1] >= 2**31


@pytest.fixture(scope="module")
def compiled_for_every_arch():
    """compile_triton_paths' JSON lines for every GPU family, in one subprocess (it clears
    TRITON_INTERPRET, which the CPU tests set)."""
    out = run_repo_module("tools.compile_triton_paths", *map(str, GPUS))
    assert out.returncode == 0, out.stderr[-3000:]
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.parametrize("arch", list(GPUS))
def test_every_portable_config_compiles_for_its_gpu_fits_and_uses_its_mma(
    compiled_for_every_arch, arch
):
    lines = [line for line in compiled_for_every_arch if line["arch"] == arch]
    capability, shared = GPUS[arch]
    table = paths.choose(capability, shared, (3, 6), force_portable=True).table
    rows = portable_tuned.TMA_TABLE if table == "tma" else portable_tuned.POINTER_TABLE
    expected = {repr(portable_tuned.fit_to_shared_memory(cfg, shared)) for _, cfg in rows}
    assert {line["config"] for line in lines} == expected
    for line in lines:
        assert "error" not in line, line
        assert line["shared"] <= line["limit"], line
        assert EXPECTED_MMA[arch] in line["mma"], line
    # Only sm_90 with a tested Triton may get the Hopper path (compiled by compile_ws_tile).
    hopper = arch == 90 and paths.triton_version(lines[0]["triton"]) in paths.HOPPER_TRITON
    assert {line["default_path"] for line in lines} == {"hopper" if hopper else "portable"}


def test_a_hopper_path_that_fails_to_build_falls_back_once_with_a_warning(monkeypatch):
    """The Gluon compile raising (a changed API) moves the device to the portable path: one
    warning naming the reason, the call served by the portable config, no second attempt."""
    device = 7  # a device index no real call uses
    hopper = paths.Choice("hopper", None, 227 * KB, "test")
    monkeypatch.setitem(paths._choices, device, hopper)
    monkeypatch.setattr(solution, "_device_choice", paths._choices.__getitem__)
    monkeypatch.setattr(solution, "_hopper_table", lambda: [(2**62, "gluon-config")])
    launched = []

    def first_launch(A, B, C, cfg):
        if cfg == "gluon-config":
            raise TypeError("make_tensordesc_arg() missing 1 required positional argument")
        launched.append(cfg)
        return None

    monkeypatch.setattr(solution, "_first_launch", first_launch)
    a = torch.empty(0)
    with pytest.warns(RuntimeWarning, match="failed to build.*make_tensordesc_arg.*portable"):
        solution._first_launch_on_path(a, a, a, 16, device)
    assert paths._choices[device].path == "portable"
    assert launched == [solution.select_config(16, device)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        solution._first_launch_on_path(a, a, a, 200, device)
    assert len(launched) == 2


def test_served_path_names_the_path_and_kernel():
    # Under the interpreter (CI) the portable TMA table serves; on a GPU, its own path.
    text = solution.served_path(16)
    assert text.split(":")[0] in {"hopper", "portable-tma", "portable-pointer"}
    assert text.split(":")[1].endswith("Config")


def test_a_gluon_tile_launches_before_any_path_was_chosen(monkeypatch):
    """The solution registers the Gluon tile's kernel on the tile's first launch, so a tuner, a
    test or a tool may launch a Hopper row in a process that never chose a path (a GPU test run
    alone once failed with a KeyError for want of it); a kind it has no kernel for is named."""
    # Tritons before 3.5 lack Gluon's modules the tile imports; the solution never imports it
    # there (their version gets the portable path, test_each_gpu_and_triton_gets_its_path).
    pytest.importorskip("triton.experimental.gluon.language.nvidia.ampere")
    from triton_gemm import ws_tile
    from triton_gemm.ws_tile import WsTileConfig

    monkeypatch.setattr(solution, "INTERPRET", False)
    monkeypatch.setattr(solution, "_KERNELS", {
        kind: entry for kind, entry in solution._KERNELS.items() if kind is not WsTileConfig
    })  # fmt: skip
    cfg = WsTileConfig(64, 16, 128, SWAP_AB=True)
    assert solution._kernel_of(cfg) == (ws_tile._ws_tile_kernel, ws_tile, cfg)
    assert solution._KERNELS[WsTileConfig] == (ws_tile._ws_tile_kernel, ws_tile)
    with pytest.raises(TypeError, match="no kernel for str"):
        solution._kernel_of("a config")
