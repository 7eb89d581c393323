"""Configs named on a command line (tools/configs.py) and the sanitizer's --config."""

import pytest
from cute_gemm import portable
from cute_gemm import tuned as cute_tuned
from helpers import run_repo_module
from triton_gemm import portable_tuned as triton_portable
from triton_gemm import tuned as triton_tuned

from tools.configs import parse_config
from tools.sanitize import config_kinds

CUTE = config_kinds("cute_gemm")


def test_every_table_config_reads_back_from_its_repr():
    for solution, table in (
        ("cute_gemm", cute_tuned.TABLE + portable.TABLE + portable.TABLE_LARGE_SHARED),
        (
            "triton_gemm",
            triton_tuned.TABLE + triton_portable.TMA_TABLE + triton_portable.POINTER_TABLE,
        ),
    ):
        kinds = config_kinds(solution)
        for _, cfg in table:
            assert parse_config(repr(cfg), kinds) == cfg


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("__import__('os').system('true')", "not one of CuteConfig, PortableConfig"),
        ("WsTileConfig(64, 16, 128)", "not one of CuteConfig, PortableConfig"),
        ("PortableConfig(tile_p=__import__('os'))", "fields must be literals"),
        ("PortableConfig(tile_p=64,", "not a config"),
        ("PortableConfig(tile_p=64, tile_q=64, swap_ab=True, bogus=1)", "bogus"),
    ],
)
def test_anything_but_a_config_of_literals_is_refused_by_name(text, problem):
    with pytest.raises(ValueError, match=problem.replace("(", r"\(")):
        parse_config(text, CUTE)


def test_the_sanitizer_names_a_bad_config_before_touching_a_gpu():
    out = run_repo_module("tools.sanitize", "cute_gemm", "--config", "PortableConfig(tile_p=", "7")
    assert out.returncode == 2
    assert "not a config: 'PortableConfig(tile_p='" in out.stderr


def test_the_sanitizer_runs_a_gluon_config_through_the_solution_once_registered(monkeypatch):
    """--config with a Gluon tile: read without registering anything, then run through the
    solution's launch_config with its kernel registered (no path was chosen in this process)."""
    from triton_gemm import main as solution
    from triton_gemm.ws_tile import WsTileConfig

    from tools.sanitize import launchers

    monkeypatch.setattr(solution, "_KERNELS", {k: v for k, v in solution._KERNELS.items()
                                               if k is not WsTileConfig})  # fmt: skip
    launched = []
    monkeypatch.setattr(solution, "launch_config", lambda a, b, c, cfg: launched.append(cfg))
    row = next(cfg for _, cfg in triton_tuned.TABLE if isinstance(cfg, WsTileConfig))
    [(label, launch)] = launchers("triton_gemm", [repr(row)])
    assert WsTileConfig not in solution._KERNELS and label == f" {row!r}"
    launch(None, None, None)
    assert launched == [row] and WsTileConfig in solution._KERNELS
