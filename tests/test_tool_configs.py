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


def test_the_sanitizer_runs_a_gluon_config_through_the_solution(monkeypatch):
    """--config with a Gluon tile: read without registering anything, then run through the
    solution's launch_config, which registers the tile's kernel on its first launch (no path
    was chosen in this process)."""
    from triton_gemm import main as solution
    from triton_gemm.ws_tile import WsTileConfig

    from tools.sanitize import launchers

    monkeypatch.setattr(solution, "_KERNELS", {k: v for k, v in solution._KERNELS.items()
                                               if k is not WsTileConfig})  # fmt: skip
    launched = []
    monkeypatch.setattr(solution, "INTERPRET", False)
    monkeypatch.setattr(
        solution, "launch_config", lambda a, b, c, cfg: launched.append(solution._kernel_of(cfg))
    )
    row = next(cfg for _, cfg in triton_tuned.TABLE if isinstance(cfg, WsTileConfig))
    [(label, launch)] = launchers("triton_gemm", [repr(row)])
    assert WsTileConfig not in solution._KERNELS and label == f" {row!r}"
    launch(None, None, None)
    assert [cfg for *_, cfg in launched] == [row] and WsTileConfig in solution._KERNELS


@pytest.mark.parametrize(
    ("args", "env", "problem"),
    [
        (["tools.compile_ws_tile", "{out}", "WsTileConfig(BLOCK_R=__import__('os'))"], {},
         "argument CONFIG: a config's fields must be literals"),
        (["tools.compile_triton_paths", "75", "x"], {}, "no such ARCH: 75, x (known: 80, 86"),
        (["tools.compile_triton_paths", "gemv", "GemvConfig(bogus=1)"], {}, "'bogus'"),
        (["tools.compile_cute_paths", "{out}"], {"CUTE_DSL_ARCH": ""}, "set CUTE_DSL_ARCH"),
        (["tools.compile_cute_paths", "{out}", "PortableConfig(tile_p="],
         {"CUTE_DSL_ARCH": "sm_86"},
         "argument CONFIG: not a config: 'PortableConfig(tile_p='"),
    ],
)  # fmt: skip
def test_the_compile_tools_name_a_bad_argument_before_writing(tmp_path, args, env, problem):
    out = tmp_path / "dump"
    module, *rest = (a.format(out=out) for a in args)
    done = run_repo_module(module, *rest, **env)
    assert done.returncode == 2, done.stderr
    assert problem in done.stderr
    assert not out.exists()


COMPILE_TOOLS = ["compile_ws_tile", "compile_triton_paths", "compile_cute_paths"]


@pytest.mark.parametrize("module", COMPILE_TOOLS)
def test_the_compile_tools_answer_help_without_compiling(tmp_path, module):
    """--help is not a folder to fill or an arch to parse: nothing is written where it runs."""
    done = run_repo_module(f"tools.{module}", "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {module}.py")
    assert list(tmp_path.iterdir()) == []
