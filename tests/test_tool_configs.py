"""Configs named on a command line (tools/configs.py) and the sanitizer's --config."""

import pytest
from cute_gemm import portable
from cute_gemm import tuned as cute_tuned
from helpers import run_repo_module
from triton_gemm import tuned as triton_tuned

from tools.configs import parse_config
from tools.sanitize import config_kinds

CUTE = config_kinds("cute_gemm")


def test_every_table_config_reads_back_from_its_repr():
    for solution, table in (
        ("cute_gemm", cute_tuned.TABLE + portable.TABLE),
        ("triton_gemm", triton_tuned.TABLE),
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
